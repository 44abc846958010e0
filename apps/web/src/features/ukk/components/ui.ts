/** The app's standard confirm and overlay layers (components/), as this feature's screens import them. */
export { ConfirmDialog, type ConfirmState } from '../../../components/confirm-dialog';
export { DROPDOWN, Z } from '../../../components/z-index';

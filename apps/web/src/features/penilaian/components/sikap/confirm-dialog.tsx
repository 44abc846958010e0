/** The sikap list and the ekskul reset use the app's standard confirm. */
export { ConfirmDialog } from '../../../../components/confirm-dialog';

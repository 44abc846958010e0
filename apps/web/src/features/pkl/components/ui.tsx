/** The app's standard confirm and overlay layers (components/), as this feature's screens import them. */
export { ConfirmDialog, type ConfirmState } from '../../../components/confirm-dialog';
export { DROPDOWN, Z } from '../../../components/z-index';

/** 2025-07-14 → 14-07-2025 (id; the one formatter, lib/format.ts). */
export { tanggal as formatTanggal } from '../../../lib/format';

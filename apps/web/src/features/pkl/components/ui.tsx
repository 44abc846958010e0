/** The app's standard confirm and overlay layers (components/), as this feature's screens import them. */
export { ConfirmDialog, type ConfirmState } from '../../../components/confirm-dialog';
export { DROPDOWN, Z } from '../../../components/z-index';

/** 2025-07-14 → 14-07-2025 (dates come from the API as ISO dates). */
export function formatTanggal(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : iso;
}

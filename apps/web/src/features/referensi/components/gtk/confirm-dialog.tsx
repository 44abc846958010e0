/** The app's standard confirm and overlay layers (components/), as this feature's screens import them. */
export { ConfirmDialog } from '../../../../components/confirm-dialog';
export { DROPDOWN, Z } from '../../../../components/z-index';

/** 1985-08-17 → 17-08-1985 (dates come from the API as ISO dates). */
export function formatDate(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
}

export function placeAndDate(tempat: string | null, tanggal: string | null): string {
  return [tempat, formatDate(tanggal)].filter(Boolean).join(', ');
}

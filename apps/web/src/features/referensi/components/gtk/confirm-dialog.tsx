/** The app's standard confirm and overlay layers (components/), as this feature's screens import them. */
export { ConfirmDialog } from '../../../../components/confirm-dialog';
export { DROPDOWN, Z } from '../../../../components/z-index';

/** 1985-08-17 → 17-08-1985 (id; the one formatter, lib/format.ts). */
import { tanggal as formatDate } from '../../../../lib/format';

export { formatDate };

export function placeAndDate(tempat: string | null, tanggal: string | null): string {
  return [tempat, formatDate(tanggal)].filter(Boolean).join(', ');
}

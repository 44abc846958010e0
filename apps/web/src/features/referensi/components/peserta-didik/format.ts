/** 2009-08-17 → 17-08-2009 (id; the one formatter, lib/format.ts). */
import { tanggal as formatDate } from '../../../../lib/format';

export { formatDate };

/** "Tempat, Tanggal Lahir" as the lists show it. */
export function placeAndDate(tempat: string | null, tanggal: string | null): string {
  return [tempat, formatDate(tanggal)].filter(Boolean).join(', ');
}

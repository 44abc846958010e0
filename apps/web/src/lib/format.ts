import {
  type Bahasa,
  formatAngka,
  formatDesimal,
  formatJam,
  formatTanggalPanjang,
  formatTanggalTabel,
  formatWaktu,
  type MomentOptions,
} from '@erapor/contract/format';
import { formatPercent as percentIn } from '@erapor/contract/monitoring/counting';
import { i18n } from './i18n';

/*
 * The contract's one formatter (packages/contract/src/format.ts) in the interface language in
 * use: screens follow the chosen language (Indonesian: 65,00 · 03-08-2026 · 14:05). Kept out of
 * lib/i18n.ts, which is in the /login entry (decision 003). A component re-renders on a language
 * change through its own useTranslation().
 */

/** 2026-08-03 → "03-08-2026" (id), "08/03/2026" (en); null → "". */
export const tanggal = (iso: string | null | undefined): string => formatTanggalTabel(iso, i18n.language);

/** 2026-08-03 → "3 Agustus 2026" (id), "August 3, 2026" (en). */
export const tanggalPanjang = (iso: string | null | undefined): string =>
  formatTanggalPanjang(iso, i18n.language);

/** A moment: "03-08-2026 14:05" (id), in the browser's time zone; null → "-". */
export const waktu = (iso: string | null | undefined, o: MomentOptions = {}): string =>
  formatWaktu(iso, i18n.language, o) || '-';

/** A number with fixed decimals: (65, 2) → "65,00" (id); null → "". */
export const desimal = (n: number | null | undefined, digits: number): string =>
  formatDesimal(n, digits, i18n.language);

/** A monitoring percentage: "66,7" (id), "66.7" (en); "-" when nothing is expected. */
export const formatPercent = (p: number | null): string => percentIn(p, i18n.language);

/** A count in the interface language's convention (id: 1.234). */
export const formatNumber = (n: number, lng: Bahasa = i18n.language): string => formatAngka(n, lng);

/** A moment (ISO text) written out: "3 Agustus 2026 14:05" (id), "August 3, 2026 at 2:05 PM" (en). */
export function formatDateTime(iso: string, lng: Bahasa = i18n.language): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (lng !== 'id') return d.toLocaleString(lng, { dateStyle: 'long', timeStyle: 'short' });
  const ymd = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return `${formatTanggalPanjang(ymd, lng)} ${formatJam(d, lng)}`;
}

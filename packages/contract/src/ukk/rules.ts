/**
 * Pure rules of UKK (Uji Kompetensi Keahlian): reference-domain §5 and §11, issue #13 items 4, 7
 * and 8, docs/decisions/038-ukk.md.
 *
 * - A score is a whole number 0–100; "no score" (null) is not a 0: e-Rapor stored 0 for a pupil
 *   nobody had scored yet, so its predicate and certificate treat 0 as blank — here a pupil without
 *   a score simply has no nilai_ukk.nilai and gets neither predicate nor certificate.
 * - Two predicate schemes: e-Rapor's two levels (70–100 Kompeten, 0–69 Belum Kompeten) are the
 *   default; the certificate template may choose the older four levels of §5.
 * - Certificate number = year of the certificate date + NPSN + NISN + the pupil's UKK
 *   participations, zero-padded to five digits. It is derived, never stored, so a reprint gives the
 *   same number as long as the pupil has the same participations.
 * - Validity years are printed with their words: "3 (tiga) Tahun" / "3 (three) Years".
 */

/** The lowest score that is competent, in both schemes. */
export const UKK_KOMPETEN_FROM = 70;

export const UKK_PREDIKAT_SCHEMES = ['dua', 'empat'] as const;
export type UkkPredikatScheme = (typeof UKK_PREDIKAT_SCHEMES)[number];

export interface UkkPredikat {
  id: string;
  en: string;
}

const BELUM: UkkPredikat = { id: 'Belum Kompeten', en: 'Not Yet Competent' };
const KOMPETEN: UkkPredikat = { id: 'Kompeten', en: 'Competent' };
const CUKUP: UkkPredikat = { id: 'Cukup Kompeten', en: 'Fairly Competent' };
const SANGAT: UkkPredikat = { id: 'Sangat Kompeten', en: 'Highly Competent' };

/**
 * The predicate of a score: null (no score) gives null — a blank Kesimpulan and no certificate.
 * 'dua': ≥ 70 Kompeten, else Belum Kompeten. 'empat': ≥ 90 Sangat Kompeten, 75–89 Kompeten,
 * 70–74 Cukup Kompeten, < 70 Belum Kompeten.
 */
export function predikatUkk(
  nilai: number | null | undefined,
  scheme: UkkPredikatScheme = 'dua',
): UkkPredikat | null {
  if (nilai === null || nilai === undefined) return null;
  if (nilai < UKK_KOMPETEN_FROM) return BELUM;
  if (scheme === 'dua') return KOMPETEN;
  if (nilai >= 90) return SANGAT;
  if (nilai >= 75) return KOMPETEN;
  return CUKUP;
}

/** A valid UKK score: a whole number 0–100. */
export const isNilaiUkk = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100;

/**
 * Nomor sertifikat: year of `tanggal` (YYYY-MM-DD) + NPSN + NISN + `urutan` (the count of the
 * pupil's UKK participations) zero-padded to five digits, e.g. 2026 + 20212345 + 0071234567 + 00001.
 */
export function nomorSertifikat(tanggal: string, npsn: string, nisn: string, urutan: number): string {
  return `${tanggal.slice(0, 4)}${npsn.trim()}${nisn.trim()}${String(urutan).padStart(5, '0')}`;
}

const TERBILANG_ID = [
  'nol',
  'satu',
  'dua',
  'tiga',
  'empat',
  'lima',
  'enam',
  'tujuh',
  'delapan',
  'sembilan',
  'sepuluh',
];
const TERBILANG_EN = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** Validity years a certificate template may choose: 1 to 10. */
export const MASA_BERLAKU_MIN = 1;
export const MASA_BERLAKU_MAX = 10;

/** The words of 1–10 in Indonesian and English ("tiga" / "three"). */
export function terbilang(n: number): { id: string; en: string } {
  if (!Number.isInteger(n) || n < MASA_BERLAKU_MIN || n > MASA_BERLAKU_MAX) {
    throw new RangeError(`terbilang: ${n} is not a whole number 1–10`);
  }
  return { id: TERBILANG_ID[n] as string, en: TERBILANG_EN[n] as string };
}

/** "3 (tiga) Tahun" and "3 (three) Years" (one Year). */
export function masaBerlakuText(tahun: number): { id: string; en: string } {
  const t = terbilang(tahun);
  return { id: `${tahun} (${t.id}) Tahun`, en: `${tahun} (${t.en}) ${tahun === 1 ? 'Year' : 'Years'}` };
}

/**
 * Pola UKK (2025/26 arrangements): run by the school, by a dunia kerja partner, or by an LSP.
 * The school prints its certificate for the first two; an LSP issues its own.
 */
export const POLA_UKK = ['sekolah', 'dunia_kerja', 'lsp'] as const;
export type PolaUkk = (typeof POLA_UKK)[number];

export const polaPrintsCertificate = (pola: PolaUkk): boolean => pola !== 'lsp';

/**
 * Whether the school prints a certificate for this pupil: a score, a pola that is not LSP, and a
 * competent predicate is NOT required (e-Rapor prints "Belum Kompeten" certificates too).
 */
export const certificatePrintable = (nilai: number | null | undefined, pola: PolaUkk): boolean =>
  nilai !== null && nilai !== undefined && polaPrintsCertificate(pola);

/** Place on the certificate: the kabupaten/kota without its "Kab. " or "Kota " prefix. */
export function tempatSertifikat(kabupaten: string | null | undefined): string {
  return (kabupaten ?? '').replace(/^\s*(Kab\.|Kabupaten|Kota)\s+/i, '').trim();
}

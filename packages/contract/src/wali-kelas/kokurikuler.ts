/**
 * Kokurikuler's "Buat Draf" (issue #11 item 2; docs/decisions/028-wali-kelas-catatan.md): the wali
 * ticks, per pupil, the Dimensi Profil Lulusan the pupil showed in the semester's co-curricular
 * activities, and the screen drafts the report's sentence from them. The draft only fills the text
 * box; the teacher edits it, and nothing is stored until Simpan.
 */

/** The eight Dimensi Profil Lulusan of Permendikdasmen 13/2025, in the regulation's order. */
export const DIMENSI_PROFIL_LULUSAN = [
  { kode: 'keimanan', nama: 'keimanan dan ketakwaan terhadap Tuhan YME' },
  { kode: 'kewargaan', nama: 'kewargaan' },
  { kode: 'penalaran_kritis', nama: 'penalaran kritis' },
  { kode: 'kreativitas', nama: 'kreativitas' },
  { kode: 'kolaborasi', nama: 'kolaborasi' },
  { kode: 'kemandirian', nama: 'kemandirian' },
  { kode: 'kesehatan', nama: 'kesehatan' },
  { kode: 'komunikasi', nama: 'komunikasi' },
] as const;
export type DimensiProfilLulusan = (typeof DIMENSI_PROFIL_LULUSAN)[number]['kode'];

/** "a", "a dan b", "a, b, dan c" — an Indonesian list. */
export function daftarIndonesia(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  if (items.length === 2) return `${items[0]} dan ${items[1]}`;
  return `${items.slice(0, -1).join(', ')}, dan ${items[items.length - 1]}`;
}

/**
 * The drafted sentence for the ticked dimensions, named in the regulation's order whatever the order
 * of ticking (a repeated or unknown code counts once / not at all); nothing ticked drafts nothing
 * (''). The longest draft (all eight) is far below the note's 1,000 characters.
 */
export function draftKokurikuler(dipilih: readonly string[]): string {
  const names = DIMENSI_PROFIL_LULUSAN.filter((d) => dipilih.includes(d.kode)).map((d) => d.nama);
  if (names.length === 0) return '';
  return (
    'Melalui kegiatan kokurikuler, ananda menunjukkan perkembangan yang baik pada dimensi ' +
    `${daftarIndonesia(names)}.`
  );
}

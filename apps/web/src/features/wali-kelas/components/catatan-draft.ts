import { CATATAN_MAX, panjangCatatan } from '@erapor/contract/wali-kelas/catatan';

/*
 * The homeroom text screens' draft (Catatan Wali Kelas, Kokurikuler and the K13 Catatan Sikap Wali
 * Kelas): the texts as typed, keyed by cell (a pupil, or a pupil and a dimension), compared with
 * what was loaded. A text counts as changed when its stored form (trimmed) differs.
 */

export type TextDraft = Readonly<Record<string, string>>;

export const sameText = (a: string | undefined, b: string | undefined) =>
  (a ?? '').trim() === (b ?? '').trim();

/** The keys whose text differs from what was loaded. */
export function changedKeys(draft: TextDraft, loaded: TextDraft): string[] {
  return Object.keys(draft).filter((k) => !sameText(draft[k], loaded[k]));
}

/** Over the 1,000 characters of the contract's rule (the save would be refused). */
export const tooLong = (text: string | undefined) => panjangCatatan(text ?? '') > CATATAN_MAX;

export function tooLongKeys(draft: TextDraft): string[] {
  return Object.keys(draft).filter((k) => tooLong(draft[k]));
}

/** "123 / 1000" — the counter under a text box. */
export const counterOf = (text: string | undefined) => `${panjangCatatan(text ?? '')} / ${CATATAN_MAX}`;

/** The key of the K13 wali's text of one pupil and dimension. */
export const sikapKey = (anggotaRombelId: string, dimensiId: number) => `${anggotaRombelId}#${dimensiId}`;
export function splitSikapKey(key: string): { anggotaRombelId: string; dimensiId: number } {
  const [anggotaRombelId = '', dimensi = '0'] = key.split('#');
  return { anggotaRombelId, dimensiId: Number(dimensi) };
}

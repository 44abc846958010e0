/**
 * Cell validators of the grade grid. A validator looks at the text exactly as typed or pasted and
 * returns null (fine) or an issue. The `message` is the Indonesian wording of the reference app
 * (what the server would say too); `code` + `vars` let the grid show it in the user's language.
 * Empty is always allowed: it means "no score yet", which a teacher may save.
 */
import { checkScore } from '@erapor/contract/penilaian/rules';

export interface CellIssue {
  code: string;
  message: string;
  vars?: Record<string, string | number>;
}

export type CellValidator = (value: string) => CellIssue | null;

export { SCORE_MAX, SCORE_MIN } from '@erapor/contract/penilaian/rules';

/**
 * A whole score 0–100 by the contract's one rule (`checkScore`), so the grid and the server say
 * the same thing about a cell: decimals ("85.5", and the decimal comma "85,5" an Indonesian Excel
 * writes) have their own message and are never rounded. Surrounding spaces are tolerated (they
 * come with pasted text).
 */
export const validateScore: CellValidator = (value) => {
  const checked = checkScore(value);
  return checked.ok ? null : { code: checked.code, message: checked.message };
};

/** The number a valid, non-empty score cell holds (null for empty or invalid). */
export function parseScore(value: string): number | null {
  return value.trim() !== '' && validateScore(value) === null ? Number(value.trim()) : null;
}

/** One of a fixed list (e.g. "Tercapai" / "Tidak tercapai"), or empty. */
export function choiceValidator(options: readonly string[]): CellValidator {
  const issue: CellIssue = {
    code: 'notAnOption',
    message: `Pilih salah satu: ${options.join(', ')}!`,
    vars: { options: options.join(', ') },
  };
  return (value) => (value === '' || options.includes(value) ? null : issue);
}

/**
 * Maps pasted text onto the option it names, ignoring case and surrounding spaces
 * ("tercapai " → "Tercapai"); anything else is kept as typed so the validator can flag it.
 */
export function choiceNormalizer(options: readonly string[]): (value: string) => string {
  const byKey = new Map(options.map((o) => [o.trim().toLowerCase(), o]));
  return (value) => byKey.get(value.trim().toLowerCase()) ?? value;
}

/** Free text of at most `max` characters (descriptions), or empty. */
export function maxLengthValidator(max: number): CellValidator {
  const issue: CellIssue = {
    code: 'tooLong',
    message: `Teks terlalu panjang (maksimal ${max} karakter)!`,
    vars: { max },
  };
  return (value) => (value.length > max ? issue : null);
}

/**
 * Cell validators of the grade grid. A validator looks at the text exactly as typed or pasted and
 * returns null (fine) or an issue. The `message` is the Indonesian wording of the reference app
 * (what the server would say too); `code` + `vars` let the grid show it in the user's language.
 * Empty is always allowed: it means "no score yet", which a teacher may save.
 */
export interface CellIssue {
  code: string;
  message: string;
  vars?: Record<string, string | number>;
}

export type CellValidator = (value: string) => CellIssue | null;

export const SCORE_MIN = 0;
export const SCORE_MAX = 100;

export const NOT_A_NUMBER: CellIssue = { code: 'notNumber', message: 'Nilai harus berupa angka!' };
export const BELOW_MIN: CellIssue = { code: 'belowMin', message: 'Nilai tidak boleh di bawah 0 (nol)!' };
export const ABOVE_MAX: CellIssue = { code: 'aboveMax', message: 'Nilai tidak boleh di atas 100 (seratus)!' };

/**
 * An integer score 0–100. Decimals ("85.5", and the decimal comma "85,5" an Indonesian Excel
 * writes) are errors, never rounded: a silently changed grade on a report card is worse than a
 * red cell. Surrounding spaces are tolerated (they come with pasted text).
 */
export const validateScore: CellValidator = (value) => {
  const v = value.trim();
  if (v === '') return null;
  if (/^-\d+$/.test(v)) return Number(v) < SCORE_MIN ? BELOW_MIN : NOT_A_NUMBER;
  if (!/^\d+$/.test(v)) return NOT_A_NUMBER;
  return Number(v) > SCORE_MAX ? ABOVE_MAX : null;
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

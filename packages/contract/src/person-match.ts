/**
 * How a row typed or edited in a spreadsheet is recognised as a person: the name as the eye reads
 * it, the NISN as the ten digits it is. Used wherever an upload must prove that a row belongs to the
 * pupil it claims (docs/decisions/021-reading-edited-templates.md).
 */

/** Quotes and apostrophes a spreadsheet's autocorrect or a keyboard may put in a name. */
const APOSTROPHES = /[\u2018\u2019\u201A\u201B\u02BC\u02B9\u0060\u00B4\u2032]/g;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u2033]/g;
/** Spaces of every kind, including the non-breaking space a copy from a web page brings. */
const SPACES = /[\s\u00A0\u2007\u202F]+/g;

/**
 * A name compared as a person reads it: Unicode-normalised (NFKC), quotes and apostrophes unified
 * (Ma’ruf = Ma'ruf = Ma`ruf), spaces trimmed and collapsed, case ignored.
 */
export function normalizeName(name: string): string {
  // Quotes first: NFKC would split the acute accent (´) into a space and a combining mark.
  return name
    .replace(APOSTROPHES, "'")
    .replace(DOUBLE_QUOTES, '"')
    .normalize('NFKC')
    .replace(SPACES, ' ')
    .trim()
    .toLocaleLowerCase('id-ID');
}

export const sameName = (a: string, b: string): boolean => normalizeName(a) === normalizeName(b);

/**
 * A NISN as its ten digits: a spreadsheet that took it for a number dropped its leading zeros
 * (0107437649 → 107437649), and one formatted as text may carry spaces. Anything that is not 1–10
 * digits after removing spaces is returned trimmed as it is (and will then match nothing).
 */
export function normalizeNisn(nisn: string): string {
  const digits = nisn.replace(SPACES, '');
  return /^\d{1,10}$/.test(digits) ? digits.padStart(10, '0') : nisn.trim();
}

export const sameNisn = (a: string, b: string): boolean => {
  const x = normalizeNisn(a);
  return x !== '' && x === normalizeNisn(b);
};

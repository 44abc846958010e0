/**
 * A whole number typed into a grid cell, pasted from Excel or sent: the one parser behind every
 * numeric cell rule (scores 0–100, days of absence 0–200), so the grid and the server say the same
 * thing about a cell. Empty (null, undefined, '' or spaces) is `null` — each rule says what empty
 * means. Otherwise ASCII digits only; decimals — the point, or the decimal comma an Indonesian
 * Excel writes — have their own message and are never rounded: a silently changed value is worse
 * than a red cell.
 */
export type WholeNumberIssue = 'notNumber' | 'belowMin' | 'aboveMax' | 'notWhole';
export type WholeNumberMessages = Readonly<Record<WholeNumberIssue, string>>;
export type WholeNumberCheck<I extends string = WholeNumberIssue> =
  | { ok: true; value: number | null }
  | { ok: false; code: I; message: string };

export function checkWholeNumber(
  input: unknown,
  min: number,
  max: number,
  messages: WholeNumberMessages,
): WholeNumberCheck {
  const refuse = (code: WholeNumberIssue): WholeNumberCheck => ({ ok: false, code, message: messages[code] });
  if (input === null || input === undefined) return { ok: true, value: null };
  let n: number;
  if (typeof input === 'number') n = input;
  else if (typeof input === 'string') {
    const text = input.trim();
    if (text === '') return { ok: true, value: null };
    const decimal = /^-?(\d+[.,]\d*|[.,]\d+)$/.test(text);
    if (!/^-?\d+$/.test(text) && !decimal) return refuse('notNumber');
    n = Number(text.replace(',', '.'));
    if (text.startsWith('-') && !(n < 0)) return refuse('notNumber'); // "-0"
    if (decimal && n >= min && n <= max) return refuse('notWhole');
  } else return refuse('notNumber');
  if (!Number.isFinite(n)) return refuse('notNumber');
  if (n < min) return refuse('belowMin');
  if (n > max) return refuse('aboveMax');
  if (!Number.isInteger(n)) return refuse('notWhole');
  return { ok: true, value: n };
}

/** "Ani, Budi dan 3 peserta didik lain": at most five names of a list, for a message. */
export function namedPupils(names: readonly string[]): string {
  const shown = names.slice(0, 5).join(', ');
  return names.length > 5 ? `${shown} dan ${names.length - 5} peserta didik lain` : shown;
}

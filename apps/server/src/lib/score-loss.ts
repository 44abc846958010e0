import { AppError } from './errors';

/**
 * A planning change that deletes scores (a TP, sub-element or pupil no longer in a PKL, P5 or
 * UKK plan; the whole plan) is written only when the caller confirmed **exactly** how many scores
 * go: otherwise 409 with `details.jumlah_nilai` = that number and nothing written. The number, not
 * a yes/no, so a confirmation given for 3 scores never deletes the 5 that another teacher's save
 * made meanwhile. The screens answer with the shared confirm dialog (web lib/score-loss.ts).
 */
export function requireScoreLossConfirmed(
  n: number,
  confirmed: number | undefined,
  code: string,
  message: string,
): void {
  if (n > 0 && confirmed !== n) throw new AppError(409, code, message, { jumlah_nilai: String(n) });
}

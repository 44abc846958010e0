import { toHttpError } from './http-errors';

/**
 * The server's "n nilai akan dihapus" answer (409 with `details.jumlah_nilai`; server
 * lib/score-loss.ts) to a request not confirmed yet: the message to ask with and the number to
 * send back once the user agrees. Null for any other failure, and for a request that already
 * carried a confirmation (a second 409 means the count changed: it is shown as an error, the user
 * starts again).
 */
export function scoreLossToConfirm(
  error: unknown,
  confirmed: number | undefined,
): { text: string; jumlah: number } | null {
  const err = toHttpError(error);
  const jumlah = Number(err.details.jumlah_nilai);
  if (err.status !== 409 || !(jumlah > 0) || confirmed !== undefined) return null;
  return { text: err.message, jumlah };
}

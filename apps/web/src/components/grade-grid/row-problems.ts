/**
 * A refused save's field details (`rows.3.sakit`, `rows.0.nilai`) as lines a teacher can act on:
 * "{nama of the 4th sent row}: message". Keys that name no sent row keep the message alone.
 */
export function rowProblems(
  details: Record<string, string>,
  sent: readonly { anggota_rombel_id: string }[],
  names: ReadonlyMap<string, string>,
): string[] {
  return Object.entries(details).map(([key, message]) => {
    const index = /^rows\.(\d+)\./.exec(key)?.[1];
    const id = index === undefined ? undefined : sent[Number(index)]?.anggota_rombel_id;
    const nama = id ? names.get(id) : undefined;
    return nama ? `${nama}: ${message}` : message;
  });
}

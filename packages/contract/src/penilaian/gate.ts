/**
 * When grade entry is closed (reference-screens §0 "Status penilaian gate"): the administrator's
 * school-wide switch (status_penilaian) and the homeroom teacher's lock of one class (kunci_nilai).
 * Both the entry screens and every write on the server use these messages.
 */
export const PENILAIAN_GATE_MESSAGES = {
  closedBySchool: 'Penilaian tidak aktif. Silahkan hubungi administrator!',
  lockedByWali: 'Penilaian tidak aktif. Silahkan hubungi Wali Kelas!',
} as const;

/** Error codes of a refused write (HTTP 423 Locked), so the web can tell them from other 4xx. */
export const PENILAIAN_GATE_CODES = {
  closedBySchool: 'PENILAIAN_CLOSED',
  lockedByWali: 'ROMBEL_LOCKED',
} as const;

export type PenilaianGate = { open: true } | { open: false; reason: keyof typeof PENILAIAN_GATE_MESSAGES };

/** Pure decision: the school switch wins over the class lock (its message names the administrator). */
export function penilaianGate(statusPenilaian: boolean, kunciNilai: boolean): PenilaianGate {
  if (!statusPenilaian) return { open: false, reason: 'closedBySchool' };
  if (kunciNilai) return { open: false, reason: 'lockedByWali' };
  return { open: true };
}

import {
  checkHariPkl,
  checkKehadiranPklRows,
  JENIS_ABSENSI_PKL,
  type JenisAbsensiPkl,
  type KehadiranPklEdit,
  type KehadiranPklRow,
} from '@erapor/contract/pkl/kehadiran';
import { type CellChange, createDraft, type GridDraft } from '../../../components/grade-grid/grid-model';

/** The grid's columns: Sakit, Izin, Alpa. */
export const KEHADIRAN_COLUMNS = JENIS_ABSENSI_PKL;

export function draftOf(rows: readonly KehadiranPklRow[]): GridDraft {
  return createDraft(
    rows.map((r) => r.peserta_didik_id),
    KEHADIRAN_COLUMNS.map((id) => ({ id })),
    Object.fromEntries(rows.map((r) => [r.peserta_didik_id, { sakit: r.sakit, izin: r.izin, alpa: r.alpa }])),
  );
}

/** A pasted blank cell reads as 0, as the rule says (so it is not an unsaved change of a 0). */
export const blankAsZero = (value: string): string => (value.trim() === '' ? '0' : value.trim());

/**
 * The save request's rows: one per pupil with a changed cell, all three days as on screen (blank
 * = 0) and what was loaded (the server answers 409 when that is no longer what it holds).
 */
export function saveRows(
  draft: GridDraft,
  changed: readonly CellChange[],
  loaded: ReadonlyMap<string, KehadiranPklRow>,
): KehadiranPklEdit[] {
  const ids = [...new Set(changed.map((c) => c.rowId))];
  return ids.map((id) => {
    const values = draft.values[draft.rowIds.indexOf(id)] ?? [];
    const day = (jenis: JenisAbsensiPkl): number | string => {
      const text = values[draft.columnIds.indexOf(jenis)] ?? '';
      const checked = checkHariPkl(text);
      return checked.ok ? checked.value : text;
    };
    const before = loaded.get(id);
    return {
      peserta_didik_id: id,
      sakit: day('sakit'),
      izin: day('izin'),
      alpa: day('alpa'),
      sebelumnya: { sakit: before?.sakit ?? 0, izin: before?.izin ?? 0, alpa: before?.alpa ?? 0 },
    };
  });
}

/**
 * The rows whose S + I + A exceed the placement's days, as "{Nama}: message" lines — the same
 * contract rule the server applies, checked before sending so nothing goes out.
 */
export function sumProblems(
  rows: readonly KehadiranPklEdit[],
  tanggal: { tanggal_mulai: string; tanggal_selesai: string },
  names: ReadonlyMap<string, string>,
): string[] {
  const { details } = checkKehadiranPklRows(rows, tanggal.tanggal_mulai, tanggal.tanggal_selesai);
  const lines = new Set<string>();
  for (const [key, message] of Object.entries(details)) {
    const index = Number(/^rows\.(\d+)\./.exec(key)?.[1]);
    const id = rows[index]?.peserta_didik_id ?? '';
    lines.add(`${names.get(id) ?? id}: ${message}`);
  }
  return [...lines];
}

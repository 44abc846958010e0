import {
  type AbsensiEdit,
  type AbsensiRow,
  checkHari,
  type HariIssue,
  JENIS_ABSENSI,
} from '@erapor/contract/wali-kelas/absensi';
import { type CellChange, createDraft, type GridDraft } from '../../../components/grade-grid/grid-model';

/** The grid's columns are the three kinds: sakit, izin, alpa (Tanpa Keterangan). */
export const ABSENSI_COLUMNS = JENIS_ABSENSI;

export function draftOf(rows: readonly AbsensiRow[]): GridDraft {
  return createDraft(
    rows.map((r) => r.anggota_rombel_id),
    ABSENSI_COLUMNS.map((id) => ({ id })),
    Object.fromEntries(
      rows.map((r) => [r.anggota_rombel_id, { sakit: r.sakit, izin: r.izin, alpa: r.alpa }]),
    ),
  );
}

/** The contract's rule for a cell as typed: null when fine (blank = 0), else the issue's code. */
export function hariIssue(value: string): HariIssue | null {
  const checked = checkHari(value);
  return checked.ok ? null : checked.code;
}

/** A pasted blank cell reads as 0, as the rule says (so it is not an unsaved change of a 0). */
export const blankAsZero = (value: string): string => (value.trim() === '' ? '0' : value.trim());

/**
 * The save request's rows: one per pupil with a changed cell, all three days as on screen (blank
 * = 0) and what was loaded; the server refuses the save when that is no longer what it holds.
 */
export function saveRows(
  draft: GridDraft,
  changed: readonly CellChange[],
  loaded: ReadonlyMap<string, AbsensiRow>,
): AbsensiEdit[] {
  const ids = [...new Set(changed.map((c) => c.rowId))];
  return ids.map((id) => {
    const values = draft.values[draft.rowIds.indexOf(id)] ?? [];
    const day = (jenis: (typeof JENIS_ABSENSI)[number]): number | string => {
      const text = values[draft.columnIds.indexOf(jenis)] ?? '';
      const checked = checkHari(text);
      return checked.ok ? checked.value : text;
    };
    const before = loaded.get(id);
    return {
      anggota_rombel_id: id,
      sakit: day('sakit'),
      izin: day('izin'),
      alpa: day('alpa'),
      sebelumnya: { sakit: before?.sakit ?? 0, izin: before?.izin ?? 0, alpa: before?.alpa ?? 0 },
    };
  });
}

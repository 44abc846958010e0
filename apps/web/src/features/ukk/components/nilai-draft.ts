import type { NilaiUkkGrid, NilaiUkkSave } from '@erapor/contract/ukk/nilai';
import { predikatUkk, type UkkPredikatScheme } from '@erapor/contract/ukk/rules';
import { type CellChange, createDraft, type GridDraft } from '../../../components/grade-grid/grid-model';
import { parseScore, validateScore } from '../../../components/grade-grid/validators';

/*
 * Proses Penilaian UKK's draft (contract ukk/nilai.ts): a row per pupil with Nilai, and Kesimpulan
 * computed from what is typed (contract rule predikatUkk, the school's scheme). Kesimpulan lives
 * only in the shown draft — written into both its loaded and its current values, it is never a
 * change and never sent.
 */

export const NILAI_COL = 'nilai';
export const KESIMPULAN_COL = 'kesimpulan';

export function nilaiDraftOf(grid: NilaiUkkGrid | undefined): GridDraft {
  const siswa = grid?.siswa ?? [];
  return createDraft(
    siswa.map((s) => s.anggota_rombel_id),
    [{ id: NILAI_COL }, { id: KESIMPULAN_COL }],
    Object.fromEntries(
      siswa.map((s) => [s.anggota_rombel_id, { [NILAI_COL]: s.nilai, [KESIMPULAN_COL]: null }]),
    ),
  );
}

/** The predicate of a typed cell: blank while empty or invalid. */
export function kesimpulanOf(typed: string, scheme: UkkPredikatScheme): string {
  if (typed.trim() === '' || validateScore(typed)) return '';
  return predikatUkk(parseScore(typed), scheme)?.id ?? '';
}

/** The draft as shown: Kesimpulan filled from each row's Nilai. */
export function withKesimpulan(d: GridDraft, scheme: UkkPredikatScheme): GridDraft {
  const n = d.columnIds.indexOf(NILAI_COL);
  const k = d.columnIds.indexOf(KESIMPULAN_COL);
  const fill = (rows: readonly (readonly string[])[]) =>
    rows.map((row, r) => {
      const copy = [...row];
      copy[k] = kesimpulanOf(d.values[r]?.[n] ?? '', scheme);
      return copy;
    });
  return { ...d, values: fill(d.values), original: fill(d.original) };
}

/** The save's rows: each changed Nilai with what was loaded. */
export function saveRows(changed: readonly CellChange[], grid: NilaiUkkGrid): NilaiUkkSave['rows'] {
  const loaded = new Map(grid.siswa.map((s) => [s.anggota_rombel_id, s.nilai]));
  return changed
    .filter((c) => c.columnId === NILAI_COL)
    .map((c) => ({ anggota_rombel_id: c.rowId, nilai: c.value, sebelumnya: loaded.get(c.rowId) ?? null }));
}

import type { NilaiPklGrid, NilaiPklSave } from '@erapor/contract/pkl/penilaian';
import { type CellChange, createDraft, type GridDraft } from '../../../components/grade-grid/grid-model';

/*
 * Input Penilaian PKL's two drafts (contract pkl/penilaian.ts): the scores — a row per pupil and
 * TP with Nilai and Deskripsi — and the Catatan PKL, a row per pupil. One Simpan sends the changed
 * rows of both, each with what was loaded (the server refuses the save if that changed meanwhile).
 */

export const NILAI_COL = 'nilai';
export const DESKRIPSI_COL = 'deskripsi';
export const CATATAN_COL = 'catatan';

type Siswa = NilaiPklGrid['siswa'][number];
type SaveRow = NilaiPklSave['rows'][number];

/** A score row's id: the pupil and the TP. */
export const scoreRowId = (pd: string, tp: string) => `${pd}|${tp}`;
const splitRowId = (id: string): [string, string] => {
  const [pd = '', tp = ''] = id.split('|');
  return [pd, tp];
};

export function scoreDraftOf(grid: Pick<NilaiPklGrid, 'siswa' | 'tp'> | undefined): GridDraft {
  const siswa = grid?.siswa ?? [];
  const tp = grid?.tp ?? [];
  const ids = siswa.flatMap((s) => tp.map((t) => scoreRowId(s.peserta_didik_id, t.tp_id)));
  const loaded: Record<string, Record<string, string | number | null>> = {};
  for (const s of siswa)
    for (const t of tp) {
      const c = s.nilai[t.tp_id];
      loaded[scoreRowId(s.peserta_didik_id, t.tp_id)] = {
        [NILAI_COL]: c?.nilai ?? null,
        [DESKRIPSI_COL]: c?.deskripsi ?? null,
      };
    }
  return createDraft(ids, [{ id: NILAI_COL }, { id: DESKRIPSI_COL }], loaded);
}

export function catatanDraftOf(siswa: readonly Siswa[] | undefined): GridDraft {
  const rows = siswa ?? [];
  return createDraft(
    rows.map((s) => s.peserta_didik_id),
    [{ id: CATATAN_COL }],
    Object.fromEntries(rows.map((s) => [s.peserta_didik_id, { [CATATAN_COL]: s.catatan }])),
  );
}

const cell = (draft: GridDraft, rowId: string, col: string): string => {
  const r = draft.rowIds.indexOf(rowId);
  const c = draft.columnIds.indexOf(col);
  return draft.values[r]?.[c] ?? '';
};

/** The save's rows: each changed score row with both its cells, each changed note. */
export function saveRows(
  scores: GridDraft,
  scoreChanges: readonly CellChange[],
  catatan: readonly CellChange[],
  siswa: readonly Siswa[],
): SaveRow[] {
  const byPd = new Map(siswa.map((s) => [s.peserta_didik_id, s]));
  const rows: SaveRow[] = [];
  for (const rowId of new Set(scoreChanges.map((c) => c.rowId))) {
    const [pd, tp] = splitRowId(rowId);
    const before = byPd.get(pd)?.nilai[tp];
    const deskripsi = cell(scores, rowId, DESKRIPSI_COL);
    rows.push({
      peserta_didik_id: pd,
      tp_id: tp,
      nilai: cell(scores, rowId, NILAI_COL),
      deskripsi: deskripsi === '' ? null : deskripsi,
      sebelumnya: before ? { nilai: before.nilai, deskripsi: before.deskripsi } : null,
    });
  }
  for (const change of catatan) {
    const before = byPd.get(change.rowId)?.catatan ?? null;
    rows.push({
      peserta_didik_id: change.rowId,
      tp_id: null,
      nilai: null,
      deskripsi: change.value === '' ? null : change.value,
      sebelumnya: before === null ? null : { nilai: null, deskripsi: before },
    });
  }
  return rows;
}

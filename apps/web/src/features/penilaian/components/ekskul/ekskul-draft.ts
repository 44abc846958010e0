import {
  deskripsiEkskul,
  isDeskripsiOtomatis,
  type NilaiEkskulEditInput,
  type NilaiEkskulRow,
  nilaiEkskulOf,
  PREDIKAT_EKSKUL,
  predikatEkskul,
} from '@erapor/contract/penilaian/ekskul';
import {
  type CellChange,
  createDraft,
  type GridDraft,
  setCells,
} from '../../../../components/grade-grid/grid-model';

/** The grid's two columns: the predikat (a choice of the scale's names) and the description. */
export const PREDIKAT_COL = 'predikat';
export const DESKRIPSI_COL = 'deskripsi';
export const PREDIKAT_OPTIONS: readonly string[] = PREDIKAT_EKSKUL.map((p) => p.nama);

export function draftOf(rows: readonly NilaiEkskulRow[]): GridDraft {
  return createDraft(
    rows.map((r) => r.anggota_rombel_id),
    [{ id: PREDIKAT_COL }, { id: DESKRIPSI_COL }],
    Object.fromEntries(
      rows.map((r) => [
        r.anggota_rombel_id,
        { [PREDIKAT_COL]: predikatEkskul(r.nilai), [DESKRIPSI_COL]: r.deskripsi },
      ]),
    ),
  );
}

/**
 * After an edit: every row whose predikat changed gets the automatic description of the new
 * predikat ("Melaksanakan kegiatan {ekskul} dengan {predikat}"), unless the same edit wrote the
 * description too (a pasted block) or the teacher has written their own text.
 */
export function autoFillDeskripsi(prev: GridDraft, next: GridDraft, namaEkskul: string): GridDraft {
  const p = next.columnIds.indexOf(PREDIKAT_COL);
  const d = next.columnIds.indexOf(DESKRIPSI_COL);
  const updates: { row: number; col: number; value: string }[] = [];
  next.values.forEach((row, r) => {
    const before = prev.values[r];
    if (!before || row === before || row[p] === before[p]) return;
    const deskripsi = row[d] ?? '';
    if (deskripsi !== before[d] || !isDeskripsiOtomatis(namaEkskul, deskripsi)) return;
    const nilai = nilaiEkskulOf(row[p] ?? '');
    updates.push({ row: r, col: d, value: nilai ? deskripsiEkskul(namaEkskul, nilai) : '' });
  });
  return updates.length ? setCells(next, updates) : next;
}

/**
 * The save request: one row per pupil with a changed cell, with both cells as on screen and what
 * was loaded (the server refuses the save when that is no longer what it holds).
 */
export function saveRows(
  draft: GridDraft,
  changed: readonly CellChange[],
  loaded: ReadonlyMap<string, NilaiEkskulRow>,
): NilaiEkskulEditInput[] {
  const ids = [...new Set(changed.map((c) => c.rowId))];
  return ids.map((id) => {
    const r = draft.rowIds.indexOf(id);
    const values = draft.values[r] ?? [];
    const p = values[draft.columnIds.indexOf(PREDIKAT_COL)] ?? '';
    const deskripsi = values[draft.columnIds.indexOf(DESKRIPSI_COL)] ?? '';
    const before = loaded.get(id);
    return {
      anggota_rombel_id: id,
      nilai: p.trim() === '' ? null : (nilaiEkskulOf(p) ?? p),
      deskripsi: deskripsi.trim() === '' ? null : deskripsi,
      loaded: { nilai: before?.nilai ?? null, deskripsi: before?.deskripsi ?? null },
    };
  });
}

import {
  checkOpsi,
  kodeOfOpsi,
  type NilaiProjekGrid,
  type NilaiProjekSaveInput,
} from '@erapor/contract/projek/penilaian';
import { type CellChange, createDraft, type GridDraft } from '../../../components/grade-grid/grid-model';

/*
 * Proses Penilaian P5's draft (contract projek/penilaian.ts): a row per pupil; per project a column
 * per sub-element (its level as the code MB / SB / BSH / SAB) and a "Catatan proses" column. One
 * Simpan sends the changed cells, each with what was loaded (the server refuses a stale save).
 */

/** Column ids: `a:<aspek id>` for a level, `c:<rencana id>` for a project's Catatan proses. */
export const aspekCol = (aspekId: string) => `a:${aspekId}`;
export const catatanCol = (rencanaId: string) => `c:${rencanaId}`;

export function columnIdsOf(grid: Pick<NilaiProjekGrid, 'rencana'> | undefined): string[] {
  return (grid?.rencana ?? []).flatMap((r) => [
    ...r.aspek.map((a) => aspekCol(a.aspek_budaya_kerja_id)),
    catatanCol(r.rencana_budaya_kerja_id),
  ]);
}

export function draftOf(grid: Pick<NilaiProjekGrid, 'rencana' | 'siswa'> | undefined): GridDraft {
  const siswa = grid?.siswa ?? [];
  const loaded: Record<string, Record<string, string>> = {};
  for (const s of siswa) {
    const row: Record<string, string> = {};
    for (const [aspek, opsi] of Object.entries(s.nilai)) row[aspekCol(aspek)] = kodeOfOpsi(opsi);
    for (const [rencana, text] of Object.entries(s.catatan)) row[catatanCol(rencana)] = text;
    loaded[s.anggota_rombel_id] = row;
  }
  return createDraft(
    siswa.map((s) => s.anggota_rombel_id),
    columnIdsOf(grid).map((id) => ({ id })),
    loaded,
  );
}

/** A pasted or typed level as the code the grid shows (names, ids and any case accepted). */
export function normalizeLevel(value: string): string {
  const checked = checkOpsi(value);
  return checked.ok && checked.value !== null ? kodeOfOpsi(checked.value) : value;
}

/** The save's rows: each changed cell with what was loaded. */
export function saveRows(
  changed: readonly CellChange[],
  grid: Pick<NilaiProjekGrid, 'siswa'>,
): NilaiProjekSaveInput['rows'] {
  const byId = new Map(grid.siswa.map((s) => [s.anggota_rombel_id, s]));
  return changed.map((c) => {
    const s = byId.get(c.rowId);
    const id = c.columnId.slice(2);
    if (c.columnId.startsWith('a:'))
      return {
        anggota_rombel_id: c.rowId,
        aspek_budaya_kerja_id: id,
        nilai: c.value,
        sebelumnya: s?.nilai[id] ?? null,
      };
    return {
      anggota_rombel_id: c.rowId,
      rencana_budaya_kerja_id: id,
      catatan: c.value,
      sebelumnya: s?.catatan[id] ?? null,
    };
  });
}

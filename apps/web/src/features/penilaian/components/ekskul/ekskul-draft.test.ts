import type { NilaiEkskulRow } from '@erapor/contract/penilaian/ekskul';
import { describe, expect, it } from 'vitest';
import { applyPaste, changes, setCell } from '../../../../components/grade-grid/grid-model';
import { autoFillDeskripsi, draftOf, saveRows } from './ekskul-draft';

const row = (id: string, nilai: number | null, deskripsi: string | null): NilaiEkskulRow => ({
  anggota_rombel_id: id,
  nama: id,
  nisn: null,
  kelas: 'X TJKT 1',
  nilai,
  deskripsi,
});
const rows = [
  row('a', null, null),
  row('b', 2, 'Melaksanakan kegiatan Futsal dengan Baik'),
  row('c', 1, 'Kapten tim yang tangguh'),
];
const columns = [
  { id: 'predikat', kind: 'choice' as const, options: ['Sangat Baik', 'Baik', 'Cukup', 'Kurang'] },
  { id: 'deskripsi', kind: 'text' as const },
];

describe('ekskul draft', () => {
  it('loads predikat names and descriptions', () => {
    expect(draftOf(rows).values).toEqual([
      ['', ''],
      ['Baik', 'Melaksanakan kegiatan Futsal dengan Baik'],
      ['Sangat Baik', 'Kapten tim yang tangguh'],
    ]);
  });

  it('fills or replaces the automatic description when the predikat changes', () => {
    const d = draftOf(rows);
    let next = setCell(d, { row: 0, col: 0 }, 'Cukup');
    next = autoFillDeskripsi(d, next, 'Futsal');
    expect(next.values[0]).toEqual(['Cukup', 'Melaksanakan kegiatan Futsal dengan Cukup']);
    const again = autoFillDeskripsi(next, setCell(next, { row: 1, col: 0 }, 'Sangat Baik'), 'Futsal');
    expect(again.values[1]).toEqual(['Sangat Baik', 'Melaksanakan kegiatan Futsal dengan Sangat Baik']);
    const cleared = autoFillDeskripsi(again, setCell(again, { row: 1, col: 0 }, ''), 'Futsal');
    expect(cleared.values[1]).toEqual(['', '']);
  });

  it("keeps the teacher's own text and a description pasted with the predikat", () => {
    const d = draftOf(rows);
    const own = autoFillDeskripsi(d, setCell(d, { row: 2, col: 0 }, 'Baik'), 'Futsal');
    expect(own.values[2]).toEqual(['Baik', 'Kapten tim yang tangguh']);
    const pasted = applyPaste(d, columns, 'Kurang\tJarang hadir latihan', { row: 0, col: 0 }).draft;
    expect(autoFillDeskripsi(d, pasted, 'Futsal').values[0]).toEqual(['Kurang', 'Jarang hadir latihan']);
  });

  it('sends one row per changed pupil with what was loaded', () => {
    const d = draftOf(rows);
    let next = autoFillDeskripsi(d, setCell(d, { row: 0, col: 0 }, 'Baik'), 'Futsal');
    next = setCell(next, { row: 1, col: 0 }, '');
    next = setCell(next, { row: 1, col: 1 }, '');
    const loaded = new Map(rows.map((r) => [r.anggota_rombel_id, r]));
    expect(saveRows(next, changes(next), loaded)).toEqual([
      {
        anggota_rombel_id: 'a',
        nilai: 2,
        deskripsi: 'Melaksanakan kegiatan Futsal dengan Baik',
        loaded: { nilai: null, deskripsi: null },
      },
      {
        anggota_rombel_id: 'b',
        nilai: null,
        deskripsi: null,
        loaded: { nilai: 2, deskripsi: 'Melaksanakan kegiatan Futsal dengan Baik' },
      },
    ]);
  });
});

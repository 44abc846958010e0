import type { NilaiProjekGrid } from '@erapor/contract/projek/penilaian';
import { describe, expect, it } from 'vitest';
import { changes, setCell } from '../../../components/grade-grid/grid-model';
import { draftOf, normalizeLevel, saveRows } from './penilaian-draft';

const grid: Pick<NilaiProjekGrid, 'rencana' | 'siswa'> = {
  rencana: [
    {
      rencana_budaya_kerja_id: 'r1',
      nama: 'Projek 1',
      no_urut: 1,
      aspek: [
        { aspek_budaya_kerja_id: 'x1', dimensi: 'D', elemen: 'E', sub_elemen: 'S' },
        { aspek_budaya_kerja_id: 'x2', dimensi: 'D', elemen: 'E', sub_elemen: 'S' },
      ],
    },
  ],
  siswa: [
    { anggota_rombel_id: 'p1', nama: 'Ani', nisn: null, nilai: { x1: 5 }, catatan: { r1: 'Aktif' } },
    { anggota_rombel_id: 'p2', nama: 'Budi', nisn: null, nilai: {}, catatan: {} },
  ],
};

describe('P5 grid draft', () => {
  it('shows stored levels as codes (opsi 5 → SB) and the notes, a column per sub-element then the note', () => {
    const d = draftOf(grid);
    expect(d.columnIds).toEqual(['a:x1', 'a:x2', 'c:r1']);
    expect(d.values).toEqual([
      ['SB', '', 'Aktif'],
      ['', '', ''],
    ]);
  });

  it('turns names, ids and any case into the code; leaves anything else for the validator', () => {
    expect(normalizeLevel('sangat berkembang')).toBe('SAB');
    expect(normalizeLevel('3')).toBe('BSH');
    expect(normalizeLevel(' mb ')).toBe('MB');
    expect(normalizeLevel('BB')).toBe('BB');
  });

  it('sends each changed cell with what was loaded', () => {
    let d = draftOf(grid);
    d = setCell(d, { row: 0, col: 0 }, 'BSH');
    d = setCell(d, { row: 1, col: 2 }, 'Rajin');
    expect(saveRows(changes(d), grid)).toEqual([
      { anggota_rombel_id: 'p1', aspek_budaya_kerja_id: 'x1', nilai: 'BSH', sebelumnya: 5 },
      { anggota_rombel_id: 'p2', rencana_budaya_kerja_id: 'r1', catatan: 'Rajin', sebelumnya: null },
    ]);
  });
});

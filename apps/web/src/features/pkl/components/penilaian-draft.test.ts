import type { NilaiPklGrid } from '@erapor/contract/pkl/penilaian';
import { describe, expect, it } from 'vitest';
import { changes, setCell } from '../../../components/grade-grid/grid-model';
import { catatanDraftOf, saveRows, scoreDraftOf, scoreRowId } from './penilaian-draft';

const siswa: NilaiPklGrid['siswa'] = [
  {
    peserta_didik_id: 'a',
    nama: 'Adi',
    nisn: '1',
    catatan: 'Baik',
    nilai: { t1: { nilai: 80, deskripsi: 'Teliti' } },
  },
  { peserta_didik_id: 'b', nama: 'Budi', nisn: '2', catatan: null, nilai: {} },
];
const tp = [
  { tp_id: 't1', deskripsi: 'TP 1' },
  { tp_id: 't2', deskripsi: 'TP 2' },
];

describe('Input Penilaian PKL drafts', () => {
  it('has a row per pupil and TP with the loaded score and description', () => {
    const d = scoreDraftOf({ siswa, tp });
    expect(d.rowIds).toEqual(['a|t1', 'a|t2', 'b|t1', 'b|t2']);
    expect(d.original[0]).toEqual(['80', 'Teliti']);
    expect(d.original[3]).toEqual(['', '']);
  });

  it('sends each changed score row with both cells and what was loaded, and changed notes', () => {
    let d = scoreDraftOf({ siswa, tp });
    d = setCell(d, { row: 0, col: 0 }, '85');
    d = setCell(d, { row: 3, col: 1 }, 'Rapi');
    let c = catatanDraftOf(siswa);
    c = setCell(c, { row: 0, col: 0 }, '');
    c = setCell(c, { row: 1, col: 0 }, 'Rajin');
    expect(saveRows(d, changes(d), changes(c), siswa)).toEqual([
      {
        peserta_didik_id: 'a',
        tp_id: 't1',
        nilai: '85',
        deskripsi: 'Teliti',
        sebelumnya: { nilai: 80, deskripsi: 'Teliti' },
      },
      { peserta_didik_id: 'b', tp_id: 't2', nilai: '', deskripsi: 'Rapi', sebelumnya: null },
      {
        peserta_didik_id: 'a',
        tp_id: null,
        nilai: null,
        deskripsi: null,
        sebelumnya: { nilai: null, deskripsi: 'Baik' },
      },
      { peserta_didik_id: 'b', tp_id: null, nilai: null, deskripsi: 'Rajin', sebelumnya: null },
    ]);
    expect(scoreRowId('a', 't1')).toBe('a|t1');
  });
});

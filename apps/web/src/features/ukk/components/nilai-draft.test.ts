import type { NilaiUkkGrid } from '@erapor/contract/ukk/nilai';
import { describe, expect, it } from 'vitest';
import { changes, isDirty, setCell } from '../../../components/grade-grid/grid-model';
import { KESIMPULAN_COL, nilaiDraftOf, saveRows, withKesimpulan } from './nilai-draft';

const grid: NilaiUkkGrid = {
  rencana_ukk_id: 'r',
  kelas: 'XII TJKT 1',
  nama_paket_id: 'Paket',
  pola_ukk: 'sekolah',
  predikat_scheme: 'dua',
  gate: { open: true, message: null },
  can_edit: true,
  siswa: [
    { anggota_rombel_id: 'a', nama: 'Ani', nisn: '1', nilai: 69 },
    { anggota_rombel_id: 'b', nama: 'Budi', nisn: '2', nilai: null },
  ],
};

describe('UKK grid draft', () => {
  it('shows Kesimpulan from the typed Nilai without making it a change', () => {
    let d = nilaiDraftOf(grid);
    d = setCell(d, { row: 1, col: 0 }, '70');
    const shown = withKesimpulan(d, 'dua');
    const k = shown.columnIds.indexOf(KESIMPULAN_COL);
    expect(shown.values.map((r) => r[k])).toEqual(['Belum Kompeten', 'Kompeten']);
    expect(changes(shown)).toEqual([{ rowId: 'b', columnId: 'nilai', value: '70' }]);
    expect(withKesimpulan(setCell(d, { row: 1, col: 0 }, '7a'), 'dua').values[1]?.[k]).toBe('');
    expect(withKesimpulan(setCell(d, { row: 1, col: 0 }, '74'), 'empat').values[1]?.[k]).toBe(
      'Cukup Kompeten',
    );
    expect(isDirty(withKesimpulan(nilaiDraftOf(grid), 'dua'))).toBe(false);
  });

  it('sends each changed Nilai with what was loaded', () => {
    const d = setCell(setCell(nilaiDraftOf(grid), { row: 0, col: 0 }, ''), { row: 1, col: 0 }, '100');
    expect(saveRows(changes(d), grid)).toEqual([
      { anggota_rombel_id: 'a', nilai: '', sebelumnya: 69 },
      { anggota_rombel_id: 'b', nilai: '100', sebelumnya: null },
    ]);
  });
});

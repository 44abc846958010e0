import type { KehadiranPklRow } from '@erapor/contract/pkl/kehadiran';
import { describe, expect, it } from 'vitest';
import { changes, setCells } from '../../../components/grade-grid/grid-model';
import { draftOf, saveRows, sumProblems } from './kehadiran-draft';

const row = (id: string, nama: string, s = 0, i = 0, a = 0): KehadiranPklRow => ({
  peserta_didik_id: id,
  nama,
  nisn: null,
  sakit: s,
  izin: i,
  alpa: a,
  updated_at: null,
});

describe('Kehadiran PKL draft', () => {
  const loaded = [row('a', 'Ani', 1), row('b', 'Budi')];
  const byId = new Map(loaded.map((r) => [r.peserta_didik_id, r]));
  const names = new Map(loaded.map((r) => [r.peserta_didik_id, r.nama]));
  // 1–10 Jul: a 10-day placement.
  const tanggal = { tanggal_mulai: '2025-07-01', tanggal_selesai: '2025-07-10' };

  it('sends only changed pupils, all three days, with what was loaded', () => {
    const draft = setCells(draftOf(loaded), [{ row: 1, col: 2, value: '3' }]);
    expect(saveRows(draft, changes(draft), byId)).toEqual([
      { peserta_didik_id: 'b', sakit: 0, izin: 0, alpa: 3, sebelumnya: { sakit: 0, izin: 0, alpa: 0 } },
    ]);
  });

  it('names the pupil whose sum exceeds the placement, once', () => {
    const over = setCells(draftOf(loaded), [{ row: 0, col: 1, value: '10' }]); // 1 + 10 = 11 > 10
    expect(sumProblems(saveRows(over, changes(over), byId), tanggal, names)).toEqual([
      'Ani: Jumlah ketidakhadiran melebihi lama PKL (10 hari).',
    ]);
    const exact = setCells(draftOf(loaded), [{ row: 0, col: 1, value: '9' }]); // 1 + 9 = 10
    expect(sumProblems(saveRows(exact, changes(exact), byId), tanggal, names)).toEqual([]);
  });
});

import type { AbsensiRow } from '@erapor/contract/wali-kelas/absensi';
import { describe, expect, it } from 'vitest';
import { changes, setCells } from '../../../components/grade-grid/grid-model';
import { blankAsZero, draftOf, hariIssue, saveRows } from './absensi-draft';

const row = (id: string, nama: string, sakit = 0, izin = 0, alpa = 0): AbsensiRow => ({
  anggota_rombel_id: id,
  nama,
  nisn: null,
  sakit,
  izin,
  alpa,
  updated_at: null,
});

describe('absensi draft', () => {
  const rows = [row('a', 'Ani', 1, 0, 0), row('b', 'Budi'), row('c', 'Citra', 0, 2, 1)];
  const loaded = new Map(rows.map((r) => [r.anggota_rombel_id, r]));

  it('shows the loaded days and sends only the changed pupils, whole, with what was loaded', () => {
    const d = draftOf(rows);
    expect(d.values).toEqual([
      ['1', '0', '0'],
      ['0', '0', '0'],
      ['0', '2', '1'],
    ]);
    const edited = setCells(d, [
      { row: 0, col: 2, value: '3' },
      { row: 2, col: 0, value: '' },
    ]);
    const sent = saveRows(edited, changes(edited), loaded);
    expect(sent).toEqual([
      { anggota_rombel_id: 'a', sakit: 1, izin: 0, alpa: 3, sebelumnya: { sakit: 1, izin: 0, alpa: 0 } },
      { anggota_rombel_id: 'c', sakit: 0, izin: 2, alpa: 1, sebelumnya: { sakit: 0, izin: 2, alpa: 1 } },
    ]);
  });

  it('checks cells by the contract rule and reads a pasted blank as 0', () => {
    expect(hariIssue('0')).toBeNull();
    expect(hariIssue('200')).toBeNull();
    expect(hariIssue('')).toBeNull();
    expect(hariIssue('201')).toBe('aboveMax');
    expect(hariIssue('-1')).toBe('belowMin');
    expect(hariIssue('abc')).toBe('notNumber');
    expect(hariIssue('1.5')).toBe('notWhole');
    expect(blankAsZero('  ')).toBe('0');
    expect(blankAsZero(' 4 ')).toBe('4');
  });
});

import { describe, expect, it } from 'vitest';
import { maskToken, namaMataEvaluasi, tableLabel } from './sinkronisasi-kirim';

describe('sinkronisasi kirim rules', () => {
  it('never shows a token in full', () => {
    expect(maskToken(null)).toBeNull();
    expect(maskToken('')).toBeNull();
    expect(maskToken('sim-token')).toBe('••••••••');
    expect(maskToken('abcdefghijkl1234')).toBe('••••••••1234');
    expect(maskToken('abcdefghijkl1234')).not.toContain('abcd');
  });

  it('cuts the mata evaluasi name to 40 characters', () => {
    const long = 'Dasar-dasar Teknik Jaringan Komputer dan Telekomunikasi';
    expect(namaMataEvaluasi(long)).toHaveLength(40);
    expect(namaMataEvaluasi('  Matematika  ')).toBe('Matematika');
  });

  it('names tables as e-Rapor does', () => {
    expect(tableLabel('nilai_akhir')).toBe('Nilai Akhir');
    expect(tableLabel('ref.kompetensi_dasar')).toBe('Kompetensi Dasar');
  });
});

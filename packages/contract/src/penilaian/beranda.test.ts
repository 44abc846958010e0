import { describe, expect, it } from 'vitest';
import { BERANDA_PENILAIAN_MESSAGES, capaianKompetensiText, kunciNilaiSchema, progressOf } from './beranda';

describe('capaianKompetensiText', () => {
  it('puts the achieved text first and ends each sentence', () => {
    expect(
      capaianKompetensiText(
        'Menunjukkan penguasaan yang baik dalam menghitung luas',
        'Perlu ditingkatkan dalam membuat grafik.',
      ),
    ).toBe(
      'Menunjukkan penguasaan yang baik dalam menghitung luas. Perlu ditingkatkan dalam membuat grafik.',
    );
  });

  it('shows whichever exists, and nothing when both are empty', () => {
    expect(capaianKompetensiText(null, 'Perlu ditingkatkan dalam membaca')).toBe(
      'Perlu ditingkatkan dalam membaca.',
    );
    expect(capaianKompetensiText('  ', undefined)).toBeNull();
  });
});

describe('progressOf', () => {
  it('rounds the share of graded pupils and says when all are graded', () => {
    expect(progressOf(12, 36)).toEqual({ percent: 33.3, complete: false, status: 'sebagian' });
    expect(progressOf(36, 36)).toEqual({ percent: 100, complete: true, status: 'lengkap' });
    expect(progressOf(0, 36)).toEqual({ percent: 0, complete: false, status: 'belum' });
    expect(progressOf(0, 0)).toEqual({ percent: null, complete: false, status: null });
  });
});

describe('wali texts and the lock request', () => {
  it('uses the reference wording', () => {
    expect(BERANDA_PENILAIAN_MESSAGES.waliTitle('X TJKT 1')).toBe(
      'Anda adalah Wali Kelas Rombongan Belajar X TJKT 1',
    );
    expect(BERANDA_PENILAIAN_MESSAGES.detailTitle('Matematika')).toBe(
      'Detil Penilaian Mata Pelajaran Matematika',
    );
  });

  it('takes a boolean only', () => {
    expect(kunciNilaiSchema.safeParse({ kunci_nilai: true }).success).toBe(true);
    expect(kunciNilaiSchema.safeParse({ kunci_nilai: 'ya' }).success).toBe(false);
    expect(kunciNilaiSchema.safeParse({}).success).toBe(false);
  });
});

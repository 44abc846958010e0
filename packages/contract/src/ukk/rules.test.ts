import { describe, expect, it } from 'vitest';
import {
  certificatePrintable,
  isNilaiUkk,
  masaBerlakuText,
  nomorSertifikat,
  polaPrintsCertificate,
  predikatUkk,
  tempatSertifikat,
  terbilang,
} from './rules';

const id = (n: number | null, scheme?: 'dua' | 'empat') => predikatUkk(n, scheme)?.id ?? '';
const en = (n: number | null, scheme?: 'dua' | 'empat') => predikatUkk(n, scheme)?.en ?? '';

describe('predikatUkk, two levels (default): 70–100 Kompeten, 0–69 Belum Kompeten', () => {
  it('69 is Belum Kompeten / Not Yet Competent, 70 Kompeten / Competent', () => {
    expect([id(69), en(69)]).toEqual(['Belum Kompeten', 'Not Yet Competent']);
    expect([id(70), en(70)]).toEqual(['Kompeten', 'Competent']);
  });
  it('0 is a score (Belum Kompeten), 100 Kompeten; 74/75 and 89/90 do not change the level', () => {
    expect(id(0)).toBe('Belum Kompeten');
    expect([id(74), id(75), id(89), id(90), id(100)]).toEqual(Array(5).fill('Kompeten'));
  });
  it('no score is blank', () => {
    expect(predikatUkk(null)).toBeNull();
    expect(predikatUkk(undefined)).toBeNull();
  });
});

describe('predikatUkk, four levels: ≥90 Sangat, 75–89 Kompeten, 70–74 Cukup, <70 Belum', () => {
  it('boundaries 69/70, 74/75, 89/90', () => {
    expect(id(69, 'empat')).toBe('Belum Kompeten');
    expect(id(70, 'empat')).toBe('Cukup Kompeten');
    expect(id(74, 'empat')).toBe('Cukup Kompeten');
    expect(id(75, 'empat')).toBe('Kompeten');
    expect(id(89, 'empat')).toBe('Kompeten');
    expect(id(90, 'empat')).toBe('Sangat Kompeten');
    expect(id(100, 'empat')).toBe('Sangat Kompeten');
    expect(en(90, 'empat')).toBe('Highly Competent');
  });
  it('no score is blank', () => {
    expect(predikatUkk(null, 'empat')).toBeNull();
  });
});

describe('isNilaiUkk', () => {
  it('accepts whole numbers 0–100 only', () => {
    expect([0, 69, 100].every(isNilaiUkk)).toBe(true);
    expect([101, -1, 7.5, '7a', '70', null].some(isNilaiUkk)).toBe(false);
  });
});

describe('nomorSertifikat: year + NPSN + NISN + 5-digit participation count', () => {
  it('2026-06-15, NPSN 20212345, NISN 0071234567, first participation', () => {
    expect(nomorSertifikat('2026-06-15', '20212345', '0071234567', 1)).toBe(
      '2026202123450071234567' + '00001',
    );
  });
  it('pads a second participation and trims stray spaces', () => {
    expect(nomorSertifikat('2025-12-01', ' 69900001 ', '3012345678', 12)).toBe('202569900001301234567800012');
  });
});

describe('terbilang 1–10', () => {
  it('gives the Indonesian and English words', () => {
    const all = Array.from({ length: 10 }, (_, i) => terbilang(i + 1));
    expect(all.map((t) => t.id)).toEqual([
      'satu',
      'dua',
      'tiga',
      'empat',
      'lima',
      'enam',
      'tujuh',
      'delapan',
      'sembilan',
      'sepuluh',
    ]);
    expect(all.map((t) => t.en)).toEqual([
      'one',
      'two',
      'three',
      'four',
      'five',
      'six',
      'seven',
      'eight',
      'nine',
      'ten',
    ]);
  });
  it('refuses 0, 11 and fractions', () => {
    expect(() => terbilang(0)).toThrow(RangeError);
    expect(() => terbilang(11)).toThrow(RangeError);
    expect(() => terbilang(2.5)).toThrow(RangeError);
  });
  it('masaBerlakuText: "3 (tiga) Tahun" / "3 (three) Years", one Year', () => {
    expect(masaBerlakuText(3)).toEqual({ id: '3 (tiga) Tahun', en: '3 (three) Years' });
    expect(masaBerlakuText(1).en).toBe('1 (one) Year');
  });
});

describe('Pola UKK and the certificate', () => {
  it('the school prints for sekolah and dunia kerja, not for an LSP', () => {
    expect(polaPrintsCertificate('sekolah')).toBe(true);
    expect(polaPrintsCertificate('dunia_kerja')).toBe(true);
    expect(polaPrintsCertificate('lsp')).toBe(false);
  });
  it('no score, no certificate; a Belum Kompeten score still prints', () => {
    expect(certificatePrintable(null, 'sekolah')).toBe(false);
    expect(certificatePrintable(40, 'sekolah')).toBe(true);
    expect(certificatePrintable(90, 'lsp')).toBe(false);
  });
});

describe('tempatSertifikat', () => {
  it('drops "Kab. " or "Kota "', () => {
    expect(tempatSertifikat('Kab. Sleman')).toBe('Sleman');
    expect(tempatSertifikat('Kota Bandung')).toBe('Bandung');
    expect(tempatSertifikat('Kotabaru')).toBe('Kotabaru');
    expect(tempatSertifikat(null)).toBe('');
  });
});

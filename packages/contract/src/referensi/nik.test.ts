import { describe, expect, it } from 'vitest';
import { decodeNik, NIK_MESSAGES, validateNik } from './nik';

// 321618 = Kec. Setu, Kab. Bekasi (kode_dagri in ref_mst_wilayah); 327599 is no kecamatan.
const isRegion = (code: string) => code === '321618' || code === '327504';

describe('decodeNik', () => {
  it('reads region, birth date, sex and serial (hand-computed)', () => {
    // Man born 17 August 1985: 17 08 85.
    expect(decodeNik('3216181708850003')).toEqual({
      region: '321618',
      day: 17,
      month: 8,
      yy: 85,
      jenisKelamin: 'L',
      serial: '0003',
    });
    // Woman born 5 March 1990: 5 + 40 = 45 → 450390.
    expect(decodeNik('3275044503900012')).toEqual({
      region: '327504',
      day: 5,
      month: 3,
      yy: 90,
      jenisKelamin: 'P',
      serial: '0012',
    });
    // Woman born 31 December 2001: 71 12 01.
    expect(decodeNik('3216187112010001')?.day).toBe(31);
  });

  it('refuses impossible dates', () => {
    expect(decodeNik('3216183202900001')).toBeNull(); // day 32 is neither a man's nor a woman's day
    expect(decodeNik('3216187202900001')).toBeNull(); // 72 - 40 = 32
    expect(decodeNik('3216180013900001')).toBeNull(); // day 00
    expect(decodeNik('3216181013900001')).toBeNull(); // month 13
    expect(decodeNik('3216183104900001')).toBeNull(); // 31 April
    expect(decodeNik('3216182902010001')).toBeNull(); // 29 Feb 2001
    expect(decodeNik('3216182902040001')?.day).toBe(29); // 29 Feb 2004
    expect(decodeNik('3216186902000001')?.jenisKelamin).toBe('P'); // 29 Feb 2000, woman
    expect(decodeNik('321618170885000')).toBeNull(); // 15 digits
  });
});

describe('validateNik', () => {
  it('accepts a NIK whose region exists and whose date and sex match the person', () => {
    expect(
      validateNik('3216181708850003', { isRegion, tanggalLahir: '1985-08-17', jenisKelamin: 'L' }),
    ).toBeNull();
    expect(
      validateNik('3275044503900012', { isRegion, tanggalLahir: '1990-03-05', jenisKelamin: 'P' }),
    ).toBeNull();
    expect(validateNik(' 3216181708850003 ')).toBeNull(); // trimmed; no region check asked
  });

  it('names the first problem in Indonesian', () => {
    expect(validateNik('')).toBe(NIK_MESSAGES.required);
    expect(validateNik(null)).toBe('NIK tidak boleh kosong!');
    expect(validateNik('32161817O8850003')).toBe('NIK harus berupa angka!');
    expect(validateNik('3216-1817-0885-0003')).toBe('NIK harus berupa angka!');
    expect(validateNik('321618170885003')).toBe('NIK harus 16 digit!');
    expect(validateNik('32161817088500031')).toBe('NIK harus 16 digit!');
    expect(validateNik('3275991708850003', { isRegion })).toBe(
      'Kode wilayah NIK (6 digit pertama: 327599) tidak dikenal!',
    );
    expect(validateNik('3216183208850003', { isRegion })).toBe(NIK_MESSAGES.date);
    expect(validateNik('3216181708850000', { isRegion })).toBe(NIK_MESSAGES.serial);
  });

  it('checks the encoded birth date and sex against the person', () => {
    // NIK says 17-08-85; the person was born 17-08-1986.
    expect(validateNik('3216181708850003', { tanggalLahir: '1986-08-17' })).toBe(
      NIK_MESSAGES.birthDateMismatch,
    );
    // A woman's NIK carries day + 40: 17 is a man's day.
    expect(validateNik('3216181708850003', { tanggalLahir: '1985-08-17', jenisKelamin: 'P' })).toBe(
      NIK_MESSAGES.genderMismatch,
    );
    // 57 = 17 + 40: a woman born 17-08-1985; as a man it is wrong, and the date still matches.
    expect(validateNik('3216185708850003', { tanggalLahir: '1985-08-17', jenisKelamin: 'P' })).toBeNull();
    expect(validateNik('3216185708850003', { tanggalLahir: '1985-08-17', jenisKelamin: 'L' })).toBe(
      NIK_MESSAGES.genderMismatch,
    );
    // Same two-digit year a century apart is accepted (the NIK only holds YY).
    expect(validateNik('3216181708850003', { tanggalLahir: '2085-08-17' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  excelTanggal,
  excelWaktu,
  formatAngka,
  formatDesimal,
  formatJam,
  formatTanggalDokumen,
  formatTanggalPanjang,
  formatTanggalTabel,
  formatWaktu,
  parseTanggalInput,
} from './format';

// 2026-08-03 14:05:09 in Jakarta (UTC+7) is 07:05:09 UTC.
const SIANG = new Date(Date.UTC(2026, 7, 3, 7, 5, 9));
const JKT = { timeZone: 'Asia/Jakarta' };

describe('numbers', () => {
  it('writes Indonesian decimals with a comma and a fixed count of digits', () => {
    expect(formatDesimal(65, 2)).toBe('65,00');
    expect(formatDesimal(77.14, 1)).toBe('77,1');
    expect(formatDesimal(82.13, 2)).toBe('82,13');
    expect(formatDesimal(0, 1)).toBe('0,0');
    expect(formatDesimal(null, 2)).toBe('');
  });
  it('follows the screen language', () => {
    expect(formatDesimal(65, 2, 'en')).toBe('65.00');
    expect(formatDesimal(77.14, 1, 'de')).toBe('77,1');
  });
  it('groups thousands as the language does', () => {
    expect(formatAngka(1234)).toBe('1.234');
    expect(formatAngka(1234, 'en')).toBe('1,234');
  });
});

describe('dates', () => {
  it('shows dd-mm-yyyy in Indonesian tables', () => {
    expect(formatTanggalTabel('2026-08-03')).toBe('03-08-2026');
    expect(formatTanggalTabel('2026-08-03T00:00:00.000Z')).toBe('03-08-2026');
    expect(formatTanggalTabel(null)).toBe('');
    expect(formatTanggalTabel('kemarin')).toBe('kemarin');
  });
  it('shows other languages by their locale, on the same day', () => {
    expect(formatTanggalTabel('2026-08-03', 'en')).toBe('08/03/2026');
    expect(formatTanggalTabel('2026-08-03', 'de')).toBe('03.08.2026');
  });
  it('writes documents out in Indonesian', () => {
    expect(formatTanggalDokumen('2026-08-03')).toBe('3 Agustus 2026');
    expect(formatTanggalDokumen('2027-01-15')).toBe('15 Januari 2027');
    expect(formatTanggalDokumen('2026-13-01')).toBe('2026-13-01');
    expect(formatTanggalDokumen(undefined)).toBe('');
  });
  it('writes a long date on screens in the screen language', () => {
    expect(formatTanggalPanjang('2026-08-03')).toBe('3 Agustus 2026');
    expect(formatTanggalPanjang('2026-08-03', 'en')).toBe('August 3, 2026');
  });
});

describe('times', () => {
  it('is 24-hour in Indonesian', () => {
    expect(formatJam(SIANG, 'id', JKT)).toBe('14:05');
    expect(formatJam(SIANG, 'id', { ...JKT, seconds: true })).toBe('14:05:09');
    expect(formatWaktu(SIANG, 'id', JKT)).toBe('03-08-2026 14:05');
    expect(formatWaktu(SIANG.toISOString(), 'id', { timeZone: 'UTC' })).toBe('03-08-2026 07:05');
  });
  it('is the locale’s own clock elsewhere', () => {
    expect(formatJam(SIANG, 'en', JKT)).toBe('2:05 PM');
    expect(formatJam(SIANG, 'de', JKT)).toBe('14:05');
  });
  it('an empty or broken moment is nothing', () => {
    expect(formatWaktu(null)).toBe('');
    expect(formatWaktu('bukan waktu')).toBe('');
  });
});

describe('Excel', () => {
  it('gives dates as UTC midnights and moments as the zone’s wall clock', () => {
    expect(excelTanggal('2026-08-03')?.toISOString()).toBe('2026-08-03T00:00:00.000Z');
    expect(excelTanggal('')).toBeNull();
    expect(excelWaktu(SIANG, 'Asia/Jakarta').toISOString()).toBe('2026-08-03T14:05:09.000Z');
  });
});

describe('a typed date', () => {
  it('reads day-first and ISO dates, refusing days that do not exist', () => {
    expect(parseTanggalInput('03-08-2026')).toBe('2026-08-03');
    expect(parseTanggalInput('3/8/2026')).toBe('2026-08-03');
    expect(parseTanggalInput('2026-08-03')).toBe('2026-08-03');
    expect(parseTanggalInput('29-02-2028')).toBe('2028-02-29');
    expect(parseTanggalInput('29-02-2026')).toBeNull();
    expect(parseTanggalInput('08/2026')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { absensiSaveSchema, checkAbsensiRows, checkHari, HARI_MESSAGES } from './absensi';

describe('checkHari: whole days 0–200, blank = 0', () => {
  it('accepts whole days from 0 to 200, as numbers or text', () => {
    expect(checkHari(0)).toEqual({ ok: true, value: 0 });
    expect(checkHari('0')).toEqual({ ok: true, value: 0 });
    expect(checkHari(200)).toEqual({ ok: true, value: 200 });
    expect(checkHari(' 200 ')).toEqual({ ok: true, value: 200 });
    expect(checkHari('3')).toEqual({ ok: true, value: 3 });
    expect(checkHari('007')).toEqual({ ok: true, value: 7 });
  });

  it('reads blank as 0', () => {
    for (const blank of ['', '   ', null, undefined])
      expect(checkHari(blank)).toEqual({ ok: true, value: 0 });
  });

  it('refuses 201 and -1 with the Indonesian messages', () => {
    expect(checkHari(201)).toEqual({ ok: false, code: 'aboveMax', message: HARI_MESSAGES.aboveMax });
    expect(checkHari('201')).toEqual({ ok: false, code: 'aboveMax', message: HARI_MESSAGES.aboveMax });
    expect(checkHari(-1)).toEqual({ ok: false, code: 'belowMin', message: HARI_MESSAGES.belowMin });
    expect(checkHari('-1')).toEqual({ ok: false, code: 'belowMin', message: HARI_MESSAGES.belowMin });
    expect(HARI_MESSAGES.aboveMax).toBe('Jumlah hari tidak boleh lebih dari 200!');
  });

  it('refuses text and decimals, never rounding', () => {
    expect(checkHari('abc')).toEqual({ ok: false, code: 'notNumber', message: HARI_MESSAGES.notNumber });
    expect(checkHari('1 hari')).toMatchObject({ ok: false, code: 'notNumber' });
    expect(checkHari('-0')).toMatchObject({ ok: false, code: 'notNumber' });
    expect(checkHari(true)).toMatchObject({ ok: false, code: 'notNumber' });
    expect(checkHari(Number.NaN)).toMatchObject({ ok: false, code: 'notNumber' });
    expect(checkHari('1.5')).toEqual({ ok: false, code: 'notWhole', message: HARI_MESSAGES.notWhole });
    expect(checkHari('1,5')).toMatchObject({ ok: false, code: 'notWhole' });
    expect(checkHari(1.5)).toMatchObject({ ok: false, code: 'notWhole' });
    // A decimal outside the range says what is wrong with the size first.
    expect(checkHari('250.5')).toMatchObject({ ok: false, code: 'aboveMax' });
  });
});

describe('checkAbsensiRows', () => {
  const a = '00000000-0000-4000-8000-00000000000a';
  const b = '00000000-0000-4000-8000-00000000000b';
  it('checks every cell at once, names a pupil sent twice and reads blank as 0', () => {
    const { details, values } = checkAbsensiRows([
      { anggota_rombel_id: a, sakit: '2', izin: '', alpa: null },
      { anggota_rombel_id: b, sakit: -1, izin: 'abc', alpa: '201' },
      { anggota_rombel_id: a, sakit: 1, izin: 1, alpa: '1.5' },
    ]);
    expect(values[0]).toEqual({ sakit: 2, izin: 0, alpa: 0 });
    expect(details).toEqual({
      'rows.1.sakit': HARI_MESSAGES.belowMin,
      'rows.1.izin': HARI_MESSAGES.notNumber,
      'rows.1.alpa': HARI_MESSAGES.aboveMax,
      'rows.2.anggota_rombel_id': 'Peserta didik dikirim lebih dari sekali.',
      'rows.2.alpa': HARI_MESSAGES.notWhole,
    });
  });

  it('the request schema keeps cells as typed for the rule and needs what was loaded', () => {
    const ok = absensiSaveSchema.safeParse({
      rombongan_belajar_id: b,
      rows: [
        {
          anggota_rombel_id: a,
          sakit: 'abc',
          izin: 1,
          alpa: null,
          sebelumnya: { sakit: 0, izin: 0, alpa: 0 },
        },
      ],
    });
    expect(ok.success).toBe(true);
    const bad = absensiSaveSchema.safeParse({
      rombongan_belajar_id: b,
      rows: [
        { anggota_rombel_id: a, sakit: 1, izin: 1, alpa: 1, sebelumnya: { sakit: -1, izin: 0, alpa: 0 } },
      ],
    });
    expect(bad.success).toBe(false);
    expect(absensiSaveSchema.safeParse({ rombongan_belajar_id: b, rows: [] }).success).toBe(false);
  });
});

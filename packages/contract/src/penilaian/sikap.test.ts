import { describe, expect, it } from 'vitest';
import {
  isIsoDate,
  localDate,
  opsiSikapLabel,
  SIKAP_MESSAGES,
  semesterDateRange,
  sikapCreateSchema,
  sikapUpdateSchema,
  tanggalSikapError,
} from './sikap';

const ID = '00000000-0000-4000-8000-000000000001';
const details = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('semester dates', () => {
  it('spans July–December for Ganjil and January–June of the next year for Genap', () => {
    expect(semesterDateRange('20251')).toEqual({ awal: '2025-07-01', akhir: '2025-12-31' });
    expect(semesterDateRange('20252')).toEqual({ awal: '2026-01-01', akhir: '2026-06-30' });
  });

  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('1/8/2025')).toBe(false);
  });

  it('refuses a date outside the semester or after today', () => {
    const today = '2025-10-15';
    expect(tanggalSikapError('2025-10-15', '20251', today)).toBeNull();
    expect(tanggalSikapError('2025-07-01', '20251', today)).toBeNull();
    expect(tanggalSikapError('2025-06-30', '20251', today)).toBe(
      SIKAP_MESSAGES.tanggalOutside('2025-07-01', '2025-12-31'),
    );
    expect(tanggalSikapError('2025-10-16', '20251', today)).toBe(SIKAP_MESSAGES.tanggalFuture);
    expect(tanggalSikapError('2026-01-05', '20251', today)).toBe(
      SIKAP_MESSAGES.tanggalOutside('2025-07-01', '2025-12-31'),
    );
    // A past semester: any day of it is in the past.
    expect(tanggalSikapError('2025-03-01', '20242', today)).toBeNull();
    expect(tanggalSikapError('2025-02-30', '20242', today)).toBe(SIKAP_MESSAGES.tanggalInvalid);
  });

  it("takes today's date in the school's time zone", () => {
    // 2025-10-15 20:30 UTC is already the 16th in Jakarta (UTC+7), still the 15th in UTC.
    const now = new Date('2025-10-15T20:30:00Z');
    expect(localDate(now, 'Asia/Jakarta')).toBe('2025-10-16');
    expect(localDate(now, 'UTC')).toBe('2025-10-15');
  });
});

describe('sikapCreateSchema', () => {
  const valid = {
    tingkat: '10',
    rombongan_belajar_id: ID,
    anggota_rombel_id: ID,
    tanggal: '2025-08-01',
    dimensi_id: 2,
    elemen_id: '15',
    opsi_id: 1,
    deskripsi: '  Aktif bertanya  ',
  };

  it('coerces the form values', () => {
    expect(sikapCreateSchema.parse(valid)).toMatchObject({
      tingkat: 10,
      elemen_id: 15,
      opsi_id: 1,
      deskripsi: 'Aktif bertanya',
    });
  });

  it('names every empty field with the reference messages', () => {
    const r = sikapCreateSchema.safeParse({
      tingkat: '',
      rombongan_belajar_id: null,
      tanggal: '',
      dimensi_id: '',
      opsi_id: null,
      deskripsi: '   ',
    });
    expect(details(r)).toEqual({
      tingkat: SIKAP_MESSAGES.tingkatRequired,
      rombongan_belajar_id: SIKAP_MESSAGES.rombelRequired,
      anggota_rombel_id: SIKAP_MESSAGES.pdRequired,
      tanggal: SIKAP_MESSAGES.tanggalRequired,
      dimensi_id: SIKAP_MESSAGES.dimensiRequired,
      elemen_id: SIKAP_MESSAGES.elemenRequired,
      opsi_id: SIKAP_MESSAGES.opsiRequired,
      deskripsi: SIKAP_MESSAGES.uraianRequired,
    });
  });

  it('refuses a wrong tingkat, opsi, date format or an overlong text', () => {
    const r = sikapCreateSchema.safeParse({
      ...valid,
      tingkat: 9,
      opsi_id: 3,
      tanggal: '01-08-2025',
      deskripsi: 'x'.repeat(1001),
    });
    expect(details(r)).toEqual({
      tingkat: SIKAP_MESSAGES.tingkatInvalid,
      opsi_id: SIKAP_MESSAGES.opsiInvalid,
      tanggal: SIKAP_MESSAGES.tanggalInvalid,
      deskripsi: SIKAP_MESSAGES.uraianMax,
    });
  });

  it('needs the loaded version on an edit', () => {
    const { tingkat: _t, rombongan_belajar_id: _r, anggota_rombel_id: _a, ...fields } = valid;
    expect(sikapUpdateSchema.safeParse({ ...fields, updated_at: 'x' }).success).toBe(true);
    expect(details(sikapUpdateSchema.safeParse(fields))).toEqual({ updated_at: SIKAP_MESSAGES.conflict });
  });

  it('labels the options', () => {
    expect(opsiSikapLabel(1)).toBe('Positif');
    expect(opsiSikapLabel(2)).toBe('Negatif');
  });
});

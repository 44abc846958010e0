import { describe, expect, it } from 'vitest';
import { pdFilterSchema, pdUpdateSchema } from './peserta-didik';

const base = { updated_at: '2025-07-01T00:00:00.000Z' };
const messages = (input: object) => {
  const r = pdUpdateSchema.safeParse({ ...base, ...input });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('pdUpdateSchema', () => {
  it('turns empty strings into null and trims', () => {
    const r = pdUpdateSchema.parse({
      ...base,
      nama_wali: '  ',
      alamat: ' Jl. Melati 3 ',
      anak_ke: '',
      kerja_wali: '',
    });
    expect(r).toMatchObject({ nama_wali: null, alamat: 'Jl. Melati 3', anak_ke: null, kerja_wali: null });
  });

  it('accepts a full valid form', () => {
    const r = pdUpdateSchema.parse({
      ...base,
      nik: '3275014501090001',
      status: 'Anak Kandung',
      anak_ke: '2',
      rt: '003',
      rw: '12',
      kode_pos: '17113',
      no_telp: '0812-3456-7890',
      kerja_ayah: '5',
      kerja_ibu: 1,
    });
    expect(r).toMatchObject({ nik: '3275014501090001', anak_ke: 2, rt: '003', kerja_ayah: 5, kerja_ibu: 1 });
  });

  it('names each bad field in Indonesian', () => {
    expect(
      messages({
        nik: '32750145',
        status: 'Sepupu',
        anak_ke: '0',
        rt: 'abc',
        kode_pos: '1711',
        no_telp: 'telepon',
        kerja_wali: 'x',
      }),
    ).toEqual({
      nik: 'NIK harus 16 digit!',
      status: 'Status dalam keluarga harus Anak Kandung, Anak Tiri atau Anak Angkat',
      anak_ke: 'Anak Ke harus angka antara 1 dan 30',
      rt: 'RT harus berupa angka (maksimal 3 digit)',
      kode_pos: 'Kodepos harus 5 digit angka',
      no_telp: 'Telp/HP tidak valid',
      kerja_wali: 'Pekerjaan Wali tidak valid',
    });
    expect(messages({ nik: '32750145010900AB' })).toEqual({ nik: 'NIK harus berupa angka!' });
  });
});

describe('pdFilterSchema', () => {
  it('drops empty filters and refuses unknown tingkat', () => {
    expect(pdFilterSchema.parse({ tingkat: '', jurusan_sp_id: '' })).toEqual({ status: 'aktif' });
    expect(pdFilterSchema.parse({ status: 'keluar', tingkat: '11' })).toEqual({
      status: 'keluar',
      tingkat: 11,
    });
    expect(pdFilterSchema.safeParse({ tingkat: '9' }).error?.issues[0]?.message).toBe(
      'Tingkat kelas harus 10, 11, 12 atau 13',
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  checkGtkInput,
  emptyGtkInput,
  type GtkInput,
  isValidDate,
  jenisPtkOfKind,
  kindOfJenisPtk,
  NIY_MESSAGES,
  namaLengkap,
  niySchema,
  normalizeGtkInput,
} from './gtk';

const valid: GtkInput = {
  ...emptyGtkInput(),
  nama: 'Budi',
  nik: '3216181708850003',
  jenis_kelamin: 'L',
  tempat_lahir: 'Bekasi',
  tanggal_lahir: '1985-08-17',
  agama_id: 1,
  email: 'budi@contoh.id',
};

describe('PTK kinds', () => {
  it('maps jenis_ptk to the four lists', () => {
    expect(kindOfJenisPtk(97)).toBe('instruktur');
    expect(kindOfJenisPtk(98)).toBe('asesor');
    expect(kindOfJenisPtk(11)).toBe('tendik');
    expect(kindOfJenisPtk(92)).toBe('guru');
    expect(kindOfJenisPtk(99)).toBeNull();
    expect(jenisPtkOfKind('asesor')).toEqual([98]);
    expect(jenisPtkOfKind('guru')).toContain(3);
    expect(jenisPtkOfKind('tendik')).not.toContain(3);
  });
});

describe('namaLengkap', () => {
  it('puts front titles before and back titles after a comma', () => {
    expect(namaLengkap('Budi Santoso', ['Dr', 'Ir.'], ['S.Pd', 'M.Pd'])).toBe(
      'Dr Ir. Budi Santoso, S.Pd, M.Pd',
    );
    expect(namaLengkap('Budi Santoso', [], ['S.Pd.'])).toBe('Budi Santoso, S.Pd.');
    expect(namaLengkap('Budi Santoso', [], [])).toBe('Budi Santoso');
  });
});

describe('checkGtkInput', () => {
  it('accepts a complete row; an asesor also needs a DUDI', () => {
    expect(checkGtkInput(valid, 'instruktur')).toEqual({});
    expect(checkGtkInput(valid, 'asesor')).toEqual({ dudi_id: 'DUDI tidak boleh kosong!' });
    expect(checkGtkInput({ ...valid, dudi_id: 'x' }, 'asesor')).toEqual({});
  });

  it('names every empty required field in Indonesian', () => {
    expect(checkGtkInput(emptyGtkInput(), 'instruktur')).toEqual({
      nama: 'Nama tidak boleh kosong!',
      jenis_kelamin: 'Jenis Kelamin tidak boleh kosong!',
      tempat_lahir: 'Tempat Lahir tidak boleh kosong!',
      tanggal_lahir: 'Tanggal Lahir tidak boleh kosong!',
      nik: 'NIK tidak boleh kosong!',
      agama_id: 'Agama tidak boleh kosong!',
      email: 'Email tidak boleh kosong!',
    });
  });

  it('checks formats: date, L/P, e-mail, digits, and the NIK against birth date and sex', () => {
    const e = checkGtkInput(
      {
        ...valid,
        tanggal_lahir: '1985-02-30',
        jenis_kelamin: 'X',
        email: 'budi@',
        rt: '0a1',
        kode_pos: '17 510',
      },
      'instruktur',
    );
    expect(e).toEqual({
      tanggal_lahir: 'Tanggal Lahir format tanggal salah!',
      jenis_kelamin: 'Jenis Kelamin harus L atau P!',
      email: 'Email tidak valid!',
      rt: 'Harus berupa angka!',
      kode_pos: 'Harus berupa angka!',
    });
    // The NIK says 17-08-85, a man: a woman born that day has 57 in digits 7–8.
    expect(checkGtkInput({ ...valid, jenis_kelamin: 'P' }, 'instruktur').nik).toMatch(
      /Jenis kelamin pada NIK/,
    );
    expect(checkGtkInput({ ...valid, tanggal_lahir: '1985-08-18' }, 'instruktur').nik).toMatch(
      /Tanggal lahir pada NIK/,
    );
    expect(checkGtkInput(valid, 'instruktur', (code) => code === '321618')).toEqual({});
    expect(checkGtkInput(valid, 'instruktur', () => false).nik).toBe(
      'Kode wilayah NIK (6 digit pertama: 321618) tidak dikenal!',
    );
  });

  it('normalises before checking', () => {
    const n = normalizeGtkInput({
      ...valid,
      nama: '  Budi ',
      jenis_kelamin: 'l',
      email: ' Budi@Contoh.ID ',
      dudi_id: '',
    });
    expect(n).toMatchObject({ nama: 'Budi', jenis_kelamin: 'L', email: 'budi@contoh.id', dudi_id: null });
  });

  it('knows real calendar dates', () => {
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2023-02-29')).toBe(false);
    expect(isValidDate('17/08/1985')).toBe(false);
  });
});

describe('niySchema', () => {
  const issue = (v: string) => niySchema.safeParse(v).error?.issues[0]?.message;
  it('takes digits, letters, dots and dashes up to 32 characters, trimmed', () => {
    expect(niySchema.parse(' 12.345 ')).toBe('12.345');
    expect(niySchema.parse('2019-07-001')).toBe('2019-07-001');
    expect(niySchema.parse('YPI.001')).toBe('YPI.001');
    expect(niySchema.parse('')).toBe('');
    expect(niySchema.parse('1'.repeat(32))).toBe('1'.repeat(32));
  });
  it('refuses 33 characters and other signs, with the field message', () => {
    expect(issue('1'.repeat(33))).toBe(NIY_MESSAGES.tooLong);
    expect(NIY_MESSAGES.tooLong).toBe('NIY maksimal 32 karakter!');
    for (const bad of ['12 345', '12/345', '12_345', 'NIY:1', '١٢٣'])
      expect(issue(bad), bad).toBe(NIY_MESSAGES.invalid);
  });
});

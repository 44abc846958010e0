import { emptyGtkInput, type GtkInput } from '@erapor/contract/referensi/gtk';
import { describe, expect, it } from 'vitest';
import { editCell, splitDetails } from './import-grid';

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

describe('import grid', () => {
  it('spreads the server details over rows and fields', () => {
    const m = splitDetails({ 'rows.0.nik': 'A', 'rows.0.email': 'B', 'rows.3.nama': 'C', file_excel: 'X' });
    expect([...m.entries()]).toEqual([
      [0, { nik: 'A', email: 'B' }],
      [3, { nama: 'C' }],
    ]);
  });

  it('fixing a cell clears its message; database messages on other cells stay', () => {
    const row = {
      values: { ...valid, nik: '123' },
      errors: { nik: 'NIK harus 16 digit!', email: 'Email sudah terdaftar!' },
    };
    const fixed = editCell(row, 'nik', '3216181708850003', 'instruktur');
    expect(fixed.errors).toEqual({ email: 'Email sudah terdaftar!' });
    const mailFixed = editCell(fixed, 'email', 'lain@contoh.id', 'instruktur');
    expect(mailFixed.errors).toEqual({});
  });

  it('a new birth date re-checks the NIK of the same row', () => {
    const r = editCell({ values: valid, errors: {} }, 'tanggal_lahir', '1986-08-17', 'instruktur');
    expect(r.errors.nik).toBe('Tanggal lahir pada NIK tidak sesuai dengan Tanggal Lahir!');
    expect(editCell(r, 'tanggal_lahir', '1985-08-17', 'instruktur').errors).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import {
  checkNilaiEkskulRows,
  deskripsiEkskul,
  EKSKUL_NILAI_MESSAGES,
  isDeskripsiOtomatis,
  nilaiEkskulOf,
  nilaiEkskulSaveSchema,
  predikatEkskul,
} from './ekskul';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const loaded = { nilai: null, deskripsi: null };

describe('ekskul scale and description', () => {
  it('maps 1–4 to Sangat Baik, Baik, Cukup, Kurang and back', () => {
    expect([1, 2, 3, 4].map(predikatEkskul)).toEqual(['Sangat Baik', 'Baik', 'Cukup', 'Kurang']);
    expect(predikatEkskul(5)).toBeNull();
    expect(predikatEkskul(null)).toBeNull();
    expect(nilaiEkskulOf(' sangat baik ')).toBe(1);
    expect(nilaiEkskulOf('Kurang')).toBe(4);
    expect(nilaiEkskulOf('Bagus')).toBeNull();
  });

  it('writes the default description of the reference', () => {
    expect(deskripsiEkskul('Futsal', 1)).toBe('Melaksanakan kegiatan Futsal dengan Sangat Baik');
    expect(deskripsiEkskul('Pramuka', 3)).toBe('Melaksanakan kegiatan Pramuka dengan Cukup');
    expect(deskripsiEkskul('Pramuka', 9)).toBe('');
  });

  it('knows when a description is still the automatic one', () => {
    expect(isDeskripsiOtomatis('Futsal', '')).toBe(true);
    expect(isDeskripsiOtomatis('Futsal', 'Melaksanakan kegiatan Futsal dengan Baik')).toBe(true);
    expect(isDeskripsiOtomatis('Futsal', 'Melaksanakan kegiatan Pramuka dengan Baik')).toBe(false);
    expect(isDeskripsiOtomatis('Futsal', 'Kapten tim yang tangguh')).toBe(false);
  });
});

describe('nilaiEkskulSaveSchema', () => {
  it('coerces the select values and empties', () => {
    const r = nilaiEkskulSaveSchema.parse({
      rows: [
        { anggota_rombel_id: id(1), nilai: '2', deskripsi: ' Rajin ', loaded },
        { anggota_rombel_id: id(2), nilai: '', deskripsi: '', loaded: { nilai: 1, deskripsi: 'x' } },
      ],
    });
    expect(r.rows[0]).toMatchObject({ nilai: 2, deskripsi: 'Rajin' });
    expect(r.rows[1]).toMatchObject({ nilai: null, deskripsi: null });
  });

  it('reports each bad cell by row and field', () => {
    const r = nilaiEkskulSaveSchema.safeParse({
      rows: [
        { anggota_rombel_id: id(1), nilai: 5, deskripsi: null, loaded },
        { anggota_rombel_id: id(2), nilai: null, deskripsi: 'Tanpa predikat', loaded },
        { anggota_rombel_id: id(3), nilai: 1, deskripsi: 'x'.repeat(501), loaded },
        { anggota_rombel_id: 'bukan-id', nilai: 1, deskripsi: null, loaded },
      ],
    });
    const details = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(details).toEqual({
      'rows.0.nilai': EKSKUL_NILAI_MESSAGES.predikatInvalid,
      'rows.1.nilai': EKSKUL_NILAI_MESSAGES.predikatRequired,
      'rows.2.deskripsi': EKSKUL_NILAI_MESSAGES.deskripsiMax,
      'rows.3.anggota_rombel_id': EKSKUL_NILAI_MESSAGES.notMember,
    });
  });

  it('flags a pupil sent twice', () => {
    expect(checkNilaiEkskulRows([{ anggota_rombel_id: id(1) }, { anggota_rombel_id: id(1) }])).toEqual({
      'rows.1.anggota_rombel_id': EKSKUL_NILAI_MESSAGES.duplicateRow,
    });
  });

  it('words the reset button and its confirm', () => {
    expect(EKSKUL_NILAI_MESSAGES.resetButton('Futsal')).toBe('Reset Nilai Futsal');
    expect(EKSKUL_NILAI_MESSAGES.resetButton('Futsal', 'X TJKT 1')).toBe('Reset Nilai Futsal Kelas X TJKT 1');
    expect(EKSKUL_NILAI_MESSAGES.resetConfirm('Futsal')).toBe('Seluruh Nilai Futsal akan dihapus!');
  });
});

import type { PembelajaranRow } from '@erapor/contract/referensi/rombel';
import { describe, expect, it } from 'vitest';
import { cellErrors, draftOf, isDirty } from './grid-draft';

const row: PembelajaranRow = {
  pembelajaran_id: 'p1',
  mata_pelajaran_id: 401000000,
  nama_mata_pelajaran: 'Matematika',
  nama_referensi: 'Matematika',
  guru: 'Budi',
  guru_id: 'g1',
  guru_pengajar_id: null,
  kelompok_id: 16,
  no_urut: 3,
  induk_pembelajaran_id: null,
  updated_at: '2026-07-01T00:00:00.000Z',
};

describe('pembelajaran grid drafts', () => {
  it('turns a row into input strings and back to "not dirty"', () => {
    expect(draftOf(row)).toMatchObject({ guru_pengajar_id: '', kelompok_id: '16', no_urut: '3' });
    expect(isDirty([draftOf(row)], [row])).toBe(false);
    expect(isDirty([{ ...draftOf(row), no_urut: '4' }], [row])).toBe(true);
    expect(isDirty([{ ...draftOf(row), nama_mata_pelajaran: 'Matematika Terapan' }], [row])).toBe(true);
  });

  it('puts each message of the server under its cell', () => {
    expect(
      cellErrors({
        'rows.0.no_urut': 'No Urut harus angka 1 sampai 99',
        'rows.0.kelompok_id': 'Kelompok tidak valid',
        'rows.12.guru_pengajar_id': 'Guru Pengajar tidak ditemukan di sekolah ini',
        rows: 'ignored',
        _: 'ignored',
      }),
    ).toEqual({
      0: { no_urut: 'No Urut harus angka 1 sampai 99', kelompok_id: 'Kelompok tidak valid' },
      12: { guru_pengajar_id: 'Guru Pengajar tidak ditemukan di sekolah ini' },
    });
  });
});

import { SIKAP_MESSAGES, type SikapDetail } from '@erapor/contract/penilaian/sikap';
import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, formErrors, formOfDetail, toCreateInput } from './sikap-form-state';

const ID = '00000000-0000-4000-8000-000000000001';

describe('sikap form state', () => {
  it('names every empty field on a new note, only the note fields on an edit', () => {
    expect(Object.keys(formErrors(EMPTY_FORM, 'create')).sort()).toEqual([
      'anggota_rombel_id',
      'deskripsi',
      'dimensi_id',
      'elemen_id',
      'opsi_id',
      'rombongan_belajar_id',
      'tanggal',
      'tingkat',
    ]);
    expect(formErrors(EMPTY_FORM, 'edit')).toEqual({
      tanggal: SIKAP_MESSAGES.tanggalRequired,
      dimensi_id: SIKAP_MESSAGES.dimensiRequired,
      elemen_id: SIKAP_MESSAGES.elemenRequired,
      opsi_id: SIKAP_MESSAGES.opsiRequired,
      deskripsi: SIKAP_MESSAGES.uraianRequired,
    });
  });

  it('round-trips a stored note into the form and back into a request', () => {
    const detail: SikapDetail = {
      nilai_sikap_id: ID,
      tanggal: '2026-08-03',
      anggota_rombel_id: ID,
      nama: 'Andi Pratama',
      nisn: null,
      kelas: 'X TJKT 1',
      dimensi_id: 6,
      dimensi: 'Bergotong-royong',
      elemen_id: 10,
      elemen: 'Kolaborasi',
      opsi_id: 2,
      deskripsi: 'Belum mau berbagi tugas',
      guru: 'Budi Santoso',
      updated_at: '2026-08-03T01:00:00.000Z',
      tingkat: 10,
      rombongan_belajar_id: ID,
      can_edit: true,
    };
    const form = formOfDetail(detail);
    expect(formErrors(form, 'create')).toEqual({});
    expect(toCreateInput(form)).toEqual({
      tingkat: '10',
      rombongan_belajar_id: ID,
      anggota_rombel_id: ID,
      tanggal: '2026-08-03',
      dimensi_id: '6',
      elemen_id: '10',
      opsi_id: '2',
      deskripsi: 'Belum mau berbagi tugas',
    });
  });
});

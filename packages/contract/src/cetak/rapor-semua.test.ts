import { describe, expect, it } from 'vitest';
import { namaBerkasSiswa, raporSemuaRequestSchema, safeName } from './rapor-semua';

describe('Cetak Semua file names', () => {
  it('names a ZIP entry "{No}-{NISN, else NIS}-{Nama}.pdf"', () => {
    expect(namaBerkasSiswa(7, { nisn: '0012345678', nis: '2223', nama: 'Budi Santoso' })).toBe(
      '7-0012345678-Budi Santoso.pdf',
    );
    expect(namaBerkasSiswa(12, { nisn: null, nis: '2223', nama: "Siti Nur'aini" })).toBe(
      "12-2223-Siti Nur'aini.pdf",
    );
    expect(namaBerkasSiswa(3, { nisn: ' ', nis: null, nama: 'Ani' })).toBe('3---Ani.pdf');
  });

  it('keeps names free of path separators, control characters and leading dots', () => {
    expect(safeName('X TKJ 1/2')).toBe('X TKJ 1_2');
    expect(safeName('..\\rahasia')).toBe('__rahasia');
    expect(safeName('Ani\t\nPutri')).toBe('Ani Putri');
    expect(safeName('a\u0007b')).toBe('a_b');
  });
});

describe('Cetak Semua request', () => {
  const kelas = '00000000-0000-4000-8000-000000000001';
  it('puts the documents in the order of the card whatever order they were chosen in', () => {
    const parsed = raporSemuaRequestSchema.parse({
      rombongan_belajar_id: kelas,
      dokumen: ['pelengkap', 'cover'],
      output: 'pdf',
    });
    expect(parsed.dokumen).toEqual(['cover', 'pelengkap']);
  });

  it('needs exactly one scope, and one PDF only for one class', () => {
    expect(raporSemuaRequestSchema.safeParse({ dokumen: ['cover'], output: 'zip' }).success).toBe(false);
    expect(
      raporSemuaRequestSchema.safeParse({
        rombongan_belajar_id: kelas,
        tingkat: 10,
        dokumen: ['cover'],
        output: 'zip',
      }).success,
    ).toBe(false);
    expect(
      raporSemuaRequestSchema.safeParse({ tingkat: 11, dokumen: ['cover'], output: 'zip' }).success,
    ).toBe(true);
    const pdf = raporSemuaRequestSchema.safeParse({ sekolah: true, dokumen: ['cover'], output: 'pdf' });
    expect(pdf.success).toBe(false);
    expect(pdf.error?.issues[0]?.path).toEqual(['output']);
  });
});

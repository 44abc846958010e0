import { z } from 'zod';
import { optionSchema } from '../referensi/peserta-didik';

/**
 * Penilaian Ekstrakurikuler (reference-screens §7.7, reference-domain §3.4): the pembina grades
 * the members of their extracurricular with a predikat and a description (only the description
 * is printed on the report card).
 *   GET    /api/penilaian/ekstrakurikuler                            the caller's ekskul of the semester
 *   GET    /api/penilaian/ekstrakurikuler/:id/nilai?rombongan_belajar_id   the grid (optional class filter)
 *   PUT    /api/penilaian/ekstrakurikuler/:id/nilai                  save the changed rows, one transaction
 *   DELETE /api/penilaian/ekstrakurikuler/:id/nilai?rombongan_belajar_id   reset (all, or one class)
 */

/** The scale of nilai_ekstrakurikuler.nilai. */
export const PREDIKAT_EKSKUL = [
  { nilai: 1, nama: 'Sangat Baik' },
  { nilai: 2, nama: 'Baik' },
  { nilai: 3, nama: 'Cukup' },
  { nilai: 4, nama: 'Kurang' },
] as const;
export type NilaiEkskul = (typeof PREDIKAT_EKSKUL)[number]['nilai'];

export const DESKRIPSI_EKSKUL_MAX = 500;

export function predikatEkskul(nilai: number | null | undefined): string | null {
  return PREDIKAT_EKSKUL.find((p) => p.nilai === nilai)?.nama ?? null;
}

/** The value of a predikat name as a user typed or pasted it ("baik " → 2), or null. */
export function nilaiEkskulOf(nama: string): NilaiEkskul | null {
  const key = nama.trim().toLowerCase();
  return PREDIKAT_EKSKUL.find((p) => p.nama.toLowerCase() === key)?.nilai ?? null;
}

/** The description a predikat fills in: "Melaksanakan kegiatan {nama_ekskul} dengan {predikat}". */
export function deskripsiEkskul(namaEkskul: string, nilai: number): string {
  const predikat = predikatEkskul(nilai);
  return predikat ? `Melaksanakan kegiatan ${namaEkskul} dengan ${predikat}` : '';
}

/**
 * Whether a description may be replaced when the predikat changes: empty, or still exactly the
 * automatic text of some predikat (the teacher has not written their own).
 */
export function isDeskripsiOtomatis(namaEkskul: string, deskripsi: string): boolean {
  const text = deskripsi.trim();
  return text === '' || PREDIKAT_EKSKUL.some((p) => deskripsiEkskul(namaEkskul, p.nilai) === text);
}

export const EKSKUL_NILAI_MESSAGES = {
  notFound: 'Ekstrakurikuler tidak ditemukan',
  saved: 'Nilai Ekstrakurikuler berhasil disimpan',
  deleted: 'Nilai Ekstrakurikuler berhasil dihapus',
  nothingToReset: 'Belum ada Nilai Ekstrakurikuler untuk dihapus',
  resetConfirm: (namaEkskul: string) => `Seluruh Nilai ${namaEkskul} akan dihapus!`,
  resetButton: (namaEkskul: string, kelas?: string | null) =>
    kelas ? `Reset Nilai ${namaEkskul} Kelas ${kelas}` : `Reset Nilai ${namaEkskul}`,
  predikatInvalid: 'Predikat harus salah satu dari Sangat Baik, Baik, Cukup atau Kurang!',
  predikatRequired: 'Predikat tidak boleh kosong jika Deskripsi diisi!',
  deskripsiMax: `Deskripsi maksimal ${DESKRIPSI_EKSKUL_MAX} karakter!`,
  notMember: 'Peserta didik bukan anggota ekstrakurikuler ini!',
  duplicateRow: 'Peserta didik dikirim lebih dari sekali',
  rowsRequired: 'Tidak ada nilai yang disimpan',
  rombelFilterUnknown: 'Kelas tidak ditemukan di antara anggota ekstrakurikuler ini',
  conflict:
    'Nilai ekstrakurikuler ini telah diubah oleh pengguna lain sejak Anda membukanya. Isian Anda masih di layar: muat ulang data, lalu simpan lagi.',
} as const;

// --- requests ---

const nilaiField = z
  .union([z.literal(''), z.number(), z.string()], { error: EKSKUL_NILAI_MESSAGES.predikatInvalid })
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const n = Number(v);
    if (!PREDIKAT_EKSKUL.some((p) => p.nilai === n)) {
      ctx.addIssue({ code: 'custom', message: EKSKUL_NILAI_MESSAGES.predikatInvalid });
      return z.NEVER;
    }
    return n as NilaiEkskul;
  });

const deskripsiField = z
  .string({ error: EKSKUL_NILAI_MESSAGES.deskripsiMax })
  .trim()
  .max(DESKRIPSI_EKSKUL_MAX, { error: EKSKUL_NILAI_MESSAGES.deskripsiMax })
  .nullable()
  .optional()
  .transform((v) => v || null);

/**
 * One pupil's row as edited, with what the browser loaded (`loaded`): the server refuses the whole
 * save when the stored row differs from it (someone else saved in between).
 * nilai null and an empty description: the grade is removed.
 */
export const nilaiEkskulEditSchema = z
  .object({
    anggota_rombel_id: z.uuid({ error: EKSKUL_NILAI_MESSAGES.notMember }),
    nilai: nilaiField,
    deskripsi: deskripsiField,
    loaded: z.object({
      nilai: z.number().int().nullable(),
      deskripsi: z.string().nullable(),
    }),
  })
  .superRefine((row, ctx) => {
    if (row.nilai === null && row.deskripsi !== null) {
      ctx.addIssue({ code: 'custom', path: ['nilai'], message: EKSKUL_NILAI_MESSAGES.predikatRequired });
    }
  });
export type NilaiEkskulEdit = z.infer<typeof nilaiEkskulEditSchema>;
export type NilaiEkskulEditInput = z.input<typeof nilaiEkskulEditSchema>;

export const nilaiEkskulSaveSchema = z.object({
  rows: z
    .array(nilaiEkskulEditSchema)
    .min(1, { error: EKSKUL_NILAI_MESSAGES.rowsRequired })
    .max(2000, { error: 'Terlalu banyak baris nilai' }),
});
export type NilaiEkskulSave = z.infer<typeof nilaiEkskulSaveSchema>;

/** A row sent twice: `{ 'rows.i.anggota_rombel_id': message }`. */
export function checkNilaiEkskulRows(
  rows: readonly Pick<NilaiEkskulEdit, 'anggota_rombel_id'>[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    if (seen.has(row.anggota_rombel_id)) {
      errors[`rows.${i}.anggota_rombel_id`] = EKSKUL_NILAI_MESSAGES.duplicateRow;
    }
    seen.add(row.anggota_rombel_id);
  });
  return errors;
}

export const nilaiEkskulFilterSchema = z.object({
  rombongan_belajar_id: z
    .union([z.literal(''), z.uuid({ error: EKSKUL_NILAI_MESSAGES.rombelFilterUnknown })])
    .optional()
    .transform((v) => v || undefined),
});
export type NilaiEkskulFilter = z.infer<typeof nilaiEkskulFilterSchema>;

// --- responses ---

export const ekskulPembinaSchema = z.object({
  ekstrakurikuler_id: z.string(),
  nama_ekskul: z.string(),
  rombongan_belajar_id: z.string().nullable(),
  jumlah_anggota: z.number().int(),
  jumlah_dinilai: z.number().int(),
});
export type EkskulPembina = z.infer<typeof ekskulPembinaSchema>;

export const ekskulPembinaResponseSchema = z.object({
  data: z.array(ekskulPembinaSchema),
  predikat: z.array(z.object({ nilai: z.number().int(), nama: z.string() })),
});
export type EkskulPembinaResponse = z.infer<typeof ekskulPembinaResponseSchema>;

export const nilaiEkskulRowSchema = z.object({
  anggota_rombel_id: z.string(),
  nama: z.string(),
  nisn: z.string().nullable(),
  /** The pupil's regular class of the semester. */
  kelas: z.string().nullable(),
  nilai: z.number().int().nullable(),
  deskripsi: z.string().nullable(),
});
export type NilaiEkskulRow = z.infer<typeof nilaiEkskulRowSchema>;

export const nilaiEkskulResponseSchema = z.object({
  ekskul: ekskulPembinaSchema.pick({
    ekstrakurikuler_id: true,
    nama_ekskul: true,
    rombongan_belajar_id: true,
  }),
  /** Filter choices: the regular classes the members come from. */
  kelas: z.array(optionSchema),
  /** Why grades cannot be written now (the gate's message), or null. */
  penilaian_tertutup: z.string().nullable(),
  data: z.array(nilaiEkskulRowSchema),
});
export type NilaiEkskulResponse = z.infer<typeof nilaiEkskulResponseSchema>;

export const nilaiEkskulSavedSchema = z.object({
  message: z.string(),
  data: z.array(nilaiEkskulRowSchema),
});
export type NilaiEkskulSaved = z.infer<typeof nilaiEkskulSavedSchema>;

export const nilaiEkskulDeletedSchema = z.object({ message: z.string(), deleted: z.number().int() });

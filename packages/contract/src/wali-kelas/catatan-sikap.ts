import { z } from 'zod';
import { optionSchema } from '../referensi/peserta-didik';
import { namedPupils } from '../whole-number';
import { waliRombelSchema } from './catatan';

/**
 * Catatan Sikap of the wali kelas (issue #11 item 2; docs/decisions/028-wali-kelas-catatan.md):
 * per pupil the teachers' attitude notes of the semester (`nilai_sikap`), read-only, for every class
 * (e-Rapor 7 closes the page for Merdeka classes; teachers keep writing the notes, so we show them).
 * A K13 class adds "Catatan Sikap Wali Kelas": one text per pupil and P5 dimension
 * (`catatan_budaya_kerja`, budaya_kerja_id = ref_p5_dimensi.no), printed as "A. Sikap".
 *   GET /api/wali-kelas/catatan-sikap?rombongan_belajar_id   notes (+ the wali's texts for K13)
 *   PUT /api/wali-kelas/catatan-sikap                        the wali's texts (K13 classes only)
 */

export const OPSI_SIKAP_LABEL: Record<number, string> = { 1: 'Positif', 2: 'Negatif' };

export const CATATAN_SIKAP_MESSAGES = {
  saved: 'Catatan Sikap berhasil disimpan',
  noNotes: 'Tidak ada catatan sikap dari guru',
  notK13:
    'Catatan Sikap Wali Kelas hanya diisi untuk kelas Kurikulum 2013. Kelas ini memakai Kurikulum Merdeka.',
  unknownDimensi: 'Dimensi sikap tidak dikenal.',
  duplicateRow: 'Dimensi ini dikirim lebih dari sekali untuk peserta didik yang sama.',
  conflict: (names: readonly string[]) =>
    `Catatan Sikap Wali Kelas ${namedPupils(names)} ` +
    'telah diubah oleh pengguna lain sejak Anda membukanya. Tidak ada yang disimpan; isian Anda masih di ' +
    'layar. Muat ulang data untuk melihat isian terbaru, lalu simpan lagi.',
} as const;

export const catatanGuruSchema = z.object({
  guru: z.string().nullable(),
  dimensi: z.string().nullable(),
  elemen: z.string().nullable(),
  deskripsi: z.string(),
  /** 'Positif' or 'Negatif'. */
  opsi: z.string(),
  tanggal: z.string(),
});
export type CatatanGuru = z.infer<typeof catatanGuruSchema>;

export const catatanSikapRowSchema = z.object({
  anggota_rombel_id: z.string(),
  nama: z.string(),
  nisn: z.string().nullable(),
  /** The teachers' notes, oldest first; empty: "Tidak ada catatan sikap dari guru". */
  catatan_guru: z.array(catatanGuruSchema),
  /** K13 only: the wali's text per dimension (key: dimensi_id as text); '' when none. */
  catatan_wali: z.record(z.string(), z.string()),
});
export type CatatanSikapRow = z.infer<typeof catatanSikapRowSchema>;

export const catatanSikapResponseSchema = z.object({
  rombel: waliRombelSchema,
  kelas: z.array(optionSchema),
  /** A K13 class (its curriculum's name lacks "Merdeka"): the wali writes a text per dimension. */
  k13: z.boolean(),
  /** The dimensions of the wali's texts (K13; empty for Merdeka). */
  dimensi: z.array(z.object({ dimensi_id: z.number().int(), nama: z.string() })),
  penilaian_tertutup: z.string().nullable(),
  data: z.array(catatanSikapRowSchema),
});
export type CatatanSikapResponse = z.infer<typeof catatanSikapResponseSchema>;

export const catatanSikapEditSchema = z.object({
  anggota_rombel_id: z.uuid({ error: 'Peserta didik ini bukan anggota kelas ini.' }),
  dimensi_id: z.number().int().min(1).max(100),
  catatan: z.union([z.string().max(20_000), z.null()], { error: 'Catatan harus berupa teks.' }),
  sebelumnya: z.string().max(20_000),
});
export type CatatanSikapEdit = z.infer<typeof catatanSikapEditSchema>;

export const catatanSikapSaveSchema = z.object({
  rombongan_belajar_id: z.uuid({ error: 'Rombongan belajar tidak ditemukan.' }),
  rows: z
    .array(catatanSikapEditSchema)
    .min(1, { error: 'Tidak ada catatan yang diubah untuk disimpan.' })
    .max(5000, { error: 'Terlalu banyak baris catatan' }),
});
export type CatatanSikapSave = z.infer<typeof catatanSikapSaveSchema>;

export const catatanSikapSavedSchema = z.object({
  message: z.string(),
  saved: z.number().int(),
  data: z.array(catatanSikapRowSchema),
});
export type CatatanSikapSaved = z.infer<typeof catatanSikapSavedSchema>;

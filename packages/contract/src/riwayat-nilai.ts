import { z } from 'zod';
import { listQuerySchema, listResponseSchema } from './list';

/**
 * Riwayat Perubahan Nilai (/riwayat-nilai; issue #16 item 5; docs/decisions/045-riwayat-nilai.md):
 * one entry per changed grade cell — who, when, which pupil and subject, old and new value, how.
 *   GET /api/riwayat-nilai        the table (filters, search, sort, page; newest first)
 *   GET /api/riwayat-nilai/opsi   the filters' options (the caller's scope)
 *   GET /api/riwayat-nilai/excel  the filtered table as .xlsx
 * Administrator and Waka: the whole school; a teacher: their own subjects; the homeroom teacher:
 * the pupils of their class; everyone else 403. There is no route that changes or deletes an entry.
 */

export const RIWAYAT_NILAI_ROLES = ['admin', 'waka', 'guru', 'wali', 'pilihan'] as const;

export const RIWAYAT_NILAI_MESSAGES = {
  title: 'Riwayat Perubahan Nilai',
  excelTitle: 'Riwayat Perubahan Nilai',
  forbiddenPembelajaran: 'Anda hanya dapat melihat riwayat nilai mata pelajaran yang Anda ajar',
  forbiddenRombel: 'Anda hanya dapat melihat riwayat nilai kelas Anda',
  tanggalInvalid: 'Tanggal harus berformat TTTT-BB-HH',
  rentangInvalid: 'Tanggal akhir tidak boleh sebelum tanggal awal',
  idInvalid: 'Pilihan tidak valid',
} as const;

/** How a change came in. */
export const SUMBER_LABEL: Record<string, string> = {
  layar: 'Layar',
  excel: 'Unggah Excel',
  salin: 'Salin',
  sinkronisasi: 'Sinkronisasi',
  restore: 'Pemulihan',
};

/** Which grade: every kind the grids, the recomputations and a restore record. */
export const JENIS_RIWAYAT_LABEL = {
  nilai_tp: 'Sumatif Lingkup Materi',
  sumatif: 'Sumatif Akhir Semester',
  nilai_akhir: 'Nilai Akhir',
  ketercapaian: 'Ketercapaian TP',
  capaian: 'Capaian Kompetensi',
  sikap: 'Sikap',
  ekskul: 'Ekstrakurikuler',
  p5: 'Projek P5',
  p5_catatan: 'Catatan Projek P5',
  ukk: 'UKK',
  pkl: 'Nilai PKL',
  pkl_catatan: 'Catatan PKL',
  absensi: 'Ketidakhadiran',
  absensi_pkl: 'Ketidakhadiran PKL',
  catatan_wali: 'Catatan Wali Kelas',
  catatan_sikap: 'Catatan Budaya Kerja',
  kenaikan: 'Kenaikan Kelas',
} as const satisfies Record<string, string>;

export type JenisRiwayat = keyof typeof JENIS_RIWAYAT_LABEL;

/** A stored kind's label; a kind this version does not know (an older archive's) shows as stored. */
export const jenisRiwayatLabel = (jenis: string): string =>
  (JENIS_RIWAYAT_LABEL as Record<string, string>)[jenis] ?? jenis;

export const RIWAYAT_NILAI_SORT = [
  'waktu',
  'rombel',
  'mata_pelajaran',
  'peserta_didik',
  'pengguna',
  'jenis',
] as const;

const optionalId = z.uuid({ error: RIWAYAT_NILAI_MESSAGES.idInvalid }).optional();
const tanggal = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: RIWAYAT_NILAI_MESSAGES.tanggalInvalid })
  .optional();

const filterShape = {
  rombongan_belajar_id: optionalId,
  pembelajaran_id: optionalId,
  peserta_didik_id: optionalId,
  /** One cell of a grid (the grid's history button): the membership and the cell's key. */
  anggota_rombel_id: optionalId,
  kunci: z.string().max(100).optional(),
  /** Who made the change (a user id). */
  user_id: optionalId,
  dari: tanggal,
  sampai: tanggal,
};
const rangeOk = (f: { dari?: string | undefined; sampai?: string | undefined }) =>
  !f.dari || !f.sampai || f.dari <= f.sampai;

export const riwayatNilaiFilterSchema = z
  .object(filterShape)
  .refine(rangeOk, { error: RIWAYAT_NILAI_MESSAGES.rentangInvalid, path: ['sampai'] });
export type RiwayatNilaiFilter = z.infer<typeof riwayatNilaiFilterSchema>;

export const riwayatNilaiQuerySchema = z
  .object({
    ...listQuerySchema.shape,
    sort_by: z.enum(RIWAYAT_NILAI_SORT, { error: 'Kolom urutan tidak dikenal' }).default('waktu'),
    sort_dir: z.enum(['asc', 'desc']).default('desc'),
    ...filterShape,
  })
  .refine(rangeOk, { error: RIWAYAT_NILAI_MESSAGES.rentangInvalid, path: ['sampai'] });
export type RiwayatNilaiQuery = z.infer<typeof riwayatNilaiQuerySchema>;
export type RiwayatNilaiQueryInput = z.input<typeof riwayatNilaiQuerySchema>;

export const riwayatNilaiRowSchema = z.object({
  riwayat_nilai_id: z.number().int(),
  waktu: z.string(),
  user_id: z.string().nullable(),
  pengguna: z.string(),
  peran: z.string(),
  rombel: z.string().nullable(),
  mata_pelajaran: z.string().nullable(),
  peserta_didik: z.string().nullable(),
  nisn: z.string().nullable(),
  jenis: z.string(),
  /** The cell: a TP's description, 'tes'/'non-tes', 'sakit'… ('' when the kind has one cell). */
  kunci: z.string(),
  nilai_lama: z.string().nullable(),
  nilai_baru: z.string().nullable(),
  sumber: z.string(),
});
export type RiwayatNilaiRow = z.infer<typeof riwayatNilaiRowSchema>;

export const riwayatNilaiListSchema = listResponseSchema(riwayatNilaiRowSchema);
export type RiwayatNilaiList = z.infer<typeof riwayatNilaiListSchema>;

const opsi = z.object({ value: z.string(), label: z.string() });
export const riwayatNilaiOpsiQuerySchema = z.object({ rombongan_belajar_id: optionalId });
export const riwayatNilaiOpsiSchema = z.object({
  rombel: z.array(opsi),
  /** Subjects (of the chosen class, when one is). */
  pembelajaran: z.array(opsi.extend({ rombongan_belajar_id: z.string() })),
  /** Pupils of the chosen class (empty without one). */
  peserta_didik: z.array(opsi),
  /** Users who made a change in the caller's scope. */
  pengguna: z.array(opsi),
});
export type RiwayatNilaiOpsi = z.infer<typeof riwayatNilaiOpsiSchema>;

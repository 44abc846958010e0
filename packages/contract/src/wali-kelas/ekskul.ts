import { z } from 'zod';
import { pklPesertaSchema } from '../pkl/wali';
import { optionSchema } from '../referensi/peserta-didik';
import { waliRombelSchema } from './catatan';

/**
 * Read-only homeroom views (issue #11 items 4 and 6; docs/decisions/028-wali-kelas-catatan.md).
 *   GET /api/wali-kelas/nilai-ekstrakurikuler?rombongan_belajar_id   the class's pupils' ekskul grades
 *   GET /api/wali-kelas/praktik-kerja-lapangan?rombongan_belajar_id  the class's PKL per pupil
 *
 * Nilai Ekstrakurikuler: Nama Peserta Didik | Nama Eskul | Pembina | Predikat | Deskripsi, one row
 * per pupil and ekskul they belong to (their membership of the ekskul's jenis-51 rombel in the
 * semester); a member the pembina has not graded yet has no predikat (`dinilai` false: "Belum
 * dinilai"); a pupil in no ekskul has one row without ekskul.
 */

export const ekskulWaliRowSchema = z.object({
  anggota_rombel_id: z.string(),
  nama: z.string(),
  nisn: z.string().nullable(),
  /** null: the pupil is in no ekskul this semester. */
  nama_ekskul: z.string().nullable(),
  pembina: z.string().nullable(),
  /** Sangat Baik, Baik, Cukup or Kurang (the ekskul scale); null when not graded. */
  predikat: z.string().nullable(),
  deskripsi: z.string().nullable(),
  dinilai: z.boolean(),
});
export type EkskulWaliRow = z.infer<typeof ekskulWaliRowSchema>;

export const ekskulWaliResponseSchema = z.object({
  rombel: waliRombelSchema,
  kelas: z.array(optionSchema),
  data: z.array(ekskulWaliRowSchema),
});
export type EkskulWaliResponse = z.infer<typeof ekskulWaliResponseSchema>;

export const pklWaliResponseSchema = z.object({
  rombel: waliRombelSchema,
  kelas: z.array(optionSchema),
  /** Per pupil their placements and PKL nilai akhir (pkl/wali.ts); null when the class has no PKL plan. */
  data: z.array(pklPesertaSchema).nullable(),
});
export type PklWaliResponse = z.infer<typeof pklWaliResponseSchema>;

import { z } from 'zod';

/**
 * /referensi/ekstrakurikuler (reference-screens §6.5): the school's extracurriculars of the
 * semester with their pembina and member count. Members are the anggota of the ekskul's
 * rombel (jenis 51) and are read with GET /api/referensi/rombongan-belajar/:id/anggota.
 *   GET /api/referensi/ekstrakurikuler + list query (search by name, pembina, prasarana)
 */
export const EKSKUL_SORT_COLUMNS = ['nama_ekskul', 'pembina', 'alamat_ekskul', 'jumlah_anggota'] as const;

export const ekskulRowSchema = z.object({
  ekstrakurikuler_id: z.string(),
  nama_ekskul: z.string(),
  pembina: z.string().nullable(),
  /** "Prasarana": where it meets. */
  alamat_ekskul: z.string().nullable(),
  rombongan_belajar_id: z.string().nullable(),
  jumlah_anggota: z.number().int(),
});
export type EkskulRow = z.infer<typeof ekskulRowSchema>;

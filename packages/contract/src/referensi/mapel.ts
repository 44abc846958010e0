import { z } from 'zod';

/**
 * /referensi/mata-pelajaran (reference-screens §6.4): the subjects the school teaches this
 * semester — its pembelajaran grouped by mata_pelajaran, joined with the national reference.
 *   GET /api/referensi/mata-pelajaran + list query (search by ID or name)
 */
export const MAPEL_SORT_COLUMNS = ['mata_pelajaran_id', 'nama', 'jumlah_rombel'] as const;

export const mapelRowSchema = z.object({
  mata_pelajaran_id: z.number().int(),
  /** The national reference name (or the Dapodik name when the reference is not imported). */
  nama: z.string(),
  /** Number of classes that have this subject in the semester. */
  jumlah_rombel: z.number().int(),
});
export type MapelRow = z.infer<typeof mapelRowSchema>;

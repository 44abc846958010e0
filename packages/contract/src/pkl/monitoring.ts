import { z } from 'zod';
import { listQuerySchema, listResponseSchema } from '../list';
import { TINGKAT } from '../referensi/peserta-didik';

/**
 * Monitoring › Nilai PKL (issue #12 item 6; reference-screens §12 "Nilai PKL"; docs/decisions/034-pkl.md):
 * the Waka's read API of the school's PKL plans — Kelas | DUDI | PKS | Tanggal Mulai | Tanggal
 * Selesai | JML Peserta | Aksi — and of one plan's scores, NO | Nama Peserta Didik | NISN | Catatan |
 * Tujuan Pembelajaran | Nilai | Deskripsi. The screen (/progress/nilai-pkl) is the monitoring work's.
 */

const optionalId = (message: string) =>
  z
    .union([z.literal(''), z.uuid({ error: message })], { error: message })
    .optional()
    .transform((v) => v || undefined);

export const MONITORING_PKL_MESSAGES = {
  tingkat: 'Tingkat kelas harus 10, 11, 12 atau 13',
  rombel: 'Rombongan belajar tidak valid',
  dudi: 'DUDI tidak valid',
  pembimbing: 'Guru pembimbing tidak valid',
} as const;

/** The list's filters: Tingkat, Rombel, DUDI, Pembimbing (each optional), besides search/sort/page. */
export const monitoringPklQuerySchema = listQuerySchema.extend({
  tingkat: z
    .union([z.literal(''), z.coerce.number().int()])
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || (TINGKAT as readonly number[]).includes(v), {
      error: MONITORING_PKL_MESSAGES.tingkat,
    }),
  rombongan_belajar_id: optionalId(MONITORING_PKL_MESSAGES.rombel),
  dudi_id: optionalId(MONITORING_PKL_MESSAGES.dudi),
  guru_id: optionalId(MONITORING_PKL_MESSAGES.pembimbing),
});
export type MonitoringPklQuery = z.infer<typeof monitoringPklQuerySchema>;

export const MONITORING_PKL_SORT = [
  'kelas',
  'nama_dudi',
  'judul_akt_pd',
  'tanggal_mulai',
  'tanggal_selesai',
  'nama_pembimbing',
  'jml_peserta',
  'jml_dinilai',
] as const;

export const monitoringPklRowSchema = z.object({
  pkl_id: z.string(),
  rombongan_belajar_id: z.string(),
  kelas: z.string(),
  tingkat: z.number().int(),
  dudi_id: z.string(),
  nama_dudi: z.string(),
  akt_pd_id: z.string(),
  judul_akt_pd: z.string(),
  tanggal_mulai: z.string(),
  tanggal_selesai: z.string(),
  guru_id: z.string(),
  nama_pembimbing: z.string(),
  /** Participants (pd_pkl). */
  jml_peserta: z.number().int(),
  /** The plan's TPs (tp_pkl). */
  jml_tp: z.number().int(),
  /** Participants with at least one score. */
  jml_dinilai: z.number().int(),
  /** Scores stored (nilai_pkl rows). */
  jml_nilai: z.number().int(),
});
export type MonitoringPklRow = z.infer<typeof monitoringPklRowSchema>;

export const monitoringPklListSchema = listResponseSchema(monitoringPklRowSchema);
export type MonitoringPklList = z.infer<typeof monitoringPklListSchema>;

/** One plan's detail: its header, its TPs in order, per participant the catatan and a cell per TP. */
export const monitoringPklDetailSchema = z.object({
  rencana: monitoringPklRowSchema.extend({ instruktur: z.string(), nip: z.string().nullable() }),
  tp: z.array(z.object({ tp_id: z.string(), deskripsi: z.string() })),
  peserta: z.array(
    z.object({
      peserta_didik_id: z.string(),
      nama: z.string(),
      nisn: z.string().nullable(),
      catatan: z.string().nullable(),
      /** One cell per TP of `tp`, in that order; nilai null where not scored. */
      nilai: z.array(
        z.object({ tp_id: z.string(), nilai: z.number().int().nullable(), deskripsi: z.string().nullable() }),
      ),
    }),
  ),
});
export type MonitoringPklDetail = z.infer<typeof monitoringPklDetailSchema>;

import { z } from 'zod';
import { listQuerySchema, listResponseSchema } from '../list';
import { PROGRESS_STATUSES } from '../monitoring/counting';
import {
  monitoringBarSchema,
  monitoringFilterSchema,
  monitoringOptionSchema,
  monitoringSummarySchema,
} from '../monitoring/filters';
import { TINGKAT } from '../referensi/peserta-didik';

/**
 * Monitoring › Nilai PKL (issue #12 item 6; reference-screens §12 "Nilai PKL"; docs/decisions/034-pkl.md):
 * the Waka's read API of the school's PKL plans — Kelas | DUDI | PKS | Tanggal Mulai | Tanggal
 * Selesai | JML Peserta | Aksi — and of one plan's scores, NO | Nama Peserta Didik | NISN | Catatan |
 * Tujuan Pembelajaran | Nilai | Deskripsi. The screen (/progress/nilai-pkl) is the monitoring work's
 * (issue #14 item 7; docs/decisions/036-monitoring.md), which adds the shared pieces: Status filter,
 * % and Status per plan (lowest % first), /ringkasan (summary strip, a bar per class), /opsi and
 * /excel. Counting (the shared rules): JML Peserta = the plan's participants who have not left
 * (pd_keluar); Dinilai = those with a score for every TP of the plan (a plan without TPs has none).
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
  status: monitoringFilterSchema.shape.status,
});
export type MonitoringPklQuery = z.infer<typeof monitoringPklQuerySchema>;

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
  /** Participants (pd_pkl) who have not left. */
  jml_peserta: z.number().int(),
  /** The plan's TPs (tp_pkl). */
  jml_tp: z.number().int(),
  /** Participants (counted in jml_peserta) with a score for every TP of the plan. */
  jml_dinilai: z.number().int(),
  /** Scores stored (nilai_pkl rows). */
  jml_nilai: z.number().int(),
  /** jml_dinilai / jml_peserta, one decimal; null = "-". */
  percent: z.number().nullable(),
  status: z.enum(PROGRESS_STATUSES).nullable(),
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
      /** Counted in JML Peserta: the participant has not left (pd_keluar). */
      diharapkan: z.boolean(),
      /** Counted as Dinilai: counted, and a score for every TP of the plan. */
      dinilai: z.boolean(),
      /** One cell per TP of `tp`, in that order; nilai null where not scored. */
      nilai: z.array(
        z.object({ tp_id: z.string(), nilai: z.number().int().nullable(), deskripsi: z.string().nullable() }),
      ),
    }),
  ),
});
export type MonitoringPklDetail = z.infer<typeof monitoringPklDetailSchema>;

export const PKL_MONITORING_TEXT = {
  title: (periode: string) => `Progres Penilaian PKL Tahun Pelajaran ${periode}`,
  excelTitle: 'Progres Penilaian Nilai PKL',
} as const;

export const monitoringPklRingkasanSchema = z.object({
  title: z.string(),
  summary: monitoringSummarySchema,
  /** One bar per class (id = rombongan_belajar_id), lowest % first, nothing expected last. */
  kelas: z.array(monitoringBarSchema),
});
export type MonitoringPklRingkasan = z.infer<typeof monitoringPklRingkasanSchema>;

export const monitoringPklOpsiSchema = z.object({
  rombel: z.array(monitoringOptionSchema.extend({ tingkat: z.number().int() })),
  /** The plans' pembimbing. */
  guru: z.array(monitoringOptionSchema),
});
export type MonitoringPklOpsi = z.infer<typeof monitoringPklOpsiSchema>;

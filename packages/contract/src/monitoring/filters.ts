import { z } from 'zod';
import { listQuerySchema } from '../list';
import { TINGKAT } from '../referensi/peserta-didik';
import { PROGRESS_STATUSES } from './counting';

/**
 * The filters every /progress/* monitoring screen shares (issue #14 item 1): Tingkat,
 * Program/Konsentrasi Keahlian (jurusan_sp), Rombongan Belajar, Guru (Pembina, Pembimbing) and
 * Status, besides search/sort/page. Empty strings from the URL mean "all".
 */

export const MONITORING_FILTER_MESSAGES = {
  tingkat: 'Tingkat kelas harus 10, 11, 12 atau 13',
  jurusan: 'Program/Konsentrasi Keahlian tidak valid',
  rombel: 'Rombongan belajar tidak valid',
  guru: 'Guru tidak valid',
  status: 'Status harus Belum dinilai, Sebagian atau Lengkap',
} as const;

const optionalId = (message: string) =>
  z
    .union([z.literal(''), z.uuid({ error: message })], { error: message })
    .optional()
    .transform((v) => v || undefined);

export const monitoringFilterSchema = z.object({
  tingkat: z
    .union([z.literal(''), z.coerce.number({ error: MONITORING_FILTER_MESSAGES.tingkat }).int()], {
      error: MONITORING_FILTER_MESSAGES.tingkat,
    })
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || (TINGKAT as readonly number[]).includes(v), {
      error: MONITORING_FILTER_MESSAGES.tingkat,
    }),
  jurusan_sp_id: optionalId(MONITORING_FILTER_MESSAGES.jurusan),
  rombongan_belajar_id: optionalId(MONITORING_FILTER_MESSAGES.rombel),
  guru_id: optionalId(MONITORING_FILTER_MESSAGES.guru),
  status: z
    .union([z.literal(''), z.enum(PROGRESS_STATUSES, { error: MONITORING_FILTER_MESSAGES.status })], {
      error: MONITORING_FILTER_MESSAGES.status,
    })
    .optional()
    .transform((v) => v || undefined),
});
export type MonitoringFilter = z.infer<typeof monitoringFilterSchema>;

/** Filters plus search/sort/page: the table's query. */
export const monitoringListQuerySchema = listQuerySchema.extend(monitoringFilterSchema.shape);
export type MonitoringListQuery = z.infer<typeof monitoringListQuerySchema>;

/** The summary strip: % done, items complete / total, items not started. */
export const monitoringSummarySchema = z.object({
  expected: z.number().int(),
  dinilai: z.number().int(),
  /** dinilai / expected, one decimal; null = "-". */
  percent: z.number().nullable(),
  items_total: z.number().int(),
  items_lengkap: z.number().int(),
  items_belum: z.number().int(),
});
export type MonitoringSummary = z.infer<typeof monitoringSummarySchema>;

/** A bar of the chart: a group (class, ...) with its counts. */
export const monitoringBarSchema = z.object({
  id: z.string(),
  label: z.string(),
  expected: z.number().int(),
  dinilai: z.number().int(),
  percent: z.number().nullable(),
});
export type MonitoringBar = z.infer<typeof monitoringBarSchema>;

/** Option lists of the filters (only what the school has this semester). */
export const monitoringOptionSchema = z.object({ value: z.string(), label: z.string() });

/** The class filters' options (Tingkat → Program → Rombel narrowing) and the teacher filter's. */
export const monitoringKelasOpsiSchema = z.object({
  jurusan: z.array(monitoringOptionSchema),
  rombel: z.array(
    monitoringOptionSchema.extend({ tingkat: z.number().int(), jurusan_sp_id: z.string().nullable() }),
  ),
  guru: z.array(monitoringOptionSchema),
});
export type MonitoringKelasOpsi = z.infer<typeof monitoringKelasOpsiSchema>;

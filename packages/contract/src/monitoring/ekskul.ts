import { z } from 'zod';
import { listQuerySchema, listResponseSchema } from '../list';
import { PROGRESS_STATUSES } from './counting';
import {
  monitoringBarSchema,
  monitoringFilterSchema,
  monitoringOptionSchema,
  monitoringSummarySchema,
} from './filters';

/**
 * Monitoring › Nilai Ekstrakurikuler (/progress/nilai-ekskul; issue #14 item 5; reference-screens
 * §12; docs/decisions/036-monitoring.md). Resource Waka, the login's semester; one row per
 * ekstrakurikuler of the semester.
 *   GET /api/progress/nilai-ekskul            the table (Guru = Pembina, Status, search; lowest % first)
 *   GET /api/progress/nilai-ekskul/ringkasan  summary strip and a bar per ekskul
 *   GET /api/progress/nilai-ekskul/opsi       the Pembina filter's options
 *   GET /api/progress/nilai-ekskul/excel      the filtered table as .xlsx
 *   GET /api/progress/nilai-ekskul/:id        Detil: the members with Kelas, Predikat, Deskripsi
 *
 * Counting (the shared rules): expected = live members of the ekskul's jenis-51 rombel (a pupil
 * whose membership was removed or who is registered in pd_keluar is not counted); dinilai = an
 * expected member with a nilai_ekstrakurikuler row of the ekskul.
 */

export const EKSKUL_MONITORING_MESSAGES = {
  title: (periode: string) => `Progres Penilaian Ekstrakurikuler Tahun Pelajaran ${periode}`,
  excelTitle: 'Progres Penilaian Nilai Ekstrakurikuler',
  notFound: 'Ekstrakurikuler tidak ditemukan di sekolah dan semester ini',
} as const;

/** Filters of this screen: Guru (the Pembina) and Status, besides search/sort/page. */
export const monitoringEkskulFilterSchema = monitoringFilterSchema.pick({ guru_id: true, status: true });
export const monitoringEkskulQuerySchema = listQuerySchema.extend(monitoringEkskulFilterSchema.shape);
export type MonitoringEkskulQuery = z.infer<typeof monitoringEkskulQuerySchema>;

export const MONITORING_EKSKUL_SORT = ['percent', 'nama_ekskul', 'guru', 'expected', 'dinilai'] as const;

export const monitoringEkskulRowSchema = z.object({
  ekstrakurikuler_id: z.string(),
  nama_ekskul: z.string(),
  /** Guru Pembina: ekstrakurikuler.guru_id, else the guru of its rombel. */
  guru_id: z.string().nullable(),
  guru: z.string().nullable(),
  /** Jumlah Anggota: live members. */
  expected: z.number().int(),
  /** Jml Anggota Dinilai. */
  dinilai: z.number().int(),
  percent: z.number().nullable(),
  status: z.enum(PROGRESS_STATUSES).nullable(),
});
export type MonitoringEkskulRow = z.infer<typeof monitoringEkskulRowSchema>;

export const monitoringEkskulListSchema = listResponseSchema(monitoringEkskulRowSchema);
export type MonitoringEkskulList = z.infer<typeof monitoringEkskulListSchema>;

export const monitoringEkskulRingkasanSchema = z.object({
  title: z.string(),
  summary: monitoringSummarySchema,
  /** One bar per ekskul (id = ekstrakurikuler_id), lowest % first, nothing expected last. */
  ekskul: z.array(monitoringBarSchema),
});
export type MonitoringEkskulRingkasan = z.infer<typeof monitoringEkskulRingkasanSchema>;

export const monitoringEkskulOpsiSchema = z.object({ guru: z.array(monitoringOptionSchema) });
export type MonitoringEkskulOpsi = z.infer<typeof monitoringEkskulOpsiSchema>;

export const monitoringEkskulDetailSchema = z.object({
  ekskul: z.object({ nama: z.string(), guru: z.string().nullable() }),
  /** Live members, by class and name; `dinilai` false = marked "Belum dinilai". */
  data: z.array(
    z.object({
      anggota_rombel_id: z.string(),
      nama: z.string(),
      nisn: z.string().nullable(),
      kelas: z.string().nullable(),
      predikat: z.string().nullable(),
      deskripsi: z.string().nullable(),
      dinilai: z.boolean(),
    }),
  ),
});
export type MonitoringEkskulDetail = z.infer<typeof monitoringEkskulDetailSchema>;

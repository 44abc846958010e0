import { z } from 'zod';
import { listQuerySchema, listResponseSchema } from '../list';
import { rencanaDetailSchema } from '../ukk/rencana';
import { UKK_KOMPETEN_FROM } from '../ukk/rules';
import { PROGRESS_STATUSES, type Progress } from './counting';
import { monitoringFilterSchema, monitoringKelasOpsiSchema, monitoringSummarySchema } from './filters';

/**
 * Monitoring › Nilai UKK (/progress/nilai-ukk; issue #14 item 6; reference-screens §12, §9.1;
 * docs/decisions/036-monitoring.md). Resource Waka, the login's semester; one row per Rencana UKK.
 *   GET /api/progress/nilai-ukk            the table (Tingkat, Program, Rombel, Guru = Penguji Internal, Status, search)
 *   GET /api/progress/nilai-ukk/ringkasan  summary strip and a stacked bar per programme
 *   GET /api/progress/nilai-ukk/opsi       the filters' options
 *   GET /api/progress/nilai-ukk/excel      the filtered table as .xlsx
 *   GET /api/progress/nilai-ukk/:rencana_ukk_id  "Detil Rencana Penilaian UKK" (the Kaprog's detail)
 *
 * Counting: expected (Jumlah PD) = the plan's pupils whose membership is live and who have not
 * left; dinilai = those with a score; Kompeten = a score ≥ 70 (both predicate schemes agree on the
 * line, decision 038), Belum Kompeten = a score below it.
 */

export const UKK_MONITORING_MESSAGES = {
  title: (periode: string) => `Progres Penilaian UKK Tahun Pelajaran ${periode}`,
  excelTitle: 'Progres Penilaian Nilai UKK',
} as const;

export interface UkkProgress extends Progress {
  kompeten: number;
  belum_kompeten: number;
}

/** The counts of a plan from its counted pupils' scores (null = not scored yet). */
export function countUkk(scores: readonly (number | null)[]): UkkProgress {
  const scored = scores.filter((s): s is number => s !== null);
  const kompeten = scored.filter((s) => s >= UKK_KOMPETEN_FROM).length;
  return {
    expected: scores.length,
    dinilai: scored.length,
    kompeten,
    belum_kompeten: scored.length - kompeten,
  };
}

export const monitoringUkkQuerySchema = listQuerySchema.extend(monitoringFilterSchema.shape);
export type MonitoringUkkQuery = z.infer<typeof monitoringUkkQuerySchema>;

export const MONITORING_UKK_SORT = [
  'percent',
  'program',
  'rombel',
  'nomor_paket',
  'nama_paket',
  'guru',
  'expected',
  'dinilai',
  'kompeten',
  'belum_kompeten',
] as const;

const ukkCounts = {
  expected: z.number().int(),
  dinilai: z.number().int(),
  kompeten: z.number().int(),
  belum_kompeten: z.number().int(),
};

export const monitoringUkkRowSchema = z.object({
  rencana_ukk_id: z.string(),
  /** Program/Kompetensi Keahlian: the class's programme (jurusan_sp). */
  jurusan_sp_id: z.string().nullable(),
  program: z.string().nullable(),
  rombongan_belajar_id: z.string(),
  rombel: z.string(),
  nomor_paket: z.string(),
  nama_paket: z.string(),
  /** Penguji Internal. */
  guru_id: z.string(),
  guru: z.string().nullable(),
  ...ukkCounts,
  percent: z.number().nullable(),
  status: z.enum(PROGRESS_STATUSES).nullable(),
});
export type MonitoringUkkRow = z.infer<typeof monitoringUkkRowSchema>;

export const monitoringUkkListSchema = listResponseSchema(monitoringUkkRowSchema);
export type MonitoringUkkList = z.infer<typeof monitoringUkkListSchema>;

export const monitoringUkkRingkasanSchema = z.object({
  title: z.string(),
  summary: monitoringSummarySchema.extend({ kompeten: z.number().int(), belum_kompeten: z.number().int() }),
  /** One stacked bar per programme (id = jurusan_sp_id, '' when none), lowest % first. */
  program: z.array(
    z.object({ id: z.string(), label: z.string(), ...ukkCounts, percent: z.number().nullable() }),
  ),
});
export type MonitoringUkkRingkasan = z.infer<typeof monitoringUkkRingkasanSchema>;

export const monitoringUkkOpsiSchema = monitoringKelasOpsiSchema;
export type MonitoringUkkOpsi = z.infer<typeof monitoringUkkOpsiSchema>;

/** The Kaprog's "Detil Rencana Penilaian UKK", each pupil marked counted (`diharapkan`). */
export const monitoringUkkDetailSchema = rencanaDetailSchema.extend({
  peserta: z.array(rencanaDetailSchema.shape.peserta.element.extend({ diharapkan: z.boolean() })),
});
export type MonitoringUkkDetail = z.infer<typeof monitoringUkkDetailSchema>;

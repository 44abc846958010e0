import { z } from 'zod';
import { listResponseSchema } from '../list';
import { berandaDetailResponseSchema } from '../penilaian/beranda';
import { PROGRESS_STATUSES } from './counting';
import {
  monitoringBarSchema,
  monitoringKelasOpsiSchema,
  monitoringListQuerySchema,
  monitoringSummarySchema,
} from './filters';

/**
 * Monitoring › Nilai Akademik (/progress/penilaian; issue #14 item 3; reference-screens §12;
 * docs/decisions/036-monitoring.md). Resource Waka, the login's semester; one row per active
 * teaching assignment (pembelajaran with kelompok and no urut, regular and elective classes).
 *   GET /api/progress/penilaian            the table (filters, search, sort, page; lowest % first)
 *   GET /api/progress/penilaian/ringkasan  summary strip, bars per class, heat-map, teachers behind
 *   GET /api/progress/penilaian/opsi       the filters' options
 *   GET /api/progress/penilaian/excel      the filtered table as .xlsx
 *   GET /api/progress/penilaian/:id        the Beranda's Detil (pupils, nilai akhir, capaian)
 */

export const PENILAIAN_MONITORING_MESSAGES = {
  title: (periode: string) => `Progres Penilaian Tahun Pelajaran ${periode}`,
  rombelNotFound: 'Rombongan belajar tidak ditemukan di sekolah dan semester ini',
  jurusanNotFound: 'Program/Konsentrasi Keahlian tidak ditemukan di sekolah ini',
  guruNotFound: 'Guru tidak ditemukan di sekolah ini',
  excelTitle: 'Progres Penilaian Nilai Akademik',
} as const;

export const monitoringPenilaianQuerySchema = monitoringListQuerySchema;
export type MonitoringPenilaianQuery = z.infer<typeof monitoringPenilaianQuerySchema>;

/** sort_by values; the default is percent (ascending: lowest % first, nothing expected last). */
export const MONITORING_PENILAIAN_SORT = [
  'percent',
  'rombel',
  'mata_pelajaran',
  'guru',
  'expected',
  'dinilai',
  'capaian',
  'terakhir_diisi',
] as const;

export const monitoringPenilaianRowSchema = z.object({
  pembelajaran_id: z.string(),
  rombongan_belajar_id: z.string(),
  rombel: z.string(),
  tingkat: z.number().int(),
  /** The homeroom locked the class's grades. */
  kunci_nilai: z.boolean(),
  mata_pelajaran_id: z.number().int(),
  mata_pelajaran: z.string(),
  /** Set on a sub-subject. */
  induk_pembelajaran_id: z.string().nullable(),
  guru_id: z.string().nullable(),
  guru: z.string().nullable(),
  /** Jumlah Peserta Didik: expected pupils (shared counting rules). */
  expected: z.number().int(),
  /** Jml Peserta Didik Dinilai: expected pupils with a nilai akhir. */
  dinilai: z.number().int(),
  /** Capaian: expected pupils with a capaian kompetensi text. */
  capaian: z.number().int(),
  percent: z.number().nullable(),
  status: z.enum(PROGRESS_STATUSES).nullable(),
  /** Terakhir diisi: the last change of a nilai akhir (ISO), null when none. */
  terakhir_diisi: z.string().nullable(),
});
export type MonitoringPenilaianRow = z.infer<typeof monitoringPenilaianRowSchema>;

export const monitoringPenilaianListSchema = listResponseSchema(monitoringPenilaianRowSchema);
export type MonitoringPenilaianList = z.infer<typeof monitoringPenilaianListSchema>;

export const monitoringPenilaianRingkasanSchema = z.object({
  title: z.string(),
  summary: monitoringSummarySchema,
  /** One bar per class (id = rombongan_belajar_id), lowest % first. */
  kelas: z.array(monitoringBarSchema.extend({ kunci_nilai: z.boolean() })),
  /** Heat-map: class × subject cells (subject = mata_pelajaran_id). */
  heatmap: z.object({
    mapel: z.array(z.object({ id: z.number().int(), label: z.string() })),
    cells: z.array(
      z.object({
        rombongan_belajar_id: z.string(),
        mata_pelajaran_id: z.number().int(),
        expected: z.number().int(),
        dinilai: z.number().int(),
        percent: z.number().nullable(),
      }),
    ),
  }),
  /** "Guru yang belum selesai": teachers with missing grades, most missing first (top 10). */
  guru_belum: z.array(
    z.object({ guru_id: z.string(), nama: z.string(), belum: z.number().int(), expected: z.number().int() }),
  ),
});
export type MonitoringPenilaianRingkasan = z.infer<typeof monitoringPenilaianRingkasanSchema>;

export const monitoringPenilaianOpsiSchema = monitoringKelasOpsiSchema;
export type MonitoringPenilaianOpsi = z.infer<typeof monitoringPenilaianOpsiSchema>;

/** The Detil modal: the Beranda's response, each pupil marked expected/dinilai. */
export const monitoringPenilaianDetailSchema = berandaDetailResponseSchema;

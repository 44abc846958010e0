import { z } from 'zod';
import { listQuerySchema, listResponseSchema } from '../list';
import { isNewPpa } from '../projek/rules';
import { PROGRESS_STATUSES, type Progress } from './counting';
import {
  monitoringBarSchema,
  monitoringFilterSchema,
  monitoringKelasOpsiSchema,
  monitoringSummarySchema,
} from './filters';

/**
 * Monitoring › Nilai Projek (/progress/nilai-projek; issue #14 item 4; reference-screens §12;
 * docs/decisions/036-monitoring.md). Resource Waka, the login's semester; one row per regular class.
 *   GET /api/progress/nilai-projek                       the table (Tingkat, Program, Rombel, Guru = Koord, Status, search)
 *   GET /api/progress/nilai-projek/ringkasan             summary strip and a bar per class
 *   GET /api/progress/nilai-projek/opsi                  the filters' options
 *   GET /api/progress/nilai-projek/excel                 the filtered table as .xlsx
 *   GET /api/progress/nilai-projek/:rombongan_belajar_id Detil Projek P5 (or the class's kokurikuler texts)
 *   GET /api/progress/nilai-projek/projek/:rencana_budaya_kerja_id  a project's pupils × sub-elements
 *
 * Two regimes (decision 037, `isNewPpa`):
 * - 'p5' (before 20251): the Merdeka classes and every class with a P5 subject or a project.
 *   expected = live members × the class's planned sub-elements (aspek of all its projects);
 *   dinilai = the scored cells of live members. A Merdeka class without a project is flagged.
 * - 'kokurikuler' (from 20251): every regular class; expected = live members, dinilai = live
 *   members with a non-empty kokurikuler text (the homeroom work's catatan_wali, decision 031).
 *   Koord Projek becomes the Wali Kelas, who writes those texts.
 */

export const PROJEK_MONITORING_MESSAGES = {
  title: (periode: string) => `Progres Penilaian Projek Tahun Pelajaran ${periode}`,
  titleKokurikuler: (periode: string) => `Progres Kokurikuler Tahun Pelajaran ${periode}`,
  excelTitle: 'Progres Penilaian Nilai Projek',
  excelTitleKokurikuler: 'Progres Kokurikuler',
  rombelNotFound: 'Rombongan belajar tidak ditemukan di sekolah dan semester ini',
  projekNotFound: 'Projek tidak ditemukan di sekolah dan semester ini',
} as const;

export const PROJEK_MONITORING_MODES = ['p5', 'kokurikuler'] as const;
export type ProjekMonitoringMode = (typeof PROJEK_MONITORING_MODES)[number];

/** What the screen counts in a semester: P5 cells before 20251, kokurikuler texts from it. */
export const projekMonitoringMode = (semesterId: string): ProjekMonitoringMode =>
  isNewPpa(semesterId) ? 'kokurikuler' : 'p5';

/**
 * The P5 count of a class: every live member is expected in every planned sub-element; a cell
 * counts when a live member has a level in it (scores of pupils who left never count).
 */
export function projekCells(
  liveMembers: readonly string[],
  subElemen: number,
  scored: readonly { member: string }[],
): Progress {
  const live = new Set(liveMembers);
  return {
    expected: live.size * subElemen,
    dinilai: subElemen === 0 ? 0 : scored.filter((s) => live.has(s.member)).length,
  };
}

/** A Merdeka class with no project, before 20251: flagged on the screen ("Belum ada projek"). */
export const tanpaProjek = (mode: ProjekMonitoringMode, merdeka: boolean, jumlahProjek: number): boolean =>
  mode === 'p5' && merdeka && jumlahProjek === 0;

export const monitoringProjekFilterSchema = monitoringFilterSchema;
export const monitoringProjekQuerySchema = listQuerySchema.extend(monitoringProjekFilterSchema.shape);
export type MonitoringProjekQuery = z.infer<typeof monitoringProjekQuerySchema>;

export const MONITORING_PROJEK_SORT = [
  'percent',
  'rombel',
  'guru',
  'jumlah_tema',
  'jumlah_projek',
  'jumlah_sub_elemen',
  'expected',
  'dinilai',
] as const;

export const monitoringProjekRowSchema = z.object({
  rombongan_belajar_id: z.string(),
  rombel: z.string(),
  tingkat: z.number().int(),
  /** Koord Projek (the guru of the class's P5 subject); the Wali Kelas in 'kokurikuler'. */
  guru_id: z.string().nullable(),
  guru: z.string().nullable(),
  jumlah_tema: z.number().int(),
  jumlah_projek: z.number().int(),
  jumlah_sub_elemen: z.number().int(),
  /** Cells (p5) or pupils (kokurikuler) expected / done. */
  expected: z.number().int(),
  dinilai: z.number().int(),
  percent: z.number().nullable(),
  status: z.enum(PROGRESS_STATUSES).nullable(),
  tanpa_projek: z.boolean(),
});
export type MonitoringProjekRow = z.infer<typeof monitoringProjekRowSchema>;

export const monitoringProjekListSchema = listResponseSchema(monitoringProjekRowSchema).extend({
  mode: z.enum(PROJEK_MONITORING_MODES),
});
export type MonitoringProjekList = z.infer<typeof monitoringProjekListSchema>;

export const monitoringProjekRingkasanSchema = z.object({
  title: z.string(),
  mode: z.enum(PROJEK_MONITORING_MODES),
  summary: monitoringSummarySchema.extend({ tanpa_projek: z.number().int() }),
  /** One bar per class (id = rombongan_belajar_id), lowest % first, nothing expected last. */
  kelas: z.array(monitoringBarSchema.extend({ tanpa_projek: z.boolean() })),
});
export type MonitoringProjekRingkasan = z.infer<typeof monitoringProjekRingkasanSchema>;

export const monitoringProjekOpsiSchema = monitoringKelasOpsiSchema;
export type MonitoringProjekOpsi = z.infer<typeof monitoringProjekOpsiSchema>;

/** Detil of a class: "Detil Projek P5" (p5) or its pupils' kokurikuler texts (kokurikuler). */
export const monitoringProjekDetailSchema = z.object({
  mode: z.enum(PROJEK_MONITORING_MODES),
  rombel: z.object({ nama: z.string(), guru: z.string().nullable() }),
  projek: z.array(
    z.object({
      rencana_budaya_kerja_id: z.string(),
      no_urut: z.number().int(),
      tema: z.string(),
      nama: z.string(),
      jumlah_sub_elemen: z.number().int(),
      expected: z.number().int(),
      dinilai: z.number().int(),
    }),
  ),
  siswa: z.array(
    z.object({
      anggota_rombel_id: z.string(),
      nama: z.string(),
      nisn: z.string().nullable(),
      kokurikuler: z.string().nullable(),
      dinilai: z.boolean(),
    }),
  ),
});
export type MonitoringProjekDetail = z.infer<typeof monitoringProjekDetailSchema>;

/** Detil of a project: each live member × planned sub-element with its level (null = not scored). */
export const monitoringProjekNilaiSchema = z.object({
  projek: z.object({ rombel: z.string(), tema: z.string(), nama: z.string(), deskripsi: z.string() }),
  data: z.array(
    z.object({
      anggota_rombel_id: z.string(),
      nama: z.string(),
      nisn: z.string().nullable(),
      dimensi: z.string(),
      elemen: z.string(),
      sub_elemen: z.string(),
      /** The level's name (e.g. "Berkembang Sesuai Harapan"), null when not scored. */
      nilai: z.string().nullable(),
    }),
  ),
});
export type MonitoringProjekNilai = z.infer<typeof monitoringProjekNilaiSchema>;

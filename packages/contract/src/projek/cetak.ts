import { z } from 'zod';
import { isNewPpa } from './rules';

/**
 * The P5 report (reference-domain §4, §8; issue #13 item 3; docs/decisions/037-projek-p5.md):
 *   GET /api/cetak/rapor-p5/:anggota_rombel_id   one pupil's report (PDF)
 * For a Merdeka class before 20251 only; printed by the class's wali, its Koord P5, the Waka and
 * the admin. The Cetak Rapor page offers it where `rapor_p5` is true.
 */

export const RAPOR_P5_TITLE = 'RAPOR PROJEK PENGUATAN PROFIL PELAJAR PANCASILA';

export const RAPOR_P5_MESSAGES = {
  newPpa:
    'Mulai Tahun Ajaran 2025/2026 Rapor P5 tidak dicetak: rapor semester memuat Kokurikuler sebagai gantinya.',
  notMerdeka: 'Rapor P5 hanya dicetak untuk rombongan belajar Kurikulum Merdeka.',
} as const;

/** Whether a class's pupils get a P5 report: a Merdeka class in a semester before 20251. */
export const hasRaporP5 = (kelas: { merdeka: boolean; semesterId: string }): boolean =>
  kelas.merdeka && !isNewPpa(kelas.semesterId);

/** "Projek Profil 1 | Gaya Hidup Berkelanjutan" (the report's list of projects). */
export const projekProfil = (n: number, nama: string): string => `Projek Profil ${n} | ${nama}`;

export const raporP5ParamsSchema = z.object({
  anggota_rombel_id: z.uuid({ error: 'Peserta didik tidak ditemukan.' }),
});

/**
 * Cetak Semua of the P5 reports (docs/decisions/033 and 037): a class's reports through the report
 * cards' bulk job under its own kind (`rapor-p5-semua:` + a hash of school, semester and class), so
 * it never blocks, nor is blocked by, report-card printing. Status, events, cancel and download are
 * the job addresses of `/api/cetak/rapor-semua/:job_id…`.
 *   POST /api/cetak/rapor-p5-semua  { rombongan_belajar_id, output: pdf | zip }  → 202 job
 */
export const JOB_KIND_RAPOR_P5_SEMUA = 'rapor-p5-semua';

export const raporP5SemuaRequestSchema = z.object({
  rombongan_belajar_id: z.uuid({ error: 'Rombongan belajar tidak ditemukan.' }),
  output: z.enum(['pdf', 'zip'], { error: 'Pilih PDF atau ZIP.' }),
});
export type RaporP5SemuaRequest = z.infer<typeof raporP5SemuaRequestSchema>;

export const RAPOR_P5_SEMUA_MESSAGES = {
  noPupil: 'Rombongan belajar ini belum memiliki anggota; tidak ada Rapor P5 yang dicetak.',
  rendering: (kelas: string) => `Menyusun Rapor P5 ${kelas}`,
  done: (siswa: number) => `Selesai: Rapor P5 ${siswa} peserta didik siap diunduh.`,
  alreadyRunning:
    'Cetak Rapor P5 untuk rombel ini sedang berjalan. Tunggu sampai selesai atau batalkan dulu.',
} as const;

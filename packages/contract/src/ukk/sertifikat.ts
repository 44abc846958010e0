import { z } from 'zod';
import { safeName } from '../cetak/rapor-semua';

/**
 * Sertifikat UKK (reference-domain §5, issue #13 item 8, docs/decisions/038-ukk.md):
 *   GET /api/cetak/sertifikat/:anggota_rombel_id/:rencana_ukk_id   one pupil's certificate (PDF)
 * For a Kaprog or the Waka of the school and the plan's internal examiner.
 */

export const SERTIFIKAT_MESSAGES = {
  notFound: 'Peserta didik ini tidak terdaftar pada rencana UKK tersebut.',
  lsp: 'Sertifikat UKK ini diterbitkan oleh LSP (Pola UKK: LSP), tidak dicetak dari e-Rapor.',
  noScore: (nama: string) => `${nama} belum memiliki nilai UKK; sertifikat belum dapat dicetak.`,
  noNisn: (nama: string) => `${nama} belum memiliki NISN; nomor sertifikat tidak dapat dibuat.`,
} as const;

export const sertifikatParamsSchema = z.object({
  anggota_rombel_id: z.uuid({ error: SERTIFIKAT_MESSAGES.notFound }),
  rencana_ukk_id: z.uuid({ error: SERTIFIKAT_MESSAGES.notFound }),
});
export type SertifikatParams = z.infer<typeof sertifikatParamsSchema>;

/**
 * What a certificate printer may choose (the downloads centre, decision 043):
 *   GET /api/cetak/sertifikat?rencana_ukk_id=   the plans whose certificates the caller prints this
 *   semester (a Kaprog and the Waka every plan of the school, an examiner their own; LSP plans left
 *   out) and the chosen plan's scored pupils.
 */
export const sertifikatPilihanQuerySchema = z.object({
  rencana_ukk_id: z.uuid({ error: 'Rencana UKK tidak ditemukan.' }).optional(),
});
export const sertifikatPilihanSchema = z.object({
  rencana: z.array(z.object({ value: z.string(), label: z.string() })),
  data: z.array(z.object({ anggota_rombel_id: z.string(), nama: z.string(), nisn: z.string().nullable() })),
});
export type SertifikatPilihan = z.infer<typeof sertifikatPilihanSchema>;

/**
 * Cetak Semua of a plan's certificates (docs/decisions/033 and 038): the scored pupils of one UKK
 * plan as one PDF or a ZIP, through the report cards' bulk job under its own kind
 * (`sertifikat-ukk-semua:` + a hash of school, semester and plan). Same access as one certificate;
 * a plan run by an LSP is 409. Pupils without a score get no certificate and are left out; pupils
 * without NISN are left out and named in the job's final message. Status, events, cancel and
 * download are the job addresses of `/api/cetak/rapor-semua/:job_id…`.
 *   POST /api/cetak/sertifikat-semua  { rencana_ukk_id, output: pdf | zip }  → 202 job
 */
export const JOB_KIND_SERTIFIKAT_SEMUA = 'sertifikat-ukk-semua';

export const sertifikatSemuaRequestSchema = z.object({
  rencana_ukk_id: z.uuid({ error: 'Rencana UKK tidak ditemukan.' }),
  output: z.enum(['pdf', 'zip'], { error: 'Pilih PDF atau ZIP.' }),
});
export type SertifikatSemuaRequest = z.infer<typeof sertifikatSemuaRequestSchema>;

export const SERTIFIKAT_SEMUA_MESSAGES = {
  planNotFound: 'Rencana UKK tidak ditemukan.',
  noneToPrint:
    'Belum ada peserta yang dapat dicetak sertifikatnya: masukkan nilai UKK dan pastikan NISN peserta terisi.',
  rendering: (rencana: string) => `Menyusun sertifikat ${rencana}`,
  done: (siswa: number, tanpaNisn: readonly string[]) =>
    `Selesai: sertifikat ${siswa} peserta didik siap diunduh.` +
    (tanpaNisn.length > 0 ? ` Tidak dicetak karena belum memiliki NISN: ${tanpaNisn.join(', ')}.` : ''),
  alreadyRunning:
    'Cetak sertifikat untuk rencana UKK ini sedang berjalan. Tunggu sampai selesai atau batalkan dulu.',
} as const;

/** "3-0012345678-Budi Santoso.pdf": the ZIP entry of a pupil's certificate (No = place in the plan). */
export const namaBerkasSertifikat = (no: number, s: { nisn: string; nama: string }): string =>
  `${no}-${safeName(s.nisn)}-${safeName(s.nama)}.pdf`;

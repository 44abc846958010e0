import { z } from 'zod';
import { RAPOR_DOKUMEN } from './rapor';

/*
 * Cetak Semua (issue #11 item 10; docs/decisions/033-cetak-semua.md): the report cards of a class,
 * a tingkat or the whole school rendered by a background job into one PDF or one ZIP.
 */

export const JOB_KIND_RAPOR_SEMUA = 'rapor-semua';

export const RAPOR_SEMUA_OUTPUT = ['pdf', 'zip'] as const;
export type RaporSemuaOutput = (typeof RAPOR_SEMUA_OUTPUT)[number];

export const raporSemuaRequestSchema = z
  .object({
    /** One class (the wali's own, or any class for the Waka/admin). */
    rombongan_belajar_id: z.uuid().optional(),
    /** Every regular class of a tingkat (Waka/admin only). */
    tingkat: z.number().int().min(10).max(13).optional(),
    /** Every regular class of the school (Waka/admin only). */
    sekolah: z.literal(true).optional(),
    dokumen: z
      .array(z.enum(RAPOR_DOKUMEN))
      .min(1, 'Pilih minimal satu dokumen.')
      .transform((list) => RAPOR_DOKUMEN.filter((d) => list.includes(d))),
    output: z.enum(RAPOR_SEMUA_OUTPUT),
  })
  .superRefine((v, ctx) => {
    const scopes = [v.rombongan_belajar_id !== undefined, v.tingkat !== undefined, v.sekolah === true];
    if (scopes.filter(Boolean).length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['rombongan_belajar_id'], message: RAPOR_SEMUA_MESSAGES.scope });
    }
    // One PDF of hundreds of pupils would be one enormous file: a tingkat or the school is a ZIP.
    if (v.output === 'pdf' && v.rombongan_belajar_id === undefined && scopes.some(Boolean)) {
      ctx.addIssue({ code: 'custom', path: ['output'], message: RAPOR_SEMUA_MESSAGES.pdfOneClass });
    }
  });
export type RaporSemuaRequest = z.infer<typeof raporSemuaRequestSchema>;
/** What a client sends. */
export type RaporSemuaRequestInput = z.input<typeof raporSemuaRequestSchema>;

export const raporSemuaParamsSchema = z.object({ job_id: z.uuid() });

/** `result` of a finished job. */
export const raporSemuaResultSchema = z.object({
  file_name: z.string(),
  siswa: z.number().int(),
  kelas: z.number().int(),
  bytes: z.number().int(),
});
export type RaporSemuaResult = z.infer<typeof raporSemuaResultSchema>;

/** Hours a finished file stays on the server (older files are deleted when a new job starts). */
export const RAPOR_SEMUA_KEEP_HOURS = 24;

/** "7-0012345678-Budi Santoso.pdf": the ZIP entry of a pupil (NISN, else NIS). */
export function namaBerkasSiswa(
  no: number,
  s: { nisn: string | null; nis: string | null; nama: string },
): string {
  const nomor = s.nisn?.trim() || s.nis?.trim() || '-';
  return `${no}-${safeName(nomor)}-${safeName(s.nama)}.pdf`;
}

/** A file or folder name without path separators or characters archive tools refuse. */
export function safeName(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/[\\/:*?"<>|]|\p{Cc}/gu, '_')
    .trim()
    .replace(/^\.+/, '_')
    .slice(0, 120);
}

export const RAPOR_SEMUA_MESSAGES = {
  scope: 'Pilih satu rombel, satu tingkat, atau seluruh sekolah.',
  pdfOneClass: 'Satu PDF hanya untuk satu rombel. Untuk satu tingkat atau seluruh sekolah pilih ZIP.',
  started: 'Cetak rapor dimulai.',
  alreadyRunning: 'Cetak rapor untuk pilihan ini sedang berjalan. Tunggu sampai selesai atau batalkan dulu.',
  noClass: 'Tidak ada rombel yang bisa dicetak untuk pilihan ini.',
  reading: (kelas: string) => `Membaca data ${kelas}`,
  rendering: (kelas: string) => `Menyusun rapor ${kelas}`,
  done: (siswa: number) => `Selesai: rapor ${siswa} peserta didik siap diunduh.`,
  cancelled: 'Cetak rapor dibatalkan.',
  notDone: 'Berkas belum siap: cetak rapor belum selesai.',
  expired: 'Berkas sudah tidak tersedia (disimpan 24 jam). Silahkan cetak ulang.',
  finished: 'Cetak rapor sudah selesai dan tidak bisa dibatalkan.',
} as const;

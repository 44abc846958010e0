import { z } from 'zod';
import { RAPOR_SEMUA_OUTPUT, safeName } from '../cetak/rapor-semua';

/*
 * Cetak Rapor PKL (issue #12 item 7; docs/decisions/034-pkl.md): the PKL report of a pupil's
 * placement as a PDF, the print page's list, and a plan's or a class's reports as one PDF or a ZIP
 * through the Cetak Semua job (decision 033) with its own job kind.
 */

/** The job kind of the PKL reports: never the same lock as the report cards' job. */
export const JOB_KIND_RAPOR_PKL = 'rapor-pkl-semua';

export const raporPklParamsSchema = z.object({ pkl_id: z.uuid(), peserta_didik_id: z.uuid() });

export const cetakPklQuerySchema = z.object({ rombongan_belajar_id: z.uuid().optional() });

/** One row of the print page: a pupil with a "Daftar Nilai" entry per placement. */
export const cetakPklSiswaSchema = z.object({
  peserta_didik_id: z.string(),
  nama: z.string(),
  nisn: z.string().nullable(),
  kelas: z.string(),
  rombongan_belajar_id: z.string(),
  penempatan: z.array(z.object({ pkl_id: z.string(), nama_dudi: z.string() })),
});
export type CetakPklSiswa = z.infer<typeof cetakPklSiswaSchema>;

export const cetakPklResponseSchema = z.object({
  /** The classes with a plan the caller may print ("== Filter Rombel =="). */
  kelas: z.array(z.object({ value: z.string(), label: z.string() })),
  /** The plans of the chosen class (or of all the caller's classes), for Cetak Semua per plan. */
  rencana: z.array(
    z.object({ pkl_id: z.string(), kelas: z.string(), nama_dudi: z.string(), peserta: z.number().int() }),
  ),
  data: z.array(cetakPklSiswaSchema),
});
export type CetakPklResponse = z.infer<typeof cetakPklResponseSchema>;

export const raporPklSemuaRequestSchema = z
  .object({
    /** One plan's participants. */
    pkl_id: z.uuid().optional(),
    /** Every plan of a class the caller may read. */
    rombongan_belajar_id: z.uuid().optional(),
    output: z.enum(RAPOR_SEMUA_OUTPUT),
  })
  .superRefine((v, ctx) => {
    if ((v.pkl_id === undefined) === (v.rombongan_belajar_id === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['pkl_id'], message: RAPOR_PKL_MESSAGES.scope });
    }
  });
export type RaporPklSemuaRequest = z.infer<typeof raporPklSemuaRequestSchema>;

/** "3-0012345678-Budi Santoso-PT Maju Jaya.pdf": the ZIP entry of a pupil's PKL report. */
export function namaBerkasPkl(
  no: number,
  s: { nisn: string | null; nis: string | null; nama: string },
  dudi: string,
): string {
  const nomor = s.nisn?.trim() || s.nis?.trim() || '-';
  return `${no}-${safeName(nomor)}-${safeName(s.nama)}-${safeName(dudi)}.pdf`;
}

export const RAPOR_PKL_MESSAGES = {
  scope: 'Pilih satu rencana PKL atau satu rombel.',
  notParticipant: 'Peserta didik tidak terdaftar pada rencana PKL ini.',
  noPlan: 'Tidak ada rencana PKL yang bisa dicetak untuk pilihan ini.',
  reading: (rencana: string) => `Membaca data ${rencana}`,
  rendering: (rencana: string) => `Menyusun rapor PKL ${rencana}`,
  done: (siswa: number) => `Selesai: rapor PKL ${siswa} peserta didik siap diunduh.`,
  alreadyRunning:
    'Cetak rapor PKL untuk pilihan ini sedang berjalan. Tunggu sampai selesai atau batalkan dulu.',
} as const;

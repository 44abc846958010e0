import { z } from 'zod';

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

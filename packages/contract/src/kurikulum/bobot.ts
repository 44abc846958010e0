import { z } from 'zod';

/**
 * Bobot Penilaian, reference-screens §6.10: the weights of Sumatif Lingkup Materi (bm) and Sumatif
 * Akhir Semester (ba) in the suggested final grade round((bm·SLM + ba·SAS) / (bm + ba)), per
 * pembelajaran of the caller (reference-domain §3.3 step 4–5).
 *   GET /api/kurikulum/bobot   the caller's own pembelajaran of the login's semester
 *   PUT /api/kurikulum/bobot   { rows } — all in one transaction, or nothing
 */

/** Largest weight accepted (the column is a smallint; a weight of 100 against 1 already means "only this"). */
export const BOBOT_MAX = 100;

export const BOBOT_MESSAGES = {
  required: 'Wajib di isi!',
  number: 'Wajib angka',
  whole: 'Bobot harus bilangan bulat',
  positive: 'Bobot harus lebih dari 0',
  max: `Bobot maksimal ${BOBOT_MAX}`,
  saved: 'Bobot Penilaian berhasil disimpan!',
  notYours: 'Bobot hanya dapat diubah untuk pembelajaran yang Anda ampu',
  duplicateRow: 'Pembelajaran dikirim lebih dari sekali',
  conflict:
    'Bobot beberapa pembelajaran telah diubah di tempat lain sejak halaman ini dibuka. Isian Anda masih di layar: muat ulang halaman, lalu simpan lagi.',
} as const;

/**
 * A weight as typed: a whole number 1–BOBOT_MAX. Returns the message of the first problem, or
 * null. Used by the grid on every keystroke and by the server's schema (same words on both sides).
 */
export function checkBobot(value: string | number | null | undefined): string | null {
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (text === '') return BOBOT_MESSAGES.required;
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(text)) return BOBOT_MESSAGES.number;
  const n = Number(text.replace(',', '.'));
  if (n <= 0) return BOBOT_MESSAGES.positive;
  if (!Number.isInteger(n)) return BOBOT_MESSAGES.whole;
  if (n > BOBOT_MAX) return BOBOT_MESSAGES.max;
  return null;
}

/** A weight cell: number or text in, a whole number out, or the cell's message. */
export const bobotValueSchema = z
  .union([z.number(), z.string(), z.null()], { error: BOBOT_MESSAGES.number })
  .optional()
  .transform((v, ctx) => {
    const problem = checkBobot(v);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return Number(String(v).trim());
  });

export const bobotRowSchema = z.object({
  pembelajaran_id: z.string(),
  mata_pelajaran: z.string(),
  rombel: z.string(),
  tingkat: z.number().int(),
  bobot_sumatif_materi: z.number().int(),
  bobot_sumatif_akhir: z.number().int(),
});
export type BobotRow = z.infer<typeof bobotRowSchema>;

export const bobotResponseSchema = z.object({ data: z.array(bobotRowSchema) });
export type BobotResponse = z.infer<typeof bobotResponseSchema>;

const storedWeight = z.number().int();

export const bobotEditSchema = z.object({
  pembelajaran_id: z.uuid({ error: BOBOT_MESSAGES.notYours }),
  bobot_sumatif_materi: bobotValueSchema,
  bobot_sumatif_akhir: bobotValueSchema,
  /**
   * The weights the browser loaded: the server compares them with the stored ones under a lock,
   * so a change made meanwhile elsewhere is never silently overwritten (409, nothing written).
   */
  loaded: z.object({ bobot_sumatif_materi: storedWeight, bobot_sumatif_akhir: storedWeight }),
});
export type BobotEdit = z.infer<typeof bobotEditSchema>;
export type BobotEditInput = z.input<typeof bobotEditSchema>;

export const bobotSaveSchema = z.object({
  rows: z
    .array(bobotEditSchema)
    .min(1, { error: 'Tidak ada bobot yang disimpan' })
    .max(300, { error: 'Terlalu banyak baris bobot' }),
});
export type BobotSave = z.infer<typeof bobotSaveSchema>;

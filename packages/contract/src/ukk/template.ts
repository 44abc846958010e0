import { z } from 'zod';
import { MASA_BERLAKU_MAX, MASA_BERLAKU_MIN, UKK_PREDIKAT_SCHEMES } from './rules';

/**
 * Template Sertifikat UKK (issue #13 item 8, docs/decisions/038-ukk.md), for a Kaprog:
 *   GET    /api/ukk/template   the school's choices (null = the default) and the defaults
 *   PUT    /api/ukk/template   save the choices
 *   DELETE /api/ukk/template   "Kembalikan ke bawaan": every choice back to the default
 */

export const TEMPLATE_MESSAGES = {
  masaInvalid: `Masa berlaku harus bilangan bulat ${MASA_BERLAKU_MIN} sampai ${MASA_BERLAKU_MAX} tahun!`,
  tooLong: 'Isian terlalu panjang (maksimal 200 karakter)!',
  schemeInvalid: 'Skema predikat harus dua tingkat atau empat tingkat!',
  saved: 'Template Sertifikat berhasil disimpan',
  reset: 'Template Sertifikat dikembalikan ke bawaan',
} as const;

const optionalText = z
  .string()
  .trim()
  .max(200, { error: TEMPLATE_MESSAGES.tooLong })
  .nullish()
  .transform((v) => v || null);

export const templateSaveSchema = z.object({
  judul_id: optionalText,
  judul_en: optionalText,
  masa_berlaku: z
    .number({ error: TEMPLATE_MESSAGES.masaInvalid })
    .int({ error: TEMPLATE_MESSAGES.masaInvalid })
    .min(MASA_BERLAKU_MIN, { error: TEMPLATE_MESSAGES.masaInvalid })
    .max(MASA_BERLAKU_MAX, { error: TEMPLATE_MESSAGES.masaInvalid })
    .nullish()
    .transform((v) => v ?? null),
  tempat: optionalText,
  penandatangan_nama: optionalText,
  penandatangan_nip: optionalText,
  penandatangan_jabatan: optionalText,
  predikat_scheme: z
    .enum(UKK_PREDIKAT_SCHEMES, { error: TEMPLATE_MESSAGES.schemeInvalid })
    .nullish()
    .transform((v) => v ?? null),
  /** English programme names by ref_jurusan code. */
  jurusan_en: z
    .record(z.string().max(25), z.string().trim().max(200, { error: TEMPLATE_MESSAGES.tooLong }))
    .nullish(),
});
export type TemplateSave = z.infer<typeof templateSaveSchema>;
export type TemplateSaveInput = z.input<typeof templateSaveSchema>;

export const templateResponseSchema = z.object({
  template: z.object({
    judul_id: z.string().nullable(),
    judul_en: z.string().nullable(),
    masa_berlaku: z.number().int().nullable(),
    tempat: z.string().nullable(),
    penandatangan_nama: z.string().nullable(),
    penandatangan_nip: z.string().nullable(),
    penandatangan_jabatan: z.string().nullable(),
    predikat_scheme: z.enum(UKK_PREDIKAT_SCHEMES).nullable(),
    jurusan_en: z.record(z.string(), z.string()).nullable(),
  }),
  /** What prints when a choice is empty. */
  bawaan: z.object({
    judul_id: z.string(),
    judul_en: z.string(),
    masa_berlaku: z.number().int(),
    tempat: z.string(),
    penandatangan_nama: z.string(),
    penandatangan_jabatan: z.string(),
    predikat_scheme: z.enum(UKK_PREDIKAT_SCHEMES),
  }),
});
export type TemplateResponse = z.infer<typeof templateResponseSchema>;

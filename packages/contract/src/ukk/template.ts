import { z } from 'zod';
import { COLUMN_LENGTH, forColumn } from '../column-lengths';
import { MASA_BERLAKU_MAX, MASA_BERLAKU_MIN, UKK_PREDIKAT_SCHEMES } from './rules';

/**
 * Template Sertifikat UKK (issue #13 item 8, docs/decisions/038-ukk.md), for a Kaprog:
 *   GET    /api/ukk/template   the school's choices (null = the default) and the defaults
 *   PUT    /api/ukk/template   save the choices
 *   DELETE /api/ukk/template   "Kembalikan ke bawaan": every choice back to the default
 *   PUT    /api/ukk/template/latar   the background image (multipart, file `latar`: JPG/PNG ≤ 1 MB)
 *   DELETE /api/ukk/template/latar   no background
 *   POST   /api/ukk/template/pratinjau   "Pratinjau": a certificate of sample data (PDF) with the
 *          choices sent (the form as it is, saved or not) and the stored background
 * Who: a Kaprog of the school, checked before the body.
 */

/** The emblem at the top of the certificate: the school's logo or the ministry's Tut Wuri Handayani. */
export const TEMPLATE_LOGO = ['sekolah', 'tut_wuri'] as const;
export type TemplateLogo = (typeof TEMPLATE_LOGO)[number];

/** The largest background image accepted (1 MB). */
export const LATAR_MAX_BYTES = 1024 * 1024;

export const TEMPLATE_MESSAGES = {
  masaInvalid: `Masa berlaku harus bilangan bulat ${MASA_BERLAKU_MIN} sampai ${MASA_BERLAKU_MAX} tahun!`,
  tooLong: 'Isian terlalu panjang (maksimal 200 karakter)!',
  nipTooLong: (max: number) => `NIP penandatangan maksimal ${max} karakter!`,
  schemeInvalid: 'Skema predikat harus dua tingkat atau empat tingkat!',
  logoInvalid: 'Logo harus logo sekolah atau lambang Tut Wuri Handayani!',
  jurusanInvalid: 'Kode kompetensi keahlian tidak dikenal!',
  latarRequired: 'Pilih berkas gambar latar (JPG atau PNG)!',
  latarSize: 'Ukuran gambar latar maksimal 1 MB!',
  latarType: 'Gambar latar harus berformat JPG atau PNG!',
  latarNotImage: 'Berkas bukan gambar JPG/PNG yang valid!',
  latarTooLarge: (w: number, h: number, max: number) =>
    `Gambar latar ${w}×${h} piksel terlalu besar (maksimal ${max} piksel per sisi)!`,
  latarSaved: 'Gambar latar sertifikat berhasil disimpan',
  latarRemoved: 'Gambar latar sertifikat dihapus',
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
  // The column holds 32 (the schema said 200: a longer NIP answered 500, issue #25).
  penandatangan_nip: forColumn(
    z
      .string()
      .trim()
      .max(COLUMN_LENGTH.template_sertifikat_ukk.penandatangan_nip, {
        error: TEMPLATE_MESSAGES.nipTooLong(COLUMN_LENGTH.template_sertifikat_ukk.penandatangan_nip),
      }),
    'template_sertifikat_ukk',
    'penandatangan_nip',
  )
    .nullish()
    .transform((v) => v || null),
  penandatangan_jabatan: optionalText,
  predikat_scheme: z
    .enum(UKK_PREDIKAT_SCHEMES, { error: TEMPLATE_MESSAGES.schemeInvalid })
    .nullish()
    .transform((v) => v ?? null),
  /** The emblem; null = the school's logo. */
  logo: z
    .enum(TEMPLATE_LOGO, { error: TEMPLATE_MESSAGES.logoInvalid })
    .nullish()
    .transform((v) => v ?? null),
  /** English programme names by ref_jurusan code (an empty name is dropped). */
  jurusan_en: z
    .record(
      z.string().max(25, { error: TEMPLATE_MESSAGES.jurusanInvalid }),
      z.string().trim().max(200, { error: TEMPLATE_MESSAGES.tooLong }),
    )
    .nullish()
    .transform((v) => {
      const kept = Object.entries(v ?? {}).filter(([, name]) => name !== '');
      return kept.length > 0 ? Object.fromEntries(kept) : null;
    }),
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
    logo: z.enum(TEMPLATE_LOGO).nullable(),
    /** Whether a background image is stored (its bytes are not sent). */
    latar: z.boolean(),
  }),
  /** The school's programmes with tingkat 12/13 classes this semester (the English names' rows). */
  jurusan: z.array(z.object({ jurusan_id: z.string(), nama: z.string() })),
  /** What prints when a choice is empty. */
  bawaan: z.object({
    judul_id: z.string(),
    judul_en: z.string(),
    masa_berlaku: z.number().int(),
    tempat: z.string(),
    penandatangan_nama: z.string(),
    penandatangan_jabatan: z.string(),
    predikat_scheme: z.enum(UKK_PREDIKAT_SCHEMES),
    logo: z.enum(TEMPLATE_LOGO),
  }),
});
export type TemplateResponse = z.infer<typeof templateResponseSchema>;

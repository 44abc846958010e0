import { z } from 'zod';
import { type Option, optionSchema, TINGKAT } from '../referensi/peserta-didik';
import type { RoleName } from '../roles';

/*
 * Curriculum references (reference-domain §1.4, reference-screens §6.7–6.10): what the four
 * screens share — who may do what, the fase rule, text clean-up and the cascading filters
 * (Tingkat → Rombel → Mata Pelajaran). The API table of each screen is in kd.ts, cp.ts, tp.ts
 * and bobot.ts:
 *   GET /api/kurikulum/filter?kurikulum=merdeka|k13&tingkat&rombongan_belajar_id
 */

/** Who reads every school's KD/CP/TP and switches KD/CP on and off (besides the subject's teachers). */
export const KURIKULUM_ADMIN_ROLES: readonly RoleName[] = ['admin'];
/** The role of a subject teacher (the route's roles in routes.ts). Ownership is checked per pembelajaran. */
export const KURIKULUM_TEACHER_ROLE: RoleName = 'guru';

export type Fase = 'E' | 'F';

/** Fase of Kurikulum Merdeka from the class level: 10 → E, 11–13 → F (reference-domain App. B). */
export function faseOf(tingkat: number): Fase | null {
  if (tingkat === 10) return 'E';
  if (tingkat >= 11 && tingkat <= 13) return 'F';
  return null;
}

/** Whether a curriculum (by its ref_kurikulum name) works with CP/TP rather than KD: "Merdeka" in the name. */
export function isMerdeka(namaKurikulum: string | null | undefined): boolean {
  return /merdeka/i.test(namaKurikulum ?? '');
}

/** KD `kurikulum` code of a K13 class: 2017 for the revision ("REV" in the name), else 2013. */
export function kurikulumKdOf(namaKurikulum: string | null | undefined): 2013 | 2017 {
  return /\bREV\b/i.test(namaKurikulum ?? '') ? 2017 : 2013;
}

/** The kelas_10…kelas_13 flags of a KD as the list of class levels it is taught in. */
export function kelasOfFlags(flags: {
  kelas_10: number | null;
  kelas_11: number | null;
  kelas_12: number | null;
  kelas_13: number | null;
}): number[] {
  return ([10, 11, 12, 13] as const).filter((t) => flags[`kelas_${t}`] === 1);
}

/** Longest text of one tujuan pembelajaran (a sentence; printed in capaian descriptions). */
export const TP_MAX_LENGTH = 1000;
/** Most TPs one form submission or one workbook may bring. */
export const TP_MAX_ROWS = 200;

/**
 * A text as it is stored: Unicode NFC (a word typed on a phone and pasted from Word compare
 * equal), control characters and no-break spaces turned into spaces, runs of white space (also
 * line breaks inside one Excel cell) collapsed to one space, trimmed.
 */
export function normalizeText(text: string): string {
  return (
    text
      .normalize('NFC')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove.
      .replace(/[\u0000-\u001f\u007f\u00a0\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * The TPs of a form's textarea: one per line, cleaned, empty lines dropped, a line typed twice
 * kept once (the database holds one TP per text under a CP/KD anyway).
 */
export function splitTpLines(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    const tp = normalizeText(line);
    if (tp && !seen.has(tp)) {
      seen.add(tp);
      out.push(tp);
    }
  }
  return out;
}

export const KURIKULUM_COMMON_MESSAGES = {
  tingkatRequired: 'Tingkat Kelas tidak boleh kosong!!',
  rombelRequired: 'Rombongan Belajar tidak boleh kosong!!',
  mapelRequired: 'Mata Pelajaran tidak boleh kosong!!',
  pembelajaranNotFound: 'Mata pelajaran tidak ditemukan di rombongan belajar ini',
  notYourPembelajaran: 'Anda tidak mengajar mata pelajaran ini di rombongan belajar tersebut',
  notYourSubject: 'Anda tidak mengajar mata pelajaran ini pada semester ini',
  tingkatMismatch: 'Tingkat Kelas tidak sesuai dengan rombongan belajar yang dipilih',
  rombelMismatch: 'Mata pelajaran tidak ada di rombongan belajar yang dipilih',
  notMerdeka: 'Capaian Pembelajaran hanya untuk rombongan belajar Kurikulum Merdeka',
  notK13: 'Kompetensi Dasar hanya untuk rombongan belajar Kurikulum 2013',
} as const;

const M = KURIKULUM_COMMON_MESSAGES;

/** A required id of a select ("== Pilih X ==" left empty → the select's message). */
export const requiredUuid = (message: string) => z.uuid({ error: message });

/** A required tingkat 10–13 (a select; an empty choice gives its message). */
export const requiredTingkat = z.coerce
  .number({ error: M.tingkatRequired })
  .int({ error: M.tingkatRequired })
  .refine((v) => (TINGKAT as readonly number[]).includes(v), { error: M.tingkatRequired });

const optionalUuid = (message: string) =>
  z
    .union([z.literal(''), z.uuid({ error: message })], { error: message })
    .optional()
    .transform((v) => v || undefined);

/** The filter row above every table: Tingkat → Rombel → Mata Pelajaran (a pembelajaran). */
export const kurikulumFilterSchema = z.object({
  tingkat: z
    .union([z.literal(''), z.coerce.number().int()])
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || (TINGKAT as readonly number[]).includes(v), {
      error: 'Tingkat kelas harus 10, 11, 12 atau 13',
    }),
  rombongan_belajar_id: optionalUuid('Rombongan belajar tidak valid'),
  pembelajaran_id: optionalUuid('Mata pelajaran tidak valid'),
});
export type KurikulumFilter = z.infer<typeof kurikulumFilterSchema>;

/** Which classes a screen offers: CP pages only Merdeka classes, KD pages only K13 ones. */
export const KURIKULUM_KINDS = ['merdeka', 'k13'] as const;
export type KurikulumKind = (typeof KURIKULUM_KINDS)[number];

export const filterOptionsQuerySchema = kurikulumFilterSchema
  .pick({ tingkat: true, rombongan_belajar_id: true })
  .extend({
    kurikulum: z
      .union([z.literal(''), z.enum(KURIKULUM_KINDS, { error: 'Kurikulum harus merdeka atau k13' })])
      .optional()
      .transform((v) => v || undefined),
  });
export type FilterOptionsQuery = z.infer<typeof filterOptionsQuerySchema>;

export const rombelOptionSchema = optionSchema.extend({
  tingkat: z.number().int(),
  merdeka: z.boolean(),
});
export type RombelOption = z.infer<typeof rombelOptionSchema>;

export const pembelajaranOptionSchema = optionSchema.extend({
  mata_pelajaran_id: z.number().int(),
});
export type PembelajaranOption = z.infer<typeof pembelajaranOptionSchema>;

/**
 * The cascade in one answer: the class levels the caller teaches (admin: all), the classes of
 * the chosen level, the subjects the caller teaches in the chosen class (admin: all of them).
 */
export const filterOptionsSchema = z.object({
  tingkat: z.array(optionSchema),
  rombel: z.array(rombelOptionSchema),
  pembelajaran: z.array(pembelajaranOptionSchema),
});
export type FilterOptions = z.infer<typeof filterOptionsSchema>;
export type { Option };

/** `{ aktif }` of the "Aktifkan / Non Aktifkan" actions. */
export const statusSchema = z.object({ aktif: z.boolean({ error: 'Status harus true atau false' }) });
export type StatusInput = z.infer<typeof statusSchema>;

export const messageSchema = z.object({ message: z.string() });

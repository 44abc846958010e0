import { z } from 'zod';
import { optionSchema } from '../referensi/peserta-didik';
import { namedPupils } from '../whole-number';

/**
 * The homeroom's texts per pupil (issue #11 item 2; docs/decisions/028-wali-kelas-catatan.md):
 * Catatan Wali Kelas and, from semester 20251, Kokurikuler (e-Rapor 8's `catatan_wali`, `type`
 * 'catatan_walas' / 'kokurikuler'). Nama | NISN | one text per pupil, at most 1,000 characters,
 * saved per class in one transaction.
 *   GET /api/wali-kelas/catatan-wali-kelas?rombongan_belajar_id   the caller's class and its notes
 *   PUT /api/wali-kelas/catatan-wali-kelas                        save the changed texts
 *   GET /api/wali-kelas/kokurikuler?rombongan_belajar_id          the same for Kokurikuler (409 before 20251)
 *   PUT /api/wali-kelas/kokurikuler
 *
 * A save carries, per pupil, what the browser loaded (`sebelumnya`): a text stored differently now
 * is a 409 naming the pupils, nothing written. An empty text deletes the pupil's row.
 */

export const JENIS_CATATAN = ['catatan_walas', 'kokurikuler'] as const;
export type JenisCatatan = (typeof JENIS_CATATAN)[number];

/** The most characters of one note (the column's check, `char_length` ≤ 1000). */
export const CATATAN_MAX = 1000;

/** The first semester with Kokurikuler (Permendikdasmen 13/2025: from 2025/2026 Ganjil). */
export const KOKURIKULER_FROM = '20251';

/** Whether Kokurikuler exists in the semester (semester ids are `YYYYS`, so text order is time order). */
export function kokurikulerBerlaku(semesterId: string): boolean {
  return semesterId >= KOKURIKULER_FROM;
}

/**
 * Characters as the database counts them (`char_length`: code points, so an emoji is one, as the
 * screen's counter shows), of the text as it is stored: without leading and trailing blanks.
 */
export function panjangCatatan(text: string): number {
  return [...text.trim()].length;
}

export const CATATAN_MESSAGES = {
  tooLong: `Catatan tidak boleh lebih dari ${CATATAN_MAX} karakter!`,
  notText: 'Catatan harus berupa teks.',
  saved: 'Data berhasil disimpan',
  notMember: 'Peserta didik ini bukan anggota kelas ini.',
  duplicateRow: 'Peserta didik dikirim lebih dari sekali.',
  rowsRequired: 'Tidak ada catatan yang diubah untuk disimpan.',
  kokurikulerBelumBerlaku:
    'Kokurikuler baru berlaku mulai semester Ganjil 2025/2026 (Permendikdasmen Nomor 13 Tahun 2025). ' +
    'Pada semester ini tidak ada isian kokurikuler.',
  lockedOwn:
    'Nilai kelas ini sedang dikunci, sehingga catatan tidak dapat diubah. Buka kunci nilai di Beranda untuk mengubahnya.',
  conflict: (names: readonly string[]) =>
    `Catatan ${namedPupils(names)} ` +
    'telah diubah oleh pengguna lain sejak Anda membukanya. Tidak ada yang disimpan; isian Anda masih di ' +
    'layar. Muat ulang data untuk melihat isian terbaru, lalu simpan lagi.',
} as const;

export type CatatanCheck = { ok: true; value: string } | { ok: false; message: string };

/**
 * One note as typed: trimmed; empty means "no note" (the row is deleted); more than 1,000
 * characters is refused, never cut. The textarea's counter and the server use this one rule.
 */
export function checkCatatan(input: unknown): CatatanCheck {
  if (input === null || input === undefined) return { ok: true, value: '' };
  if (typeof input !== 'string') return { ok: false, message: CATATAN_MESSAGES.notText };
  const value = input.trim();
  if (panjangCatatan(value) > CATATAN_MAX) return { ok: false, message: CATATAN_MESSAGES.tooLong };
  return { ok: true, value };
}

// --- requests ---

export const catatanQuerySchema = z.object({
  rombongan_belajar_id: z
    .union([z.literal(''), z.uuid({ error: 'Rombongan belajar tidak ditemukan.' })])
    .optional()
    .transform((v) => v || undefined),
});
export type CatatanQuery = z.infer<typeof catatanQuerySchema>;

/**
 * One pupil's text as edited, with what the browser loaded ('' when nothing was stored). The text
 * is accepted up to a generous size so that a too-long note reaches the rule (422 with the field's
 * message), not a bare 400.
 */
export const catatanEditSchema = z.object({
  anggota_rombel_id: z.uuid({ error: CATATAN_MESSAGES.notMember }),
  uraian: z.union([z.string().max(20_000), z.null()], { error: CATATAN_MESSAGES.notText }),
  sebelumnya: z.string().max(20_000),
});
export type CatatanEdit = z.infer<typeof catatanEditSchema>;

export const catatanSaveSchema = z.object({
  rombongan_belajar_id: z.uuid({ error: 'Rombongan belajar tidak ditemukan.' }),
  rows: z
    .array(catatanEditSchema)
    .min(1, { error: CATATAN_MESSAGES.rowsRequired })
    .max(500, { error: 'Terlalu banyak baris catatan' }),
});
export type CatatanSave = z.infer<typeof catatanSaveSchema>;

/** Every text of a save checked at once: `{ 'rows.<i>.uraian': message }`, plus the trimmed texts. */
export function checkCatatanRows(rows: readonly Pick<CatatanEdit, 'anggota_rombel_id' | 'uraian'>[]): {
  details: Record<string, string>;
  values: string[];
} {
  const details: Record<string, string> = {};
  const seen = new Set<string>();
  const values = rows.map((row, i) => {
    if (seen.has(row.anggota_rombel_id))
      details[`rows.${i}.anggota_rombel_id`] = CATATAN_MESSAGES.duplicateRow;
    seen.add(row.anggota_rombel_id);
    const checked = checkCatatan(row.uraian);
    if (checked.ok) return checked.value;
    details[`rows.${i}.uraian`] = checked.message;
    return '';
  });
  return { details, values };
}

// --- responses ---

export const catatanRowSchema = z.object({
  anggota_rombel_id: z.string(),
  nama: z.string(),
  nisn: z.string().nullable(),
  /** The stored text, '' when there is none. */
  uraian: z.string(),
  updated_at: z.string().nullable(),
});
export type CatatanRow = z.infer<typeof catatanRowSchema>;

export const waliRombelSchema = z.object({ rombongan_belajar_id: z.string(), nama: z.string() });

export const catatanResponseSchema = z.object({
  jenis: z.enum(JENIS_CATATAN),
  rombel: waliRombelSchema,
  /** The caller's regular classes of the semester (usually one): the class picker. */
  kelas: z.array(optionSchema),
  /** Why the notes cannot be written now (the gate), or null. */
  penilaian_tertutup: z.string().nullable(),
  data: z.array(catatanRowSchema),
});
export type CatatanResponse = z.infer<typeof catatanResponseSchema>;

export const catatanSavedSchema = z.object({
  message: z.string(),
  /** Pupils whose text was written or deleted. */
  saved: z.number().int(),
  data: z.array(catatanRowSchema),
});
export type CatatanSaved = z.infer<typeof catatanSavedSchema>;

import { z } from 'zod';
import { optionSchema } from '../referensi/peserta-didik';
import { checkWholeNumber, namedPupils } from '../whole-number';

/**
 * Ketidakhadiran (reference-screens §11 `/wali-kelas/ketidakhadiran`, reference-domain §1.10
 * `absensi`; docs/decisions/026-wali-kelas-absensi.md): the wali kelas of a regular class (jenis 1)
 * enters each pupil's absences of the semester as whole days — Sakit, Izin, Tanpa Keterangan (alpa).
 *   GET /api/wali-kelas/ketidakhadiran?rombongan_belajar_id   the grid of the caller's class
 *                                                             (default: their first regular class)
 *   PUT /api/wali-kelas/ketidakhadiran                        save the changed rows, one transaction
 *
 * The save is the shared grade-grid save (apps/server/src/modules/penilaian/grid-save.ts): every
 * cell checked at once (422 `rows.<i>.<sakit|izin|alpa>`), the assessment gate (423), and each row
 * carries what the browser loaded (`sebelumnya`): a row stored differently now is a 409, nothing
 * written.
 */

/** The three kinds, in the grid's order (the columns Sakit | Izin | Tanpa Keterangan). */
export const JENIS_ABSENSI = ['sakit', 'izin', 'alpa'] as const;
export type JenisAbsensi = (typeof JENIS_ABSENSI)[number];

export const HARI_MIN = 0;
/** Most days a pupil can miss in one semester (a semester has about 100–120 school days). */
export const HARI_MAX = 200;

export const HARI_MESSAGES = {
  notNumber: 'Jumlah hari harus berupa angka!',
  belowMin: 'Jumlah hari tidak boleh di bawah 0 (nol)!',
  aboveMax: `Jumlah hari tidak boleh lebih dari ${HARI_MAX}!`,
  notWhole: 'Jumlah hari harus berupa bilangan bulat (tanpa koma)!',
} as const;
export type HariIssue = keyof typeof HARI_MESSAGES;
export type HariCheck = { ok: true; value: number } | { ok: false; code: HariIssue; message: string };

/**
 * Days of absence as typed, pasted or sent: blank is 0; otherwise a whole number 0–200 by the one
 * numeric cell rule (whole-number.ts: decimals refused with their own message, never rounded).
 * The grid and the server use this one rule.
 */
export function checkHari(input: unknown): HariCheck {
  const checked = checkWholeNumber(input, HARI_MIN, HARI_MAX, HARI_MESSAGES);
  return checked.ok ? { ok: true, value: checked.value ?? 0 } : checked;
}

export const ABSENSI_MESSAGES = {
  saved: 'Ketidakhadiran berhasil disimpan',
  noClass: 'Anda bukan wali kelas dari rombongan belajar reguler pada semester ini.',
  notFound: 'Rombongan belajar tidak ditemukan.',
  notWali: 'Hanya wali kelas dari rombongan belajar ini yang dapat mengisi ketidakhadiran.',
  notMember: 'Peserta didik ini bukan anggota kelas ini.',
  duplicateRow: 'Peserta didik dikirim lebih dari sekali.',
  rowsRequired: 'Tidak ada ketidakhadiran yang diubah untuk disimpan.',
  lockedOwn:
    'Nilai kelas ini sedang dikunci, sehingga ketidakhadiran tidak dapat diubah. Buka kunci nilai di Beranda untuk mengubahnya.',
  conflict: (names: readonly string[]) =>
    `Ketidakhadiran ${namedPupils(names)} ` +
    'telah diubah oleh pengguna lain sejak Anda membukanya. Tidak ada yang disimpan; isian Anda masih di ' +
    'layar. Muat ulang data untuk melihat isian terbaru, lalu simpan lagi.',
} as const;

// --- requests ---

export const absensiQuerySchema = z.object({
  rombongan_belajar_id: z
    .union([z.literal(''), z.uuid({ error: ABSENSI_MESSAGES.notFound })])
    .optional()
    .transform((v) => v || undefined),
});
export type AbsensiQuery = z.infer<typeof absensiQuerySchema>;

/** A cell as typed: a number, its text (checked by `checkHari` on the server) or empty (= 0). */
const cellValue = z.union([z.number(), z.string().max(20), z.null()], {
  error: HARI_MESSAGES.notNumber,
});
const loadedHari = z.number().int().min(HARI_MIN).max(HARI_MAX);

/** One pupil's row as edited, with what the browser loaded (0, 0, 0 when nothing was stored). */
export const absensiEditSchema = z.object({
  anggota_rombel_id: z.uuid({ error: ABSENSI_MESSAGES.notMember }),
  sakit: cellValue,
  izin: cellValue,
  alpa: cellValue,
  sebelumnya: z.object({ sakit: loadedHari, izin: loadedHari, alpa: loadedHari }),
});
export type AbsensiEdit = z.infer<typeof absensiEditSchema>;

export const absensiSaveSchema = z.object({
  rombongan_belajar_id: z.uuid({ error: ABSENSI_MESSAGES.notFound }),
  rows: z
    .array(absensiEditSchema)
    .min(1, { error: ABSENSI_MESSAGES.rowsRequired })
    .max(500, { error: 'Terlalu banyak baris ketidakhadiran' }),
});
export type AbsensiSave = z.infer<typeof absensiSaveSchema>;

/**
 * Every cell of a save checked at once: `{ 'rows.<i>.<sakit|izin|alpa>': message }` (and a pupil
 * sent twice under `rows.<i>.anggota_rombel_id`), plus the values (blank = 0; 0 where refused).
 */
export function checkAbsensiRows(rows: readonly Pick<AbsensiEdit, 'anggota_rombel_id' | JenisAbsensi>[]): {
  details: Record<string, string>;
  values: Record<JenisAbsensi, number>[];
} {
  const details: Record<string, string> = {};
  const seen = new Set<string>();
  const values = rows.map((row, i) => {
    if (seen.has(row.anggota_rombel_id))
      details[`rows.${i}.anggota_rombel_id`] = ABSENSI_MESSAGES.duplicateRow;
    seen.add(row.anggota_rombel_id);
    const out = { sakit: 0, izin: 0, alpa: 0 };
    for (const jenis of JENIS_ABSENSI) {
      const checked = checkHari(row[jenis]);
      if (checked.ok) out[jenis] = checked.value;
      else details[`rows.${i}.${jenis}`] = checked.message;
    }
    return out;
  });
  return { details, values };
}

// --- responses ---

export const absensiRowSchema = z.object({
  anggota_rombel_id: z.string(),
  nama: z.string(),
  nisn: z.string().nullable(),
  /** Whole days; 0 when nothing is stored (blank = 0). */
  sakit: z.number().int(),
  izin: z.number().int(),
  alpa: z.number().int(),
  /** When the row was last saved (null: never). */
  updated_at: z.string().nullable(),
});
export type AbsensiRow = z.infer<typeof absensiRowSchema>;

export const absensiResponseSchema = z.object({
  rombel: z.object({ rombongan_belajar_id: z.string(), nama: z.string() }),
  /** The caller's regular classes of the semester (usually one): the class picker. */
  kelas: z.array(optionSchema),
  /** Why the absences cannot be written now (the gate), or null. */
  penilaian_tertutup: z.string().nullable(),
  /**
   * The pupils' absences recorded during PKL (absensi_pkl summed over the class's placements),
   * shown beside the grid; "Salin dari PKL" copies them into the grid for review, never saving by
   * itself (§3.3 item 10). Null when the class has no PKL plan; a pupil without a row has none.
   */
  pkl: z
    .array(
      z.object({
        anggota_rombel_id: z.string(),
        sakit: z.number().int(),
        izin: z.number().int(),
        alpa: z.number().int(),
      }),
    )
    .nullable(),
  data: z.array(absensiRowSchema),
});
export type AbsensiResponse = z.infer<typeof absensiResponseSchema>;

export const absensiSavedSchema = z.object({
  message: z.string(),
  /** Pupils whose row was written. */
  saved: z.number().int(),
  data: z.array(absensiRowSchema),
});
export type AbsensiSaved = z.infer<typeof absensiSavedSchema>;

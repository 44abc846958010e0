import { z } from 'zod';
import { checkWholeNumber, namedPupils, type WholeNumberIssue } from '../whole-number';
import { checkAbsensiPkl } from './rules';

/**
 * Kehadiran PKL (issue #12 item 4; reference-screens §10 "Ketidakhadiran"; docs/decisions/034-pkl.md):
 * the Pembimbing PKL (owner or co-supervisor of the plan) enters each participant's days of absence
 * at the DUDI — Sakit, Izin, Alpa — whole days ≥ 0 summing to at most the placement's days.
 *   GET /api/pkl/kehadiran/rencana        the plans the caller may open (Tingkat → Rombel → DUDI)
 *   GET /api/pkl/kehadiran?pkl_id         the grid of one plan (owner, co-supervisor, wali, Waka)
 *   PUT /api/pkl/kehadiran                the changed rows, one transaction (owner, co-supervisor)
 * The save is the shared grade-grid save (penilaian/grid-save.ts): every cell checked at once
 * (422 `rows.<i>.<sakit|izin|alpa>`), the assessment gate of the plan's class (423), and each row
 * carries what the browser loaded (`sebelumnya`): a row stored differently now is a 409.
 */

export const JENIS_ABSENSI_PKL = ['sakit', 'izin', 'alpa'] as const;
export type JenisAbsensiPkl = (typeof JENIS_ABSENSI_PKL)[number];

/** No placement is longer than a year; the placement's own days are the real bound. */
export const HARI_PKL_MAX = 366;

export const HARI_PKL_MESSAGES = {
  notNumber: 'Jumlah hari harus berupa angka!',
  belowMin: 'Jumlah hari tidak boleh di bawah 0 (nol)!',
  aboveMax: `Jumlah hari tidak boleh lebih dari ${HARI_PKL_MAX}!`,
  notWhole: 'Jumlah hari harus berupa bilangan bulat (tanpa koma)!',
} as const;

export const KEHADIRAN_PKL_MESSAGES = {
  saved: 'Ketidakhadiran PKL berhasil disimpan',
  notParticipant: 'Peserta didik ini bukan peserta rencana PKL ini.',
  duplicateRow: 'Peserta didik dikirim lebih dari sekali.',
  rowsRequired: 'Tidak ada ketidakhadiran yang diubah untuk disimpan.',
  conflict: (names: readonly string[]) =>
    `Ketidakhadiran PKL ${namedPupils(names)} ` +
    'telah diubah oleh pengguna lain sejak Anda membukanya. Tidak ada yang disimpan; isian Anda masih di ' +
    'layar. Muat ulang data untuk melihat isian terbaru, lalu simpan lagi.',
} as const;

/** Days as typed, pasted or sent: blank is 0, otherwise a whole number 0–366 (the one cell rule). */
export function checkHariPkl(
  input: unknown,
): { ok: true; value: number } | { ok: false; code: WholeNumberIssue; message: string } {
  const checked = checkWholeNumber(input, 0, HARI_PKL_MAX, HARI_PKL_MESSAGES);
  return checked.ok ? { ok: true, value: checked.value ?? 0 } : checked;
}

type RowInput = { peserta_didik_id: string } & Record<JenisAbsensiPkl, unknown>;

/**
 * Every cell of a save checked at once against one placement: `{ 'rows.<i>.<field>': message }`.
 * A sum beyond the placement's days marks the row's three cells with
 * "Jumlah ketidakhadiran melebihi lama PKL ({n} hari)." (the grid and the server say the same).
 */
export function checkKehadiranPklRows(
  rows: readonly RowInput[],
  tanggalMulai: string,
  tanggalSelesai: string,
): { details: Record<string, string>; values: Record<JenisAbsensiPkl, number>[] } {
  const details: Record<string, string> = {};
  const seen = new Set<string>();
  const values = rows.map((row, i) => {
    if (seen.has(row.peserta_didik_id))
      details[`rows.${i}.peserta_didik_id`] = KEHADIRAN_PKL_MESSAGES.duplicateRow;
    seen.add(row.peserta_didik_id);
    const out = { sakit: 0, izin: 0, alpa: 0 };
    let cellsOk = true;
    for (const jenis of JENIS_ABSENSI_PKL) {
      const checked = checkHariPkl(row[jenis]);
      if (checked.ok) out[jenis] = checked.value;
      else {
        cellsOk = false;
        details[`rows.${i}.${jenis}`] = checked.message;
      }
    }
    if (cellsOk) {
      const bound = checkAbsensiPkl(out, tanggalMulai, tanggalSelesai);
      if (!bound.ok) for (const jenis of JENIS_ABSENSI_PKL) details[`rows.${i}.${jenis}`] = bound.message;
    }
    return out;
  });
  return { details, values };
}

// --- requests ---

export const kehadiranPklQuerySchema = z.object({
  pkl_id: z.uuid({ error: 'Rencana Penilaian PKL tidak ditemukan.' }),
});
export type KehadiranPklQuery = z.infer<typeof kehadiranPklQuerySchema>;

const cellValue = z.union([z.number(), z.string().max(20), z.null()], { error: HARI_PKL_MESSAGES.notNumber });
const loadedHari = z.number().int().min(0).max(HARI_PKL_MAX);

export const kehadiranPklEditSchema = z.object({
  peserta_didik_id: z.uuid({ error: KEHADIRAN_PKL_MESSAGES.notParticipant }),
  sakit: cellValue,
  izin: cellValue,
  alpa: cellValue,
  sebelumnya: z.object({ sakit: loadedHari, izin: loadedHari, alpa: loadedHari }),
});
export type KehadiranPklEdit = z.infer<typeof kehadiranPklEditSchema>;

export const kehadiranPklSaveSchema = z.object({
  pkl_id: z.uuid({ error: 'Rencana Penilaian PKL tidak ditemukan.' }),
  rows: z
    .array(kehadiranPklEditSchema)
    .min(1, { error: KEHADIRAN_PKL_MESSAGES.rowsRequired })
    .max(500, { error: 'Terlalu banyak baris ketidakhadiran' }),
});
export type KehadiranPklSave = z.infer<typeof kehadiranPklSaveSchema>;

// --- responses ---

export const kehadiranPklRencanaSchema = z.object({
  pkl_id: z.string(),
  tingkat: z.number().int(),
  rombongan_belajar_id: z.string(),
  kelas: z.string(),
  dudi_id: z.string(),
  nama_dudi: z.string(),
  judul_akt_pd: z.string(),
  tanggal_mulai: z.string(),
  tanggal_selesai: z.string(),
});
export type KehadiranPklRencana = z.infer<typeof kehadiranPklRencanaSchema>;

export const kehadiranPklRencanaListSchema = z.object({ data: z.array(kehadiranPklRencanaSchema) });
export type KehadiranPklRencanaList = z.infer<typeof kehadiranPklRencanaListSchema>;

export const kehadiranPklRowSchema = z.object({
  peserta_didik_id: z.string(),
  nama: z.string(),
  nisn: z.string().nullable(),
  sakit: z.number().int(),
  izin: z.number().int(),
  alpa: z.number().int(),
  updated_at: z.string().nullable(),
});
export type KehadiranPklRow = z.infer<typeof kehadiranPklRowSchema>;

export const kehadiranPklResponseSchema = z.object({
  rencana: kehadiranPklRencanaSchema.extend({ hari: z.number().int() }),
  /** The caller may write (owner or co-supervisor); wali and Waka read. */
  bisa_ubah: z.boolean(),
  /** Why the plan's class cannot be written now (the gate), or null. */
  penilaian_tertutup: z.string().nullable(),
  data: z.array(kehadiranPklRowSchema),
});
export type KehadiranPklResponse = z.infer<typeof kehadiranPklResponseSchema>;

export const kehadiranPklSavedSchema = z.object({
  message: z.string(),
  saved: z.number().int(),
  data: z.array(kehadiranPklRowSchema),
});
export type KehadiranPklSaved = z.infer<typeof kehadiranPklSavedSchema>;

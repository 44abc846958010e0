import { z } from 'zod';
import { openInSemester } from '../access';
import { isKelasAkhir, STATUS_KENAIKAN, teksKenaikan } from '../cetak/rapor';
import { COLUMN_LENGTH, forColumn } from '../column-lengths';
import { optionSchema } from '../referensi/peserta-didik';
import { routeByName } from '../routes';
import { namedPupils } from '../whole-number';

/**
 * Kenaikan Kelas (issue #11 item 5; reference-domain §7; docs/decisions/029-kenaikan-kelas.md):
 * in a Genap semester the wali kelas of a regular class decides per pupil "Naik Ke Kelas" (with the
 * class they go up to), "Tidak Naik", "Lulus" or "Tidak Lulus".
 *   GET /api/wali-kelas/kenaikan-kelas?rombongan_belajar_id   the caller's class, its pupils and options
 *   PUT /api/wali-kelas/kenaikan-kelas                        save the changed decisions, one transaction
 * In a Ganjil semester both answer 409 with `KENAIKAN_MESSAGES.ganjil`.
 *
 * The printed line ("Naik ke kelas …", "LULUS", …) is `teksKenaikan`, shared with the report card.
 */

export { STATUS_KENAIKAN, teksKenaikan };
export type StatusKenaikan = (typeof STATUS_KENAIKAN)[keyof typeof STATUS_KENAIKAN];

/** The choices as the screen names them (e-Rapor's select). */
export const STATUS_KENAIKAN_LABEL: Record<StatusKenaikan, string> = {
  1: 'Naik Ke Kelas',
  2: 'Tidak Naik',
  3: 'Lulus',
  4: 'Tidak Lulus',
};

/** The page of the route table whose semester condition says when kenaikan applies. */
export const KENAIKAN_ROUTE = 'wali-kelas-kenaikan-kelas';

/** Longest class name stored (the column's length). */
export const NAMA_KELAS_MAX = COLUMN_LENGTH.kenaikan_kelas.nama_kelas;

/**
 * Whether the class's decision is a kelulusan (Lulus / Tidak Lulus): the last class of the
 * programme — tingkat 12, or 13 when the class's jurusan runs four years.
 */
export function isKelulusan(tingkat: number, empatTahun: boolean): boolean {
  return isKelasAkhir(tingkat, empatTahun);
}

/**
 * The statuses a class may give (reference-domain §7): tingkat 10–11 → Naik / Tidak Naik; 12 → Lulus
 * / Tidak Lulus, but Naik / Tidak Naik in a four-year programme (its jurusan has a class marked
 * "Rombongan Belajar 4 Tahun"); 13 → Lulus / Tidak Lulus.
 */
export function statusKenaikanOptions(tingkat: number, empatTahun: boolean): StatusKenaikan[] {
  return isKelulusan(tingkat, empatTahun)
    ? [STATUS_KENAIKAN.lulus, STATUS_KENAIKAN.tidakLulus]
    : [STATUS_KENAIKAN.naik, STATUS_KENAIKAN.tetap];
}

/**
 * Kenaikan happens at the end of the school year only (Genap). The rule is the page's own semester
 * condition in the route table (`semesters: { genapOnly: true }`), so the menu that hides the page
 * and the API that refuses it in Ganjil cannot disagree.
 */
export function kenaikanBerlaku(semesterId: string): boolean {
  const page = routeByName(KENAIKAN_ROUTE);
  if (!page) throw new Error(`route ${KENAIKAN_ROUTE} missing from the route table`);
  return openInSemester(page.semesters, semesterId);
}

export const KENAIKAN_MESSAGES = {
  ganjil: 'Kenaikan kelas hanya dapat dilakukan di semester Genap.',
  rombelKosong: 'Rombongan Belajar tidak boleh kosong!',
  namaKelasTooLong: `Nama rombongan belajar tidak boleh lebih dari ${NAMA_KELAS_MAX} karakter!`,
  statusNotAllowed: (status: number, kelas: string, allowed: readonly StatusKenaikan[]) =>
    `Status "${STATUS_KENAIKAN_LABEL[status as StatusKenaikan] ?? status}" tidak dapat dipilih untuk kelas ${kelas}. ` +
    `Pilihan yang tersedia: ${allowed.map((s) => STATUS_KENAIKAN_LABEL[s]).join(' atau ')}.`,
  saved: 'Kenaikan kelas berhasil disimpan',
  placeholderKenaikan: '== Pilih Status Kenaikan ==',
  placeholderKelulusan: '== Pilih Status Kelulusan ==',
  notMember: 'Peserta didik ini bukan anggota kelas ini.',
  duplicateRow: 'Peserta didik dikirim lebih dari sekali.',
  rowsRequired: 'Tidak ada kenaikan kelas yang diubah untuk disimpan.',
  lockedOwn:
    'Nilai kelas ini sedang dikunci, sehingga kenaikan kelas tidak dapat diubah. Buka kunci nilai di Beranda untuk mengubahnya.',
  conflict: (names: readonly string[]) =>
    `Kenaikan kelas ${namedPupils(names)} ` +
    'telah diubah oleh pengguna lain sejak Anda membukanya. Tidak ada yang disimpan; pilihan Anda masih di ' +
    'layar. Muat ulang data untuk melihat isian terbaru, lalu simpan lagi.',
} as const;

/** A decision as stored: no decision is null. */
export interface Keputusan {
  status: StatusKenaikan;
  nama_kelas: string | null;
}

export type KenaikanCheck =
  | { ok: true; value: Keputusan | null }
  | { ok: false; field: 'status' | 'nama_kelas'; message: string };

/**
 * One pupil's decision as chosen, for a class `kelas` (its name and allowed statuses): no status
 * clears the decision; Naik needs the class gone up to (typed or chosen, trimmed); Tidak Naik
 * stores the current class's name (printed "Tetap dikelas {kelas}"); Lulus / Tidak Lulus no class.
 * The screen and the server use this one rule.
 */
export function checkKeputusan(
  input: { status: number | null; nama_kelas?: string | null },
  kelas: { nama: string; options: readonly StatusKenaikan[] },
): KenaikanCheck {
  if (input.status === null) return { ok: true, value: null };
  const status = input.status as StatusKenaikan;
  if (!kelas.options.includes(status)) {
    return {
      ok: false,
      field: 'status',
      message: KENAIKAN_MESSAGES.statusNotAllowed(input.status, kelas.nama, kelas.options),
    };
  }
  if (status === STATUS_KENAIKAN.naik) {
    const nama = (input.nama_kelas ?? '').trim();
    if (!nama) return { ok: false, field: 'nama_kelas', message: KENAIKAN_MESSAGES.rombelKosong };
    if ([...nama].length > NAMA_KELAS_MAX)
      return { ok: false, field: 'nama_kelas', message: KENAIKAN_MESSAGES.namaKelasTooLong };
    return { ok: true, value: { status, nama_kelas: nama } };
  }
  if (status === STATUS_KENAIKAN.tetap) return { ok: true, value: { status, nama_kelas: kelas.nama } };
  return { ok: true, value: { status, nama_kelas: null } };
}

/** Two decisions are the same (null = none). */
export function sameKeputusan(a: Keputusan | null | undefined, b: Keputusan | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return a.status === b.status && (a.nama_kelas ?? null) === (b.nama_kelas ?? null);
}

// --- requests ---

export const kenaikanQuerySchema = z.object({
  rombongan_belajar_id: z
    .union([z.literal(''), z.uuid({ error: 'Rombongan belajar tidak ditemukan.' })])
    .optional()
    .transform((v) => v || undefined),
});
export type KenaikanQuery = z.infer<typeof kenaikanQuerySchema>;

const statusValue = z.number({ error: 'Status kenaikan tidak dikenal.' }).int().min(1).max(4).nullable();
const keputusanSchema = z.object({
  status: z.number().int().min(1).max(4),
  nama_kelas: z.string().nullable(),
});

/** One pupil's decision as chosen, with what the browser loaded (null: no decision then). */
export const kenaikanEditSchema = z.object({
  anggota_rombel_id: z.uuid({ error: KENAIKAN_MESSAGES.notMember }),
  status: statusValue,
  // Was .max(200) with the 100 checked after trimming (keputusanOf); now the column's one number.
  nama_kelas: forColumn(
    z.string().trim().max(NAMA_KELAS_MAX, { error: KENAIKAN_MESSAGES.namaKelasTooLong }),
    'kenaikan_kelas',
    'nama_kelas',
  )
    .nullable()
    .optional(),
  sebelumnya: keputusanSchema.nullable(),
});
export type KenaikanEdit = z.infer<typeof kenaikanEditSchema>;

export const kenaikanSaveSchema = z.object({
  rombongan_belajar_id: z.uuid({ error: 'Rombongan belajar tidak ditemukan.' }),
  rows: z
    .array(kenaikanEditSchema)
    .min(1, { error: KENAIKAN_MESSAGES.rowsRequired })
    .max(500, { error: 'Terlalu banyak baris kenaikan kelas' }),
});
export type KenaikanSave = z.infer<typeof kenaikanSaveSchema>;

// --- responses ---

export const kenaikanRowSchema = z.object({
  anggota_rombel_id: z.string(),
  nama: z.string(),
  nisn: z.string().nullable(),
  /** The stored decision (null: none yet). */
  status: z.number().int().nullable(),
  nama_kelas: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type KenaikanRow = z.infer<typeof kenaikanRowSchema>;

export const kenaikanResponseSchema = z.object({
  rombel: z.object({ rombongan_belajar_id: z.string(), nama: z.string(), tingkat: z.number().int() }),
  /** The caller's regular classes of the semester (usually one): the class picker. */
  kelas: z.array(optionSchema),
  /** The class's jurusan runs four years (a class of it is marked "Rombongan Belajar 4 Tahun"). */
  empat_tahun: z.boolean(),
  /** Lulus / Tidak Lulus rather than Naik / Tidak Naik. */
  kelulusan: z.boolean(),
  /** The statuses this class may give, with their labels. */
  status: z.array(z.object({ value: z.number().int(), label: z.string() })),
  /** "Pilih Rombongan Belajar": the regular classes of tingkat + 1 in this semester, by name. */
  kelas_tujuan: z.array(z.string()),
  /** Why the decisions cannot be written now (the gate), or null. */
  penilaian_tertutup: z.string().nullable(),
  data: z.array(kenaikanRowSchema),
});
export type KenaikanResponse = z.infer<typeof kenaikanResponseSchema>;

export const kenaikanSavedSchema = z.object({
  message: z.string(),
  saved: z.number().int(),
  data: z.array(kenaikanRowSchema),
});
export type KenaikanSaved = z.infer<typeof kenaikanSavedSchema>;

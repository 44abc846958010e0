import { z } from 'zod';
import { listResponseSchema } from '../list';
import type { RoleName } from '../roles';
import { optionSchema, TINGKAT } from './peserta-didik';

/**
 * Rombongan belajar screens (reference-screens §6.2): /referensi/rombongan-belajar (jenis 1) and
 * /referensi/rombel-pilihan (jenis 16); the ekskul members (jenis 51) use the same anggota calls.
 *   GET    /api/referensi/rombongan-belajar?jenis_rombel=1|16&tingkat&jurusan_sp_id + list query
 *   GET    /api/referensi/rombongan-belajar/filter?jenis_rombel&tingkat
 *   GET    /api/referensi/rombongan-belajar/:id/anggota + list query (search nama/NISN)
 *   DELETE /api/referensi/anggota-rombel/:anggota_rombel_id          ("Keluarkan")
 *   GET    /api/referensi/rombongan-belajar/:id/pembelajaran         (grid + guru and kelompok choices)
 *   PUT    /api/referensi/rombongan-belajar/:id/pembelajaran         (the whole grid, one transaction)
 *   POST   /api/referensi/pembelajaran/:id/reset                     (back to the Dapodik values)
 */

/** jenis_rombel codes (reference-domain §1.3). */
export const JENIS_ROMBEL = { reguler: 1, pilihan: 16, ekskul: 51 } as const;
export type JenisRombel = (typeof JENIS_ROMBEL)[keyof typeof JENIS_ROMBEL];

/** Who reads the class lists and pembelajaran grids of every class (the Rombel resource). */
export const ROMBEL_READ_ALL_ROLES: readonly RoleName[] = ['admin', 'tu', 'waka'];
/** Who changes members and pembelajaran. */
export const ROMBEL_MANAGE_ROLES: readonly RoleName[] = ['admin'];

export const ROMBEL_SORT_COLUMNS = ['nama', 'wali_kelas', 'tingkat', 'jurusan', 'kurikulum'] as const;

const optionalId = (message: string) =>
  z
    .union([z.literal(''), z.uuid({ error: message })])
    .optional()
    .transform((v) => v || undefined);

export const rombelFilterSchema = z.object({
  jenis_rombel: z.coerce
    .number({ error: 'Jenis rombel harus 1 (Reguler) atau 16 (Matpel Pilihan)' })
    .refine((v) => v === 1 || v === 16, { error: 'Jenis rombel harus 1 (Reguler) atau 16 (Matpel Pilihan)' })
    .default(1),
  tingkat: z
    .union([z.literal(''), z.coerce.number().int()])
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || (TINGKAT as readonly number[]).includes(v), {
      error: 'Tingkat kelas harus 10, 11, 12 atau 13',
    }),
  jurusan_sp_id: optionalId('Jurusan tidak valid'),
});
export type RombelFilter = z.infer<typeof rombelFilterSchema>;

export const rombelRowSchema = z.object({
  rombongan_belajar_id: z.string(),
  nama: z.string(),
  wali_kelas: z.string().nullable(),
  tingkat: z.number().int().nullable(),
  jurusan: z.string().nullable(),
  kurikulum: z.string().nullable(),
  jenis_rombel: z.number().int(),
  jumlah_anggota: z.number().int(),
});
export type RombelRow = z.infer<typeof rombelRowSchema>;

export const rombelFilterOptionsSchema = z.object({
  tingkat: z.array(optionSchema),
  jurusan: z.array(optionSchema),
});

export const rombelSummarySchema = z.object({
  rombongan_belajar_id: z.string(),
  nama: z.string(),
  jenis_rombel: z.number().int(),
  tingkat: z.number().int().nullable(),
  kurikulum: z.string().nullable(),
});
export type RombelSummary = z.infer<typeof rombelSummarySchema>;

export const ANGGOTA_SORT_COLUMNS = [
  'nama',
  'nisn',
  'jenis_kelamin',
  'tanggal_lahir',
  'agama',
  'kelas',
] as const;

export const anggotaRowSchema = z.object({
  /** Row number across pages (1-based), as the "No" column shows it. */
  no: z.number().int(),
  anggota_rombel_id: z.string(),
  peserta_didik_id: z.string(),
  nama: z.string(),
  nisn: z.string().nullable(),
  jenis_kelamin: z.string().nullable(),
  tempat_lahir: z.string().nullable(),
  tanggal_lahir: z.string().nullable(),
  agama: z.string().nullable(),
  /** The pupil's regular class (useful for pilihan and ekskul groups). */
  kelas: z.string().nullable(),
});
export type AnggotaRow = z.infer<typeof anggotaRowSchema>;

/** A page of members (an ekskul like Pramuka has a whole grade), with the rombel it belongs to. */
export const anggotaResponseSchema = listResponseSchema(anggotaRowSchema).extend({
  rombel: rombelSummarySchema,
  /** Whether the caller may remove members ("Keluarkan"). */
  can_manage: z.boolean(),
});
export type AnggotaResponse = z.infer<typeof anggotaResponseSchema>;

export const pembelajaranRowSchema = z.object({
  pembelajaran_id: z.string(),
  mata_pelajaran_id: z.number().int(),
  /** The editable display name. */
  nama_mata_pelajaran: z.string(),
  /** The national reference name of the subject (what "reset" restores). */
  nama_referensi: z.string().nullable(),
  /** Guru Mapel (Dapodik): the registered teacher, read-only. */
  guru: z.string().nullable(),
  guru_id: z.string().nullable(),
  guru_pengajar_id: z.string().nullable(),
  kelompok_id: z.number().int().nullable(),
  no_urut: z.number().int().nullable(),
  induk_pembelajaran_id: z.string().nullable(),
  updated_at: z.string(),
});
export type PembelajaranRow = z.infer<typeof pembelajaranRowSchema>;

export const pembelajaranResponseSchema = z.object({
  rombel: rombelSummarySchema,
  /** Parents first, each followed by its sub-subjects. */
  data: z.array(pembelajaranRowSchema),
  guru: z.array(optionSchema),
  kelompok: z.array(optionSchema),
  can_manage: z.boolean(),
});
export type PembelajaranResponse = z.infer<typeof pembelajaranResponseSchema>;

export const PEMBELAJARAN_MESSAGES = {
  namaRequired: 'Nama mata pelajaran tidak boleh kosong',
  namaMax: 'Nama mata pelajaran maksimal 150 karakter',
  noUrutInvalid: 'No Urut harus angka 1 sampai 99',
  kelompokInvalid: 'Kelompok tidak valid',
  kelompokUnknown: 'Kelompok tidak ditemukan untuk kurikulum rombel ini',
  guruInvalid: 'Guru Pengajar tidak valid',
  guruUnknown: 'Guru Pengajar tidak ditemukan di sekolah ini',
  pairRequired: 'Kelompok dan No Urut harus diisi bersamaan',
  notInRombel: 'Pembelajaran tidak ditemukan di rombel ini',
  duplicateRow: 'Pembelajaran dikirim lebih dari sekali',
  saved: 'Pembelajaran berhasil disimpan',
  reset: (nama: string) => `Pembelajaran ${nama} berhasil direset`,
  resetConfirm: 'Aksi ini akan menghapus Guru Pengajar dan Kelompok!',
  conflict:
    'Pembelajaran di rombel ini telah diubah oleh pengguna lain sejak Anda membukanya. Isian Anda masih di layar: muat ulang data di tab lain, lalu simpan lagi.',
} as const;

const nullableId = (message: string) =>
  z
    .union([z.literal(''), z.uuid({ error: message })], { error: message })
    .nullable()
    .optional()
    .transform((v) => v || null);

const nullableInt = (message: string, min: number, max: number) =>
  z
    .union([z.literal(''), z.number(), z.string()], { error: message })
    .nullable()
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

export const pembelajaranEditSchema = z
  .object({
    pembelajaran_id: z.uuid({ error: PEMBELAJARAN_MESSAGES.notInRombel }),
    nama_mata_pelajaran: z
      .string({ error: PEMBELAJARAN_MESSAGES.namaRequired })
      .trim()
      .min(1, { error: PEMBELAJARAN_MESSAGES.namaRequired })
      .max(150, { error: PEMBELAJARAN_MESSAGES.namaMax }),
    guru_pengajar_id: nullableId(PEMBELAJARAN_MESSAGES.guruInvalid),
    kelompok_id: nullableInt(PEMBELAJARAN_MESSAGES.kelompokInvalid, 1, 32767),
    no_urut: nullableInt(PEMBELAJARAN_MESSAGES.noUrutInvalid, 1, 99),
    /** The row's updated_at as loaded: a newer row in the database answers 409. */
    updated_at: z.string().min(1),
  })
  .superRefine((row, ctx) => {
    // A subject is active for grading only with both (reference-screens §6.2); one without the other is a typo.
    if ((row.kelompok_id === null) !== (row.no_urut === null)) {
      ctx.addIssue({
        code: 'custom',
        path: [row.kelompok_id === null ? 'kelompok_id' : 'no_urut'],
        message: PEMBELAJARAN_MESSAGES.pairRequired,
      });
    }
  });
export type PembelajaranEdit = z.infer<typeof pembelajaranEditSchema>;
export type PembelajaranEditInput = z.input<typeof pembelajaranEditSchema>;

export const pembelajaranSaveSchema = z.object({
  rows: z
    .array(pembelajaranEditSchema)
    .min(1, { error: 'Tidak ada pembelajaran yang disimpan' })
    .max(200, { error: 'Terlalu banyak baris pembelajaran' }),
});
export type PembelajaranSave = z.infer<typeof pembelajaranSaveSchema>;

/**
 * Checks that need the whole grid: a row sent twice. (Two subjects may share kelompok and no urut:
 * schools give every religion subject the same slot, since each pupil takes only one.)
 * Returns `{ 'rows.i.field': message }`.
 */
export function checkPembelajaranGrid(
  rows: readonly Pick<PembelajaranEdit, 'pembelajaran_id'>[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    if (seen.has(row.pembelajaran_id))
      errors[`rows.${i}.pembelajaran_id`] = PEMBELAJARAN_MESSAGES.duplicateRow;
    seen.add(row.pembelajaran_id);
  });
  return errors;
}

export const ANGGOTA_MESSAGES = {
  removed: 'Anggota Rombel berhasil dikeluarkan',
  notFound: 'Anggota rombel tidak ditemukan',
  confirm: 'Tindakan ini tidak dapat dikembalikan!',
  otherSemester: 'Anggota rombel semester lain tidak dapat dikeluarkan dari semester ini',
} as const;

export const messageSchema = z.object({ message: z.string() });

import { z } from 'zod';
import type { RoleName } from '../roles';

/**
 * Peserta didik screens (reference-screens §6.3): /referensi/peserta-didik-aktif and
 * /referensi/peserta-didik-keluar. API:
 *   GET  /api/referensi/peserta-didik?status=aktif|keluar&tingkat&jurusan_sp_id&rombongan_belajar_id + list query
 *   GET  /api/referensi/peserta-didik/filter?tingkat&jurusan_sp_id   (cascading filter options)
 *   GET  /api/referensi/peserta-didik/:id                           (detail + choices for the form)
 *   PUT  /api/referensi/peserta-didik/:id                           (the fields e-Rapor may edit)
 */

/** Tingkat options everywhere (reference-screens §0): Kelas 10–13. */
export const TINGKAT = [10, 11, 12, 13] as const;

/** Who sees which pupils (server-enforced; the web only uses it to show or hide buttons). */
export const PD_READ_ALL_ROLES: readonly RoleName[] = ['admin', 'tu', 'waka'];
/** Who may edit any pupil; a wali kelas may edit the pupils of their own class. */
export const PD_EDIT_ALL_ROLES: readonly RoleName[] = ['admin', 'tu'];

/** Sortable columns of the pupil list (the server orders only by these). */
export const PD_SORT_COLUMNS = ['nama', 'nisn', 'jenis_kelamin', 'tanggal_lahir', 'agama', 'kelas'] as const;

export const pdStatusSchema = z.enum(['aktif', 'keluar'], { error: 'Status harus aktif atau keluar' });

const optionalUuid = (field: string) =>
  z
    .union([z.literal(''), z.uuid({ error: `${field} tidak valid` })])
    .optional()
    .transform((v) => v || undefined);

/** Filters sent with the list query (all optional; each narrows the next). */
export const pdFilterSchema = z.object({
  status: pdStatusSchema.default('aktif'),
  tingkat: z
    .union([z.literal(''), z.coerce.number().int()])
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || (TINGKAT as readonly number[]).includes(v), {
      error: 'Tingkat kelas harus 10, 11, 12 atau 13',
    }),
  jurusan_sp_id: optionalUuid('Jurusan'),
  rombongan_belajar_id: optionalUuid('Rombel'),
});
export type PdFilter = z.infer<typeof pdFilterSchema>;

export const pdRowSchema = z.object({
  peserta_didik_id: z.string(),
  nama: z.string(),
  nisn: z.string().nullable(),
  no_induk: z.string().nullable(),
  jenis_kelamin: z.string().nullable(),
  tempat_lahir: z.string().nullable(),
  tanggal_lahir: z.string().nullable(),
  agama: z.string().nullable(),
  /** Name of the regular class of the semester (null when none). */
  kelas: z.string().nullable(),
  rombongan_belajar_id: z.string().nullable(),
});
export type PdRow = z.infer<typeof pdRowSchema>;

export const optionSchema = z.object({ value: z.string(), label: z.string() });
export type Option = z.infer<typeof optionSchema>;

/** Cascading filter options: tingkat → jurusan (programmes with classes at that tingkat) → rombel. */
export const pdFilterOptionsSchema = z.object({
  tingkat: z.array(optionSchema),
  jurusan: z.array(optionSchema),
  rombel: z.array(optionSchema),
});
export type PdFilterOptions = z.infer<typeof pdFilterOptionsSchema>;

/** "Status dalam keluarga" choices (reference-screens §6.3). */
export const STATUS_DALAM_KELUARGA = ['Anak Kandung', 'Anak Tiri', 'Anak Angkat'] as const;

export const pdDetailSchema = z.object({
  peserta_didik_id: z.string(),
  nama: z.string(),
  no_induk: z.string().nullable(),
  nisn: z.string().nullable(),
  nik: z.string().nullable(),
  jenis_kelamin: z.string().nullable(),
  tempat_lahir: z.string().nullable(),
  tanggal_lahir: z.string().nullable(),
  agama: z.string().nullable(),
  status: z.string().nullable(),
  anak_ke: z.number().int().nullable(),
  alamat: z.string().nullable(),
  rt: z.string().nullable(),
  rw: z.string().nullable(),
  desa_kelurahan: z.string().nullable(),
  kecamatan: z.string().nullable(),
  kode_pos: z.string().nullable(),
  no_telp: z.string().nullable(),
  sekolah_asal: z.string().nullable(),
  diterima_kelas: z.string().nullable(),
  diterima: z.string().nullable(),
  email: z.string().nullable(),
  nama_ayah: z.string().nullable(),
  kerja_ayah: z.number().int().nullable(),
  nama_ibu: z.string().nullable(),
  kerja_ibu: z.number().int().nullable(),
  nama_wali: z.string().nullable(),
  alamat_wali: z.string().nullable(),
  telp_wali: z.string().nullable(),
  kerja_wali: z.number().int().nullable(),
  kelas: z.string().nullable(),
  /** Optimistic concurrency: send it back with the update; a newer row answers 409. */
  updated_at: z.string(),
});
export type PdDetail = z.infer<typeof pdDetailSchema>;

export const pdDetailResponseSchema = z.object({
  data: pdDetailSchema,
  /** Occupation choices for Pekerjaan Ayah/Ibu/Wali. */
  pekerjaan: z.array(optionSchema),
  /** Whether the caller may save changes (admin/tu, or the wali of the pupil's class). */
  can_edit: z.boolean(),
});
export type PdDetailResponse = z.infer<typeof pdDetailResponseSchema>;

/** Empty input means "no value" (null) for optional text fields. */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

const digits = (len: { min: number; max: number }, message: string) =>
  z
    .string({ error: message })
    .trim()
    .nullable()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || new RegExp(`^\\d{${len.min},${len.max}}$`).test(v), { error: message });

const phone = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .nullable()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^\+?[0-9 ()-]{6,20}$/.test(v), { error: message });

/** A whole number in [min, max] from an input or select ('' = null); one message for every failure. */
const nullableInt = (message: string, min: number, max: number) =>
  z
    .union([z.number(), z.string()], { error: message })
    .nullable()
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

const pekerjaanId = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .nullable()
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/** NIK: 16 digits, or empty. The school-wide NIK rule (region + birth date) is applied by the server. */
export const NIK_MESSAGES = {
  digits: 'NIK harus berupa angka!',
  length: 'NIK harus 16 digit!',
} as const;

export const pdNikSchema = z
  .string({ error: NIK_MESSAGES.digits })
  .trim()
  .nullable()
  .optional()
  .transform((v) => (v ? v : null))
  .superRefine((v, ctx) => {
    if (v === null) return;
    if (!/^\d+$/.test(v)) ctx.addIssue({ code: 'custom', message: NIK_MESSAGES.digits });
    else if (v.length !== 16) ctx.addIssue({ code: 'custom', message: NIK_MESSAGES.length });
  });

/** The fields e-Rapor lets the school edit (reference-domain §1.2, reference-screens §6.3). */
export const pdUpdateSchema = z.object({
  nik: pdNikSchema,
  status: z
    .union([z.literal(''), z.enum(STATUS_DALAM_KELUARGA)], {
      error: 'Status dalam keluarga harus Anak Kandung, Anak Tiri atau Anak Angkat',
    })
    .nullable()
    .optional()
    .transform((v) => v || null),
  anak_ke: nullableInt('Anak Ke harus angka antara 1 dan 30', 1, 30),
  alamat: optionalText(255, 'Alamat maksimal 255 karakter'),
  rt: digits({ min: 1, max: 3 }, 'RT harus berupa angka (maksimal 3 digit)'),
  rw: digits({ min: 1, max: 3 }, 'RW harus berupa angka (maksimal 3 digit)'),
  desa_kelurahan: optionalText(100, 'Desa/Kelurahan maksimal 100 karakter'),
  kecamatan: optionalText(100, 'Kecamatan maksimal 100 karakter'),
  kode_pos: digits({ min: 5, max: 5 }, 'Kodepos harus 5 digit angka'),
  no_telp: phone('Telp/HP tidak valid'),
  diterima_kelas: optionalText(50, 'Diterima dikelas maksimal 50 karakter'),
  nama_ayah: optionalText(100, 'Nama Ayah maksimal 100 karakter'),
  kerja_ayah: pekerjaanId('Pekerjaan Ayah tidak valid'),
  nama_ibu: optionalText(100, 'Nama Ibu Kandung maksimal 100 karakter'),
  kerja_ibu: pekerjaanId('Pekerjaan Ibu tidak valid'),
  nama_wali: optionalText(100, 'Nama Wali maksimal 100 karakter'),
  alamat_wali: optionalText(255, 'Alamat Wali maksimal 255 karakter'),
  telp_wali: phone('Telp/HP Wali tidak valid'),
  kerja_wali: pekerjaanId('Pekerjaan Wali tidak valid'),
  updated_at: z
    .string({ error: 'Versi data tidak boleh kosong' })
    .min(1, { error: 'Versi data tidak boleh kosong' }),
});
export type PdUpdateInput = z.input<typeof pdUpdateSchema>;
export type PdUpdate = z.infer<typeof pdUpdateSchema>;

export const PD_MESSAGES = {
  updated: (nama: string) => `Data ${nama} berhasil diperbaharui`,
  conflict:
    'Data peserta didik ini telah diubah oleh pengguna lain sejak Anda membukanya. Muat ulang data, lalu ulangi perubahan Anda.',
  pekerjaanUnknown: 'Pekerjaan tidak ditemukan',
  nikTaken: 'NIK sudah terdaftar!',
} as const;

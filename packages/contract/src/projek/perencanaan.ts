import { z } from 'zod';
import { COLUMN_LENGTH, forColumn } from '../column-lengths';
import { listResponseSchema } from '../list';
import { optionSchema, TINGKAT } from '../referensi/peserta-didik';

/**
 * Rencana Penilaian P5 (reference-screens §8.1, issue #13 item 1, docs/decisions/037-projek-p5.md):
 * the P5 coordinator (guru-p5 teaching the class's P5 pembelajaran, mapel 200040000) plans a project
 * on one of the class's themes (its child pembelajaran 2000400x0) with the sub-elements it assesses.
 *   GET    /api/projek/rencana                           the caller's classes' projects (server-side table)
 *   GET    /api/projek/rencana/:rencana_budaya_kerja_id  one project with its sub-elements and score counts
 *   GET    /api/projek/pilihan?tingkat&rombongan_belajar_id   the form's cascade (classes, themes)
 *   GET    /api/projek/sub-elemen                        the checklist Dimensi | Elemen | Sub Elemen
 *   POST   /api/projek/rencana                           create
 *   PUT    /api/projek/rencana/:id                       edit (nama, deskripsi, no urut, sub-elements)
 *   DELETE /api/projek/rencana/:id?konfirmasi_hapus_nilai=n
 * Before 20251 only (isNewPpa): later the reads still answer, every write is a 409 (read-only).
 * An edit or delete that would remove stored scores answers 409 with `details.jumlah_nilai` and
 * removes nothing unless `konfirmasi_hapus_nilai` equals that number.
 */

export const NAMA_PROJEK_MAX = COLUMN_LENGTH.rencana_budaya_kerja.nama;
export const DESKRIPSI_PROJEK_MAX = 2000;
export const NO_URUT_MAX = 99;
/** Every sub-element there is (42) is the most one project can take. */
export const SUB_ELEMEN_MAX = 42;

export const PROJEK_MESSAGES = {
  rombelRequired: 'Rombongan Belajar tidak boleh kosong!',
  temaRequired: 'Tema tidak boleh kosong!!',
  namaRequired: 'Nama Projek tidak boleh kosong!!',
  deskripsiRequired: 'Deskripsi Projek tidak boleh kosong!!',
  noUrutRequired: 'Nomor Urut Projek tidak boleh kosong!!',
  namaMax: `Nama Projek maksimal ${NAMA_PROJEK_MAX} karakter!`,
  deskripsiMax: `Deskripsi Projek maksimal ${DESKRIPSI_PROJEK_MAX} karakter!`,
  noUrutInvalid: `Nomor Urut Projek harus bilangan bulat 1 sampai ${NO_URUT_MAX}!`,
  noUrutTaken: (n: number) => `Nomor Urut ${n} sudah dipakai projek lain di rombongan belajar ini!`,
  subElemenRequired: 'Pilih minimal satu Sub Elemen!',
  subElemenDuplicate: 'Sub Elemen yang sama dipilih lebih dari sekali.',
  subElemenUnknown: 'Sub Elemen tidak dikenal.',
  subElemenOtherElemen: 'Sub Elemen ini bukan bagian dari Elemen yang dipilih.',
  temaNotOfRombel: 'Tema ini bukan tema P5 rombongan belajar yang dipilih.',
  tingkatInvalid: 'Tingkat Kelas harus 10, 11, 12 atau 13!',
  idInvalid: 'ID tidak valid',
  rombelNotFound: 'Rombongan belajar tidak ditemukan.',
  notFound: 'Rencana Projek Pancasila tidak ditemukan.',
  notCoordinator: 'Anda bukan koordinator P5 (pengajar Projek P5) rombongan belajar ini.',
  readOnly:
    'Mulai Tahun Ajaran 2025/2026 Projek P5 digantikan Kokurikuler: rencana dan nilai P5 semester ini hanya dapat dilihat.',
  saved: 'Rencana Projek Pancasila berhasil disimpan',
  updated: 'Rencana Projek Pancasila berhasil diperbaharui',
  deleted: 'Rencana Projek Pancasila berhasil dihapus',
  stale:
    'Rencana Projek ini telah diubah oleh pengguna lain sejak Anda membukanya. Tidak ada yang disimpan; muat ulang data, lalu simpan lagi.',
  dropScores: (n: number, subElemen: number) =>
    `Perubahan ini menghapus ${n} nilai projek yang sudah diisi (${subElemen} Sub Elemen yang tidak dipilih lagi). Tidak ada yang disimpan; konfirmasi untuk melanjutkan.`,
  deleteScores: (n: number) =>
    `Projek ini memiliki ${n} nilai projek yang akan ikut terhapus. Tidak ada yang dihapus; konfirmasi untuk melanjutkan.`,
} as const;

const requiredId = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .pipe(z.uuid({ error: PROJEK_MESSAGES.idInvalid }));

const requiredText = (required: string, max: number, maxMessage: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: maxMessage });

/** One checked sub-element: its element (ref_p5_elemen.no) and itself (ref_p5_sub_elemen.no). */
export const subElemenChoiceSchema = z.object({
  elemen: z
    .number({ error: PROJEK_MESSAGES.subElemenUnknown })
    .int({ error: PROJEK_MESSAGES.subElemenUnknown }),
  sub_elemen: z
    .number({ error: PROJEK_MESSAGES.subElemenUnknown })
    .int({ error: PROJEK_MESSAGES.subElemenUnknown }),
});
export type SubElemenChoice = z.infer<typeof subElemenChoiceSchema>;

const fields = {
  nama: forColumn(
    requiredText(PROJEK_MESSAGES.namaRequired, NAMA_PROJEK_MAX, PROJEK_MESSAGES.namaMax),
    'rencana_budaya_kerja',
    'nama',
  ),
  deskripsi: requiredText(
    PROJEK_MESSAGES.deskripsiRequired,
    DESKRIPSI_PROJEK_MAX,
    PROJEK_MESSAGES.deskripsiMax,
  ),
  no_urut: z
    .number({ error: PROJEK_MESSAGES.noUrutRequired })
    .int({ error: PROJEK_MESSAGES.noUrutInvalid })
    .min(1, { error: PROJEK_MESSAGES.noUrutInvalid })
    .max(NO_URUT_MAX, { error: PROJEK_MESSAGES.noUrutInvalid }),
  sub_elemen: z
    .array(subElemenChoiceSchema, { error: PROJEK_MESSAGES.subElemenRequired })
    .min(1, { error: PROJEK_MESSAGES.subElemenRequired })
    .max(SUB_ELEMEN_MAX, { error: PROJEK_MESSAGES.subElemenDuplicate })
    .refine((list) => new Set(list.map((s) => s.sub_elemen)).size === list.length, {
      error: PROJEK_MESSAGES.subElemenDuplicate,
    }),
};

/** Tambah Perencanaan P5. */
export const rencanaProjekCreateSchema = z.object({
  rombongan_belajar_id: requiredId(PROJEK_MESSAGES.rombelRequired),
  pembelajaran_id: requiredId(PROJEK_MESSAGES.temaRequired),
  ...fields,
});
export type RencanaProjekCreate = z.infer<typeof rencanaProjekCreateSchema>;

/** Edit: class and theme stay; the rest may change (dropping a scored sub-element is confirmed). */
export const rencanaProjekUpdateSchema = z.object({
  ...fields,
  /** The number of stored scores the user agreed to remove (the 409 names it). */
  konfirmasi_hapus_nilai: z.number().int().min(0).optional(),
  /** The project's updated_at as loaded; another save since then is a 409. */
  updated_at: z.string().max(40).optional(),
});
export type RencanaProjekUpdate = z.infer<typeof rencanaProjekUpdateSchema>;

export const rencanaIdParamsSchema = z.object({
  rencana_budaya_kerja_id: z.uuid({ error: PROJEK_MESSAGES.notFound }),
});

export const rencanaDeleteQuerySchema = z.object({
  konfirmasi_hapus_nilai: z.coerce.number().int().min(0).optional(),
});

export const projekPilihanQuerySchema = z.object({
  tingkat: z.coerce
    .number({ error: PROJEK_MESSAGES.tingkatInvalid })
    .int({ error: PROJEK_MESSAGES.tingkatInvalid })
    .refine((v) => (TINGKAT as readonly number[]).includes(v), { error: PROJEK_MESSAGES.tingkatInvalid })
    .optional(),
  rombongan_belajar_id: z.uuid({ error: PROJEK_MESSAGES.rombelNotFound }).optional(),
});
export type ProjekPilihanQuery = z.infer<typeof projekPilihanQuerySchema>;

// --- responses ---

export const projekPilihanSchema = z.object({
  rombel: z.array(optionSchema),
  tema: z.array(optionSchema),
});
export type ProjekPilihan = z.infer<typeof projekPilihanSchema>;

/** A checklist row: the sub-element with its element and dimension (grouped through P5_KODE_DIMENSI_TO_NO). */
export const subElemenRowSchema = z.object({
  dimensi_no: z.number().int(),
  dimensi: z.string(),
  elemen: z.number().int(),
  nama_elemen: z.string(),
  sub_elemen: z.number().int(),
  deskripsi: z.string(),
});
export type SubElemenRow = z.infer<typeof subElemenRowSchema>;
export const subElemenListSchema = z.object({ data: z.array(subElemenRowSchema) });
export type SubElemenList = z.infer<typeof subElemenListSchema>;

export const rencanaProjekRowSchema = z.object({
  rencana_budaya_kerja_id: z.string(),
  rombongan_belajar_id: z.string(),
  kelas: z.string(),
  tingkat: z.number().int(),
  pembelajaran_id: z.string(),
  tema: z.string(),
  nama: z.string(),
  deskripsi: z.string(),
  no_urut: z.number().int(),
  jml_sub_elemen: z.number().int(),
});
export type RencanaProjekRow = z.infer<typeof rencanaProjekRowSchema>;

export const rencanaProjekListSchema = listResponseSchema(rencanaProjekRowSchema).extend({
  /** Whether the semester takes P5 writes (before 20251). */
  writable: z.boolean(),
});
export type RencanaProjekList = z.infer<typeof rencanaProjekListSchema>;

export const rencanaProjekDetailSchema = rencanaProjekRowSchema.extend({
  updated_at: z.string(),
  jml_nilai: z.number().int(),
  sub_elemen: z.array(subElemenRowSchema.extend({ jml_nilai: z.number().int() })),
});
export type RencanaProjekDetail = z.infer<typeof rencanaProjekDetailSchema>;

export const rencanaProjekSavedSchema = z.object({ message: z.string(), data: rencanaProjekDetailSchema });
export type RencanaProjekSaved = z.infer<typeof rencanaProjekSavedSchema>;

export const messageSchema = z.object({ message: z.string() });

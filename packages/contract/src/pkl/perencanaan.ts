import { z } from 'zod';
import { COLUMN_LENGTH, forColumn } from '../column-lengths';
import { listResponseSchema } from '../list';
import { optionSchema, TINGKAT } from '../referensi/peserta-didik';
import { namedPupils } from '../whole-number';
import { dayNumber } from './rules';

/**
 * Perencanaan Penilaian PKL (reference-screens §10.1, issue #12 item 2, docs/decisions/034-pkl.md):
 * the Pembimbing PKL plans a placement — a class, a DUDI's PKS they supervise, dates, the DUDI's
 * instructor and the TPs mapped to their PKL subject; the participants are the PKS's pupils of the
 * class.
 *   GET    /api/pkl/rencana                     the plans the caller may see (server-side table)
 *   GET    /api/pkl/rencana/:pkl_id             one plan: TPs and participants with their score counts
 *   GET    /api/pkl/pilihan?tingkat&rombongan_belajar_id&dudi_id   the form's cascade
 *   POST   /api/pkl/rencana                     create (pembimbing)
 *   PUT    /api/pkl/rencana/:pkl_id             edit, participants re-derived ("Perbaharui"; owner)
 *   DELETE /api/pkl/rencana/:pkl_id?konfirmasi_hapus_nilai=n      delete (owner, admin)
 *   PUT    /api/pkl/rencana/:pkl_id/pembimbing  hand the plan to another supervisor (admin)
 * An edit or delete that would remove stored scores answers 409 with `details.jumlah_nilai` and
 * removes nothing unless `konfirmasi_hapus_nilai` equals that number.
 */

export const PKL_MESSAGES = {
  rombelRequired: 'Rombongan Belajar tidak boleh kosong!',
  dudiRequired: 'DUDI tidak boleh kosong!',
  aktPdRequired: 'Perjanjian Kerja Sama (PKS) tidak boleh kosong!',
  tanggalMulaiRequired: 'Tanggal Mulai tidak boleh kosong!',
  tanggalSelesaiRequired: 'Tanggal Selesai tidak boleh kosong!',
  instrukturRequired: 'Nama Lengkap Instruktur tidak boleh kosong!',
  tpRequired: 'Rencana Penilaian PKL gagal disimpan. Pastikan telah memilih Tujuan Pembelajaran!',
  tanggalInvalid: 'Tanggal tidak valid (gunakan format TTTT-BB-HH)!',
  tanggalOrder: 'Tanggal Selesai tidak boleh sebelum Tanggal Mulai!',
  instrukturMax: `Nama Lengkap Instruktur maksimal ${COLUMN_LENGTH.praktik_kerja_lapangan.instruktur} karakter!`,
  nipMax: `NIP Instruktur maksimal ${COLUMN_LENGTH.praktik_kerja_lapangan.nip} karakter!`,
  tpMax: 'Terlalu banyak Tujuan Pembelajaran dipilih.',
  tpDuplicate: 'Tujuan Pembelajaran yang sama dipilih lebih dari sekali.',
  idInvalid: 'ID tidak valid',
  tingkatInvalid: 'Tingkat Kelas harus 10, 11, 12 atau 13!',
  saved: 'Rencana Penilaian PKL berhasil disimpan',
  deleted: 'Rencana Penilaian PKL berhasil dihapus',
  reassigned: 'Pembimbing Rencana Penilaian PKL berhasil diganti',
  notFound: 'Rencana Penilaian PKL tidak ditemukan.',
  rombelNotFound: 'Rombongan belajar tidak ditemukan.',
  beforePkl:
    'Praktik Kerja Lapangan sebagai mata pelajaran berlaku mulai Tahun Ajaran 2023/2024. Semester ini tidak memiliki data PKL.',
  notPklTeacher: 'Anda tidak mengajar mata pelajaran PKL di rombongan belajar ini.',
  notSupervisor: 'Anda bukan pembimbing PKS ini.',
  dudiNotOffered:
    'DUDI ini tidak memiliki PKS yang Anda bimbing dengan peserta didik dari rombongan belajar ini.',
  pksOtherDudi: 'PKS ini bukan milik DUDI yang dipilih.',
  pksNoPupils: 'PKS ini tidak memiliki peserta didik dari rombongan belajar ini.',
  tpNotMapped: 'Tujuan Pembelajaran ini tidak dipetakan ke mata pelajaran PKL Anda di rombongan belajar ini.',
  duplicate: 'Rencana Penilaian PKL untuk PKS ini di rombongan belajar ini sudah ada!',
  notOwner: 'Hanya guru pembimbing pemilik rencana ini yang dapat mengubahnya.',
  stale:
    'Rencana Penilaian PKL ini telah diubah oleh pengguna lain sejak Anda membukanya. Tidak ada yang disimpan; muat ulang data, lalu simpan lagi.',
  guruNotFound: 'Guru pembimbing tidak ditemukan.',
  guruNotPklTeacher: 'Guru ini tidak mengajar mata pelajaran PKL di rombongan belajar rencana ini.',
  dropScores: (n: number, pupils: readonly string[], tps: number) =>
    `Perubahan ini menghapus ${n} nilai PKL yang sudah diisi` +
    (pupils.length ? ` (peserta didik yang keluar dari rencana: ${namedPupils(pupils)})` : '') +
    (tps ? ` (${tps} Tujuan Pembelajaran yang tidak dipilih lagi)` : '') +
    '. Tidak ada yang disimpan; konfirmasi untuk melanjutkan.',
  deleteScores: (n: number) =>
    `Rencana ini memiliki ${n} nilai PKL yang akan ikut terhapus. Tidak ada yang dihapus; konfirmasi untuk melanjutkan.`,
} as const;

/** Most TPs one plan may assess (a PKL subject maps a handful). */
export const TP_PKL_MAX = 100;

const requiredId = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .pipe(z.uuid({ error: PKL_MESSAGES.idInvalid }));

const requiredDate = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .refine((v) => dayNumber(v) !== null, { error: PKL_MESSAGES.tanggalInvalid });

/** The plan as the form sends it (create and edit). */
export const rencanaPklSaveSchema = z
  .object({
    rombongan_belajar_id: requiredId(PKL_MESSAGES.rombelRequired),
    dudi_id: requiredId(PKL_MESSAGES.dudiRequired),
    akt_pd_id: requiredId(PKL_MESSAGES.aktPdRequired),
    tanggal_mulai: requiredDate(PKL_MESSAGES.tanggalMulaiRequired),
    tanggal_selesai: requiredDate(PKL_MESSAGES.tanggalSelesaiRequired),
    instruktur: forColumn(
      z
        .string({ error: PKL_MESSAGES.instrukturRequired })
        .trim()
        .min(1, { error: PKL_MESSAGES.instrukturRequired })
        .max(COLUMN_LENGTH.praktik_kerja_lapangan.instruktur, { error: PKL_MESSAGES.instrukturMax }),
      'praktik_kerja_lapangan',
      'instruktur',
    ),
    nip: forColumn(
      z.string().trim().max(COLUMN_LENGTH.praktik_kerja_lapangan.nip, { error: PKL_MESSAGES.nipMax }),
      'praktik_kerja_lapangan',
      'nip',
    )
      .nullish()
      .transform((v) => v || null),
    tp_ids: z
      .array(z.uuid({ error: PKL_MESSAGES.idInvalid }), { error: PKL_MESSAGES.tpRequired })
      .min(1, { error: PKL_MESSAGES.tpRequired })
      .max(TP_PKL_MAX, { error: PKL_MESSAGES.tpMax })
      .refine((ids) => new Set(ids).size === ids.length, { error: PKL_MESSAGES.tpDuplicate }),
    /** Edit/delete: the number of stored scores the user agreed to remove (the 409 names it). */
    konfirmasi_hapus_nilai: z.number().int().min(0).optional(),
    /** Edit: the plan's updated_at as loaded; another save since then is a 409. */
    updated_at: z.string().max(40).optional(),
  })
  .refine((v) => (dayNumber(v.tanggal_selesai) ?? 0) >= (dayNumber(v.tanggal_mulai) ?? 0), {
    error: PKL_MESSAGES.tanggalOrder,
    path: ['tanggal_selesai'],
    // Also when another field is wrong: every field's message at once.
    when: (payload) => {
      const v = payload.value as { tanggal_mulai?: unknown; tanggal_selesai?: unknown };
      return (
        typeof v?.tanggal_mulai === 'string' &&
        typeof v?.tanggal_selesai === 'string' &&
        dayNumber(v.tanggal_mulai.trim()) !== null &&
        dayNumber(v.tanggal_selesai.trim()) !== null
      );
    },
  });
export type RencanaPklSave = z.infer<typeof rencanaPklSaveSchema>;
export type RencanaPklSaveInput = z.input<typeof rencanaPklSaveSchema>;

export const pklIdParamsSchema = z.object({ pkl_id: z.uuid({ error: PKL_MESSAGES.notFound }) });

export const rencanaPklDeleteQuerySchema = z.object({
  konfirmasi_hapus_nilai: z.coerce.number().int().min(0).optional(),
});

export const reassignPembimbingSchema = z.object({
  guru_id: requiredId('Guru pembimbing tidak boleh kosong!'),
});

export const pilihanQuerySchema = z.object({
  tingkat: z.coerce
    .number({ error: PKL_MESSAGES.tingkatInvalid })
    .int({ error: PKL_MESSAGES.tingkatInvalid })
    .refine((v) => (TINGKAT as readonly number[]).includes(v), { error: PKL_MESSAGES.tingkatInvalid })
    .optional(),
  rombongan_belajar_id: z.uuid({ error: PKL_MESSAGES.rombelNotFound }).optional(),
  dudi_id: z.uuid({ error: PKL_MESSAGES.idInvalid }).optional(),
});
export type PilihanQuery = z.infer<typeof pilihanQuerySchema>;

// --- responses ---

export const rencanaPklRowSchema = z.object({
  pkl_id: z.string(),
  rombongan_belajar_id: z.string(),
  kelas: z.string(),
  tingkat: z.number().int(),
  dudi_id: z.string(),
  nama_dudi: z.string(),
  akt_pd_id: z.string(),
  judul_akt_pd: z.string(),
  tanggal_mulai: z.string(),
  tanggal_selesai: z.string(),
  jml_peserta: z.number().int(),
  guru_id: z.string(),
  nama_pembimbing: z.string(),
  /** The caller owns the plan: Ubah Data and Hapus Data are theirs. */
  milik: z.boolean(),
  /** The caller may delete it (owner, or the admin). */
  bisa_hapus: z.boolean(),
});
export type RencanaPklRow = z.infer<typeof rencanaPklRowSchema>;

export const rencanaPklListSchema = listResponseSchema(rencanaPklRowSchema);
export type RencanaPklList = z.infer<typeof rencanaPklListSchema>;

export const rencanaPklDetailSchema = rencanaPklRowSchema.extend({
  instruktur: z.string(),
  nip: z.string().nullable(),
  updated_at: z.string(),
  /** Scores stored under the plan (nilai_pkl rows). */
  jml_nilai: z.number().int(),
  tp: z.array(z.object({ tp_id: z.string(), deskripsi: z.string(), jml_nilai: z.number().int() })),
  peserta: z.array(
    z.object({
      peserta_didik_id: z.string(),
      nama: z.string(),
      nisn: z.string().nullable(),
      jml_nilai: z.number().int(),
    }),
  ),
});
export type RencanaPklDetail = z.infer<typeof rencanaPklDetailSchema>;

export const pilihanResponseSchema = z.object({
  /** The tingkat's classes where the caller teaches PKL (needs `tingkat`). */
  rombel: z.array(optionSchema),
  /** DUDI with a PKS the caller supervises that holds pupils of the class (needs the class). */
  dudi: z.array(optionSchema),
  /** That DUDI's PKS holding pupils of the class, label judul_akt_pd (needs class and DUDI). */
  pks: z.array(optionSchema.extend({ jml_peserta: z.number().int() })),
  /** TPs mapped to the caller's PKL subject of the class (needs the class). */
  tp: z.array(optionSchema),
  /** Referensi Instruktur: name suggestions with their NIP. */
  instruktur: z.array(z.object({ nama: z.string(), nip: z.string().nullable() })),
});
export type PilihanResponse = z.infer<typeof pilihanResponseSchema>;

export const rencanaPklSavedSchema = z.object({ message: z.string(), data: rencanaPklDetailSchema });
export type RencanaPklSaved = z.infer<typeof rencanaPklSavedSchema>;
export const messageSchema = z.object({ message: z.string() });

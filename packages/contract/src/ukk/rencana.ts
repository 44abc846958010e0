import { z } from 'zod';
import { listResponseSchema } from '../list';
import { isIsoDate } from '../pkl/rules';
import { optionSchema } from '../referensi/peserta-didik';
import { namedPupils } from '../whole-number';
import { POLA_UKK } from './rules';

/**
 * Rencana Penilaian UKK (reference-screens §9.1, issue #13 items 4 and 6, docs/decisions/038-ukk.md),
 * for any Kaprog of the school:
 *   GET    /api/ukk/rencana                  the semester's plans (server-side table)
 *   GET    /api/ukk/rencana/pilihan?tingkat&rombongan_belajar_id   the form's cascade
 *   GET    /api/ukk/rencana/:rencana_ukk_id  one plan with its pupils, scores and predicates (Detil)
 *   POST   /api/ukk/rencana                  create: the chosen pupils get a nilai_ukk row, no score
 *   PUT    /api/ukk/rencana/:rencana_ukk_id  "Ubah": date, examiners, Pola UKK and pupils; scores kept
 *   DELETE /api/ukk/rencana/:rencana_ukk_id?konfirmasi_hapus_nilai=n
 * An edit that drops a scored pupil, or the delete of a scored plan, answers 409 with
 * `details.jumlah_nilai` and removes nothing unless `konfirmasi_hapus_nilai` equals that number.
 */

export const RENCANA_MESSAGES = {
  tingkatRequired: 'Tingkat Kelas tidak boleh kosong!',
  rombelRequired: 'Rombongan Belajar tidak boleh kosong!',
  internalRequired: 'Penguji Internal tidak boleh kosong!',
  eksternalRequired: 'Penguji Eksternal tidak boleh kosong!',
  paketRequired: 'Paket Kompetensi Kelas tidak boleh kosong!',
  tanggalRequired: 'Tanggal Sertifikat tidak boleh kosong!',
  tanggalInvalid: 'Tanggal Sertifikat tidak valid (gunakan format TTTT-BB-HH)!',
  polaInvalid: 'Pola UKK harus dipilih!',
  pesertaRequired: 'Pilih minimal satu peserta didik!',
  pesertaDuplicate: 'Peserta didik yang sama dipilih lebih dari sekali.',
  idInvalid: 'ID tidak valid',
  rombelNotOffered:
    'Rombongan belajar ini bukan rombongan belajar tingkat 12/13 sekolah Anda di semester ini.',
  internalNotPenguji: 'Guru ini bukan Penguji Internal UKK di semester ini.',
  eksternalNotAsesor: 'Penguji Eksternal harus asesor (jenis PTK 98) yang terhubung dengan DUDI.',
  paketNotOffered:
    'Paket Kompetensi ini tidak aktif atau bukan untuk Kompetensi Keahlian dan Kurikulum rombongan belajar ini.',
  pesertaNotMember: 'Peserta didik ini bukan anggota rombongan belajar ini.',
  notFound: 'Rencana Penilaian UKK tidak ditemukan.',
  saved: 'Rencana Penilaian UKK berhasil disimpan',
  deleted: 'Rencana UKK berhasil dihapus',
  dropScores: (n: number, pupils: readonly string[]) =>
    `Perubahan ini menghapus ${n} nilai UKK yang sudah diisi (${namedPupils(pupils)}). Tidak ada yang disimpan; konfirmasi untuk melanjutkan.`,
  deleteScores: (n: number) =>
    `Rencana ini memiliki ${n} nilai UKK yang akan ikut terhapus. Tidak ada yang dihapus; konfirmasi untuk melanjutkan.`,
} as const;

const requiredId = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .pipe(z.uuid({ error: RENCANA_MESSAGES.idInvalid }));

/** The plan as the form sends it. On an edit the class and the package are the plan's own (not changed). */
export const rencanaSaveSchema = z.object({
  rombongan_belajar_id: requiredId(RENCANA_MESSAGES.rombelRequired),
  paket_ukk_id: requiredId(RENCANA_MESSAGES.paketRequired),
  internal: requiredId(RENCANA_MESSAGES.internalRequired),
  eksternal: requiredId(RENCANA_MESSAGES.eksternalRequired),
  tanggal_sertifikat: z
    .string({ error: RENCANA_MESSAGES.tanggalRequired })
    .trim()
    .min(1, { error: RENCANA_MESSAGES.tanggalRequired })
    .refine(isIsoDate, { error: RENCANA_MESSAGES.tanggalInvalid }),
  pola_ukk: z.enum(POLA_UKK, { error: RENCANA_MESSAGES.polaInvalid }),
  anggota_rombel_ids: z
    .array(z.uuid({ error: RENCANA_MESSAGES.idInvalid }), { error: RENCANA_MESSAGES.pesertaRequired })
    .min(1, { error: RENCANA_MESSAGES.pesertaRequired })
    .max(200, { error: RENCANA_MESSAGES.pesertaRequired })
    .refine((ids) => new Set(ids).size === ids.length, { error: RENCANA_MESSAGES.pesertaDuplicate }),
  /** The number of stored scores the user agreed to remove (the 409 names it). */
  konfirmasi_hapus_nilai: z.number().int().min(0).optional(),
});
export type RencanaSave = z.infer<typeof rencanaSaveSchema>;
export type RencanaSaveInput = z.input<typeof rencanaSaveSchema>;

export const rencanaIdParamsSchema = z.object({
  rencana_ukk_id: z.uuid({ error: RENCANA_MESSAGES.notFound }),
});
export const rencanaDeleteQuerySchema = z.object({
  konfirmasi_hapus_nilai: z.coerce.number().int().min(0).optional(),
});

export const rencanaPilihanQuerySchema = z.object({
  tingkat: z.coerce.number().int().optional(),
  rombongan_belajar_id: z.uuid({ error: RENCANA_MESSAGES.idInvalid }).optional(),
});
export type RencanaPilihanQuery = z.infer<typeof rencanaPilihanQuerySchema>;

// --- responses ---

export const rencanaRowSchema = z.object({
  rencana_ukk_id: z.string(),
  rombongan_belajar_id: z.string(),
  kelas: z.string(),
  tingkat: z.number().int(),
  paket_ukk_id: z.string(),
  nomor_paket: z.string(),
  nama_paket_id: z.string(),
  nama_paket_en: z.string(),
  internal: z.string(),
  nama_internal: z.string(),
  eksternal: z.string(),
  nama_eksternal: z.string(),
  nama_dudi: z.string().nullable(),
  tanggal_sertifikat: z.string(),
  pola_ukk: z.enum(POLA_UKK),
  jml_pd: z.number().int(),
  jml_nilai: z.number().int(),
});
export type RencanaRow = z.infer<typeof rencanaRowSchema>;

export const RENCANA_SORT = ['nama_paket_id', 'kelas', 'nama_internal', 'nama_eksternal', 'jml_pd'] as const;
export const rencanaListSchema = listResponseSchema(rencanaRowSchema);
export type RencanaList = z.infer<typeof rencanaListSchema>;

export const pesertaUkkSchema = z.object({
  anggota_rombel_id: z.string(),
  peserta_didik_id: z.string(),
  nama: z.string(),
  nisn: z.string().nullable(),
  nilai: z.number().int().nullable(),
  kesimpulan: z.string(),
});
export type PesertaUkk = z.infer<typeof pesertaUkkSchema>;

export const rencanaDetailSchema = rencanaRowSchema.extend({ peserta: z.array(pesertaUkkSchema) });
export type RencanaDetail = z.infer<typeof rencanaDetailSchema>;

export const rencanaPilihanSchema = z.object({
  rombel: z.array(optionSchema),
  internal: z.array(optionSchema),
  eksternal: z.array(optionSchema),
  /** Active packages of the class's programme and curriculum (once a class is chosen). */
  paket: z.array(optionSchema),
  /** The class's pupils (once a class is chosen). */
  siswa: z.array(z.object({ anggota_rombel_id: z.string(), nama: z.string(), nisn: z.string().nullable() })),
});
export type RencanaPilihan = z.infer<typeof rencanaPilihanSchema>;

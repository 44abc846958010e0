import { z } from 'zod';

/**
 * DUDI screen (reference-screens §6.6): /referensi/dudi. API (all Administrator):
 *   GET    /api/dudi + list query                     DUDI with the number of PKL activities
 *   GET    /api/dudi/:dudiId                          detail: MoUs and PKL activities (akt_pd)
 *   GET    /api/dudi/akt-pd/:aktPdId/anggota          pupils of one activity
 *   DELETE /api/dudi/anggota-akt-pd/:anggotaAktPdId   remove a pupil from an activity
 */

export const DUDI_SORT_COLUMNS = ['nama', 'nama_bidang_usaha', 'alamat', 'jml_aktifitas'] as const;

export const dudiRowSchema = z.object({
  dudi_id: z.string(),
  nama: z.string(),
  nama_bidang_usaha: z.string().nullable(),
  alamat: z.string().nullable(),
  jml_aktifitas: z.number().int(),
});
export type DudiRow = z.infer<typeof dudiRowSchema>;

export const mouSchema = z.object({
  mou_id: z.string(),
  nomor_mou: z.string().nullable(),
  judul_mou: z.string().nullable(),
  tanggal_mulai: z.string().nullable(),
  tanggal_selesai: z.string().nullable(),
  contact_person: z.string().nullable(),
  telp_cp: z.string().nullable(),
});
export type Mou = z.infer<typeof mouSchema>;

export const aktPdSchema = z.object({
  akt_pd_id: z.string(),
  mou_id: z.string(),
  judul_akt_pd: z.string(),
  sk_tugas: z.string().nullable(),
  tgl_sk_tugas: z.string().nullable(),
  /** Names of the supervising teachers (bimbing_pd), in their order. */
  pembimbing: z.array(z.string()),
  jml_pd: z.number().int(),
});
export type AktPd = z.infer<typeof aktPdSchema>;

export const dudiDetailSchema = z.object({
  dudi_id: z.string(),
  nama: z.string(),
  nama_bidang_usaha: z.string().nullable(),
  alamat: z.string().nullable(),
  desa_kelurahan: z.string().nullable(),
  kode_pos: z.string().nullable(),
  nomor_telepon: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  npwp: z.string().nullable(),
  mou: z.array(mouSchema),
  akt_pd: z.array(aktPdSchema),
  /** Assessors (guru of jenis_ptk 98) who come from this DUDI. */
  asesor: z.array(z.object({ guru_id: z.string(), nama: z.string(), email: z.string().nullable() })),
});
export type DudiDetail = z.infer<typeof dudiDetailSchema>;

export const anggotaAktPdSchema = z.object({
  anggota_akt_pd_id: z.string(),
  peserta_didik_id: z.string(),
  nama: z.string(),
  nisn: z.string().nullable(),
  jenis_kelamin: z.string().nullable(),
  tempat_lahir: z.string().nullable(),
  tanggal_lahir: z.string().nullable(),
  agama: z.string().nullable(),
  /** The pupil's regular class in the semester of the caller. */
  kelas: z.string().nullable(),
});
export type AnggotaAktPd = z.infer<typeof anggotaAktPdSchema>;

export const anggotaAktPdListSchema = z.object({
  akt_pd: z.object({ akt_pd_id: z.string(), judul_akt_pd: z.string(), dudi: z.string() }),
  data: z.array(anggotaAktPdSchema),
});
export type AnggotaAktPdList = z.infer<typeof anggotaAktPdListSchema>;

export const DUDI_MESSAGES = {
  anggotaRemoved: 'Data Peserta Prakerin berhasil dihapus',
  notFound: 'Data DUDI tidak ditemukan',
  aktPdNotFound: 'Aktifitas PKL tidak ditemukan',
  anggotaNotFound: 'Peserta PKL tidak ditemukan',
} as const;

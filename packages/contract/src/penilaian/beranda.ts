import { z } from 'zod';
import { type ProgressStatus, percentDone, statusOf } from '../monitoring/counting';
import type { RoleName } from '../roles';

/**
 * The teacher's and the homeroom teacher's Beranda (reference-screens §3.2, §3.3; reference-domain
 * §10 "Dashboards"): the subjects taught with grading progress (pupils with a nilai akhir row
 * against members), a detail per subject, and the homeroom's lock of the class's grades.
 *   GET /api/beranda/guru                                  subjects the caller teaches this semester
 *   GET /api/beranda/pembelajaran/:id                      pupils with nilai akhir and capaian (teacher, wali)
 *   GET /api/beranda/wali                                  the caller's classes with their subjects
 *   PUT /api/beranda/rombel/:id/kunci-nilai { kunci_nilai }   lock/unlock (wali of the class, admin)
 */

/** Who may lock or unlock any class (besides the class's own wali). */
export const KUNCI_NILAI_ADMIN_ROLES: readonly RoleName[] = ['admin'];

export const BERANDA_PENILAIAN_MESSAGES = {
  kunciSaved: 'Status Penilaian berhasil disimpan',
  confirmTitle: 'Apakah Anda yakin?',
  /** Confirm texts of the switch (reference-screens §3.1, §3.3): switching on opens grading. */
  confirmOpen: 'Penilaian akan diaktifkan',
  confirmClose: 'Penilaian akan dinonaktifkan',
  waliTitle: (nama: string) => `Anda adalah Wali Kelas Rombongan Belajar ${nama}`,
  waliPilihanTitle: (nama: string) => `Anda adalah Wali Kelas Rombongan Belajar (Matpel Pilihan) ${nama}`,
  detailTitle: (nama: string) => `Detil Penilaian Mata Pelajaran ${nama}`,
  rombelNotFound: 'Rombongan belajar tidak ditemukan.',
  notWali: 'Hanya Wali Kelas rombongan belajar ini yang dapat mengubah status penilaiannya.',
  pembelajaranNotFound: 'Pembelajaran tidak ditemukan.',
} as const;

/**
 * The "Capaian Kompetensi" cell as printed: the achieved text first, then the needs-improvement
 * text, each ended with a full stop when it has none; null when both are empty.
 */
export function capaianKompetensiText(
  dicapai: string | null | undefined,
  ditingkatkan: string | null | undefined,
): string | null {
  const parts = [dicapai, ditingkatkan]
    .map((t) => (t ?? '').trim())
    .filter((t) => t !== '')
    .map((t) => (/[.!?]$/.test(t) ? t : `${t}.`));
  return parts.length ? parts.join(' ') : null;
}

/**
 * Progress of a subject: "12 / 36" with a bar, by the shared counting rules (monitoring/counting.ts)
 * so the Beranda and the Waka's Monitoring agree; percent null ("-") when nobody is expected.
 */
export function progressOf(
  dinilai: number,
  anggota: number,
): { percent: number | null; complete: boolean; status: ProgressStatus | null } {
  const status = statusOf(dinilai, anggota);
  return { percent: percentDone(dinilai, anggota), complete: status === 'lengkap', status };
}

export const berandaGuruRowSchema = z.object({
  pembelajaran_id: z.string(),
  rombongan_belajar_id: z.string(),
  mata_pelajaran_id: z.number().int(),
  nama_mata_pelajaran: z.string(),
  /** Set on a sub-subject (shown highlighted under its parent). */
  induk_pembelajaran_id: z.string().nullable(),
  rombel: z.string(),
  wali_kelas: z.string().nullable(),
  /** Members of the class. */
  pd: z.number().int(),
  /** Members with a nilai akhir in this subject. */
  pd_dinilai: z.number().int(),
});
export type BerandaGuruRow = z.infer<typeof berandaGuruRowSchema>;

export const berandaGuruResponseSchema = z.object({ data: z.array(berandaGuruRowSchema) });
export type BerandaGuruResponse = z.infer<typeof berandaGuruResponseSchema>;

export const berandaDetailRowSchema = z.object({
  no: z.number().int(),
  anggota_rombel_id: z.string(),
  nama: z.string(),
  nisn: z.string().nullable(),
  agama: z.string().nullable(),
  nilai_akhir: z.number().int().nullable(),
  /**
   * Counted as expected in the subject (monitoring/counting.ts): false for a pupil of another
   * religion in a religion subject or one who left. Expected without nilai_akhir = "Belum dinilai".
   */
  diharapkan: z.boolean(),
  /** deskripsi_pengetahuan: what the pupil achieved (Kurikulum Merdeka). */
  capaian_dicapai: z.string().nullable(),
  /** deskripsi_keterampilan: what needs improvement. */
  capaian_ditingkatkan: z.string().nullable(),
});
export type BerandaDetailRow = z.infer<typeof berandaDetailRowSchema>;

export const berandaDetailResponseSchema = z.object({
  title: z.string(),
  pembelajaran: z.object({
    pembelajaran_id: z.string(),
    nama_mata_pelajaran: z.string(),
    rombel: z.string(),
    guru: z.string().nullable(),
  }),
  /**
   * Set for a parent subject with active sub-subjects (contract penilaian/sub-mapel.ts):
   * `can_generate` when the caller is the class's wali kelas, who runs "Generate Nilai".
   */
  sub_mapel: z.object({ can_generate: z.boolean() }).nullable(),
  /**
   * Set for the PKL subject (mapel 800001000, contract pkl/penilaian.ts): `can_generate` when the
   * caller is its Pembimbing PKL (guru or guru pengajar with the pembimbing role).
   */
  pkl: z.object({ can_generate: z.boolean() }).nullable(),
  data: z.array(berandaDetailRowSchema),
});
export type BerandaDetailResponse = z.infer<typeof berandaDetailResponseSchema>;

export const berandaWaliSubjectSchema = z.object({
  pembelajaran_id: z.string(),
  nama_mata_pelajaran: z.string(),
  induk_pembelajaran_id: z.string().nullable(),
  /** Guru pengajar when set, else the registered teacher. */
  guru: z.string().nullable(),
  pd: z.number().int(),
  pd_dinilai: z.number().int(),
});
export type BerandaWaliSubject = z.infer<typeof berandaWaliSubjectSchema>;

export const berandaWaliKelasSchema = z.object({
  rombongan_belajar_id: z.string(),
  nama: z.string(),
  /** 1 regular class (role wali), 16 elective class (role pilihan). */
  jenis_rombel: z.number().int(),
  kunci_nilai: z.boolean(),
  /** Whether the caller may toggle the lock (the wali of a regular class). */
  can_lock: z.boolean(),
  pembelajaran: z.array(berandaWaliSubjectSchema),
});
export type BerandaWaliKelas = z.infer<typeof berandaWaliKelasSchema>;

export const berandaWaliResponseSchema = z.object({
  /** The school-wide switch: when closed, the class lock changes nothing until it opens again. */
  status_penilaian: z.boolean(),
  kelas: z.array(berandaWaliKelasSchema),
});
export type BerandaWaliResponse = z.infer<typeof berandaWaliResponseSchema>;

export const kunciNilaiSchema = z.object({
  kunci_nilai: z.boolean({ error: 'Status kunci nilai harus true atau false' }),
});
export type KunciNilai = z.infer<typeof kunciNilaiSchema>;

export const kunciNilaiResponseSchema = z.object({ message: z.string(), kunci_nilai: z.boolean() });

import { z } from 'zod';

/*
 * The pupil's portal (reference-screens §2.7, reference-domain §10 "Student portal"; issue #15):
 * the pupil's own subjects and grades, per semester of their regular classes.
 *   GET /api/portal/profil                     header, this semester's class, the semesters
 *   GET /api/portal/nilai/:semester_id         subjects of that semester's class, grades if released
 *   GET /api/portal/detil-nilai/:pembelajaran_id   that subject's TP scores and ketercapaian
 * Only the role siswa, only their own rows: another pupil's class or subject answers 403.
 */

export const PORTAL_MESSAGES = {
  notPupil: 'Halaman ini hanya untuk peserta didik.',
  notYours: 'Data ini bukan milik Anda.',
  semesterUnknown: 'Semester tidak ditemukan.',
  noClass: 'Anda tidak terdaftar di rombongan belajar pada semester ini.',
  notReleased:
    'Nilai semester ini belum dapat dilihat: Wali Kelas belum mengunci nilai dan sekolah belum membuka nilai untuk peserta didik.',
} as const;

/** Why a semester's grades are (not) visible to its pupils. */
export type RilisNilai = 'semester-lalu' | 'kunci-nilai' | 'dibuka-sekolah' | 'belum';

/**
 * Grades appear to pupils only once released (issue #15 item 2): every semester before the active
 * one counts as released; in the active one (or a later one) when the homeroom teacher has locked the
 * class (kunci nilai) or the administrator has opened the semester to pupils. A teacher's half-entered
 * grades are never shown.
 */
export function rilisNilai(input: {
  semesterId: string;
  activeSemesterId: string | null;
  kunciNilai: boolean;
  dibukaSekolah: boolean;
}): RilisNilai {
  if (input.activeSemesterId !== null && input.semesterId < input.activeSemesterId) return 'semester-lalu';
  if (input.kunciNilai) return 'kunci-nilai';
  if (input.dibukaSekolah) return 'dibuka-sekolah';
  return 'belum';
}

export const portalSemesterSchema = z.object({
  semester_id: z.string(),
  nama: z.string(),
  rombel: z.string(),
  rilis: z.enum(['semester-lalu', 'kunci-nilai', 'dibuka-sekolah', 'belum']),
});
export type PortalSemester = z.infer<typeof portalSemesterSchema>;

export const portalProfilSchema = z.object({
  nama: z.string(),
  nisn: z.string().nullable(),
  nis: z.string().nullable(),
  sekolah: z.string(),
  /** The pupil's own photo (their log-in's profile photo), or null. */
  foto_url: z.string().nullable(),
  /** This semester's regular class; `anggota_rombel_id` addresses the pupil's transcript. */
  kelas: z
    .object({ nama: z.string(), wali_kelas: z.string().nullable(), anggota_rombel_id: z.string() })
    .nullable(),
  /** The login's semester. */
  semester_id: z.string(),
  /** Semesters in which the pupil was in a regular class, newest first. */
  semester: z.array(portalSemesterSchema),
});
export type PortalProfil = z.infer<typeof portalProfilSchema>;

export const portalMapelSchema = z.object({
  pembelajaran_id: z.string(),
  nama: z.string(),
  guru: z.string().nullable(),
  /** The printed nilai akhir; null when none or not released. */
  nilai: z.number().int().nullable(),
  /** Capaian Kompetensi as printed; empty when none or not released. */
  capaian: z.array(z.string()),
});
export type PortalMapel = z.infer<typeof portalMapelSchema>;

export const portalNilaiSchema = z.object({
  semester_id: z.string(),
  semester: z.string(),
  rombel: z.string(),
  rilis: portalSemesterSchema.shape.rilis,
  /** The subjects as the report card groups them. */
  kelompok: z.array(z.object({ nama: z.string(), mapel: z.array(portalMapelSchema) })),
});
export type PortalNilai = z.infer<typeof portalNilaiSchema>;

export const portalDetilSchema = z.object({
  pembelajaran_id: z.string(),
  mata_pelajaran: z.string(),
  guru: z.string().nullable(),
  semester: z.string(),
  rilis: portalSemesterSchema.shape.rilis,
  nilai_akhir: z.number().int().nullable(),
  /** One row per TP of the subject (none when not released). */
  tp: z.array(
    z.object({
      tp_id: z.string(),
      deskripsi: z.string(),
      nilai: z.number().int().nullable(),
      /** 1 Tercapai, 0 Tidak tercapai, null not assessed. */
      kompeten: z.union([z.literal(0), z.literal(1)]).nullable(),
    }),
  ),
});
export type PortalDetil = z.infer<typeof portalDetilSchema>;

/**
 * Teman Sekelas: the members of the pupil's regular class of a semester. E-mail and phone only when
 * the school shows them (setting kontak_teman_sekelas, off by default) and the classmate has them.
 */
export const temanSekelasSchema = z.object({
  semester_id: z.string(),
  rombel: z.string(),
  /** Whether the school shows classmates' contact details. */
  kontak: z.boolean(),
  data: z.array(
    z.object({
      nama: z.string(),
      tempat_lahir: z.string().nullable(),
      tanggal_lahir: z.string().nullable(),
      email: z.string().nullable(),
      no_hp: z.string().nullable(),
    }),
  ),
});
export type TemanSekelas = z.infer<typeof temanSekelasSchema>;

/** The pupil's photo (issue #15 item 1): JPEG or PNG, at most 2 MB and 4,000 px a side. */
export const PORTAL_FOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PORTAL_FOTO_MESSAGES = {
  required: 'Pilih foto terlebih dahulu.',
  type: 'Foto harus berupa gambar JPG atau PNG.',
  size: 'Ukuran foto tidak boleh lebih dari 2 MB.',
  updated: 'Foto Profil berhasil diperbaharui',
} as const;

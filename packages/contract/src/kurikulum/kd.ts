import { z } from 'zod';
import { listQuerySchema } from '../list';
import {
  KURIKULUM_COMMON_MESSAGES,
  kurikulumFilterSchema,
  normalizeText,
  requiredTingkat,
  requiredUuid,
} from './common';

/**
 * Data KD (K13), reference-screens §6.7:
 *   GET    /api/kurikulum/kd?tingkat&rombongan_belajar_id&pembelajaran_id + list query
 *   POST   /api/kurikulum/kd                     add a KD of the school for a K13 class's subject
 *   PUT    /api/kurikulum/kd/:id/alias           "Ubah Ringkasan" (the school's wording)
 *   DELETE /api/kurikulum/kd/:id/alias           "Hapus": back to the published text
 *   PUT    /api/kurikulum/kd/:id/status {aktif}  "Aktifkan / Non Aktifkan" (for this school only)
 *   POST   /api/kurikulum/kd/:id/hapus-ganda     deactivates this subject's duplicate KDs (this school)
 * National KD rows are shared by every school: alias and status live in kd_sekolah.
 */

/** kompetensi_id of a KD: 1 pengetahuan, 2 keterampilan (3 Pusat Keunggulan exists in the national set). */
export const ASPEK_KD = { 1: 'Pengetahuan', 2: 'Keterampilan', 3: 'Pusat Keunggulan' } as const;

export const KD_MESSAGES = {
  ...KURIKULUM_COMMON_MESSAGES,
  aspekRequired: 'Aspek Penilaian tidak boleh kosong!!',
  kodeRequired: 'Kode Kompetensi Dasar tidak boleh kosong!!',
  kodeFormat: 'Kode Kompetensi Dasar harus berupa angka bertitik, misalnya 3.1',
  kodePengetahuan: 'Kode Kompetensi Dasar Pengetahuan diawali 3, misalnya 3.1',
  kodeKeterampilan: 'Kode Kompetensi Dasar Keterampilan diawali 4, misalnya 4.1',
  deskripsiRequired: 'Deskripsi Kompetensi Dasar tidak boleh kosong!!',
  deskripsiMax: 'Deskripsi Kompetensi Dasar maksimal 2.000 karakter',
  aliasRequired: 'Deskripsi Kompetensi Dasar Baru tidak boleh kosong!!',
  duplicate: 'Kompetensi Dasar dengan kode dan deskripsi ini sudah ada untuk mata pelajaran tersebut',
  notFound: 'Kompetensi Dasar tidak ditemukan',
  saved: 'Data Kompetensi Dasar berhasil disimpan',
  aliasSaved: 'Deskripsi Kompetensi Dasar berhasil diperbaharui',
  aliasReset: 'Ringkasan Kompetensi Dasar berhasil dikembalikan ke bawaan aplikasi',
  status: (aktif: boolean) => `Data KD berhasil di${aktif ? 'aktifkan' : 'nonaktifkan'}`,
  gandaDone: (mapel: string, n: number) => `KD Mapel ${mapel} dinonaktifkan sebanyak (${n})`,
  gandaNone: (mapel: string) => `Mapel ${mapel} tidak memiliki KD Ganda`,
  confirmAliasReset: 'Tindakan ini akan mengembalikan isi ringkasan ke bawaan aplikasi!',
  confirmStatus: (aktif: boolean) =>
    `Tindakan ini akan ${aktif ? 'mengaktifkan' : 'menonaktifkan'} data Kompetensi Dasar!`,
  confirmGanda: 'Tindakan ini akan menghapus data ganda Kompetensi Dasar!',
} as const;

/**
 * The KD code must match the aspect: 3.x for pengetahuan, 4.x for keterampilan (the form's
 * placeholder "3.x untuk pengetahuan, 4.x untuk keterampilan"). Returns the message or null.
 */
export function checkKodeKd(kompetensiId: number, kode: string): string | null {
  const k = kode.trim();
  if (!k) return KD_MESSAGES.kodeRequired;
  if (!/^\d{1,2}(\.\d{1,3}){1,2}$/.test(k)) return KD_MESSAGES.kodeFormat;
  if (kompetensiId === 1 && !k.startsWith('3.')) return KD_MESSAGES.kodePengetahuan;
  if (kompetensiId === 2 && !k.startsWith('4.')) return KD_MESSAGES.kodeKeterampilan;
  return null;
}

export const kdListQuerySchema = listQuerySchema.extend(kurikulumFilterSchema.shape);
export type KdListQuery = z.infer<typeof kdListQuerySchema>;

export const kdRowSchema = z.object({
  kompetensi_dasar_id: z.string(),
  mata_pelajaran_id: z.number().int(),
  mata_pelajaran: z.string(),
  id_kompetensi: z.string(),
  kompetensi_id: z.number().int(),
  /** Class levels it is taught in (kelas_10…kelas_13 flags). */
  kelas: z.array(z.number().int()),
  /** The published (or the school's own) text. */
  kompetensi_dasar: z.string(),
  /** The school's short wording ("ringkasan"), shown instead when set. */
  kompetensi_dasar_alias: z.string().nullable(),
  kurikulum: z.number().int(),
  /** Active for this school. */
  aktif: z.boolean(),
  /** Written by this school (not a national row). */
  milik_sekolah: z.boolean(),
  /** The caller may change alias and status (teacher of the subject, or admin). */
  can_edit: z.boolean(),
});
export type KdRow = z.infer<typeof kdRowSchema>;

const kdText = (required: string) =>
  z
    .string({ error: required })
    .transform(normalizeText)
    .pipe(z.string().min(1, { error: required }).max(2000, { error: KD_MESSAGES.deskripsiMax }));

export const kdCreateSchema = z
  .object({
    tingkat: requiredTingkat,
    rombongan_belajar_id: requiredUuid(KD_MESSAGES.rombelRequired),
    pembelajaran_id: requiredUuid(KD_MESSAGES.mapelRequired),
    kompetensi_id: z.coerce
      .number({ error: KD_MESSAGES.aspekRequired })
      .refine((v) => v === 1 || v === 2, { error: KD_MESSAGES.aspekRequired }),
    id_kompetensi: z
      .string({ error: KD_MESSAGES.kodeRequired })
      .trim()
      .max(16, { error: KD_MESSAGES.kodeFormat }),
    kompetensi_dasar: kdText(KD_MESSAGES.deskripsiRequired),
  })
  .superRefine((v, ctx) => {
    const problem = checkKodeKd(v.kompetensi_id, v.id_kompetensi);
    if (problem) ctx.addIssue({ code: 'custom', path: ['id_kompetensi'], message: problem });
  });
export type KdCreate = z.infer<typeof kdCreateSchema>;
export type KdCreateInput = z.input<typeof kdCreateSchema>;

export const kdAliasSchema = z.object({ kompetensi_dasar_alias: kdText(KD_MESSAGES.aliasRequired) });
export type KdAlias = z.infer<typeof kdAliasSchema>;

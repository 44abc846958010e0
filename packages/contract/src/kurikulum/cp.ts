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
 * Capaian Pembelajaran (Kurikulum Merdeka), reference-screens §6.8:
 *   GET /api/kurikulum/cp?tingkat&rombongan_belajar_id&pembelajaran_id + list query
 *   POST /api/kurikulum/cp                     a CP written by the school for a Merdeka class's subject
 *   PUT  /api/kurikulum/cp/:id/status {aktif}  "Aktifkan / Non Aktifkan" (for this school only)
 */

/**
 * cp_id of CPs a school writes: from 2,000,001 up. National ids stay below 1,000,000 (decision 009)
 * and the demo school's CPs are numbered from 1,000,001 (packages/demo-school), so neither the
 * national import nor a re-seeded demo can ever take a school's id.
 */
export const CP_SEKOLAH_ID_START = 2_000_001;

export const CP_MESSAGES = {
  ...KURIKULUM_COMMON_MESSAGES,
  elemenRequired: 'Elemen tidak boleh kosong!!',
  elemenMax: 'Elemen maksimal 500 karakter',
  deskripsiRequired: 'Capaian Pembelajaran tidak boleh kosong!!',
  deskripsiMax: 'Capaian Pembelajaran maksimal 5.000 karakter',
  duplicate:
    'Capaian Pembelajaran dengan elemen dan deskripsi ini sudah ada untuk mata pelajaran dan fase tersebut',
  notFound: 'Capaian Pembelajaran tidak ditemukan',
  saved: 'Data Capaian Kompetensi berhasil disimpan',
  status: (aktif: boolean) => `Data Capaian Kompetensi berhasil di${aktif ? 'aktifkan' : 'nonaktifkan'}`,
  confirmStatus: (aktif: boolean) =>
    `Tindakan ini akan ${aktif ? 'mengaktifkan' : 'menonaktifkan'} data Capaian Kompetensi!`,
} as const;

export const cpListQuerySchema = listQuerySchema.extend(kurikulumFilterSchema.shape);
export type CpListQuery = z.infer<typeof cpListQuerySchema>;

export const cpRowSchema = z.object({
  cp_id: z.number().int(),
  mata_pelajaran_id: z.number().int(),
  mata_pelajaran: z.string(),
  fase: z.string(),
  elemen: z.string(),
  deskripsi: z.string(),
  /** TPs of this school under the CP ("Jml TP"). */
  jumlah_tp: z.number().int(),
  aktif: z.boolean(),
  milik_sekolah: z.boolean(),
  can_edit: z.boolean(),
});
export type CpRow = z.infer<typeof cpRowSchema>;

const text = (required: string, max: number, maxMessage: string) =>
  z
    .string({ error: required })
    .transform(normalizeText)
    .pipe(z.string().min(1, { error: required }).max(max, { error: maxMessage }));

export const cpCreateSchema = z.object({
  tingkat: requiredTingkat,
  rombongan_belajar_id: requiredUuid(CP_MESSAGES.rombelRequired),
  pembelajaran_id: requiredUuid(CP_MESSAGES.mapelRequired),
  elemen: text(CP_MESSAGES.elemenRequired, 500, CP_MESSAGES.elemenMax),
  deskripsi: text(CP_MESSAGES.deskripsiRequired, 5000, CP_MESSAGES.deskripsiMax),
});
export type CpCreate = z.infer<typeof cpCreateSchema>;
export type CpCreateInput = z.input<typeof cpCreateSchema>;

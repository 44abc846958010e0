import { z } from 'zod';
import { optionSchema, pdDetailSchema, pdUpdateSchema } from '../referensi/peserta-didik';

/*
 * The pupil's Biodata, their proposed corrections and the school's decision on them (issue #15
 * items 1 and 5; docs/decisions/046-biodata-teman-sekelas.md).
 *   GET  /api/portal/biodata                       the pupil's data, their latest proposal
 *   POST /api/portal/biodata                       "Perbaharui": a proposal of the allowed fields
 *   GET  /api/usulan-biodata                       pending proposals (admin: all; wali: their class)
 *   POST /api/usulan-biodata/:id/setujui | /tolak  the decision
 * A proposal changes nothing printed until it is approved.
 */

/** The fields a pupil may propose corrections to (reference-screens §2.7, ProfileBiodata.vue). */
export const BIODATA_FIELDS = [
  'status',
  'anak_ke',
  'diterima_kelas',
  'email',
  'nama_wali',
  'alamat_wali',
  'telp_wali',
  'kerja_wali',
] as const;
export type BiodataField = (typeof BIODATA_FIELDS)[number];

/** The field's label as the form shows it (also in the approval list). */
export const BIODATA_LABELS: Record<BiodataField, string> = {
  status: 'Status dalam Keluarga',
  anak_ke: 'Anak Ke',
  diterima_kelas: 'Diterima di Kelas',
  email: 'Email',
  nama_wali: 'Nama Wali',
  alamat_wali: 'Alamat Wali',
  telp_wali: 'Telp/HP Wali',
  kerja_wali: 'Pekerjaan Wali',
};

export const BIODATA_MESSAGES = {
  notAllowed: 'Kolom ini tidak dapat diubah oleh peserta didik.',
  email: 'Email tidak valid',
  emailLength: 'Email maksimal 100 karakter',
  nothingChanged: 'Tidak ada perubahan dari data yang tercatat.',
  proposed:
    'Usulan perubahan biodata terkirim. Data berubah setelah disetujui Wali Kelas atau Administrator.',
  approved: (nama: string) => `Perubahan biodata ${nama} disetujui`,
  rejected: (nama: string) => `Usulan perubahan biodata ${nama} ditolak`,
  decided: 'Usulan ini sudah diputuskan.',
  notWali: 'Hanya Wali Kelas peserta didik ini atau Administrator yang dapat memutuskan usulan ini.',
  alasanLength: 'Alasan maksimal 255 karakter',
} as const;

const email = z
  .string({ error: BIODATA_MESSAGES.email })
  .trim()
  .max(100, { error: BIODATA_MESSAGES.emailLength })
  .nullable()
  .optional()
  .transform((v) => (v ? v.toLowerCase() : null))
  .refine((v) => v === null || z.email().safeParse(v).success, { error: BIODATA_MESSAGES.email });

/**
 * "Perbaharui": every allowed field (empty = no value), nothing else — a key outside the set is an
 * error on that key, so a crafted body cannot slip another column in.
 */
const allowed = new Set<string>(BIODATA_FIELDS);

export const biodataUsulanSchema = pdUpdateSchema
  .pick({
    status: true,
    anak_ke: true,
    diterima_kelas: true,
    nama_wali: true,
    alamat_wali: true,
    telp_wali: true,
    kerja_wali: true,
  })
  .extend({ email })
  // Loose, then each extra key is an issue of its own (strict would give one unnamed issue).
  .loose()
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (!allowed.has(key))
        ctx.addIssue({ code: 'custom', path: [key], message: BIODATA_MESSAGES.notAllowed });
    }
  })
  .transform((value) => {
    const out: Record<string, unknown> = {};
    for (const f of BIODATA_FIELDS) out[f] = value[f];
    return out as { [K in BiodataField]: (typeof value)[K] };
  });
export type BiodataUsulanInput = z.input<typeof biodataUsulanSchema>;
export type BiodataUsulan = z.infer<typeof biodataUsulanSchema>;

const value = z.union([z.string(), z.number()]).nullable();

/** One changed field: the value recorded when proposed and the proposed one. */
export const perubahanSchema = z.object({
  field: z.enum(BIODATA_FIELDS),
  label: z.string(),
  lama: value,
  baru: value,
});
export type Perubahan = z.infer<typeof perubahanSchema>;

export const usulanStatusSchema = z.enum(['diajukan', 'disetujui', 'ditolak']);
export type UsulanStatus = z.infer<typeof usulanStatusSchema>;

export const usulanSchema = z.object({
  usulan_biodata_id: z.string(),
  status: usulanStatusSchema,
  perubahan: z.array(perubahanSchema),
  diajukan_at: z.string(),
  diputuskan_at: z.string().nullable(),
  /** Who decided (name), and why when rejected. */
  diputuskan_oleh: z.string().nullable(),
  alasan: z.string().nullable(),
});
export type Usulan = z.infer<typeof usulanSchema>;

export const portalBiodataSchema = z.object({
  data: pdDetailSchema,
  pekerjaan: z.array(optionSchema),
  /** The newest proposal (pending, or the last decided one); null when none. */
  usulan: usulanSchema.nullable(),
});
export type PortalBiodata = z.infer<typeof portalBiodataSchema>;

/** A pending proposal as the wali kelas or the administrator sees it. */
export const usulanRowSchema = usulanSchema.extend({
  peserta_didik_id: z.string(),
  nama: z.string(),
  nisn: z.string().nullable(),
  kelas: z.string().nullable(),
});
export type UsulanRow = z.infer<typeof usulanRowSchema>;

export const usulanTolakSchema = z.object({
  alasan: z
    .string({ error: BIODATA_MESSAGES.alasanLength })
    .trim()
    .max(255, { error: BIODATA_MESSAGES.alasanLength })
    .nullable()
    .optional()
    .transform((v) => v || null),
});

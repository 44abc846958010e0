import { z } from 'zod';
import { listResponseSchema } from '../list';
import { TINGKAT } from '../referensi/peserta-didik';
import type { RoleName } from '../roles';

/**
 * Penilaian Sikap (reference-screens §7.5, §7.6; reference-domain §1.6): a teacher's dated
 * observation of a pupil for one Profil Pelajar Pancasila dimension and element, positive or
 * negative, with a free text. The homeroom teacher reads the notes of their class.
 *   GET    /api/penilaian/sikap/referensi                     dimensions with their elements
 *   GET    /api/penilaian/sikap/rombel                        the caller's classes (pickers)
 *   GET    /api/penilaian/sikap/rombel/:id/peserta-didik      pupils of one of them
 *   GET    /api/penilaian/sikap + list query (+ rombongan_belajar_id)   the caller's own notes
 *   GET    /api/penilaian/sikap/:id                           one note (author; wali reads)
 *   POST   /api/penilaian/sikap                               new note
 *   PUT    /api/penilaian/sikap/:id                           edit (author only)
 *   DELETE /api/penilaian/sikap/:id                           delete (author only)
 *   GET    /api/penilaian/sikap/kelas/:rombelId + list query  notes of a class (its wali, admin, waka)
 */

/** Who may write notes (any teacher; the service narrows it to the classes they teach). */
export const SIKAP_WRITE_ROLES: readonly RoleName[] = ['guru'];
/** Who read the notes of any class (monitoring); a wali reads their own class. */
export const SIKAP_READ_ALL_ROLES: readonly RoleName[] = ['admin', 'waka'];

export const OPSI_SIKAP = [
  { value: 1, label: 'Positif' },
  { value: 2, label: 'Negatif' },
] as const;
export type OpsiSikap = (typeof OPSI_SIKAP)[number]['value'];

export function opsiSikapLabel(opsi: number): string {
  return OPSI_SIKAP.find((o) => o.value === opsi)?.label ?? String(opsi);
}

export const DESKRIPSI_SIKAP_MAX = 1000;

export const SIKAP_MESSAGES = {
  tingkatRequired: 'Tingkat Kelas tidak boleh kosong!',
  rombelRequired: 'Rombongan Belajar tidak boleh kosong!',
  pdRequired: 'Peserta Didik tidak boleh kosong!',
  tanggalRequired: 'Tanggal tidak boleh kosong!',
  dimensiRequired: 'Dimensi Sikap tidak boleh kosong!',
  elemenRequired: 'Elemen Sikap tidak boleh kosong!',
  opsiRequired: 'Opsi Sikap tidak boleh kosong!',
  uraianRequired: 'Uraian Sikap tidak boleh kosong!',
  tingkatInvalid: 'Tingkat Kelas harus 10, 11, 12 atau 13!',
  tanggalInvalid: 'Tanggal tidak valid (format YYYY-MM-DD)!',
  tanggalFuture: 'Tanggal tidak boleh melewati hari ini!',
  tanggalOutside: (awal: string, akhir: string) =>
    `Tanggal harus di dalam semester ini (${awal} sampai ${akhir})!`,
  dimensiUnknown: 'Dimensi Sikap tidak ditemukan!',
  elemenUnknown: 'Elemen Sikap tidak ditemukan!',
  elemenNotInDimensi: 'Elemen Sikap bukan bagian dari Dimensi Sikap yang dipilih!',
  opsiInvalid: 'Opsi Sikap harus Positif atau Negatif!',
  uraianMax: `Uraian Sikap maksimal ${DESKRIPSI_SIKAP_MAX} karakter!`,
  rombelNotTaught: 'Rombongan Belajar ini bukan kelas yang Anda ajar di semester ini!',
  rombelTingkat: 'Rombongan Belajar tidak berada di Tingkat Kelas yang dipilih!',
  pdNotInRombel: 'Peserta Didik bukan anggota Rombongan Belajar yang dipilih!',
  saved: 'Catatan Sikap berhasil disimpan',
  updated: 'Catatan Sikap berhasil diperbaharui',
  deleted: 'Catatan Sikap berhasil dihapus',
  notFound: 'Catatan Sikap tidak ditemukan',
  notAuthor: 'Hanya guru yang menulis Catatan Sikap ini yang dapat mengubah atau menghapusnya.',
  otherSemester: 'Catatan Sikap semester lain tidak dapat diubah dari semester ini.',
  conflict:
    'Catatan Sikap ini telah diubah sejak Anda membukanya. Isian Anda masih di layar: muat ulang data, lalu simpan lagi.',
  deleteConfirm: 'Tindakan ini tidak dapat dikembalikan!',
} as const;

// --- pure rules ---

/** A calendar date written YYYY-MM-DD that exists (no 2025-02-30). */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/**
 * The calendar span of a semester (reference-domain §1.1): Ganjil (…1) July–December of the
 * year, Genap (…2) January–June of the next one.
 */
export function semesterDateRange(semesterId: string): { awal: string; akhir: string } {
  const tahun = Number(semesterId.slice(0, 4));
  return semesterId.endsWith('2')
    ? { awal: `${tahun + 1}-01-01`, akhir: `${tahun + 1}-06-30` }
    : { awal: `${tahun}-07-01`, akhir: `${tahun}-12-31` };
}

/**
 * Why a note's date is refused, or null: it must lie within the semester of the login and not
 * after `today` (the school's local date, YYYY-MM-DD). ISO dates compare as strings.
 */
export function tanggalSikapError(tanggal: string, semesterId: string, today: string): string | null {
  if (!isIsoDate(tanggal)) return SIKAP_MESSAGES.tanggalInvalid;
  const { awal, akhir } = semesterDateRange(semesterId);
  if (tanggal < awal || tanggal > akhir) return SIKAP_MESSAGES.tanggalOutside(awal, akhir);
  if (tanggal > today) return SIKAP_MESSAGES.tanggalFuture;
  return null;
}

/** Today's date (YYYY-MM-DD) in a time zone, e.g. the school's 'Asia/Jakarta'. */
export function localDate(now: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

// --- request schemas ---

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const requiredInt = (message: string) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error: message }).int({ error: message }));

const requiredId = (message: string) => z.preprocess(blankToUndefined, z.uuid({ error: message }));

const tanggalField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: SIKAP_MESSAGES.tanggalRequired })
    .trim()
    .refine(isIsoDate, { error: SIKAP_MESSAGES.tanggalInvalid }),
);

const noteFields = {
  tanggal: tanggalField,
  dimensi_id: requiredInt(SIKAP_MESSAGES.dimensiRequired),
  elemen_id: requiredInt(SIKAP_MESSAGES.elemenRequired),
  opsi_id: requiredInt(SIKAP_MESSAGES.opsiRequired).refine((v) => v === 1 || v === 2, {
    error: SIKAP_MESSAGES.opsiInvalid,
  }),
  deskripsi: z
    .string({ error: SIKAP_MESSAGES.uraianRequired })
    .trim()
    .min(1, { error: SIKAP_MESSAGES.uraianRequired })
    .max(DESKRIPSI_SIKAP_MAX, { error: SIKAP_MESSAGES.uraianMax }),
};

export const sikapCreateSchema = z.object({
  tingkat: requiredInt(SIKAP_MESSAGES.tingkatRequired).refine(
    (v) => (TINGKAT as readonly number[]).includes(v),
    { error: SIKAP_MESSAGES.tingkatInvalid },
  ),
  rombongan_belajar_id: requiredId(SIKAP_MESSAGES.rombelRequired),
  anggota_rombel_id: requiredId(SIKAP_MESSAGES.pdRequired),
  ...noteFields,
});
export type SikapCreate = z.infer<typeof sikapCreateSchema>;
export type SikapCreateInput = z.input<typeof sikapCreateSchema>;

/** An edit keeps the pupil (shown read-only) and sends the version it loaded. */
export const sikapUpdateSchema = z.object({
  ...noteFields,
  updated_at: z.string({ error: SIKAP_MESSAGES.conflict }).min(1, { error: SIKAP_MESSAGES.conflict }),
});
export type SikapUpdate = z.infer<typeof sikapUpdateSchema>;
export type SikapUpdateInput = z.input<typeof sikapUpdateSchema>;

export const sikapListFilterSchema = z.object({
  rombongan_belajar_id: z
    .union([z.literal(''), z.uuid({ error: 'Rombongan Belajar tidak valid' })])
    .optional()
    .transform((v) => v || undefined),
});
export type SikapListFilter = z.infer<typeof sikapListFilterSchema>;

export const SIKAP_SORT_COLUMNS = ['tanggal', 'nama', 'kelas', 'dimensi', 'elemen', 'opsi', 'guru'] as const;

// --- response schemas ---

export const sikapReferensiSchema = z.object({
  dimensi: z.array(
    z.object({
      dimensi_id: z.number().int(),
      nama: z.string(),
      elemen: z.array(z.object({ elemen_id: z.number().int(), nama: z.string() })),
    }),
  ),
  opsi: z.array(z.object({ value: z.number().int(), label: z.string() })),
});
export type SikapReferensi = z.infer<typeof sikapReferensiSchema>;

/** A class the caller may write notes for, with why grade entry is closed there (null: open). */
export const sikapRombelSchema = z.object({
  rombongan_belajar_id: z.string(),
  nama: z.string(),
  tingkat: z.number().int(),
  penilaian_tertutup: z.string().nullable(),
});
export type SikapRombel = z.infer<typeof sikapRombelSchema>;
export const sikapRombelResponseSchema = z.object({ data: z.array(sikapRombelSchema) });

export const sikapPdResponseSchema = z.object({
  data: z.array(z.object({ anggota_rombel_id: z.string(), nama: z.string(), nisn: z.string().nullable() })),
});
export type SikapPdResponse = z.infer<typeof sikapPdResponseSchema>;

export const sikapRowSchema = z.object({
  nilai_sikap_id: z.string(),
  tanggal: z.string(),
  anggota_rombel_id: z.string(),
  nama: z.string(),
  nisn: z.string().nullable(),
  kelas: z.string(),
  dimensi_id: z.number().int(),
  dimensi: z.string().nullable(),
  elemen_id: z.number().int(),
  elemen: z.string().nullable(),
  opsi_id: z.number().int(),
  deskripsi: z.string(),
  /** The author. */
  guru: z.string().nullable(),
  updated_at: z.string(),
});
export type SikapRow = z.infer<typeof sikapRowSchema>;
export const sikapListResponseSchema = listResponseSchema(sikapRowSchema);

export const sikapDetailSchema = sikapRowSchema.extend({
  tingkat: z.number().int(),
  rombongan_belajar_id: z.string(),
  /** Whether the caller wrote it (and may edit or delete it now). */
  can_edit: z.boolean(),
});
export type SikapDetail = z.infer<typeof sikapDetailSchema>;

export const sikapKelasResponseSchema = listResponseSchema(sikapRowSchema).extend({
  rombel: z.object({ rombongan_belajar_id: z.string(), nama: z.string() }),
});
export type SikapKelasResponse = z.infer<typeof sikapKelasResponseSchema>;

export const sikapSavedSchema = z.object({ message: z.string(), data: sikapDetailSchema });
export type SikapSaved = z.infer<typeof sikapSavedSchema>;

import { z } from 'zod';
import { semesterSchema } from './auth';
import { cadanganKeadaanSchema } from './cadangan';
import { COLUMN_LENGTH, type ColumnName, forColumn } from './column-lengths';

/**
 * General settings of a school (reference-screens §5.1, reference-domain §10) and the
 * administrator's Beranda (§3.1). Shared by the server (validation) and the web (forms).
 */

/** The logo printed on report cards: jpg or png, at most 1 MB, checked by content. */
export const LOGO_MAX_BYTES = 1024 * 1024;

export const ZONA_WAKTU = [
  { value: 'Asia/Jakarta', label: 'Waktu Indonesia Barat (WIB)' },
  { value: 'Asia/Makassar', label: 'Waktu Indonesia Tengah (WITA)' },
  { value: 'Asia/Jayapura', label: 'Waktu Indonesia Timur (WIT)' },
] as const;
export type ZonaWaktu = (typeof ZONA_WAKTU)[number]['value'];

export const JABATAN_KEPALA_SEKOLAH = [
  { value: 'Kepala Sekolah', label: 'Kepala Sekolah' },
  { value: 'Plt. Kepala Sekolah', label: 'PLT Kepala Sekolah' },
  { value: 'Plh. Kepala Sekolah', label: 'PLH Kepala Sekolah' },
] as const;
export type JabatanKepalaSekolah = (typeof JABATAN_KEPALA_SEKOLAH)[number]['value'];

/**
 * The staff number printed under a signature (issue #11 item 8): NIP (civil servants), else the
 * school's choice of NUPTK or NIY for private SMKs whose teachers have no NIP. A teacher without
 * the chosen number prints "NIP. -" (resp. "NUPTK. -", "NIY. -").
 */
export const IDENTITAS_PEGAWAI = [
  { value: 'nip', label: 'NIP' },
  { value: 'nuptk', label: 'NUPTK' },
  { value: 'niy', label: 'NIY' },
] as const;
export type IdentitasPegawai = (typeof IDENTITAS_PEGAWAI)[number]['value'];

/**
 * The place printed before the report date ("{tempat}, {tanggal}"): the school's "Tempat Rapor",
 * else its kabupaten/kota without "Kab. "/"Kabupaten "/"Kota " (and a following "Adm. "), e.g.
 * "Kab. Bandung" → "Bandung", "Kota Adm. Jakarta Selatan" → "Jakarta Selatan".
 */
export function tempatRapor(
  setting: string | null | undefined,
  kabupaten: string | null | undefined,
): string {
  const own = (setting ?? '').trim();
  if (own !== '') return own;
  return (kabupaten ?? '').trim().replace(/^(kab\.?|kabupaten|kota)\s+((adm\.?|administrasi)\s+)?/i, '');
}

export const SETTING_MESSAGES = {
  periodeRequired: 'Periode Aktif tidak boleh kosong.',
  periodeUnknown: 'Periode Aktif tidak ditemukan.',
  jabatanRequired: 'Jabatan Kepala sekolah tidak boleh kosong.',
  zonaRequired: 'Zona Waktu tidak boleh kosong.',
  tanggalInvalid: 'Tanggal tidak valid (format YYYY-MM-DD).',
  kepalaSekolahUnknown: 'Kepala Sekolah harus salah satu guru sekolah ini.',
  rombel4TahunUnknown: 'Rombongan belajar 4 tahun harus rombel reguler kelas 11–13 sekolah ini.',
  urlInvalid: 'URL Dapodik tidak valid (contoh: http://192.168.1.10:5774).',
  sumberDapodikInvalid: 'Sumber data Dapodik harus Otomatis, API Sinkronisasi atau Web Service.',
  identitasPegawaiInvalid: 'Nomor pegawai yang dicetak harus NIP, NUPTK atau NIY.',
  namaRequired: 'Nama sekolah tidak boleh kosong.',
  emailInvalid: 'Email sekolah tidak valid.',
  logoNotImage: 'Logo sekolah harus berupa berkas gambar',
  logoType: 'Logo sekolah harus berekstensi (jpg, jpeg, png)',
  logoSize: 'Logo sekolah maksimal 1Mb.',
  saved: 'Pengaturan berhasil disimpan',
  statusPenilaianSaved: 'Status Penilaian berhasil disimpan',
  rilisNilaiSiswaInvalid: 'Pilihan tampilkan nilai kepada peserta didik tidak valid',
  kontakTemanSekelasInvalid: 'Pilihan tampilkan kontak teman sekelas tidak valid',
} as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Maksimal ${max} karakter` });
/** Empty → null. With a `sekolah` column: that column's length, tagged (forColumn) for the drift test. */
const optionalText = (max: number | ColumnName<'sekolah'>) =>
  (typeof max === 'number' ? text(max) : forColumn(text(COLUMN_LENGTH.sekolah[max]), 'sekolah', max))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()
    .transform((v) => v ?? null);

const tanggal = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional()
  .transform((v) => v ?? null)
  .refine(
    (v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))),
    {
      error: SETTING_MESSAGES.tanggalInvalid,
    },
  );

/** School identity fields the administrator may correct (NPSN stays as registered). */
export const sekolahIdentitySchema = z.object({
  nama: z
    .string({ error: SETTING_MESSAGES.namaRequired })
    .trim()
    .min(1, { error: SETTING_MESSAGES.namaRequired })
    .max(200),
  nss: optionalText('nss'),
  alamat: optionalText(300),
  desa_kelurahan: optionalText(100),
  kecamatan: optionalText(100),
  kabupaten: optionalText(100),
  provinsi: optionalText(100),
  kode_pos: optionalText('kode_pos'),
  no_telp: optionalText('no_telp'),
  email: optionalText(254).refine((v) => v === null || z.email().safeParse(v).success, {
    error: SETTING_MESSAGES.emailInvalid,
  }),
  website: optionalText(200),
});
export type SekolahIdentity = z.infer<typeof sekolahIdentitySchema>;

/**
 * The source of Ambil Data Dapodik: `auto` (the neutral /sync/v1 API, or the local Web Service when
 * the server has no /sync/v1), `sync` (/sync/v1 only) or `webservice` (the Web Service only).
 */
export const SUMBER_DAPODIK = ['auto', 'sync', 'webservice'] as const;
export type SumberDapodik = (typeof SUMBER_DAPODIK)[number];
/** The settings key (per school) that holds it. */
export const SUMBER_DAPODIK_SETTING = 'sumber_dapodik';

/** The stored choice as the sync and the screen read it: spellings typed by hand are accepted, anything else is auto. */
export function sumberDapodik(value: string | null | undefined): SumberDapodik {
  const v = (value ?? '').trim().toLowerCase();
  if (v === 'webservice' || v === 'web_service' || v === 'ws') return 'webservice';
  if (v === 'sync' || v === 'sync_api' || v === 'sync/v1') return 'sync';
  return 'auto';
}

export const updateSettingsRequestSchema = z.object({
  /** The installation's active semester ("Periode Aktif"). */
  periode_aktif: z
    .string({ error: SETTING_MESSAGES.periodeRequired })
    .trim()
    .min(1, { error: SETTING_MESSAGES.periodeRequired })
    .regex(/^\d{4}[12]$/, { error: SETTING_MESSAGES.periodeUnknown }),
  tanggal_rapor: tanggal,
  tanggal_rapor_kelas_akhir: tanggal,
  tanggal_rapor_pts: tanggal,
  /** guru_id of the head teacher in this semester. */
  kepala_sekolah: z
    .uuid({ error: SETTING_MESSAGES.kepalaSekolahUnknown })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  jabatan: z.enum(
    JABATAN_KEPALA_SEKOLAH.map((j) => j.value),
    { error: SETTING_MESSAGES.jabatanRequired },
  ),
  zona: z.enum(
    ZONA_WAKTU.map((z) => z.value),
    { error: SETTING_MESSAGES.zonaRequired },
  ),
  rombel_4_tahun: z
    .array(z.uuid({ error: SETTING_MESSAGES.rombel4TahunUnknown }))
    .max(200)
    .default([]),
  /** Printed before the report date; empty: the kabupaten/kota (`tempatRapor`). */
  tempat_rapor: optionalText(100),
  /** The staff number under signatures; omitted: keep the stored choice (NIP when none). */
  identitas_pegawai: z
    .enum(
      IDENTITAS_PEGAWAI.map((i) => i.value),
      { error: SETTING_MESSAGES.identitasPegawaiInvalid },
    )
    .optional(),
  url_dapodik: optionalText(300).refine((v) => v === null || /^https?:\/\/[^\s/]+/i.test(v), {
    error: SETTING_MESSAGES.urlInvalid,
  }),
  /**
   * The Dapodik web-service token. Omitted or empty: keep the stored one. `null`: forget it.
   * It is encrypted at rest and never sent back.
   */
  token_dapodik: z.string().trim().max(500).nullable().optional(),
  /** Where Ambil Data Dapodik reads from. Omitted: keep the stored choice. */
  sumber_dapodik: z.enum(SUMBER_DAPODIK, { error: SETTING_MESSAGES.sumberDapodikInvalid }).optional(),
  /**
   * This semester's grades shown to pupils in their portal before the homeroom teachers lock their
   * classes (issue #15 item 2). Omitted: keep the stored choice.
   */
  rilis_nilai_siswa: z.boolean({ error: SETTING_MESSAGES.rilisNilaiSiswaInvalid }).optional(),
  /**
   * The pupil portal's Teman Sekelas shows classmates' e-mail and phone (per school; off by default,
   * docs/decisions/046-biodata-teman-sekelas.md). Omitted: keep the stored choice.
   */
  kontak_teman_sekelas: z.boolean({ error: SETTING_MESSAGES.kontakTemanSekelasInvalid }).optional(),
  sekolah: sekolahIdentitySchema,
});
export type UpdateSettingsRequest = z.input<typeof updateSettingsRequestSchema>;
export type UpdateSettings = z.output<typeof updateSettingsRequestSchema>;

export const sekolahIdentityResponseSchema = z.object({
  sekolah_id: z.string(),
  npsn: z.string(),
  nama: z.string(),
  nss: z.string().nullable(),
  alamat: z.string().nullable(),
  desa_kelurahan: z.string().nullable(),
  kecamatan: z.string().nullable(),
  kabupaten: z.string().nullable(),
  provinsi: z.string().nullable(),
  kode_pos: z.string().nullable(),
  no_telp: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  logo_url: z.string().nullable(),
});
export type SekolahIdentityResponse = z.infer<typeof sekolahIdentityResponseSchema>;

export const optionSchema = z.object({ value: z.string(), label: z.string() });
export type Option = z.infer<typeof optionSchema>;

export const settingsResponseSchema = z.object({
  /** The semester these settings belong to (the one chosen at login). */
  semester_id: z.string(),
  periode_aktif: z.string().nullable(),
  semesters: z.array(semesterSchema),
  tanggal_rapor: z.string().nullable(),
  tanggal_rapor_kelas_akhir: z.string().nullable(),
  tanggal_rapor_pts: z.string().nullable(),
  kepala_sekolah: z.string().nullable(),
  jabatan: z.string().nullable(),
  zona: z.string().nullable(),
  rombel_4_tahun: z.array(z.string()),
  tempat_rapor: z.string().nullable(),
  identitas_pegawai: z.enum(IDENTITAS_PEGAWAI.map((i) => i.value)),
  url_dapodik: z.string().nullable(),
  /** Whether a Dapodik token is stored; the token itself never leaves the server. */
  token_dapodik_tersimpan: z.boolean(),
  sumber_dapodik: z.enum(SUMBER_DAPODIK),
  rilis_nilai_siswa: z.boolean(),
  kontak_teman_sekelas: z.boolean(),
  sekolah: sekolahIdentityResponseSchema,
  guru_options: z.array(optionSchema),
  rombel_options: z.array(optionSchema),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

// --- Beranda (administrator) ---

export const statusPenilaianSchema = z.object({ status: z.boolean() });
export type StatusPenilaian = z.infer<typeof statusPenilaianSchema>;

export const BERANDA_COUNTS = [
  'guru',
  'tendik',
  'instruktur',
  'asesor',
  'peserta_didik',
  'rombel',
  'rombel_pilihan',
  'pembelajaran',
  'ekstrakurikuler',
  'dudi',
] as const;
export type BerandaCount = (typeof BERANDA_COUNTS)[number];

/** A stored image dropped because it did not decode (decision 049), as the Beranda shows it. */
export const catatanGambarSchema = z.object({
  jenis: z.enum(['logo', 'latar', 'foto']),
  keterangan: z.string(),
  waktu: z.string(),
});
export type CatatanGambar = z.infer<typeof catatanGambarSchema>;

export const berandaAdminResponseSchema = z.object({
  sekolah: sekolahIdentityResponseSchema,
  kepala_sekolah: z.string().nullable(),
  counts: z.record(z.enum(BERANDA_COUNTS), z.number().int()),
  app: z.object({ name: z.string(), version: z.string(), db_version: z.string() }),
  status_penilaian: z.boolean(),
  /** The newest good backup (issue 16 item 2): the Beranda warns yellow after 2 days, red after 7. */
  cadangan: cadanganKeadaanSchema,
  /** Stored images dropped by the start-up check or a restore (decision 049), newest last. */
  gambar_dibuang: z.array(catatanGambarSchema),
});
export type BerandaAdminResponse = z.infer<typeof berandaAdminResponseSchema>;

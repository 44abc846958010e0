import { z } from 'zod';
import type { RoleName } from '../roles';

/**
 * Pusat Unduhan (issue #14 item 8, decision 043). One catalogue of every template and export the
 * product offers. The centre lists it in sections; each entry names the roles that see it, the
 * parameters it needs and the feature's own download address, so the file downloaded here is the
 * one the feature screen gives (and its upload accepts it). The server authorizes every download
 * at that address: the roles here only decide what a user is offered.
 *
 * A later feature's export appears in the centre once it is registered here.
 */

export const UNDUHAN_BAGIAN = [
  'penilaian',
  'cetak',
  'ukk',
  'pkl',
  'impor',
  'monitoring',
  'referensi',
] as const;
export type UnduhanBagian = (typeof UNDUHAN_BAGIAN)[number];

/**
 * What an entry needs before it can be downloaded:
 * - `pembelajaran`: Tingkat → Rombel → Mata Pelajaran among what the user teaches;
 * - `cp`: the CP/KD of that subject (Template TP);
 * - `rombel`: a regular class the user may print (the wali's own; the Waka and admin any);
 * - `anggota`: a pupil of that class, or a scored pupil of the UKK plan;
 * - `ukk`: a UKK plan whose certificates the user prints (not run by an LSP);
 * - `pkl`: a PKL plan (placement) the user reads, and `pd` one of its pupils (peserta_didik_id).
 */
export const UNDUHAN_PARAM = ['pembelajaran', 'cp', 'rombel', 'anggota', 'ukk', 'pkl', 'pd'] as const;
export type UnduhanParam = (typeof UNDUHAN_PARAM)[number];
export type UnduhanValues = Partial<Record<UnduhanParam, string>>;

export interface UnduhanEntry {
  id: string;
  bagian: Exclude<UnduhanBagian, 'referensi'>;
  /** Indonesian title, as the feature screen names the file. */
  judul: string;
  format: 'xlsx' | 'pdf';
  roles: readonly RoleName[];
  params: readonly UnduhanParam[];
  /** Only for classes that print a P5 report (Merdeka, before 20251). */
  p5?: true;
  /** The feature's address (below `/api`) and its query. */
  request: (v: Required<UnduhanValues>) => { path: string; query?: Record<string, string> };
  /** Name used when the server sends none. */
  fallbackName: string;
}

const PRINTERS: readonly RoleName[] = ['wali', 'waka', 'admin'];
const GURU: readonly RoleName[] = ['guru'];

const template = (jenis: string, judul: string): UnduhanEntry => ({
  id: `template-${jenis}`,
  bagian: 'penilaian',
  judul,
  format: 'xlsx',
  roles: GURU,
  params: ['pembelajaran'],
  request: (v) => ({ path: `/penilaian/pembelajaran/${v.pembelajaran}/template/${jenis}` }),
  fallbackName: `${judul}.xlsx`,
});

const rapor = (dokumen: string, judul: string): UnduhanEntry => ({
  id: `rapor-${dokumen}`,
  bagian: 'cetak',
  judul,
  format: 'pdf',
  roles: PRINTERS,
  params: ['rombel', 'anggota'],
  request: (v) => ({ path: `/cetak/rapor-${dokumen}/${v.anggota}` }),
  fallbackName: `${judul}.pdf`,
});

const progres = (jenis: string, judul: string): UnduhanEntry => ({
  id: `progres-${jenis}`,
  bagian: 'monitoring',
  judul,
  format: 'xlsx',
  roles: ['waka'],
  params: [],
  request: () => ({ path: `/progress/${jenis}/excel` }),
  fallbackName: `${judul}.xlsx`,
});

export const UNDUHAN_KATALOG: readonly UnduhanEntry[] = [
  {
    id: 'template-tp',
    bagian: 'penilaian',
    judul: 'Template Tujuan Pembelajaran',
    format: 'xlsx',
    roles: GURU,
    params: ['pembelajaran', 'cp'],
    // The CP/KD list gives ids prefixed by their kind ("cp:12", "kd:uuid"): see `cpQuery`.
    request: (v) => ({
      path: '/kurikulum/tp/template',
      query: { pembelajaran_id: v.pembelajaran, ...cpQuery(v.cp) },
    }),
    fallbackName: 'template_tp.xlsx',
  },
  template('lingkup-materi', 'Template Sumatif Lingkup Materi'),
  template('akhir-semester', 'Template Sumatif Akhir Semester'),
  template('nilai-akhir', 'Template Nilai Akhir'),
  {
    id: 'leger-nilai',
    bagian: 'cetak',
    judul: 'Leger Nilai',
    format: 'xlsx',
    roles: PRINTERS,
    params: ['rombel'],
    request: (v) => ({ path: `/unduhan/leger-nilai/${v.rombel}` }),
    fallbackName: 'Leger Nilai.xlsx',
  },
  rapor('cover', 'Rapor: Halaman Depan'),
  rapor('nilai-akhir', 'Rapor: Nilai Akademik'),
  rapor('pelengkap', 'Rapor: Dokumen Pendukung'),
  {
    id: 'rapor-p5',
    bagian: 'cetak',
    judul: 'Rapor Projek P5',
    format: 'pdf',
    roles: PRINTERS,
    params: ['rombel', 'anggota'],
    p5: true,
    request: (v) => ({ path: `/cetak/rapor-p5/${v.anggota}` }),
    fallbackName: 'Rapor P5.pdf',
  },
  {
    id: 'transkrip',
    bagian: 'cetak',
    judul: 'Transkrip Nilai',
    format: 'pdf',
    roles: PRINTERS,
    params: ['rombel', 'anggota'],
    request: (v) => ({ path: `/cetak/transkrip/${v.anggota}` }),
    fallbackName: 'Transkrip Nilai.pdf',
  },
  {
    id: 'format-instruktur',
    bagian: 'impor',
    judul: 'Format Impor Instruktur',
    format: 'xlsx',
    roles: ['admin'],
    params: [],
    request: () => ({ path: '/gtk/instruktur/template' }),
    fallbackName: 'format_excel_instruktur.xlsx',
  },
  {
    id: 'format-asesor',
    bagian: 'impor',
    judul: 'Format Impor Asesor',
    format: 'xlsx',
    roles: ['admin'],
    params: [],
    request: () => ({ path: '/gtk/asesor/template' }),
    fallbackName: 'format_excel_asesor.xlsx',
  },
  {
    id: 'sertifikat-ukk',
    bagian: 'ukk',
    judul: 'Sertifikat UKK',
    format: 'pdf',
    roles: ['kaprog', 'waka', 'internal'],
    params: ['ukk', 'anggota'],
    request: (v) => ({ path: `/cetak/sertifikat/${v.anggota}/${v.ukk}` }),
    fallbackName: 'Sertifikat UKK.pdf',
  },
  {
    id: 'rapor-pkl',
    bagian: 'pkl',
    judul: 'Rapor PKL',
    format: 'pdf',
    roles: ['waka', 'admin', 'wali', 'pembimbing'],
    params: ['pkl', 'pd'],
    request: (v) => ({ path: `/cetak/rapor-pkl/${v.pkl}/${v.pd}` }),
    fallbackName: 'Rapor PKL.pdf',
  },
  progres('penilaian', 'Progres Nilai Akademik'),
  progres('nilai-ekskul', 'Progres Nilai Ekstrakurikuler'),
  progres('nilai-projek', 'Progres Nilai Projek'),
  progres('nilai-ukk', 'Progres Nilai UKK'),
  progres('nilai-pkl', 'Progres Nilai PKL'),
];

/** "cp:12" → { cp_id: "12" }, "kd:…" → { kd_id: "…" } (the Template TP's source). */
export function cpQuery(value: string): Record<string, string> {
  const [kind, id = ''] = value.split(':', 2);
  return kind === 'kd' ? { kd_id: id } : { cp_id: id };
}

/** The entries a user with these roles is offered, in catalogue order. */
export function katalogFor(roles: readonly RoleName[]): UnduhanEntry[] {
  return UNDUHAN_KATALOG.filter((e) => e.roles.some((r) => roles.includes(r)));
}

// --- the reference documents: links the administrator edits ---------------------------------

export const TAUTAN_MESSAGES = {
  judul: 'Judul tautan tidak boleh kosong!',
  judulMax: 'Judul tautan paling banyak 150 karakter.',
  url: 'Alamat tautan harus diawali http:// atau https://',
  urlMax: 'Alamat tautan paling banyak 500 karakter.',
  bagian: 'Bagian tidak boleh kosong!',
  bagianMax: 'Bagian paling banyak 60 karakter.',
  max: 'Paling banyak 50 tautan.',
  saved: 'Daftar tautan berhasil disimpan',
} as const;

export const tautanSchema = z.object({
  bagian: z.string().trim().min(1, TAUTAN_MESSAGES.bagian).max(60, TAUTAN_MESSAGES.bagianMax),
  judul: z.string().trim().min(1, TAUTAN_MESSAGES.judul).max(150, TAUTAN_MESSAGES.judulMax),
  url: z
    .string()
    .trim()
    .max(500, TAUTAN_MESSAGES.urlMax)
    .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, TAUTAN_MESSAGES.url),
});
export type Tautan = z.infer<typeof tautanSchema>;

export const tautanListSchema = z.object({ data: z.array(tautanSchema).max(50, TAUTAN_MESSAGES.max) });
export type TautanList = z.infer<typeof tautanListSchema>;

/**
 * What a school starts with (the current regulations and guides). Stored as the school's own list
 * the first time the administrator saves it; until then these are shown.
 */
export const TAUTAN_BAWAAN: readonly Tautan[] = [
  {
    bagian: 'Regulasi',
    judul: 'Permendikdasmen Nomor 13 Tahun 2025 (Penilaian dan Kokurikuler)',
    url: 'https://jdih.kemendikdasmen.go.id/',
  },
  {
    bagian: 'Panduan',
    judul: 'Panduan Kokurikuler 2025',
    url: 'https://kurikulum.kemendikdasmen.go.id/',
  },
  {
    bagian: 'Panduan',
    judul: 'Pedoman Uji Kompetensi Keahlian (UKK) SMK',
    url: 'https://smk.kemendikdasmen.go.id/',
  },
];

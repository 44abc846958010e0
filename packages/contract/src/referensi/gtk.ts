import { z } from 'zod';
import { COLUMN_LENGTH, forColumn } from '../column-lengths';
import { validateNik } from './nik';

/**
 * GTK screens (reference-screens §6.1): /referensi/guru, /tendik, /instruktur, /asesor.
 * API (all Administrator):
 *   GET    /api/gtk/options                         gelar, agama and DUDI choices for the modals
 *   GET    /api/gtk/:jenis + list query             the list of one kind
 *   POST   /api/gtk/:jenis                          add one instruktur / asesor
 *   GET    /api/gtk/ptk/:guruId                     detail
 *   PUT    /api/gtk/ptk/:guruId                     edit an instruktur / asesor (not Dapodik rows)
 *   PUT    /api/gtk/ptk/:guruId/gelar               academic titles (+ DUDI of an asesor)
 *   DELETE /api/gtk/ptk/:guruId                     delete an instruktur / asesor
 *   GET    /api/gtk/:jenis/template                 the Excel template (instruktur / asesor)
 *   POST   /api/gtk/:jenis/import/preview           multipart `file_excel` → parsed rows + cell errors
 *   POST   /api/gtk/:jenis/import                   { rows } → all saved in one transaction, or none
 */

export const GTK_KINDS = ['guru', 'tendik', 'instruktur', 'asesor'] as const;
export type GtkKind = (typeof GTK_KINDS)[number];
/** The kinds the school adds itself (not in Dapodik). */
export const LOCAL_GTK_KINDS = ['instruktur', 'asesor'] as const;
export type LocalGtkKind = (typeof LOCAL_GTK_KINDS)[number];

export const JENIS_PTK_INSTRUKTUR = 97;
export const JENIS_PTK_ASESOR = 98;
export const JENIS_PTK_OF: Record<LocalGtkKind, number> = {
  instruktur: JENIS_PTK_INSTRUKTUR,
  asesor: JENIS_PTK_ASESOR,
};
/** jenis_ptk groups of e-Rapor (reference-domain §1.2). */
export const TENDIK_JENIS_PTK: readonly number[] = [11, 30, 40, 41, 42, 43, 44, 57, 58, 59, 91, 93];
export const GURU_JENIS_PTK: readonly number[] = [
  3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 20, 25, 26, 51, 52, 53, 54, 56, 92,
];

export function jenisPtkOfKind(kind: GtkKind): readonly number[] {
  if (kind === 'guru') return GURU_JENIS_PTK;
  if (kind === 'tendik') return TENDIK_JENIS_PTK;
  return [JENIS_PTK_OF[kind]];
}

export function kindOfJenisPtk(jenisPtkId: number): GtkKind | null {
  if (jenisPtkId === JENIS_PTK_INSTRUKTUR) return 'instruktur';
  if (jenisPtkId === JENIS_PTK_ASESOR) return 'asesor';
  if (TENDIK_JENIS_PTK.includes(jenisPtkId)) return 'tendik';
  if (GURU_JENIS_PTK.includes(jenisPtkId)) return 'guru';
  return null;
}

export const GTK_KIND_LABEL: Record<GtkKind, string> = {
  guru: 'Guru',
  tendik: 'Tendik',
  instruktur: 'Instruktur',
  asesor: 'Asesor',
};

export const gtkKindSchema = z.enum(GTK_KINDS, { error: 'Jenis GTK tidak dikenal' });
export const localGtkKindSchema = z.enum(LOCAL_GTK_KINDS, {
  error: 'Hanya Instruktur dan Asesor yang dapat ditambahkan di e-Rapor',
});

/** Sortable columns of the GTK list (the server orders only by these). */
export const GTK_SORT_COLUMNS = [
  'nama',
  'nuptk',
  'jenis_kelamin',
  'tempat_lahir',
  'tanggal_lahir',
  'email',
] as const;

/** Front titles, the name, then back titles after a comma: "Dr. Budi Santoso, S.Pd., M.Pd." */
export function namaLengkap(nama: string, depan: readonly string[], belakang: readonly string[]): string {
  const front = depan.length ? `${depan.join(' ')} ` : '';
  const back = belakang.length ? `, ${belakang.join(', ')}` : '';
  return `${front}${nama}${back}`;
}

export const gtkRowSchema = z.object({
  guru_id: z.string(),
  nama: z.string(),
  nama_lengkap: z.string(),
  nuptk: z.string().nullable(),
  nik: z.string().nullable(),
  jenis_kelamin: z.string().nullable(),
  tempat_lahir: z.string().nullable(),
  tanggal_lahir: z.string().nullable(),
  email: z.string().nullable(),
  /** Asesor: the DUDI's name. */
  dudi: z.string().nullable(),
});
export type GtkRow = z.infer<typeof gtkRowSchema>;

export const gtkDetailSchema = gtkRowSchema.extend({
  jenis: gtkKindSchema.nullable(),
  jenis_ptk_id: z.number().int(),
  nip: z.string().nullable(),
  /** Nomor Induk Yayasan: the school's own number, edited here, never sent by Dapodik. */
  niy: z.string().nullable(),
  agama_id: z.number().int().nullable(),
  agama: z.string().nullable(),
  alamat: z.string().nullable(),
  rt: z.string().nullable(),
  rw: z.string().nullable(),
  desa_kelurahan: z.string().nullable(),
  kecamatan: z.string().nullable(),
  kode_pos: z.string().nullable(),
  no_hp: z.string().nullable(),
  dudi_id: z.string().nullable(),
  gelar_depan: z.array(z.number().int()),
  gelar_belakang: z.array(z.number().int()),
  is_dapodik: z.boolean(),
  /** Instruktur and asesor (created in e-Rapor) may be edited and deleted. */
  editable: z.boolean(),
});
export type GtkDetail = z.infer<typeof gtkDetailSchema>;

const optionSchema = z.object({ value: z.string(), label: z.string() });
export const gtkOptionsSchema = z.object({
  gelar_depan: z.array(z.object({ value: z.number().int(), label: z.string() })),
  gelar_belakang: z.array(z.object({ value: z.number().int(), label: z.string() })),
  agama: z.array(z.object({ value: z.number().int(), label: z.string() })),
  dudi: z.array(optionSchema),
});
export type GtkOptions = z.infer<typeof gtkOptionsSchema>;

export const NIY_MAX = COLUMN_LENGTH.guru.niy;
export const NIY_MESSAGES = {
  tooLong: `NIY maksimal ${NIY_MAX} karakter!`,
  invalid: 'NIY hanya boleh berisi angka, huruf, titik (.) dan tanda hubung (-)!',
} as const;
/**
 * NIY (Nomor Induk Yayasan), as foundations number their staff: "12.345", "2019-07-001", "YPI.001".
 * Trimmed; empty clears it. The column holds 32 characters (varchar(32)).
 */
export const niySchema = forColumn(
  z.string().trim().max(NIY_MAX, { error: NIY_MESSAGES.tooLong }),
  'guru',
  'niy',
).regex(/^[0-9A-Za-z.-]*$/, { error: NIY_MESSAGES.invalid });

export const updateGelarSchema = z.object({
  gelar_depan: z.array(z.number().int().positive()).max(10).default([]),
  gelar_belakang: z.array(z.number().int().positive()).max(10).default([]),
  /** Only for an asesor; ignored for the other kinds. */
  dudi_id: z.union([z.uuid({ error: 'DUDI tidak valid' }), z.literal(''), z.null()]).optional(),
  /** The school's own staff number; omitted keeps the stored one, '' clears it. */
  niy: niySchema.optional(),
});
export type UpdateGelar = z.infer<typeof updateGelarSchema>;

export const GTK_MESSAGES = {
  namaRequired: 'Nama tidak boleh kosong!',
  jenisKelaminRequired: 'Jenis Kelamin tidak boleh kosong!',
  jenisKelaminInvalid: 'Jenis Kelamin harus L atau P!',
  tempatLahirRequired: 'Tempat Lahir tidak boleh kosong!',
  tanggalLahirRequired: 'Tanggal Lahir tidak boleh kosong!',
  tanggalLahirInvalid: 'Tanggal Lahir format tanggal salah!',
  agamaRequired: 'Agama tidak boleh kosong!',
  agamaNotFound: 'Agama tidak ditemukan!',
  emailRequired: 'Email tidak boleh kosong!',
  emailInvalid: 'Email tidak valid!',
  emailTaken: 'Email sudah terdaftar!',
  emailDuplicateInFile: (row: number) => `Email sama dengan baris ${row}!`,
  nikTaken: 'NIK sudah terdaftar!',
  nikDuplicateInFile: (row: number) => `NIK sama dengan baris ${row}!`,
  dudiRequired: 'DUDI tidak boleh kosong!',
  dudiNotFound: 'DUDI tidak ditemukan!',
  tooLong: (max: number) => `Maksimal ${max} karakter!`,
  digitsOnly: 'Harus berupa angka!',
  digitsMax: (max: number) => `Maksimal ${max} digit!`,
  updated: 'Data PTK berhasil diperbaharui',
  saved: (kind: LocalGtkKind) => `Data ${GTK_KIND_LABEL[kind]} berhasil disimpan`,
  deleted: (kind: LocalGtkKind) => `Data ${GTK_KIND_LABEL[kind]} berhasil dihapus`,
  notLocal: 'Data PTK dari Dapodik tidak dapat diubah atau dihapus di e-Rapor.',
  invalidRows: (n: number) =>
    `${n} baris belum valid. Perbaiki atau hapus baris yang ditandai merah, lalu simpan lagi.`,
  noRows: 'Tidak ada data untuk disimpan.',
  // Excel upload
  fileRequired: 'File Excel tidak boleh kosong',
  fileType: 'File harus berupa file dengan tipe: xlsx.',
  fileUnreadable: 'File Excel tidak dapat dibaca. Pastikan berkas berformat .xlsx dan tidak rusak.',
  fileTooLarge: 'Ukuran file Excel maksimal 2 MB.',
  fileEmpty: 'File Excel tidak berisi data (baris 2 dan seterusnya kosong).',
  tooManyRows: (max: number) =>
    `File Excel berisi lebih dari ${max} baris data. Pecah menjadi beberapa file.`,
  wrongKind: (found: LocalGtkKind, expected: LocalGtkKind) =>
    `File ini adalah format Excel ${GTK_KIND_LABEL[found]}, bukan ${GTK_KIND_LABEL[expected]}. ` +
    `Unggah di menu Referensi ${GTK_KIND_LABEL[found]} atau gunakan template ${GTK_KIND_LABEL[expected]}.`,
  wrongHeader: (cell: string, expected: string, found: string) =>
    `Format Excel tidak sesuai: sel ${cell} harus berisi "${expected}", tetapi berisi ${found ? `"${found}"` : 'kosong'}. ` +
    'Silahkan unduh template dan salin data ke dalamnya.',
} as const;

export const MAX_IMPORT_ROWS = 500;
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

/**
 * One instruktur / asesor as typed in the modal or read from a workbook row. Everything is text
 * (the grid edits text) except agama_id and dudi_id, which come from selects.
 */
/**
 * A number kept as text in a `guru` column: trimmed, at most the column's length (tagged for the
 * drift test). RT/RW said 8 for a varchar(4) and checkGtkInput checked only the digits, so
 * "12345" answered 500 (issue #25); checkGtkInput now names the length per cell too.
 */
const digitText = (column: GtkDigitField | 'no_hp') =>
  forColumn(
    z
      .string()
      .trim()
      .max(COLUMN_LENGTH.guru[column], { error: GTK_MESSAGES.digitsMax(COLUMN_LENGTH.guru[column]) }),
    'guru',
    column,
  ).default('');

const GTK_DIGIT_FIELDS = ['nuptk', 'nip', 'rt', 'rw', 'kode_pos'] as const;
type GtkDigitField = (typeof GTK_DIGIT_FIELDS)[number];

export const gtkInputSchema = z.object({
  nama: z.string().max(200).default(''),
  nuptk: digitText('nuptk'),
  nip: digitText('nip'),
  nik: z.string().max(32).default(''),
  jenis_kelamin: z.string().max(8).default(''),
  tempat_lahir: z.string().max(100).default(''),
  /** YYYY-MM-DD */
  tanggal_lahir: z.string().max(32).default(''),
  agama_id: z.number().int().nullable().default(null),
  alamat: z.string().max(255).default(''),
  rt: digitText('rt'),
  rw: digitText('rw'),
  desa_kelurahan: z.string().max(100).default(''),
  kecamatan: z.string().max(100).default(''),
  kode_pos: digitText('kode_pos'),
  no_hp: digitText('no_hp'),
  email: z.string().max(200).default(''),
  dudi_id: z.string().nullable().default(null),
});
export type GtkInput = z.infer<typeof gtkInputSchema>;
export type GtkField = keyof GtkInput;

export const GTK_INPUT_FIELDS: readonly GtkField[] = [
  'nama',
  'nuptk',
  'nip',
  'nik',
  'jenis_kelamin',
  'tempat_lahir',
  'tanggal_lahir',
  'agama_id',
  'alamat',
  'rt',
  'rw',
  'desa_kelurahan',
  'kecamatan',
  'kode_pos',
  'no_hp',
  'email',
  'dudi_id',
];

export const emptyGtkInput = (): GtkInput => gtkInputSchema.parse({});

export const saveImportSchema = z.object({
  rows: z.array(gtkInputSchema).max(MAX_IMPORT_ROWS, `Maksimal ${MAX_IMPORT_ROWS} baris sekali simpan`),
});
export type SaveImport = z.infer<typeof saveImportSchema>;

export const importPreviewSchema = z.object({
  jenis: localGtkKindSchema,
  rows: z.array(
    z.object({
      /** The row number in the workbook. */
      row: z.number().int(),
      values: gtkInputSchema,
      errors: z.record(z.string(), z.string()),
    }),
  ),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importSavedSchema = z.object({ message: z.string(), saved: z.number().int() });

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() + 1 === Number(m[2]) &&
    d.getUTCDate() === Number(m[3])
  );
}

/**
 * The checks of one row that need no database (reference-screens §6.1 messages): field →
 * message. The server adds region codes, agama, DUDI and uniqueness (in the file and the DB).
 */
export function checkGtkInput(
  input: GtkInput,
  kind: LocalGtkKind,
  isRegion?: (code: string) => boolean,
): Partial<Record<GtkField, string>> {
  const errors: Partial<Record<GtkField, string>> = {};
  if (!input.nama.trim()) errors.nama = GTK_MESSAGES.namaRequired;
  const jk = input.jenis_kelamin.trim().toUpperCase();
  if (!jk) errors.jenis_kelamin = GTK_MESSAGES.jenisKelaminRequired;
  else if (jk !== 'L' && jk !== 'P') errors.jenis_kelamin = GTK_MESSAGES.jenisKelaminInvalid;
  if (!input.tempat_lahir.trim()) errors.tempat_lahir = GTK_MESSAGES.tempatLahirRequired;
  const tgl = input.tanggal_lahir.trim();
  if (!tgl) errors.tanggal_lahir = GTK_MESSAGES.tanggalLahirRequired;
  else if (!isValidDate(tgl)) errors.tanggal_lahir = GTK_MESSAGES.tanggalLahirInvalid;
  const nikError = validateNik(input.nik, {
    isRegion,
    tanggalLahir: errors.tanggal_lahir ? null : tgl,
    jenisKelamin: errors.jenis_kelamin ? null : jk,
  });
  if (nikError) errors.nik = nikError;
  if (input.agama_id === null) errors.agama_id = GTK_MESSAGES.agamaRequired;
  const email = input.email.trim();
  if (!email) errors.email = GTK_MESSAGES.emailRequired;
  else if (!EMAIL_RE.test(email)) errors.email = GTK_MESSAGES.emailInvalid;
  for (const f of GTK_DIGIT_FIELDS) {
    const v = input[f].trim();
    if (v && !/^\d+$/.test(v)) errors[f] = GTK_MESSAGES.digitsOnly;
    else if (v.length > COLUMN_LENGTH.guru[f]) errors[f] = GTK_MESSAGES.digitsMax(COLUMN_LENGTH.guru[f]);
  }
  if (kind === 'asesor' && !input.dudi_id) errors.dudi_id = GTK_MESSAGES.dudiRequired;
  return errors;
}

/** Trims every text, upper-cases L/P, lower-cases the e-mail. */
export function normalizeGtkInput(input: GtkInput): GtkInput {
  const out = { ...input };
  for (const f of GTK_INPUT_FIELDS) {
    const v = out[f];
    if (typeof v === 'string') (out as Record<string, unknown>)[f] = v.trim();
  }
  out.jenis_kelamin = out.jenis_kelamin.toUpperCase();
  out.email = out.email.toLowerCase();
  if (out.dudi_id === '') out.dudi_id = null;
  return out;
}

/** The column order of the Excel format (format_excel_instruktur.xlsx / format_excel_asesor.xlsx). */
export const EXCEL_COLUMNS = [
  { header: 'No.', field: null },
  { header: 'Nama', field: 'nama' },
  { header: 'NUPTK', field: 'nuptk' },
  { header: 'NIP', field: 'nip' },
  { header: 'NIK', field: 'nik' },
  { header: 'Jenis Kelamin', field: 'jenis_kelamin' },
  { header: 'Tempat Lahir', field: 'tempat_lahir' },
  { header: 'Tanggal Lahir', field: 'tanggal_lahir' },
  { header: 'Agama', field: 'agama_id' },
  { header: 'Alamat Jalan', field: 'alamat' },
  { header: 'RT', field: 'rt' },
  { header: 'RW', field: 'rw' },
  { header: 'Desa/Kelurahan', field: 'desa_kelurahan' },
  { header: 'Kecamatan', field: 'kecamatan' },
  { header: 'Kodepos', field: 'kode_pos' },
  { header: 'Telp/HP', field: 'no_hp' },
  { header: 'Email', field: 'email' },
] as const satisfies readonly { header: string; field: GtkField | null }[];
/** Our asesor template adds this 18th column (the DUDI's name); the national one leaves it out. */
export const EXCEL_DUDI_HEADER = 'DUDI';

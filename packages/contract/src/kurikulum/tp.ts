import { z } from 'zod';
import { listQuerySchema } from '../list';
import { optionSchema } from '../referensi/peserta-didik';
import {
  KURIKULUM_COMMON_MESSAGES,
  kurikulumFilterSchema,
  normalizeText,
  requiredTingkat,
  requiredUuid,
  splitTpLines,
  TP_MAX_LENGTH,
  TP_MAX_ROWS,
} from './common';

/**
 * Tujuan Pembelajaran, reference-screens §6.9 (TPs belong to the school, under a CP or a KD;
 * only TPs mapped to a pembelajaran are graded there):
 *   GET    /api/kurikulum/tp?tingkat&rombongan_belajar_id&pembelajaran_id + list query
 *   GET    /api/kurikulum/tp/sumber?pembelajaran_id        the CP (Merdeka) or KD (K13) picker
 *   POST   /api/kurikulum/tp                               form: one TP per line, mapped to the pembelajaran
 *   PUT    /api/kurikulum/tp/:id                           "Ubah Data"
 *   DELETE /api/kurikulum/tp/:id?force=true                "Hapus Data" (409 TP_DIPAKAI while grades hang off it)
 *   GET    /api/kurikulum/tp/:id/mapel                     "Mapping Rombel": current links and the choices
 *   POST   /api/kurikulum/tp/:id/mapel {pembelajaran_ids}
 *   DELETE /api/kurikulum/tp/:id/mapel/:pembelajaranId?force=true
 *   GET    /api/kurikulum/tp/template?pembelajaran_id&cp_id|kd_id   Template TP (xlsx)
 *   POST   /api/kurikulum/tp/import?pembelajaran_id&cp_id|kd_id     multipart `template_excel`
 */

/** Largest workbook the import reads. */
export const TP_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/** Code of the 409 answer when a TP (or a TP's link to a class) already carries grades. */
export const TP_IN_USE_CODE = 'TP_DIPAKAI';

export const TP_MESSAGES = {
  ...KURIKULUM_COMMON_MESSAGES,
  sumberRequired: 'Capaian Pembelajaran (CP) / Kompetensi Dasar (KD) tidak boleh kosong!!',
  cpInvalid: 'Capaian Pembelajaran (CP) tidak valid',
  kdInvalid: 'Kompetensi Dasar (KD) tidak valid',
  deskripsiRequired: 'Deskripsi Tujuan Pembelajaran tidak boleh kosong!!',
  deskripsiMax: `Deskripsi Tujuan Pembelajaran maksimal ${TP_MAX_LENGTH.toLocaleString('id-ID')} karakter`,
  lineTooLong: (line: number) =>
    `Baris ${line}: Tujuan Pembelajaran maksimal ${TP_MAX_LENGTH.toLocaleString('id-ID')} karakter`,
  tooMany: `Paling banyak ${TP_MAX_ROWS} Tujuan Pembelajaran sekali simpan`,
  duplicateText: 'Tujuan Pembelajaran dengan deskripsi ini sudah ada pada CP/KD yang sama',
  notFound: 'Tujuan Pembelajaran tidak ditemukan',
  sumberNotFound: 'CP/KD yang dipilih tidak ditemukan',
  sumberNotForPembelajaran: 'CP/KD yang dipilih bukan untuk mata pelajaran dan kelas ini',
  sumberInactive: 'CP/KD yang dipilih sedang tidak aktif. Aktifkan lebih dulu di halaman CP/KD.',
  saved: 'Data Tujuan Pembelajaran (TP) berhasil disimpan!',
  updated: 'Data Tujuan Pembelajaran berhasil diperbaharui',
  deleted: 'Data Tujuan Pembelajaran berhasil dihapus',
  confirmDelete: 'Tindakan ini tidak dapat dikembalikan!',
  /** `pkl`: scores of PKL plans (nilai_pkl), which go with the TP too (decision 034). */
  inUse: (nilai: number, capaian: number, pkl = 0) =>
    pkl > 0
      ? `Tujuan Pembelajaran ini sudah dipakai: ${nilai} nilai Sumatif Lingkup Materi, ${capaian} ketercapaian kompetensi peserta didik dan ${pkl} nilai Praktik Kerja Lapangan (PKL). Jika tetap dilanjutkan, nilai dan ketercapaian tersebut ikut terhapus.`
      : `Tujuan Pembelajaran ini sudah dipakai: ${nilai} nilai Sumatif Lingkup Materi dan ${capaian} ketercapaian kompetensi peserta didik. Jika tetap dilanjutkan, nilai dan ketercapaian tersebut ikut terhapus.`,
  mappedElsewhere:
    'Tujuan Pembelajaran ini juga dipetakan ke kelas yang diajar guru lain. Minta guru tersebut menghapus pemetaannya lebih dulu.',
  mapRombelRequired: 'Rombongan Belajar tidak boleh kosong!!',
  mapNotAllowed: (rombel: string) =>
    `Rombongan belajar ${rombel} tidak cocok untuk TP ini (mata pelajaran, kurikulum atau fase berbeda)`,
  mapped: 'Tujuan Pembelajaran berhasil dipetakan!',
  notMapped: 'Tujuan Pembelajaran ini tidak dipetakan ke rombongan belajar tersebut',
  unmapped: 'Mapping Tujuan Pembelajaran berhasil dihapus',
  fileRequired: 'File Excel tidak boleh kosong',
  fileTooLarge: 'Ukuran file Excel maksimal 2 MB',
  wrongMapel: (found: string, expected: string) =>
    `Format Import salah: template ini untuk mata pelajaran dengan kode ${found || '(kosong)'}, bukan ${expected}. Silahkan Unduh Template ulang!`,
  wrongSumber: (jenis: string, found: string) =>
    `Format Import salah: template ini untuk ${jenis} dengan kode ${found || '(kosong)'}, bukan ${jenis} yang dipilih. Silahkan Unduh Template ulang!`,
  wrongJenis: (expected: string) =>
    `Format Import salah: template ini bukan template ${expected}. Silahkan Unduh Template ulang!`,
  fileEmpty: 'Tidak ada Tujuan Pembelajaran yang diisi pada template.',
  /** No sheet of the workbook carries any of the template's labels. */
  noTemplateSheet:
    'Format Import salah: tidak ada sheet berisi Template TP (label "Kode Mata Pelajaran", "Kode CP" atau "Kode KD", dan judul kolom "Tujuan Pembelajaran"). Silahkan Unduh Template ulang!',
  /** The sheet closest to the template lacks these (labels / heading, as TP_TEMPLATE_PARTS words them). */
  templateIncomplete: (sheet: string, missing: readonly string[]) =>
    `Format Import salah: sheet "${sheet}" tidak memuat ${joinId(missing)}. Silahkan Unduh Template ulang!`,
  twoTemplates: (sheets: readonly string[]) =>
    `File berisi lebih dari satu sheet Template TP (${sheets.map((s) => `"${s}"`).join(', ')}). Sisakan satu sheet saja lalu unggah kembali.`,
  twoTpColumns: (sheet: string, cells: readonly string[]) =>
    `Sheet "${sheet}" memuat judul kolom "Tujuan Pembelajaran" lebih dari sekali (sel ${joinId(cells)}). Sisakan satu kolom saja lalu unggah kembali.`,
  /** A TP cell holding a number, TRUE/FALSE or a date: not the text of a TP. */
  tpNotText: (sel: string, jenis: 'angka' | 'tanggal' | 'nilai logika', isi: string) =>
    `Sel ${sel} berisi ${jenis} (${isi}), bukan kalimat Tujuan Pembelajaran. Ketik TP sebagai teks atau kosongkan sel tersebut, lalu unggah kembali.`,
  tooLongCell: (sel: string) =>
    `Sel ${sel}: Tujuan Pembelajaran maksimal ${TP_MAX_LENGTH.toLocaleString('id-ID')} karakter`,
  /** Notice of an accepted upload whose template names another class (the codes are what count). */
  otherRombel: (templateRombel: string, rombel: string) =>
    `Template ini dibuat untuk kelas ${templateRombel}. Tujuan Pembelajaran tetap disimpan pada CP/KD yang sama dan dipetakan ke kelas ${rombel} yang Anda pilih.`,
} as const;

/** What a Template TP must hold, as the import names it when it is missing. */
export const TP_TEMPLATE_PARTS = {
  mapelKode: 'label "Kode Mata Pelajaran"',
  sumberKode: 'label "Kode CP" atau "Kode KD"',
  tp: 'judul kolom "Tujuan Pembelajaran" (di bawah baris kode)',
} as const;

/** "a", "a dan b", "a, b dan c". */
function joinId(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} dan ${items[items.length - 1]}`;
}

/**
 * Template TP (reference-domain §9): the header names the subject and the CP/KD, with their codes
 * in column C of rows 3 and 5 (what the import checks, as e-Rapor does); the TPs go in column C
 * from row 9, one per row, numbered in column A. That is how the template is written; the import
 * finds the sheet, the labels and the "Tujuan Pembelajaran" column by their text within the first
 * `searchRows` rows, so a renamed sheet or an inserted/deleted row or column still reads.
 */
export const TP_TEMPLATE = {
  sheetName: 'Template TP',
  title: 'TEMPLATE TUJUAN PEMBELAJARAN (TP)',
  labelColumn: 1,
  valueColumn: 3,
  rows: { mapelNama: 2, mapelKode: 3, sumberTeks: 4, sumberKode: 5, rombel: 6 },
  headerRow: 8,
  firstRow: 9,
  /** Numbered empty rows in a fresh template (more may be added below them). */
  emptyRows: 50,
  /** Rows the import searches for the labels and the heading. */
  searchRows: 30,
  labels: {
    mapelNama: 'Nama Mata Pelajaran',
    mapelKode: 'Kode Mata Pelajaran',
    cpTeks: 'Capaian Pembelajaran',
    kdTeks: 'Kompetensi Dasar',
    cpKode: 'Kode CP',
    kdKode: 'Kode KD',
    rombel: 'Rombongan Belajar',
    no: 'No',
    tp: 'Tujuan Pembelajaran',
  },
} as const;

const optionalCpId = z
  .union([z.literal(''), z.coerce.number({ error: TP_MESSAGES.cpInvalid })])
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .refine((v) => v === undefined || (Number.isInteger(v) && v > 0 && v < 2 ** 31), {
    error: TP_MESSAGES.cpInvalid,
  });
const optionalKdId = z
  .union([z.literal(''), z.uuid({ error: TP_MESSAGES.kdInvalid })], { error: TP_MESSAGES.kdInvalid })
  .optional()
  .transform((v) => v || undefined);

/** Exactly one of cp_id (Merdeka) and kd_id (K13). */
function oneSumber(v: { cp_id?: number | undefined; kd_id?: string | undefined }, ctx: z.RefinementCtx) {
  if ((v.cp_id === undefined) === (v.kd_id === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['cp_id'], message: TP_MESSAGES.sumberRequired });
    ctx.addIssue({ code: 'custom', path: ['kd_id'], message: TP_MESSAGES.sumberRequired });
  }
}

/** Which CP/KD and which class the Excel template / import is for. */
export const tpSumberTargetSchema = z
  .object({
    pembelajaran_id: requiredUuid(TP_MESSAGES.mapelRequired),
    cp_id: optionalCpId,
    kd_id: optionalKdId,
  })
  .superRefine(oneSumber);
export type TpSumberTarget = z.infer<typeof tpSumberTargetSchema>;

/**
 * The TPs of the textarea (one per line), checked line by line: empty lines are dropped, a line
 * longer than TP_MAX_LENGTH is named by its number among the TPs.
 */
export function checkTpLines(text: string): { tp: string[]; error: string | null } {
  const tp = splitTpLines(text);
  if (tp.length === 0) return { tp, error: TP_MESSAGES.deskripsiRequired };
  if (tp.length > TP_MAX_ROWS) return { tp, error: TP_MESSAGES.tooMany };
  const long = tp.findIndex((line) => line.length > TP_MAX_LENGTH);
  if (long >= 0) return { tp, error: TP_MESSAGES.lineTooLong(long + 1) };
  return { tp, error: null };
}

export const tpCreateSchema = z
  .object({
    tingkat: requiredTingkat,
    rombongan_belajar_id: requiredUuid(TP_MESSAGES.rombelRequired),
    pembelajaran_id: requiredUuid(TP_MESSAGES.mapelRequired),
    cp_id: optionalCpId,
    kd_id: optionalKdId,
    deskripsi: z.string({ error: TP_MESSAGES.deskripsiRequired }).max(TP_MAX_ROWS * (TP_MAX_LENGTH + 2), {
      error: TP_MESSAGES.tooMany,
    }),
  })
  .superRefine((v, ctx) => {
    oneSumber(v, ctx);
    const { error } = checkTpLines(v.deskripsi);
    if (error) ctx.addIssue({ code: 'custom', path: ['deskripsi'], message: error });
  })
  .transform(({ deskripsi, ...rest }) => ({ ...rest, tp: splitTpLines(deskripsi) }));
export type TpCreate = z.infer<typeof tpCreateSchema>;
export type TpCreateInput = z.input<typeof tpCreateSchema>;

export const tpUpdateSchema = z.object({
  deskripsi: z
    .string({ error: TP_MESSAGES.deskripsiRequired })
    .transform(normalizeText)
    .pipe(
      z
        .string()
        .min(1, { error: TP_MESSAGES.deskripsiRequired })
        .max(TP_MAX_LENGTH, { error: TP_MESSAGES.deskripsiMax }),
    ),
});
export type TpUpdate = z.infer<typeof tpUpdateSchema>;

/** `?force=true`: the user confirmed deleting the grades that hang off the TP (or the link). */
export const forceQuerySchema = z.object({
  force: z
    .enum(['true', 'false', '1', '0'], { error: 'force harus true atau false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/** What a save of TPs did: TPs read, TPs new under the CP/KD, new links to the pembelajaran. */
export const tpSavedSchema = z.object({
  message: z.string(),
  jumlah: z.number().int(),
  baru: z.number().int(),
  dipetakan: z.number().int(),
  /** Notices about an accepted upload (e.g. the template was made for another class); Indonesian. */
  catatan: z.array(z.string()).optional(),
});
export type TpSaved = z.infer<typeof tpSavedSchema>;

export const tpListQuerySchema = listQuerySchema.extend(kurikulumFilterSchema.shape);
export type TpListQuery = z.infer<typeof tpListQuerySchema>;

export const tpRowSchema = z.object({
  tp_id: z.string(),
  mata_pelajaran_id: z.number().int(),
  mata_pelajaran: z.string(),
  cp_id: z.number().int().nullable(),
  kd_id: z.string().nullable(),
  /** Elemen of the CP, or the KD's code (3.1). */
  sumber: z.string(),
  /** The CP's description or the KD's text (its alias when the school set one). */
  sumber_deskripsi: z.string(),
  /** Fase of the CP; null for a KD. */
  fase: z.string().nullable(),
  /** Class levels of the KD; empty for a CP. */
  kelas: z.array(z.number().int()),
  deskripsi: z.string(),
  /** Classes (of the login's semester) the TP is mapped to, by name. */
  rombel: z.array(z.string()),
  /** The caller teaches the subject (edit, delete, mapping). */
  can_edit: z.boolean(),
});
export type TpRow = z.infer<typeof tpRowSchema>;

export const tpSumberQuerySchema = z.object({ pembelajaran_id: requiredUuid(TP_MESSAGES.mapelRequired) });

export const tpSumberItemSchema = z.object({
  /** cp_id (as text) or kompetensi_dasar_id. */
  id: z.string(),
  /** Elemen of the CP or the KD's code. */
  kode: z.string(),
  deskripsi: z.string(),
  /** KD: 1 pengetahuan, 2 keterampilan; CP: null. */
  kompetensi_id: z.number().int().nullable(),
  jumlah_tp: z.number().int(),
});
export type TpSumberItem = z.infer<typeof tpSumberItemSchema>;

export const tpSumberSchema = z.object({
  jenis: z.enum(['cp', 'kd']),
  pembelajaran: z.object({
    pembelajaran_id: z.string(),
    mata_pelajaran_id: z.number().int(),
    mata_pelajaran: z.string(),
    rombel: z.string(),
    tingkat: z.number().int(),
    fase: z.string().nullable(),
  }),
  data: z.array(tpSumberItemSchema),
});
export type TpSumber = z.infer<typeof tpSumberSchema>;

export const tpMapelRowSchema = z.object({
  pembelajaran_id: z.string(),
  rombel: z.string(),
  mata_pelajaran: z.string(),
  semester_id: z.string(),
  /** The caller teaches that pembelajaran (only they remove the link). */
  can_remove: z.boolean(),
});
export type TpMapelRow = z.infer<typeof tpMapelRowSchema>;

export const tpMapelResponseSchema = z.object({
  tp: z.object({ tp_id: z.string(), deskripsi: z.string(), mata_pelajaran: z.string() }),
  data: z.array(tpMapelRowSchema),
  /** The caller's pembelajaran of the login's semester the TP may still be mapped to. */
  pilihan: z.array(optionSchema.extend({ tingkat: z.number().int() })),
});
export type TpMapelResponse = z.infer<typeof tpMapelResponseSchema>;

export const tpMapelAddSchema = z.object({
  pembelajaran_ids: z
    .array(z.uuid({ error: TP_MESSAGES.mapRombelRequired }), { error: TP_MESSAGES.mapRombelRequired })
    .min(1, { error: TP_MESSAGES.mapRombelRequired })
    .max(50, { error: 'Paling banyak 50 rombongan belajar sekali simpan' }),
});
export type TpMapelAdd = z.infer<typeof tpMapelAddSchema>;

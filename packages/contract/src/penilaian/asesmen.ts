import { z } from 'zod';
import { TINGKAT } from '../referensi/peserta-didik';
import { namedPupils } from '../whole-number';
import {
  BOBOT_MESSAGE,
  checkKompeten,
  checkScore,
  DESKRIPSI_MAX,
  KOMPETEN_MESSAGE,
  type NilaiAsesmenMissing,
} from './rules';

/**
 * Asesmen sumatif, nilai akhir and capaian kompetensi of one pembelajaran (reference-screens
 * §7.1, §7.3, §7.4; reference-domain §3.3; docs/decisions/014-nilai-akhir.md).
 *   GET  /api/penilaian/rombel?tingkat&jenis_rombel                 the caller's classes (pickers)
 *   GET  /api/penilaian/rombel/:id/pembelajaran                     their gradable subjects there
 *   GET  /api/penilaian/pembelajaran/:id/lingkup-materi             SLM grid (TP columns)
 *   PUT  /api/penilaian/pembelajaran/:id/lingkup-materi             save the changed cells
 *   GET  /api/penilaian/pembelajaran/:id/akhir-semester             SAS grid (non-tes, tes, na)
 *   PUT  /api/penilaian/pembelajaran/:id/akhir-semester
 *   GET  /api/penilaian/pembelajaran/:id/nilai-akhir                final grade, suggestion, ketercapaian
 *   PUT  /api/penilaian/pembelajaran/:id/nilai-akhir
 *   GET  /api/penilaian/pembelajaran/:id/capaian-kompetensi         saved or generated descriptions
 *   PUT  /api/penilaian/pembelajaran/:id/capaian-kompetensi
 *   POST /api/penilaian/pembelajaran/:id/capaian-kompetensi/reset   delete all of the subject's texts
 *   GET  /api/penilaian/pembelajaran/:id/template/:jenis            xlsx template (jenis below)
 *   POST /api/penilaian/pembelajaran/:id/upload/:jenis              multipart file_excel → values to review
 *
 * Saves send only the changed cells, each with the value the browser loaded (`sebelumnya`); the
 * server compares under a lock and refuses the whole save (409) if someone changed one meanwhile.
 */

export const JENIS_ASESMEN = ['lingkup-materi', 'akhir-semester'] as const;
export type JenisAsesmen = (typeof JENIS_ASESMEN)[number];
export const JENIS_TEMPLATE = ['lingkup-materi', 'akhir-semester', 'nilai-akhir'] as const;
export type JenisTemplate = (typeof JENIS_TEMPLATE)[number];

/** "Jenis Asesmen" choices (teknik penilaian of kompetensi 4) and the template names. */
export const JENIS_LABEL: Record<JenisTemplate, string> = {
  'lingkup-materi': 'Sumatif Lingkup Materi',
  'akhir-semester': 'Sumatif Akhir Semester',
  'nilai-akhir': 'Nilai Akhir',
};

/** nilai_sumatif.jenis that are stored ('na' is computed). */
export const JENIS_SUMATIF = ['non-tes', 'tes'] as const;
export type JenisSumatif = (typeof JENIS_SUMATIF)[number];

/** Most cells one save may carry (a big class × many TPs, with room to spare). */
export const MAX_SAVE_CELLS = 6000;
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

export const ASESMEN_MESSAGES = {
  tingkatInvalid: 'Tingkat Kelas harus 10, 11, 12 atau 13!',
  jenisRombelInvalid: 'Jenis Rombongan Belajar harus Reguler (1) atau Matpel Pilihan (16)!',
  idInvalid: 'ID tidak valid',
  jenisInvalid: 'Jenis harus lingkup-materi, akhir-semester atau nilai-akhir',
  notGradable:
    'Mata pelajaran ini belum aktif untuk penilaian (Kelompok dan No Urut belum diatur administrator).',
  notTeacher: 'Hanya guru pengampu mata pelajaran ini yang dapat mengisi nilainya.',
  noTp: 'Tidak ditemukan data Tujuan Pembelajaran',
  noTpHint: 'Silahkan tambah data Tujuan Pembelajaran terlebih dahulu',
  noChanges: 'Tidak ada nilai yang diubah untuk disimpan.',
  pdNotInPembelajaran: 'Peserta didik ini bukan anggota kelas atau tidak mengikuti mata pelajaran ini.',
  tpNotMapped: 'Tujuan Pembelajaran ini tidak dipetakan ke mata pelajaran ini.',
  duplicateCell: 'Sel yang sama dikirim lebih dari sekali.',
  kompeten: KOMPETEN_MESSAGE,
  bobotInvalid: BOBOT_MESSAGE,
  deskripsiMax: `Deskripsi maksimal ${DESKRIPSI_MAX} karakter!`,
  savedLingkupMateri: 'Nilai Sumatif Lingkup Materi berhasil disimpan',
  savedAkhirSemester: 'Nilai Sumatif Akhir Semester berhasil disimpan',
  savedNilaiAkhir: 'Nilai Akhir berhasil disimpan',
  savedCapaian: 'Capaian Kompetensi berhasil disimpan',
  resetCapaian: 'Capaian Kompetensi berhasil direset',
  resetConfirm: 'Semua Capaian Kompetensi yang tersimpan untuk mata pelajaran ini akan dihapus!',
  conflict: (names: readonly string[]) =>
    `Nilai ${namedPupils(names)} ` +
    'telah diubah oleh pengguna lain sejak Anda membukanya. Tidak ada yang disimpan; isian Anda masih di ' +
    'layar. Muat ulang data untuk melihat nilai terbaru, lalu isi dan simpan lagi.',
  conflictCell: (now: string | number | null) =>
    `Diubah oleh pengguna lain (sekarang: ${now === null || now === '' ? 'kosong' : now})`,
  // Excel
  fileRequired: 'File Excel tidak boleh kosong!',
  fileType: 'File harus berupa file dengan tipe: xlsx.',
  fileTooLarge: 'Ukuran file Excel tidak boleh lebih dari 2 MB!',
  formatSalah: 'Format Import salah. Silahkan Unduh Template ulang!',
  otherJenis: (found: JenisTemplate, expected: JenisTemplate) =>
    `File ini adalah template ${JENIS_LABEL[found]}, bukan ${JENIS_LABEL[expected]}. Silahkan Unduh Template ulang!`,
  otherPembelajaran: (mapel: string, kelas: string) =>
    `File ini adalah template ${mapel} kelas ${kelas}, bukan untuk mata pelajaran dan kelas yang dipilih. Silahkan Unduh Template ulang!`,
  uploaded: 'Nilai dari file Excel sudah dimasukkan ke tabel. Periksa, lalu tekan Simpan untuk menyimpannya.',
  uploadTpUnknown: (n: number) =>
    `${n} kolom Tujuan Pembelajaran di file tidak lagi dipetakan ke mata pelajaran ini dan dilewati.`,
  uploadPdMissing: (n: number) =>
    `${n} peserta didik kelas ini tidak ada di file; nilai mereka di tabel tidak diubah.`,
  // An upload read as teachers really edit files (docs/decisions/021-reading-edited-templates.md).
  otherSemester: (semesterFile: string, semesterDibuka: string) =>
    `File ini adalah template semester ${semesterFile}, sedangkan yang sedang dibuka semester ${semesterDibuka}. Silahkan Unduh Template ulang dari semester ini!`,
  // A grade sheet copied into a new workbook: no very hidden identification sheet (decision 052).
  copiedRead: (sheet: string) =>
    `File ini tidak memuat lembar identitas template e-Rapor (mungkin sheet '${sheet}' disalin ke file baru). Nilai dibaca dari baris yang terbukti milik peserta didik kelas ini; periksa kembali sebelum menekan Simpan.`,
  copiedRefused: (kurang: string) =>
    `File ini tidak memuat lembar identitas template e-Rapor (sheet tersembunyi yang dibuat saat Unduh Template), dan ${kurang}. Unduh Template ulang, salin nilainya ke sana, lalu unggah kembali.`,
  copiedNoSheet: (jenis: JenisTemplate) =>
    `tidak ada sheet ${JENIS_LABEL[jenis]} (baris judul dengan kolom PD_ID${jenis === 'nilai-akhir' ? ' dan TP_ID' : ''}) di dalamnya`,
  copiedNoColumns: (jenis: JenisTemplate) =>
    `tidak ada kolom nilai ${JENIS_LABEL[jenis]} mata pelajaran ini di dalamnya`,
  copiedNoMapel: "nama mata pelajaran (baris 'Mata Pelajaran') tidak tertulis di sheet-nya",
  copiedOtherMapel: (found: string, expected: string) =>
    `sheet-nya untuk mata pelajaran '${found}', bukan '${expected}'`,
  copiedNoPupil: 'tidak ada baris peserta didik kelas ini di dalamnya',
  sheetMissing:
    'Format Import salah: sheet nilai tidak ditemukan (baris judul dengan kolom PD_ID). Silahkan Unduh Template ulang!',
  headingMissing: (sheet: string, heading: string) =>
    `Format Import salah: kolom '${heading}' tidak ditemukan pada baris judul sheet '${sheet}'. Silahkan Unduh Template ulang!`,
  keyRowMissing: (sheet: string) =>
    `Format Import salah: baris kunci tersembunyi di atas judul kolom sheet '${sheet}' tidak ditemukan atau telah dihapus. Silahkan Unduh Template ulang!`,
  refused: (n: number) =>
    `File tidak dibaca karena ${n} masalah di bawah ini. Tidak ada nilai yang diubah; perbaiki file lalu unggah lagi.`,
  refusedMore: (n: number) => `… dan ${n} masalah lain.`,
  rowNameMismatch: (baris: number, nama: string, pd: string) =>
    `Baris ${baris}: nama '${nama}' tidak sesuai dengan peserta didik pada baris ini (${pd}). Urutkan seluruh baris bersama-sama, jangan sebagian kolom saja.`,
  rowNisnMismatch: (baris: number, nisn: string, pd: string) =>
    `Baris ${baris}: NISN '${nisn}' tidak sesuai dengan peserta didik pada baris ini (${pd}).`,
  rowNameEmpty: (baris: number) =>
    `Baris ${baris}: nama peserta didik kosong, sehingga tidak dapat dipastikan milik siapa nilai di baris ini.`,
  rowDuplicate: (baris: number, pd: string, barisLain: number) =>
    `Baris ${baris}: ${pd} sudah ada di baris ${barisLain}. Hapus salah satunya.`,
  rowMatched: (baris: number, pd: string, dasar: 'NISN' | 'nama') =>
    `Baris ${baris} tidak memiliki ID peserta didik dan dicocokkan dengan ${pd} berdasarkan ${dasar}.`,
  rowNotRead: (baris: number, nama: string) =>
    `Baris ${baris}${nama ? ` ('${nama}')` : ''} tidak dibaca: tidak ada peserta didik kelas ini dengan nama atau NISN tersebut.`,
  rowLeft: (baris: number, nama: string) =>
    `Baris ${baris}${nama ? ` ('${nama}')` : ''}: peserta didik ini tidak lagi ada di kelas atau mata pelajaran ini; baris dilewati.`,
  columnIgnored: (kolom: string, judul: string) =>
    `Kolom ${kolom}${judul ? ` ('${judul}')` : ''} bukan kolom template dan diabaikan.`,
} as const;

/** A pupil as an upload's messages name them: "Adi Saputra, NISN 0012345678". */
export const pdLabel = (nama: string, nisn: string | null): string => (nisn ? `${nama}, NISN ${nisn}` : nama);

const uuid = (message: string = ASESMEN_MESSAGES.idInvalid) => z.uuid({ error: message });

// --- pickers ------------------------------------------------------------------------------

export const rombelPickerQuerySchema = z.object({
  tingkat: z.coerce
    .number({ error: ASESMEN_MESSAGES.tingkatInvalid })
    .int({ error: ASESMEN_MESSAGES.tingkatInvalid })
    .refine((v) => (TINGKAT as readonly number[]).includes(v), { error: ASESMEN_MESSAGES.tingkatInvalid }),
  jenis_rombel: z.coerce
    .number({ error: ASESMEN_MESSAGES.jenisRombelInvalid })
    .refine((v) => v === 1 || v === 16, { error: ASESMEN_MESSAGES.jenisRombelInvalid }),
});
export type RombelPickerQuery = z.infer<typeof rombelPickerQuerySchema>;

export const gateStateSchema = z.object({
  open: z.boolean(),
  /** The reference's message when closed (administrator or wali kelas). */
  message: z.string().nullable(),
});
export type GateState = z.infer<typeof gateStateSchema>;

export const rombelPickerRowSchema = z.object({
  rombongan_belajar_id: z.string(),
  nama: z.string(),
  /** The caller teaches a gradable subject here (else they read it as its wali kelas). */
  mengajar: z.boolean(),
});
export type RombelPickerRow = z.infer<typeof rombelPickerRowSchema>;
export const rombelPickerResponseSchema = z.object({ data: z.array(rombelPickerRowSchema) });

export const mapelPickerRowSchema = z.object({
  pembelajaran_id: z.string(),
  mata_pelajaran_id: z.number().int(),
  nama_mata_pelajaran: z.string(),
  /** Name of the parent subject of a sub-subject. */
  induk: z.string().nullable(),
  /** The caller teaches it (writes); false: read only (wali kelas). */
  can_edit: z.boolean(),
});
export type MapelPickerRow = z.infer<typeof mapelPickerRowSchema>;
export const mapelPickerResponseSchema = z.object({
  rombel: z.object({ rombongan_belajar_id: z.string(), nama: z.string(), kurikulum: z.string().nullable() }),
  merdeka: z.boolean(),
  gate: gateStateSchema,
  data: z.array(mapelPickerRowSchema),
});
export type MapelPickerResponse = z.infer<typeof mapelPickerResponseSchema>;

// --- grids --------------------------------------------------------------------------------

export const gridContextSchema = z.object({
  pembelajaran_id: z.string(),
  nama_mata_pelajaran: z.string(),
  mata_pelajaran_id: z.number().int(),
  rombongan_belajar_id: z.string(),
  rombel: z.string(),
  tingkat: z.number().int(),
  merdeka: z.boolean(),
  /** kompetensi_id the final grade is stored under (4, 1, or 99 for a parent with sub-subjects). */
  kompetensi_id: z.number().int(),
  /** Religion subject: only the pupils of that agama are listed. */
  agama_id: z.number().int().nullable(),
  bobot_sumatif_materi: z.number().int(),
  bobot_sumatif_akhir: z.number().int(),
  gate: gateStateSchema,
  /** The caller teaches it and grading is open: the grid may be saved. */
  can_edit: z.boolean(),
});
export type GridContext = z.infer<typeof gridContextSchema>;

export const tpColumnSchema = z.object({
  tp_id: z.string(),
  /** "TP 1", "TP 2"… in the columns' order. */
  label: z.string(),
  deskripsi: z.string(),
});
export type TpColumn = z.infer<typeof tpColumnSchema>;

const pupil = {
  anggota_rombel_id: z.string(),
  peserta_didik_id: z.string(),
  nama: z.string(),
  nisn: z.string().nullable(),
};

const score = z.number().int().min(0).max(100);

export const lingkupMateriGridSchema = z.object({
  context: gridContextSchema,
  tp: z.array(tpColumnSchema),
  siswa: z.array(z.object({ ...pupil, nilai: z.record(z.string(), score) })),
});
export type LingkupMateriGrid = z.infer<typeof lingkupMateriGridSchema>;

export const akhirSemesterGridSchema = z.object({
  context: gridContextSchema,
  siswa: z.array(
    z.object({
      ...pupil,
      non_tes: score.nullable(),
      tes: score.nullable(),
      /** Computed: the rounded mean of the two (or whichever exists). */
      na: score.nullable(),
    }),
  ),
});
export type AkhirSemesterGrid = z.infer<typeof akhirSemesterGridSchema>;

export const nilaiAkhirGridSchema = z.object({
  context: gridContextSchema,
  tp: z.array(tpColumnSchema),
  /** False when the subject's weights cannot be used (then no suggestion is made). */
  bobot_valid: z.boolean(),
  siswa: z.array(
    z.object({
      ...pupil,
      /** Stored final grade. */
      nilai_akhir: score.nullable(),
      /** Suggested final grade from SLM and SAS (null: see `kurang`). */
      nilai_asesmen: score.nullable(),
      /** SLM with two decimals ("80.33"), SAS whole. */
      slm: z.string().nullable(),
      sas: score.nullable(),
      kurang: z.enum(['slm', 'sas', 'keduanya']).nullable(),
      /** Ketercapaian per TP: 1 Tercapai, 0 Tidak tercapai (absent: not assessed). */
      kompeten: z.record(z.string(), z.union([z.literal(0), z.literal(1)])),
    }),
  ),
});
export type NilaiAkhirGrid = z.infer<typeof nilaiAkhirGridSchema>;
export type { NilaiAsesmenMissing };

const deskripsi = z.object({
  deskripsi_pengetahuan: z.string().nullable(),
  deskripsi_keterampilan: z.string().nullable(),
});
export type DeskripsiPair = z.infer<typeof deskripsi>;

export const capaianGridSchema = z.object({
  context: gridContextSchema,
  /** Some description of the subject is saved ("Reset Capaian Kompetensi" is offered). */
  show_reset: z.boolean(),
  siswa: z.array(
    z.object({
      ...pupil,
      nilai_akhir: score.nullable(),
      /** What is saved (null: nothing). */
      tersimpan: deskripsi.nullable(),
      /** What the screen shows: the saved texts, or the generated ones when nothing is saved. */
      ...deskripsi.shape,
      /** The shown texts were generated from the ketercapaian (not saved yet). */
      generated: z.boolean(),
    }),
  ),
});
export type CapaianGrid = z.infer<typeof capaianGridSchema>;

// --- saves --------------------------------------------------------------------------------

/** A cell as typed: a number, its text (checked by the server with the reference messages) or empty. */
const cellValue = z.union([z.number(), z.string().max(20), z.null()], { error: 'Nilai tidak valid' });
const loadedScore = z.number().int().min(0).max(100).nullable();

/**
 * How the sent values came (Riwayat Perubahan Nilai): 'excel' when the grid was filled from an
 * uploaded workbook before this save, otherwise typed on the screen.
 */
export const SUMBER_SIMPAN = ['layar', 'excel'] as const;

const rowsOf = <T extends z.ZodType>(row: T) =>
  z.object({
    sumber: z.enum(SUMBER_SIMPAN, { error: 'Sumber harus layar atau excel' }).optional(),
    rows: z
      .array(row)
      .min(1, { error: ASESMEN_MESSAGES.noChanges })
      .max(MAX_SAVE_CELLS, { error: `Paling banyak ${MAX_SAVE_CELLS} sel per simpan` }),
  });

export const lingkupMateriSaveSchema = rowsOf(
  z.object({
    anggota_rombel_id: uuid(),
    tp_id: uuid(),
    nilai: cellValue,
    /** The value the browser loaded (null: empty). */
    sebelumnya: loadedScore,
  }),
);
export type LingkupMateriSave = z.infer<typeof lingkupMateriSaveSchema>;

export const akhirSemesterSaveSchema = rowsOf(
  z.object({
    anggota_rombel_id: uuid(),
    jenis: z.enum(JENIS_SUMATIF, { error: 'Jenis harus tes atau non-tes' }),
    nilai: cellValue,
    sebelumnya: loadedScore,
  }),
);
export type AkhirSemesterSave = z.infer<typeof akhirSemesterSaveSchema>;

/** tp_id null: the final grade; a TP id: that TP's ketercapaian (1, 0 or empty). */
export const nilaiAkhirSaveSchema = rowsOf(
  z.object({
    anggota_rombel_id: uuid(),
    tp_id: uuid().nullable(),
    nilai: cellValue,
    sebelumnya: loadedScore,
  }),
);
export type NilaiAkhirSave = z.infer<typeof nilaiAkhirSaveSchema>;

const text = z.string().max(10_000).nullable();
export const capaianSaveSchema = rowsOf(
  z.object({
    anggota_rombel_id: uuid(),
    deskripsi_pengetahuan: text,
    deskripsi_keterampilan: text,
    /** What was saved when the browser loaded (null: nothing saved). */
    sebelumnya: z.object({ deskripsi_pengetahuan: text, deskripsi_keterampilan: text }).nullable(),
  }),
);
export type CapaianSave = z.infer<typeof capaianSaveSchema>;

export const saveResultSchema = z.object({
  message: z.string(),
  /** Cells (or rows) written and deleted. */
  saved: z.number().int(),
  deleted: z.number().int(),
});
export type SaveResult = z.infer<typeof saveResultSchema>;

// --- Excel upload -------------------------------------------------------------------------

export const uploadResultSchema = z.object({
  message: z.string(),
  jenis: z.enum(JENIS_TEMPLATE),
  /**
   * Values per pupil, keyed like the grid's columns: a tp_id (SLM scores; nilai-akhir
   * ketercapaian "1"/"0"/""), "non-tes" / "tes", "nilai_akhir". Text exactly as read, so the
   * grid shows and marks a bad cell instead of the server guessing.
   */
  rows: z.array(z.object({ anggota_rombel_id: z.string(), values: z.record(z.string(), z.string()) })),
  /** Rows or columns skipped, pupils not in the file. */
  catatan: z.array(z.string()),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

// --- pure checks shared by the server (422) and tests ---------------------------------------

export interface CheckedCells<T> {
  /** `rows.<i>.<field>` → message, for every bad cell at once. */
  details: Record<string, string>;
  values: T[];
}

/** Scores of a save: each `nilai` checked, a cell sent twice flagged. */
export function checkScoreRows<R extends { anggota_rombel_id: string; nilai: unknown }>(
  rows: readonly R[],
  cellKey: (row: R) => string,
): CheckedCells<number | null> {
  const details: Record<string, string> = {};
  const seen = new Set<string>();
  const values = rows.map((row, i) => {
    const key = `${row.anggota_rombel_id}#${cellKey(row)}`;
    if (seen.has(key)) details[`rows.${i}.nilai`] = ASESMEN_MESSAGES.duplicateCell;
    seen.add(key);
    const checked = checkScore(row.nilai);
    if (!checked.ok) {
      details[`rows.${i}.nilai`] = checked.message;
      return null;
    }
    return checked.value;
  });
  return { details, values };
}

/** The nilai-akhir save: the final grade (tp_id null) is a score, a TP's cell a ketercapaian. */
export function checkNilaiAkhirRows(rows: NilaiAkhirSave['rows']): CheckedCells<number | null> {
  const details: Record<string, string> = {};
  const seen = new Set<string>();
  const values = rows.map((row, i) => {
    const key = `${row.anggota_rombel_id}#${row.tp_id ?? 'nilai_akhir'}`;
    if (seen.has(key)) details[`rows.${i}.nilai`] = ASESMEN_MESSAGES.duplicateCell;
    seen.add(key);
    const checked = row.tp_id === null ? checkScore(row.nilai) : checkKompeten(row.nilai);
    if (!checked.ok) {
      details[`rows.${i}.nilai`] = checked.message;
      return null;
    }
    return checked.value;
  });
  return { details, values };
}

/** Trimmed description, empty → null; too long is an error. */
export function checkDeskripsi(
  value: string | null,
): { ok: true; value: string | null } | { ok: false; message: string } {
  const v = value?.trim() ?? '';
  if (v === '') return { ok: true, value: null };
  if (v.length > DESKRIPSI_MAX) return { ok: false, message: ASESMEN_MESSAGES.deskripsiMax };
  return { ok: true, value: v };
}

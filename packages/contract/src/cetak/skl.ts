import { z } from 'zod';
import { formatTanggal } from './rapor';
import { RAPOR_SEMUA_OUTPUT } from './rapor-semua';

/*
 * Surat Keterangan Lulus (issue #15 item 4; docs/decisions/047-surat-keterangan-lulus.md): the
 * letter a pupil whose kenaikan status is Lulus gets long before the diploma.
 *   GET    /api/cetak/skl/:anggota_rombel_id   the letter (PDF): wali of the class, Waka, admin
 *   GET    /api/setting/skl                    the school's template (null = default) and the defaults
 *   PUT    /api/setting/skl                    save it (admin)
 *   DELETE /api/setting/skl                    "Kembalikan ke bawaan" (admin)
 *   POST   /api/setting/skl/pratinjau          "Pratinjau": a letter of sample data with the form sent
 *   POST   /api/cetak/skl-semua                the letters of a class's Lulus pupils as one PDF or a ZIP
 *                                               (the Cetak Semua job of decision 033, kind skl-semua)
 */

// --- codes in the number pattern and the wording -----------------------------------------------

/**
 * Codes of the letter-number pattern:
 *   {nomor}  the school's running number, at least 3 digits ("007", "1234"); must appear once
 *   {tahun}  the graduation date's year ("2026")
 *   {bulan}  the graduation date's month in Roman numerals ("VI"), as Indonesian letter numbers do
 *   {npsn}   the school's NPSN
 */
export const KODE_NOMOR = ['nomor', 'tahun', 'bulan', 'npsn'] as const;
export type KodeNomor = (typeof KODE_NOMOR)[number];

/**
 * Codes of the fixed wording:
 *   {sekolah}          the school's name
 *   {tahun_pelajaran}  the class's school year ("2025/2026")
 *   {tanggal_lulus}    the graduation date written out ("5 Mei 2026")
 */
export const KODE_TEKS = ['sekolah', 'tahun_pelajaran', 'tanggal_lulus'] as const;
export type KodeTeks = (typeof KODE_TEKS)[number];

export const SKL_MESSAGES = {
  title: 'SURAT KETERANGAN LULUS',
  polaRequired: 'Pola nomor surat tidak boleh kosong.',
  polaNomor: 'Pola nomor surat harus memuat {nomor} tepat satu kali (nomor urut yang tidak pernah berulang).',
  kodeUnknown: (kode: string, allowed: readonly string[]) =>
    `Kode {${kode}} tidak dikenal. Gunakan ${allowed.map((k) => `{${k}}`).join(', ')}.`,
  kurungLepas: 'Kurung kurawal { } hanya untuk kode, misalnya {nomor}; periksa pasangan kurungnya.',
  tooLong: (max: number) => `Maksimal ${max} karakter.`,
  tanggalInvalid: 'Tanggal kelulusan tidak valid (format YYYY-MM-DD).',
  tampilkanNilaiInvalid: 'Pilihan tampilkan daftar nilai harus ya atau tidak.',
  notLulus: (nama: string, status: string) =>
    `Surat Keterangan Lulus hanya untuk peserta didik berstatus Lulus. Status ${nama}: ${status}.`,
  noTanggal:
    'Tanggal kelulusan belum diatur. Administrator mengisinya di Pengaturan Umum › Surat Keterangan Lulus (atau Tanggal Rapor Kelas Akhir).',
  alreadyRunning:
    'Cetak Surat Keterangan Lulus untuk rombel ini sedang berjalan. Tunggu sampai selesai atau batalkan dulu.',
  noLulus: 'Belum ada peserta didik berstatus Lulus di rombel ini (Kenaikan Kelas / Kelulusan).',
  done: (siswa: number) => `Selesai: Surat Keterangan Lulus ${siswa} peserta didik siap diunduh.`,
  saved: 'Template Surat Keterangan Lulus berhasil disimpan',
  reset: 'Template Surat Keterangan Lulus dikembalikan ke bawaan',
} as const;

/** One code or stray brace found in a text: what `checkKode` reports. */
export type KodeError = { kind: 'unknown'; kode: string } | { kind: 'brace' };

/**
 * The first problem of a text's codes: an unknown `{code}`, or a brace that opens or closes no
 * code. Null when every code is one of `allowed`.
 */
export function checkKode(text: string, allowed: readonly string[]): KodeError | null {
  const re = /\{([^{}]*)\}/g;
  for (const m of text.matchAll(re)) {
    const kode = m[1] ?? '';
    if (!allowed.includes(kode)) return { kind: 'unknown', kode };
  }
  // Whatever braces are left once the codes are taken out open or close nothing.
  return /[{}]/.test(text.replace(re, '')) ? { kind: 'brace' } : null;
}

/** The pattern's message for the field, or null when it is usable. */
export function checkPolaNomor(pola: string): string | null {
  if (pola.trim() === '') return SKL_MESSAGES.polaRequired;
  const err = checkKode(pola, KODE_NOMOR);
  if (err?.kind === 'unknown') return SKL_MESSAGES.kodeUnknown(err.kode, KODE_NOMOR);
  if (err?.kind === 'brace') return SKL_MESSAGES.kurungLepas;
  // Exactly once: without it two letters would share a number; twice reads as two numbers.
  if ((pola.match(/\{nomor\}/g) ?? []).length !== 1) return SKL_MESSAGES.polaNomor;
  return null;
}

/** A wording field's message, or null. */
export function checkTeks(teks: string): string | null {
  const err = checkKode(teks, KODE_TEKS);
  if (err?.kind === 'unknown') return SKL_MESSAGES.kodeUnknown(err.kode, KODE_TEKS);
  if (err?.kind === 'brace') return SKL_MESSAGES.kurungLepas;
  return null;
}

/** Replaces each `{code}` by its value (a checked text has no other codes). */
export function isiKode(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, kode: string) => values[kode] ?? whole);
}

const ROMAWI_BULAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'] as const;

/**
 * The letter number: the pattern with its codes filled. The running number is padded to 3 digits
 * (1 → "001", 1234 → "1234"): padding to a minimum width keeps distinct numbers distinct.
 */
export function nomorSurat(
  pola: string,
  input: { nomorUrut: number; tanggalLulus: string; npsn: string },
): string {
  const m = /^(\d{4})-(\d{2})-\d{2}$/.exec(input.tanggalLulus);
  if (!m) throw new Error(`tanggal kelulusan ${input.tanggalLulus} is not YYYY-MM-DD`);
  if (!Number.isInteger(input.nomorUrut) || input.nomorUrut < 1) throw new Error('nomor urut must be ≥ 1');
  return isiKode(pola, {
    nomor: String(input.nomorUrut).padStart(3, '0'),
    tahun: m[1] ?? '',
    bulan: ROMAWI_BULAN[Number(m[2]) - 1] ?? '',
    npsn: input.npsn,
  });
}

/** The wording with its codes filled: the school, the school year, the graduation date written out. */
export function teksSurat(
  teks: string,
  input: { sekolah: string; tahunPelajaran: string; tanggalLulus: string },
): string {
  return isiKode(teks, {
    sekolah: input.sekolah,
    tahun_pelajaran: input.tahunPelajaran,
    tanggal_lulus: formatTanggal(input.tanggalLulus),
  });
}

// --- the template ---------------------------------------------------------------------------------

/** What prints when the school has not chosen otherwise (Indonesian, fixed wording). */
export const SKL_BAWAAN = {
  judul: SKL_MESSAGES.title,
  pola_nomor: '421.5/{nomor}/SKL/{tahun}',
  pembuka: 'Yang bertanda tangan di bawah ini, Kepala {sekolah}, menerangkan bahwa:',
  pernyataan:
    'berdasarkan hasil rapat dewan guru tentang kelulusan peserta didik Tahun Pelajaran {tahun_pelajaran}, dinyatakan LULUS dari {sekolah} pada tanggal {tanggal_lulus}.',
  penutup:
    'Surat keterangan ini berlaku sementara sampai dengan diterbitkannya Ijazah. Demikian surat keterangan ini dibuat untuk dipergunakan sebagaimana mestinya.',
  tampilkan_nilai: false,
} as const;

export const SKL_TEKS_FIELDS = ['judul', 'pembuka', 'pernyataan', 'penutup'] as const;
export type SklTeksField = (typeof SKL_TEKS_FIELDS)[number];

const MAX_JUDUL = 100;
const MAX_POLA = 100;
const MAX_TEKS = 1000;

/** A wording field: empty or absent is the default (null); codes checked. */
const teksField = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: SKL_MESSAGES.tooLong(max) })
    .nullish()
    .transform((v) => v || null)
    .superRefine((v, ctx) => {
      const err = v === null ? null : checkTeks(v);
      if (err) ctx.addIssue({ code: 'custom', message: err });
    });

export const sklTemplateSaveSchema = z.object({
  judul: teksField(MAX_JUDUL),
  pembuka: teksField(MAX_TEKS),
  pernyataan: teksField(MAX_TEKS),
  penutup: teksField(MAX_TEKS),
  pola_nomor: z
    .string()
    .trim()
    .max(MAX_POLA, { error: SKL_MESSAGES.tooLong(MAX_POLA) })
    .nullish()
    .transform((v) => v || null)
    .superRefine((v, ctx) => {
      const err = v === null ? null : checkPolaNomor(v);
      if (err) ctx.addIssue({ code: 'custom', message: err });
    }),
  /** The graduation date; null: the semester's Tanggal Rapor Kelas Akhir. */
  tanggal_lulus: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine(
      (v) =>
        v === null ||
        (/^\d{4}-\d{2}-\d{2}$/.test(v) &&
          !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
          new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)),
      { error: SKL_MESSAGES.tanggalInvalid },
    ),
  tampilkan_nilai: z
    .boolean({ error: SKL_MESSAGES.tampilkanNilaiInvalid })
    .nullish()
    .transform((v) => v ?? null),
});
export type SklTemplateSave = z.output<typeof sklTemplateSaveSchema>;
export type SklTemplateSaveInput = z.input<typeof sklTemplateSaveSchema>;

export const sklTemplateResponseSchema = z.object({
  template: z.object({
    judul: z.string().nullable(),
    pembuka: z.string().nullable(),
    pernyataan: z.string().nullable(),
    penutup: z.string().nullable(),
    pola_nomor: z.string().nullable(),
    tanggal_lulus: z.string().nullable(),
    tampilkan_nilai: z.boolean().nullable(),
  }),
  bawaan: z.object({
    judul: z.string(),
    pembuka: z.string(),
    pernyataan: z.string(),
    penutup: z.string(),
    pola_nomor: z.string(),
    /** The semester's Tanggal Rapor Kelas Akhir, or null. */
    tanggal_lulus: z.string().nullable(),
    tampilkan_nilai: z.boolean(),
  }),
  /** The running numbers given so far (the next letter gets the next one). */
  nomor_terakhir: z.number().int(),
});
export type SklTemplateResponse = z.infer<typeof sklTemplateResponseSchema>;

export const sklParamsSchema = z.object({ anggota_rombel_id: z.uuid() });

/** Who may print a letter at all (checked before the id); the class is checked after. */
export const SKL_ROLES = ['wali', 'waka', 'admin'] as const;

/** A class's letters as one PDF or a ZIP: the Cetak Semua job (decision 033) with its own kind. */
export const JOB_KIND_SKL_SEMUA = 'skl-semua';

export const sklSemuaRequestSchema = z.object({
  rombongan_belajar_id: z.uuid(),
  output: z.enum(RAPOR_SEMUA_OUTPUT),
});
export type SklSemuaRequest = z.infer<typeof sklSemuaRequestSchema>;

import { z } from 'zod';

/*
 * The two push flows of Sinkronisasi (decision 017):
 * - Kirim Nilai ke Dapodik (/sinkronisasi/kirim-nilai-dapodik, reference-dapodik §4.2, §7.6): mata
 *   evaluasi and final grades of a rombel to the school's Dapodik Web Service, with stable ids and a
 *   per-item status, so a re-run sends only what failed or changed.
 * - Kirim Data e-Rapor (/sinkronisasi/erapor, reference-dapodik §1.3, §4.1): rows changed since the
 *   last send, per table, in batches to the central e-Rapor server; a per-table watermark moves only
 *   after the server confirmed the batch.
 */

/**
 * The stored token shown back: never in full. Long tokens keep their last four characters (enough to
 * recognise which token is stored), short ones show nothing of themselves.
 */
export function maskToken(token: string | null | undefined): string | null {
  if (!token) return null;
  return token.length >= 12 ? `••••••••${token.slice(-4)}` : '••••••••';
}

/** `nm_mata_evaluasi` is at most 40 characters (Dapodik's column is 50; e-Rapor cuts at 40). */
export function namaMataEvaluasi(namaMataPelajaran: string): string {
  return namaMataPelajaran.trim().replace(/\s+/g, ' ').slice(0, 40).trim();
}

// --- Kirim Nilai ke Dapodik ---

const urlField = z
  .string({ error: 'URL Dapodik tidak boleh kosong' })
  .trim()
  .min(1, 'URL Dapodik tidak boleh kosong')
  .max(300, 'URL Dapodik terlalu panjang')
  .refine((v) => /^https?:\/\/[^\s/]+[^\s]*$/i.test(v), 'URL Dapodik tidak valid');

export const cekKoneksiSchema = z.object({
  url_dapodik: urlField,
  /** Empty or omitted: test (and keep) the token already stored. */
  token_dapodik: z.string().trim().max(500).optional(),
});
export type CekKoneksi = z.infer<typeof cekKoneksiSchema>;

export const cekKoneksiResponseSchema = z.object({
  message: z.string(),
  nama_sekolah: z.string().nullable(),
  token_masked: z.string().nullable(),
});
export type CekKoneksiResponse = z.infer<typeof cekKoneksiResponseSchema>;

export const kirimNilaiRombelSchema = z.object({
  rombongan_belajar_id: z.uuid(),
  nama: z.string(),
  tingkat: z.number().int(),
  jenis_rombel: z.number().int(),
  wali_kelas: z.string().nullable(),
  /** The rombel came from Dapodik (only those can receive grades there). */
  dapodik: z.boolean(),
  /** Top-level gradable pembelajaran (the ones that get a mata evaluasi). */
  pembelajaran: z.number().int(),
  /** Mata evaluasi known (generated or taken from Dapodik) and sent. */
  matev: z.number().int(),
  matev_terkirim: z.number().int(),
  nilai_terkirim: z.number().int(),
  nilai_gagal: z.number().int(),
  nilai_dilewati: z.number().int(),
  last_sent_at: z.string().nullable(),
});
export type KirimNilaiRombel = z.infer<typeof kirimNilaiRombelSchema>;

export const kirimNilaiOverviewSchema = z.object({
  semester_id: z.string(),
  npsn: z.string(),
  configured: z.boolean(),
  url_dapodik: z.string().nullable(),
  token_masked: z.string().nullable(),
  rombel: z.array(kirimNilaiRombelSchema),
});
export type KirimNilaiOverview = z.infer<typeof kirimNilaiOverviewSchema>;

export const KIRIM_ITEM_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type KirimItemStatus = (typeof KIRIM_ITEM_STATUSES)[number];

export const kirimNilaiItemSchema = z.object({
  jenis: z.enum(['matev', 'nilai']),
  pembelajaran_id: z.uuid(),
  nama_mata_pelajaran: z.string(),
  peserta_didik: z.string().nullable(),
  nilai: z.number().int().nullable(),
  status: z.enum(KIRIM_ITEM_STATUSES),
  /** What happened in this run: sent now, unchanged since the last successful send, failed, skipped. */
  outcome: z.enum(['sent', 'unchanged', 'failed', 'skipped']).nullable(),
  message: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type KirimNilaiItem = z.infer<typeof kirimNilaiItemSchema>;

const countsSchema = z.object({
  sent: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  /** Grades deleted in e-Rapor after they were sent: marked deleted (soft_delete 1) in Dapodik. */
  withdrawn: z.number().int(),
});
export type KirimCounts = z.infer<typeof countsSchema>;

export const kirimNilaiResultSchema = z.object({
  rombongan_belajar_id: z.uuid(),
  nama: z.string(),
  matev: countsSchema,
  nilai: countsSchema,
  /** The summary line, in Indonesian. */
  message: z.string(),
  /** Items that failed or were skipped in this run (the reasons), at most 500. */
  items: z.array(kirimNilaiItemSchema),
});
export type KirimNilaiResult = z.infer<typeof kirimNilaiResultSchema>;

export const generateMatevResultSchema = z.object({
  dari_dapodik: z.number().int(),
  dibuat: z.number().int(),
  dilewati: z.number().int(),
  message: z.string(),
});
export type GenerateMatevResult = z.infer<typeof generateMatevResultSchema>;

export const kirimNilaiItemsSchema = z.object({ items: z.array(kirimNilaiItemSchema) });

export const KIRIM_NILAI_MESSAGES = {
  notConfigured:
    'URL dan Token Dapodik belum diatur. Isi form Pengaturan Web Services Dapodik lalu klik Cek Koneksi.',
  tokenRequired: 'Token Dapodik  tidak boleh kosong',
  connected: 'Pengaturan Web Services Dapodik berhasil disimpan',
  connectFailed: (reason: string) =>
    `Gagal terkoneksi ke Web Services Dapodik. Silahkan periksa kembali isian Anda! (${reason})`,
  npsnMismatch: (npsn: string) => `Dapodik di alamat ini bukan milik sekolah dengan NPSN ${npsn}.`,
  rombelNotFound: 'Rombongan belajar tidak ditemukan.',
  rombelNotDapodik:
    'Rombongan belajar ini tidak berasal dari Dapodik (tidak memiliki ID Dapodik), sehingga nilainya tidak dapat dikirim.',
  busy: 'Pengiriman nilai kelas ini sedang berjalan. Tunggu sampai selesai.',
  noUpdater: (email: string) =>
    `Pengguna Dapodik dengan username ${email} (atau Operator Sekolah) tidak ditemukan. Pastikan e-mail administrator e-Rapor terdaftar sebagai pengguna Dapodik.`,
  noPembelajaran: (kelas: string) => `Kelas ${kelas} belum memiliki Pembelajaran termapping!`,
  matevGenerated: (dariDapodik: number, dibuat: number, kelas: string) =>
    `${dariDapodik} Mata Evaluasi diambil dari Dapodik dan ${dibuat} Mata Evaluasi dibuat untuk kelas ${kelas}.`,
  summary: (r: { matev: KirimCounts; nilai: KirimCounts; nama: string }) =>
    `${r.matev.sent} Mata Evaluasi dan ${r.nilai.sent} Nilai Akhir berhasil dikirim dari kelas ${r.nama}` +
    ` (${r.nilai.unchanged} nilai tidak berubah sejak pengiriman terakhir, ${r.matev.failed + r.nilai.failed} gagal, ${
      r.matev.skipped + r.nilai.skipped
    } dilewati${r.nilai.withdrawn ? `, ${r.nilai.withdrawn} nilai yang dihapus ditandai terhapus di Dapodik` : ''}).`,
  // Reasons per item.
  pembelajaranNotDapodik: 'Pembelajaran ini belum tersinkron dari Dapodik (tidak memiliki ID Dapodik).',
  pupilNotDapodik: 'Peserta didik belum memiliki ID anggota rombel Dapodik.',
  noNilaiAkhir: 'Belum ada nilai akhir.',
  withdrawn:
    'Nilai akhir sudah dihapus di e-Rapor; nilai yang pernah dikirim ditandai terhapus (soft_delete) di Dapodik.',
  matevFailed: 'Mata evaluasi mata pelajaran ini gagal dikirim, sehingga nilainya belum dapat dikirim.',
  refused: (message: string) => `Ditolak Dapodik: ${message}`,
} as const;

// --- Kirim Data e-Rapor ---

/** Tables sent to the central server, in this order (parents first). */
export const KIRIM_DATA_TABLES = [
  'sekolah',
  'guru',
  'peserta_didik',
  'rombongan_belajar',
  'anggota_rombel',
  'pembelajaran',
  'nilai_akhir',
  'nilai_tp',
  'nilai_sumatif',
  'deskripsi_mata_pelajaran',
  'nilai_sikap',
  'nilai_ekstrakurikuler',
] as const;
export type KirimDataTable = (typeof KIRIM_DATA_TABLES)[number];

/** "nilai_akhir" → "Nilai Akhir" (as e-Rapor names its rows). */
export function tableLabel(table: string): string {
  return table
    .replace(/^ref\./, '')
    .split('_')
    .map((w) => (w ? w[0]?.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

export const kirimDataTableSchema = z.object({
  table: z.string(),
  label: z.string(),
  /** Rows changed since the last confirmed send. */
  count: z.number().int(),
  last_sent_at: z.string().nullable(),
  last_error: z.string().nullable(),
});

export const kirimDataOverviewSchema = z.object({
  url_erapor: z.string().nullable(),
  configured: z.boolean(),
  last_sync: z.string().nullable(),
  tables: z.array(kirimDataTableSchema),
  jumlah: z.number().int(),
});
export type KirimDataOverview = z.infer<typeof kirimDataOverviewSchema>;

export const kirimDataSettingsSchema = z.object({
  url_erapor: z
    .string({ error: 'URL server e-Rapor tidak boleh kosong' })
    .trim()
    .min(1, 'URL server e-Rapor tidak boleh kosong')
    .max(300, 'URL server e-Rapor terlalu panjang')
    .refine((v) => /^https?:\/\/[^\s/]+[^\s]*$/i.test(v), 'URL server e-Rapor tidak valid'),
});
export type KirimDataSettings = z.infer<typeof kirimDataSettingsSchema>;

export const kirimDataTableResultSchema = z.object({
  table: z.string(),
  label: z.string(),
  status: z.enum(['done', 'failed', 'empty']),
  sent: z.number().int(),
  batches: z.number().int(),
  message: z.string().nullable(),
});

export const kirimDataResultSchema = z.object({
  status: z.enum(['done', 'failed']),
  message: z.string(),
  tables: z.array(kirimDataTableResultSchema),
});
export type KirimDataResult = z.infer<typeof kirimDataResultSchema>;

export const KIRIM_DATA_MESSAGES = {
  notConfigured: 'Alamat server e-Rapor pusat belum diatur. Isi URL server lalu simpan.',
  saved: 'Alamat server e-Rapor pusat berhasil disimpan.',
  busy: 'Pengiriman data e-Rapor sedang berjalan. Tunggu sampai selesai.',
  done: (rows: number, tables: number) =>
    rows === 0
      ? 'Tidak ada data yang berubah sejak pengiriman terakhir.'
      : `Pengiriman data e-Rapor berhasil: ${rows} baris dari ${tables} tabel terkirim.`,
  partial: (failed: number) =>
    `Pengiriman data e-Rapor belum selesai: ${failed} tabel gagal dikirim. Data yang belum terkonfirmasi akan dikirim ulang pada pengiriman berikutnya.`,
  refused: (message: string) => `Server e-Rapor menolak data: ${message}`,
  tableFailed: (reason: string, sent: number) =>
    `Gagal: ${reason} ${sent > 0 ? `${sent} baris sebelumnya sudah terkirim dan tercatat; ` : ''}penanda pengiriman tabel ini tidak dimajukan.`,
} as const;

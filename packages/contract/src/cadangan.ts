import { z } from 'zod';

/** Cadangan Data (issue 16 items 1–4, decision 044): the archive's manifest and the messages. */

export const CADANGAN_FORMAT = 'erapor-cadangan';
export const CADANGAN_FORMAT_VERSION = 1;

export const cadanganTableSchema = z.object({
  name: z.string(),
  /** 'school': the school's rows, replaced by a restore; 'reference': national rows, only added. */
  scope: z.enum(['school', 'reference']),
  rows: z.number().int().nonnegative(),
});

export const cadanganManifestSchema = z.object({
  format: z.literal(CADANGAN_FORMAT),
  formatVersion: z.number().int().positive(),
  appVersion: z.string(),
  /** Number of database migrations the archive's database had (its schema version). */
  schemaVersion: z.number().int().nonnegative(),
  schemaTag: z.string(),
  engine: z.enum(['pglite', 'postgresql']),
  createdAt: z.string(),
  sekolahId: z.uuid(),
  npsn: z.string(),
  namaSekolah: z.string(),
  semesters: z.array(z.string()),
  tables: z.array(cadanganTableSchema),
  /** Bytes of the compressed data after the manifest line, and inflated. */
  dataBytes: z.number().int().nonnegative(),
  inflatedBytes: z.number().int().nonnegative(),
  /** SHA-256 (hex) of the manifest line written with checksum "" followed by the compressed data. */
  checksum: z.string(),
});
export type CadanganManifest = z.infer<typeof cadanganManifestSchema>;

export const CADANGAN_MESSAGES = {
  notArchive: 'Berkas ini bukan berkas cadangan e-Rapor SMK.',
  truncated: (ada: number, seharusnya: number) =>
    `Berkas cadangan terpotong: isinya ${ada} bita, seharusnya ${seharusnya} bita. Salin atau unduh ulang berkas cadangan itu.`,
  damaged:
    'Berkas cadangan rusak atau telah diubah (checksum tidak cocok). Tidak ada data yang diubah; gunakan berkas cadangan lain.',
  inconsistent: 'Isi berkas cadangan tidak sesuai dengan manifesnya. Tidak ada data yang diubah.',
  tooBig: (batas: string) => `Berkas cadangan melebihi batas ${batas}.`,
  newer: (versiBerkas: number, versiIni: number) =>
    `Berkas cadangan dibuat oleh versi aplikasi yang lebih baru (skema ${versiBerkas}, aplikasi ini skema ${versiIni}). Perbaharui aplikasi lebih dahulu.`,
  foreign: (npsnBerkas: string, npsnSekolah: string) =>
    `Berkas cadangan ini milik sekolah lain (NPSN ${npsnBerkas}), bukan sekolah ini (NPSN ${npsnSekolah}).`,
  npsnConfirm: 'NPSN yang diketik tidak sama dengan NPSN sekolah pada berkas cadangan.',
  npsnRequired: (npsn: string) =>
    `Database ini sudah berisi sekolah NPSN ${npsn}. Untuk menimpanya, ketik NPSN sekolah itu sebagai konfirmasi.`,
  npsnTaken: (npsn: string) =>
    `NPSN ${npsn} sudah dipakai oleh sekolah lain di database ini; cadangan tidak dapat dipulihkan di sini.`,
  idTaken: (npsn: string) =>
    `Berkas cadangan sekolah NPSN ${npsn} memakai kode sekolah (sekolah_id) yang di database ini milik sekolah lain; cadangan tidak dapat dipulihkan di sini.`,
  unknownTable: (tabel: string) =>
    `Berkas cadangan berisi tabel "${tabel}" yang tidak dikenal aplikasi ini. Tidak ada data yang diubah.`,
  failed: (alasan: string) => `Pemulihan gagal dan dibatalkan; data tidak berubah. (${alasan})`,
  // Refusals of an archive's rows (issue #24 part 3, decision 051). Each names the row by the
  // archive's own table and position, never by another school's data. Nothing was changed.
  nul: (tabel: string, baris: string) =>
    `Berkas cadangan berisi karakter NUL (tidak dapat disimpan) pada tabel "${tabel}", ${baris}. Tidak ada data yang diubah.`,
  wrongSchool: (tabel: string, baris: string) =>
    `Berkas cadangan berisi data sekolah lain pada tabel "${tabel}", ${baris}: sekolah_id-nya bukan sekolah berkas ini. Tidak ada data yang diubah.`,
  taken: (tabel: string, baris: string, kolom: string) =>
    `Tabel "${tabel}", ${baris} pada berkas cadangan memakai ${kolom} yang sudah dipakai data lain (sekolah lain atau data nasional) di database ini. Tidak ada data yang diubah.`,
  outsideReference: (tabel: string, baris: string, kolom: string) =>
    `Tabel "${tabel}", ${baris} pada berkas cadangan merujuk (${kolom}) ke data yang tidak ada di berkas ini maupun di data referensi nasional. Tidak ada data yang diubah.`,
  newReference: (tabel: string, baris: string) =>
    `Tabel referensi nasional "${tabel}", ${baris} pada berkas cadangan belum ada di server ini; data referensi nasional tidak ditambahkan dari berkas cadangan. Impor data referensi lebih dahulu. Tidak ada data yang diubah.`,
  rejected: (tabel: string) =>
    `Isi tabel "${tabel}" pada berkas cadangan ditolak database (melanggar aturan data). Tidak ada data yang diubah.`,
  /** A row's address in the messages above: its position in its table, and its own key. */
  baris: (posisi: number, kunci?: string) => `baris ke-${posisi}${kunci ? ` (${kunci})` : ''}`,
} as const;

// --- Scheduled backups (issue 16 item 2) ---

/** "HH:MM", 24-hour clock, the server's local time. */
export const JAM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const cadanganJadwalSchema = z.object({
  aktif: z.boolean(),
  jam: z.string().regex(JAM_PATTERN, 'Isi jam dengan format JJ:MM, misalnya 02:00.'),
  simpanHari: z
    .number({ error: 'Isi jumlah hari dengan angka.' })
    .int('Isi jumlah hari dengan bilangan bulat.')
    .min(1, 'Cadangan disimpan paling sedikit 1 hari.')
    .max(365, 'Cadangan disimpan paling lama 365 hari.'),
});
export type CadanganJadwal = z.infer<typeof cadanganJadwalSchema>;

/** Daily at 02:00, kept 14 days: what a school gets before its administrator changes anything. */
export const CADANGAN_JADWAL_DEFAULT: CadanganJadwal = { aktif: true, jam: '02:00', simpanHari: 14 };

/** The administrator's Beranda warns when the newest good backup is older than these many days. */
export const CADANGAN_WARN_DAYS = { kuning: 2, merah: 7 } as const;

export type CadanganStatus = 'baik' | 'kuning' | 'merah';

/** How the newest good backup stands: none at all is as bad as a week-old one. */
export function cadanganStatus(terakhir: Date | null, now: Date): CadanganStatus {
  if (!terakhir) return 'merah';
  const days = (now.getTime() - terakhir.getTime()) / 86_400_000;
  if (days > CADANGAN_WARN_DAYS.merah) return 'merah';
  if (days > CADANGAN_WARN_DAYS.kuning) return 'kuning';
  return 'baik';
}

/** The newest good backup of the school and the outcome of the last scheduled run. */
export const cadanganKeadaanSchema = z.object({
  /** ISO time of the newest verified archive made here (by hand, on schedule or before a restore). */
  terakhir: z.string().nullable(),
  status: z.enum(['baik', 'kuning', 'merah']),
  /** The last scheduled run: when, and its message when it failed. */
  jadwalTerakhir: z.object({ waktu: z.string(), gagal: z.string().nullable() }).nullable(),
});
export type CadanganKeadaan = z.infer<typeof cadanganKeadaanSchema>;

export const CADANGAN_JADWAL_MESSAGES = {
  failed: (alasan: string) => `Cadangan terjadwal gagal: ${alasan}`,
} as const;

// --- The API (Pengaturan › Cadangan Data; Administrator only) ---

export const JOB_KIND_CADANGAN_BUAT = 'cadangan-buat';
export const JOB_KIND_CADANGAN_PULIHKAN = 'cadangan-pulihkan';

/** A stored archive in the backups folder (its manifest read from the header; `null` when unreadable). */
export const cadanganBerkasSchema = z.object({
  name: z.string(),
  bytes: z.number().int(),
  manifest: cadanganManifestSchema.nullable(),
});
export type CadanganBerkas = z.infer<typeof cadanganBerkasSchema>;

export const cadanganDaftarSchema = z.object({
  npsn: z.string(),
  berkas: z.array(cadanganBerkasSchema),
  jadwal: cadanganJadwalSchema,
  keadaan: cadanganKeadaanSchema,
});
export type CadanganDaftar = z.infer<typeof cadanganDaftarSchema>;

/** An archive checked whole (uploaded, or chosen for a restore): what it holds. */
export const cadanganPeriksaSchema = z.object({ name: z.string(), manifest: cadanganManifestSchema });
export type CadanganPeriksa = z.infer<typeof cadanganPeriksaSchema>;

export const ARCHIVE_NAME_PATTERN = /^cadangan-\d{8}-[0-9TZ-]+(?:-[a-z-]+)?(?:-\d+)?\.erapor$/;

export const cadanganNamaSchema = z.object({
  name: z.string().regex(ARCHIVE_NAME_PATTERN, 'Nama berkas cadangan tidak dikenal.'),
});

export const cadanganPulihkanSchema = z.object({
  name: z.string().regex(ARCHIVE_NAME_PATTERN, 'Nama berkas cadangan tidak dikenal.'),
  npsn: z.string().trim().min(1, 'Ketik NPSN sekolah untuk konfirmasi.'),
});
export type CadanganPulihkan = z.infer<typeof cadanganPulihkanSchema>;

export const CADANGAN_API_MESSAGES = {
  busy: 'Pencadangan atau pemulihan lain sedang berjalan. Tunggu sampai selesai.',
  notFound: 'Berkas cadangan tidak ditemukan.',
  fileRequired: 'Pilih berkas cadangan (.erapor) untuk diunggah.',
  started: 'Pencadangan dimulai.',
  restoreStarted: 'Pemulihan dimulai.',
  done: (nama: string) => `Cadangan selesai dibuat dan diperiksa: ${nama}`,
  restored: 'Pemulihan selesai. Semua pengguna sekolah ini harus login kembali.',
  restoreInterrupted:
    'Pemulihan terputus karena server berhenti dan dibatalkan; data sekolah tidak berubah. Jalankan ulang pemulihan.',
} as const;

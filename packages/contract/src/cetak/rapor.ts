import { z } from 'zod';
import { tempatRapor } from '../sekolah';

/**
 * Cetak Rapor Semester (issue #11 items 8, 9, 11; reference-domain §8, §8.1, §11;
 * docs/decisions/031-cetak-rapor.md): the pure rules of the printed report card, shared by the
 * PDF documents and the print page that shows what will be printed.
 *   GET /api/cetak/rapor?rombongan_belajar_id=…           the print page (JSON, `cetakRaporResponseSchema`)
 *   GET /api/cetak/rapor-cover/:anggota_rombel_id         Halaman Depan (PDF)
 *   GET /api/cetak/rapor-nilai-akhir/:anggota_rombel_id   Rapor Akademik with its notes page (PDF)
 *   GET /api/cetak/rapor-pelengkap/:anggota_rombel_id     Dokumen Pendukung (PDF)
 */

export { tempatRapor };

export const RAPOR_DOKUMEN = ['cover', 'nilai-akhir', 'pelengkap'] as const;
export type RaporDokumen = (typeof RAPOR_DOKUMEN)[number];

/** The printed "no grade": a dash, never 0 (a zero nobody gave would read as a failed subject). */
export const TANPA_NILAI = '-';

// --- the report date ---------------------------------------------------------------------

/** Semester ids end in 1 (Ganjil) or 2 (Genap): "20252" is 2025/2026 Genap. */
export function isGenap(semesterId: string): boolean {
  return semesterId.endsWith('2');
}

/**
 * The last class of the programme: tingkat 12 in a three-year programme, 13 in a four-year one
 * (its jurusan has a class marked "Rombongan Belajar 4 Tahun").
 */
export function isKelasAkhir(tingkat: number, empatTahun: boolean): boolean {
  return tingkat >= (empatTahun ? 13 : 12);
}

export interface TanggalRaporSettings {
  tanggal_rapor: string | null;
  tanggal_rapor_kelas_akhir: string | null;
}

/**
 * The date printed beside the wali's signature (reference-domain §8): `tanggal_rapor_kelas_akhir`
 * for the last class in a Genap semester (when it is set), else `tanggal_rapor`; null when the
 * admin has set neither (the print page then names it as missing).
 */
export function tanggalRapor(
  settings: TanggalRaporSettings,
  kelas: { semesterId: string; tingkat: number; empatTahun: boolean },
): string | null {
  const akhir = isGenap(kelas.semesterId) && isKelasAkhir(kelas.tingkat, kelas.empatTahun);
  if (akhir && settings.tanggal_rapor_kelas_akhir) return settings.tanggal_rapor_kelas_akhir;
  return settings.tanggal_rapor || null;
}

/** "2026-12-18" → "18 Desember 2026" (the one formatter's document date, format.ts). */
export { formatTanggalDokumen as formatTanggal } from '../format';

// --- signatures --------------------------------------------------------------------------

/**
 * The head teacher's title split into the acting prefix and the office (rapor_catatan.blade):
 * "Plt. Kepala Sekolah" → { awalan: 'Plt.', jabatan: 'Kepala Sekolah' }. The prefix is printed on
 * the signature's name line ("Plt. Drs. Budi"), the office under "Mengetahui,".
 */
export function splitJabatan(jabatan: string | null | undefined): { awalan: string | null; jabatan: string } {
  const text = (jabatan ?? '').trim();
  const m = /^(pl[th])\.?\s+(.*)$/i.exec(text);
  if (!m) return { awalan: null, jabatan: text || 'Kepala Sekolah' };
  const awalan = `${m[1]?.charAt(0).toUpperCase()}${m[1]?.slice(1).toLowerCase()}.`;
  return { awalan, jabatan: m[2]?.trim() || 'Kepala Sekolah' };
}

export const NOMOR_PEGAWAI_LABEL = { nip: 'NIP', nuptk: 'NUPTK', niy: 'NIY' } as const;

/** The staff number line under a signature: "NIP. 19800101 200501 1 001", or "NIP. -" without one. */
export function nomorPegawai(
  jenis: keyof typeof NOMOR_PEGAWAI_LABEL,
  nomor: string | null | undefined,
): string {
  const value = (nomor ?? '').trim();
  return `${NOMOR_PEGAWAI_LABEL[jenis]}. ${value === '' ? '-' : value}`;
}

// --- sections ----------------------------------------------------------------------------

/** The report's sections in print order (reference-domain §8.1 and §11). */
export const RAPOR_SECTIONS = [
  'sikap',
  'nilai',
  'pkl',
  'kokurikuler',
  'ekstrakurikuler',
  'ketidakhadiran',
  'catatan',
  'kenaikan',
] as const;
export type RaporSection = (typeof RAPOR_SECTIONS)[number];

/** The first semester of the 2025 report regime (e-Rapor 8's is_new_ppa): Kokurikuler, Catatan Wali Kelas. */
export const SEMESTER_PPA_BARU = '20251';

export interface SectionContext {
  merdeka: boolean;
  semesterId: string;
  tingkat: number;
  /** The pupil has PKL placements (the PKL work fills this; false until then). */
  adaPkl: boolean;
}

/**
 * A kelompok's name as a group row of the Rapor Akademik's grade table, without the letter the
 * national list puts in front ("B. Kelompok Mata Pelajaran Kejuruan" → "Kelompok Mata Pelajaran
 * Kejuruan"): the table stands inside a lettered section, and "B. Kelompok …" inside section A
 * followed by "B. Kokurikuler" read as two sections B (decision 056). Names without such a letter
 * ("Kelompok A (Muatan Nasional)", "Muatan Lokal") are printed as they are.
 */
export function namaKelompokRapor(nama: string): string {
  return nama.replace(/^\s*[A-Z]\.\s+/, '');
}

/**
 * Which sections a card has, each with its letter: A. Sikap only for K13; PKL from class XI when
 * the pupil has placements; Kokurikuler and Catatan Wali Kelas from 20251; Kenaikan/Kelulusan in
 * Genap. Letters run on without gaps, so an absent section never leaves "C" missing.
 */
export function sectionLetters(ctx: SectionContext): { section: RaporSection; huruf: string }[] {
  const present: Record<RaporSection, boolean> = {
    sikap: !ctx.merdeka,
    nilai: true,
    pkl: ctx.adaPkl && ctx.tingkat > 10,
    kokurikuler: ctx.semesterId >= SEMESTER_PPA_BARU,
    ekstrakurikuler: true,
    ketidakhadiran: true,
    catatan: ctx.semesterId >= SEMESTER_PPA_BARU,
    kenaikan: isGenap(ctx.semesterId),
  };
  return RAPOR_SECTIONS.filter((s) => present[s]).map((section, i) => ({
    section,
    huruf: String.fromCharCode(65 + i),
  }));
}

// --- kenaikan ----------------------------------------------------------------------------

/** Kenaikan status codes (reference-domain §7): 1 Naik, 2 Tetap, 3 Lulus, 4 Tidak Lulus. */
export const STATUS_KENAIKAN = { naik: 1, tetap: 2, lulus: 3, tidakLulus: 4 } as const;

/**
 * The kenaikan line of a Genap card (rapor_catatan.blade): "Naik ke kelas {nama_kelas}",
 * "Tetap dikelas {nama_kelas}", "LULUS", "Tidak Lulus"; without a decision "Belum dilakukan
 * kelulusan" in a graduating class, else "Belum dilakukan kenaikan kelas".
 */
export function teksKenaikan(
  kenaikan: { status: number; nama_kelas: string | null } | null,
  kelulusan: boolean,
): string {
  switch (kenaikan?.status) {
    case STATUS_KENAIKAN.naik:
      return `Naik ke kelas ${kenaikan.nama_kelas ?? ''}`.trim();
    case STATUS_KENAIKAN.tetap:
      return `Tetap dikelas ${kenaikan.nama_kelas ?? ''}`.trim();
    case STATUS_KENAIKAN.lulus:
      return 'LULUS';
    case STATUS_KENAIKAN.tidakLulus:
      return 'Tidak Lulus';
    default:
      return kelulusan ? 'Belum dilakukan kelulusan' : 'Belum dilakukan kenaikan kelas';
  }
}

/** The section title: "Status Kelulusan" in a graduating class, else "Kenaikan Kelas". */
export function judulKenaikan(kelulusan: boolean): string {
  return kelulusan ? 'Status Kelulusan' : 'Kenaikan Kelas';
}

/** "Sakit: 2 hari". */
export function hari(jumlah: number): string {
  return `${jumlah} hari`;
}

/** Fase of Kurikulum Merdeka: E in class X, F from XI (reference-domain Appendix B). */
export function fase(tingkat: number): 'E' | 'F' {
  return tingkat <= 10 ? 'E' : 'F';
}

/** The ministry named on the cover: its 2024 name from 2024/2025 on, the older name before. */
export function namaKementerian(semesterId: string): string {
  return Number(semesterId.slice(0, 4)) >= 2024
    ? 'KEMENTERIAN PENDIDIKAN DASAR DAN MENENGAH REPUBLIK INDONESIA'
    : 'KEMENTERIAN PENDIDIKAN, KEBUDAYAAN, RISET DAN TEKNOLOGI REPUBLIK INDONESIA';
}

// --- the print page ----------------------------------------------------------------------

export const raporAnggotaParamsSchema = z.object({ anggota_rombel_id: z.string().uuid() });

/** What a pupil's card still lacks, each a short Indonesian phrase shown in Kelengkapan. */
export const KELENGKAPAN = {
  nilai: (n: number) => `Nilai akhir belum ada (${n} mapel)`,
  deskripsi: (n: number) => `Capaian kompetensi belum ada (${n} mapel)`,
  absensi: 'Ketidakhadiran belum diisi',
  catatan: 'Catatan wali kelas belum diisi',
  kokurikuler: 'Kokurikuler belum diisi',
  sikap: 'Catatan sikap wali kelas belum diisi',
  kenaikan: 'Kenaikan kelas belum diisi',
} as const;

export const cetakRaporRowSchema = z.object({
  anggota_rombel_id: z.string(),
  nama: z.string(),
  nisn: z.string().nullable(),
  /** Empty: the card is complete. */
  kelengkapan: z.array(z.string()),
  /** The kenaikan decision is Lulus: the pupil gets a Surat Keterangan Lulus (cetak/skl.ts). */
  lulus: z.boolean(),
});
export type CetakRaporRow = z.infer<typeof cetakRaporRowSchema>;

export const cetakRaporResponseSchema = z.object({
  rombel: z.object({
    rombongan_belajar_id: z.string(),
    nama: z.string(),
    tingkat: z.number(),
    /** The class's pupils get a P5 report (Merdeka, before 20251: projek/cetak.ts `hasRaporP5`). */
    rapor_p5: z.boolean(),
  }),
  /** The classes the caller may print (the wali: theirs; Waka and admin: every regular class). */
  kelas: z.array(z.object({ value: z.string(), label: z.string(), tingkat: z.number() })),
  cetak: z.object({
    tempat: z.string(),
    /** "18 Desember 2026", or null when the admin has not set the date. */
    tanggal: z.string().nullable(),
    kepala_sekolah: z.string().nullable(),
    nomor_kepala_sekolah: z.string(),
    jabatan: z.string(),
    wali_kelas: z.string().nullable(),
  }),
  data: z.array(cetakRaporRowSchema),
});
export type CetakRaporResponse = z.infer<typeof cetakRaporResponseSchema>;

export const cetakRaporQuerySchema = z.object({ rombongan_belajar_id: z.string().uuid().optional() });

export const CETAK_RAPOR_MESSAGES = {
  noClass: 'Anda bukan wali kelas rombongan belajar reguler di semester ini.',
} as const;

import { z } from 'zod';
import { roundDiv } from '../penilaian/rules';

/**
 * Unduh Leger (issue #11 item 12; reference-domain §7 "Ledger", §8.3; reference-screens §13.2;
 * docs/decisions/030-unduh-leger.md): one row per pupil of a class, one column per printed subject
 * with its nilai akhir, then the absences S, I, A.
 *   GET /api/cetak/leger/:rombongan_belajar_id?ringkasan=1         the preview (JSON)
 *   GET /api/unduhan/leger-nilai/:rombongan_belajar_id?ringkasan=1 the same rows as "Leger Nilai {kelas}.xlsx"
 * `ringkasan=1` adds Jumlah, Rata-rata and Peringkat (the promotion meeting's columns).
 */

export const legerParamsSchema = z.object({ rombongan_belajar_id: z.string().uuid() });

export const legerQuerySchema = z.object({
  ringkasan: z
    .enum(['0', '1'])
    .optional()
    .transform((v) => v === '1'),
});
export type LegerQuery = z.input<typeof legerQuerySchema>;

export const legerMapelSchema = z.object({
  pembelajaran_id: z.string(),
  /** Column header: the subject's name (with its class when two columns share a name). */
  nama: z.string(),
  /** Taught in an elective class (jenis 16), reached through the pupils' elective membership. */
  pilihan: z.boolean(),
});
export type LegerMapel = z.infer<typeof legerMapelSchema>;

export const legerRowSchema = z.object({
  anggota_rombel_id: z.string(),
  nama: z.string(),
  nisn: z.string().nullable(),
  /** One per column of `mapel`, in its order; null = no grade (printed "-"). */
  nilai: z.array(z.number().int().nullable()),
  sakit: z.number().int(),
  izin: z.number().int(),
  alpa: z.number().int(),
  /** With `ringkasan` only; null when the pupil has no grade at all. */
  jumlah: z.number().int().nullable().optional(),
  rata_rata: z.number().nullable().optional(),
  peringkat: z.number().int().nullable().optional(),
});
export type LegerRow = z.infer<typeof legerRowSchema>;

export const legerResponseSchema = z.object({
  rombongan_belajar_id: z.string(),
  sekolah: z.string(),
  npsn: z.string(),
  kelas: z.string(),
  tahun_pelajaran: z.string(),
  jenis_rombel: z.number().int(),
  ringkasan: z.boolean(),
  mapel: z.array(legerMapelSchema),
  rows: z.array(legerRowSchema),
});
export type LegerResponse = z.infer<typeof legerResponseSchema>;

/** The file name of the download (the reference's "Leger Nilai {kelas}"). */
export function legerFileName(kelas: string): string {
  return `Leger Nilai ${kelas.replace(/[\\/:*?"<>|]/g, '-')}.xlsx`;
}

// --- column order -------------------------------------------------------------------------

export interface LegerMapelOrder {
  pembelajaran_id: string;
  nama_mata_pelajaran: string;
  kelompok_id: number;
  no_urut: number;
  mata_pelajaran_id: number;
}

/**
 * Columns as the report prints subjects: by kelompok, then no urut (reference-domain §7), then by
 * name and id so that equal keys (an elective beside a class subject) always come out the same.
 */
export function orderLegerMapel<T extends LegerMapelOrder>(mapel: readonly T[]): T[] {
  return [...mapel].sort(
    (a, b) =>
      a.kelompok_id - b.kelompok_id ||
      a.no_urut - b.no_urut ||
      a.nama_mata_pelajaran.localeCompare(b.nama_mata_pelajaran, 'id') ||
      a.mata_pelajaran_id - b.mata_pelajaran_id ||
      (a.pembelajaran_id < b.pembelajaran_id ? -1 : a.pembelajaran_id > b.pembelajaran_id ? 1 : 0),
  );
}

// --- Jumlah, Rata-rata, Peringkat ---------------------------------------------------------

export interface LegerRingkasan {
  jumlah: number | null;
  rata_rata: number | null;
  peringkat: number | null;
}

/**
 * Per pupil: Jumlah = sum of their grades ("-" cells left out, never counted as 0); Rata-rata =
 * Jumlah / number of grades, shown to one decimal (half away from zero, exact in integers);
 * Peringkat by the exact mean, highest first, equal means share a rank and the next rank skips
 * (1, 2, 2, 4). Ranking by the mean, not the sum, so a pupil with one elective more or a missing
 * grade is compared fairly; a pupil without any grade has no rank.
 */
export function legerRingkasan(nilai: readonly (readonly (number | null)[])[]): LegerRingkasan[] {
  const parts = nilai.map((row) => {
    const graded = row.filter((v): v is number => v !== null);
    return { sum: graded.reduce((s, v) => s + v, 0), n: graded.length };
  });
  // a/b > c/d ⇔ a·d > c·b (b, d > 0): compares means without floating point.
  const higher = (x: { sum: number; n: number }, y: { sum: number; n: number }) => x.sum * y.n > y.sum * x.n;
  return parts.map((p) => {
    if (p.n === 0) return { jumlah: null, rata_rata: null, peringkat: null };
    const above = parts.filter((q) => q.n > 0 && higher(q, p)).length;
    return { jumlah: p.sum, rata_rata: roundDiv(p.sum * 10, p.n) / 10, peringkat: above + 1 };
  });
}

/** Column labels: a subject name used by two columns gets its class's name in brackets. */
export function legerHeaders(mapel: readonly { nama_mata_pelajaran: string; rombel: string }[]): string[] {
  const count = new Map<string, number>();
  for (const m of mapel) count.set(m.nama_mata_pelajaran, (count.get(m.nama_mata_pelajaran) ?? 0) + 1);
  return mapel.map((m) =>
    (count.get(m.nama_mata_pelajaran) ?? 0) > 1
      ? `${m.nama_mata_pelajaran} (${m.rombel})`
      : m.nama_mata_pelajaran,
  );
}

/**
 * The classes whose ledger the caller may download (`GET /api/cetak/leger`): the Waka and the admin
 * every regular and elective class of the semester; a wali their regular class, a pilihan wali their
 * elective class. Ordered by tingkat, jenis (regular first), name.
 */
export const legerKelasSchema = z.object({
  rombongan_belajar_id: z.string(),
  nama: z.string(),
  tingkat: z.number().int(),
  jenis_rombel: z.number().int(),
});
export type LegerKelas = z.infer<typeof legerKelasSchema>;
export const legerKelasResponseSchema = z.object({ data: z.array(legerKelasSchema) });
export type LegerKelasResponse = z.infer<typeof legerKelasResponseSchema>;

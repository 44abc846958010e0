import { z } from 'zod';
import { formatDesimal } from '../format';
import { RAPOR_SEMUA_OUTPUT } from './rapor-semua';

/*
 * Transkrip Nilai (issue #15 item 3; docs/decisions/040-transkrip.md): every semester of a pupil's
 * regular classes in one table, one column per semester, one row per subject (keyed by the parent
 * subject's mata_pelajaran_id), the average per subject, per semester and overall.
 */

/**
 * The mean of the grades that exist, rounded half away from zero to 2 decimals; null when there is
 * none (a semester without a grade is left out, never counted as 0). Computed in whole hundredths,
 * so no binary fraction decides a rounding: the mean of 1 and 1.01 is 1.01, where
 * `Math.round(((1 + 1.01) / 2) * 100) / 100` gives 1 (1.005 is 1.00499… in binary).
 */
export function rataRata(nilai: readonly (number | null | undefined)[]): number | null {
  const present = nilai.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (present.length === 0) return null;
  // Each grade as whole hundredths (grades are stored as whole numbers; 2 decimals at most here).
  const sum = present.reduce((acc, v) => acc + Math.round(v * 100), 0);
  const n = present.length;
  // round(sum / n) half away from zero, in integers: floor((2|sum| + n) / 2n).
  const abs = Math.floor((2 * Math.abs(sum) + n) / (2 * n));
  const hundredths = sum < 0 ? -abs : abs;
  return hundredths / 100;
}

/** An average as printed, always with 2 decimals and Indonesian: "82,13", "82,10", "65,00". */
export function formatRataRata(nilai: number | null): string {
  return formatDesimal(nilai, 2);
}

/**
 * The semester's place in the programme: class X Ganjil is 1, X Genap 2, … XII Genap 6, and
 * XIII (a four-year programme) 7 and 8.
 */
export function nomorSemester(tingkat: number, semesterId: string): number {
  return (tingkat - 10) * 2 + (semesterId.endsWith('2') ? 2 : 1);
}

/** One semester of the pupil, as its report card prints the subjects. */
export interface SemesterTranskripInput {
  semesterId: string;
  tingkat: number;
  kelompok: { nama: string; mapel: { mataPelajaranId: number; nama: string; nilai: number | null }[] }[];
}

export interface MapelTranskrip {
  mataPelajaranId: number;
  nama: string;
  /** One grade per semester column (null: not taken or not graded that semester). */
  nilai: (number | null)[];
  rataRata: number | null;
}

export interface Transkrip {
  /** The columns, oldest first: the semester number and its id. */
  semester: { semesterId: string; nomor: number; tingkat: number }[];
  kelompok: { nama: string; mapel: MapelTranskrip[] }[];
  /** The mean of each semester column's grades. */
  rataRataSemester: (number | null)[];
  /** The mean of the subjects' averages as printed (so a reader can recompute it from the page). */
  rataRataTotal: number | null;
}

/**
 * Merges the semesters into the transcript's rows. Row order follows the newest semester's report
 * card (kelompok, then subject); a subject only in older semesters is appended to its group (or to
 * a group of its own) in the order the older cards print it. The row's name is the newest one.
 */
export function susunTranskrip(semesters: readonly SemesterTranskripInput[]): Transkrip {
  const ordered = [...semesters].sort((a, b) => a.semesterId.localeCompare(b.semesterId));
  const columns = ordered.map((s) => ({
    semesterId: s.semesterId,
    nomor: nomorSemester(s.tingkat, s.semesterId),
    tingkat: s.tingkat,
  }));
  const groups: { nama: string; mapel: MapelTranskrip[] }[] = [];
  const rows = new Map<number, MapelTranskrip>();
  // Newest first: the current card decides the order and the names.
  for (let i = ordered.length - 1; i >= 0; i--) {
    const sem = ordered[i];
    if (!sem) continue;
    for (const k of sem.kelompok) {
      for (const m of k.mapel) {
        let row = rows.get(m.mataPelajaranId);
        if (!row) {
          row = {
            mataPelajaranId: m.mataPelajaranId,
            nama: m.nama,
            nilai: ordered.map(() => null),
            rataRata: null,
          };
          rows.set(m.mataPelajaranId, row);
          let group = groups.find((g) => g.nama === k.nama);
          if (!group) {
            group = { nama: k.nama, mapel: [] };
            groups.push(group);
          }
          group.mapel.push(row);
        }
        // Two lessons of one subject in a semester: the graded one counts.
        if (row.nilai[i] === null) row.nilai[i] = m.nilai;
      }
    }
  }
  for (const row of rows.values()) row.rataRata = rataRata(row.nilai);
  const all = groups.flatMap((g) => g.mapel);
  return {
    semester: columns,
    kelompok: groups,
    rataRataSemester: columns.map((_, i) => rataRata(all.map((r) => r.nilai[i] ?? null))),
    rataRataTotal: rataRata(all.map((r) => r.rataRata)),
  };
}

export const transkripParamsSchema = z.object({ anggota_rombel_id: z.uuid() });

/** The class's transcripts as one PDF or a ZIP: the Cetak Semua job (decision 033) with its own kind. */
export const JOB_KIND_TRANSKRIP_SEMUA = 'transkrip-semua';

export const transkripSemuaRequestSchema = z.object({
  rombongan_belajar_id: z.uuid(),
  output: z.enum(RAPOR_SEMUA_OUTPUT),
});
export type TranskripSemuaRequest = z.infer<typeof transkripSemuaRequestSchema>;

export const TRANSKRIP_MESSAGES = {
  title: 'TRANSKRIP NILAI',
  alreadyRunning:
    'Cetak transkrip untuk rombel ini sedang berjalan. Tunggu sampai selesai atau batalkan dulu.',
  noPupil: 'Rombel ini belum memiliki peserta didik.',
  done: (siswa: number) => `Selesai: transkrip ${siswa} peserta didik siap diunduh.`,
} as const;

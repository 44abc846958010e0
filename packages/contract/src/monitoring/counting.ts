import { type Bahasa, formatDesimal } from '../format';
import { takesMapel } from '../penilaian/rules';

/**
 * Grading progress, counted the same way on every screen that shows it: the teacher's and the
 * homeroom teacher's Beranda and the Waka's Monitoring (issue #14 item 2; reference-domain §10;
 * docs/decisions/036-monitoring.md).
 *
 * - expected: the live members of the class who take the subject. A religion subject counts only
 *   the pupils of its religion; a pupil who left (membership removed, or registered in pd_keluar)
 *   is not expected.
 * - dinilai: the expected pupils who have a nilai akhir in the subject. A grade of someone not
 *   expected (a pupil who left, a pupil of another religion) never counts.
 * - percent: dinilai / expected × 100 with one decimal, half away from zero; null ("-") when
 *   nobody is expected.
 * - status: Belum dinilai (nobody graded), Sebagian, Lengkap (everyone graded); null when nobody
 *   is expected.
 *
 * The server counts in SQL (apps/server/src/modules/monitoring/counting-sql.ts) following these
 * rules; the API tests compare its numbers with these functions on a hand-computed fixture.
 */

export interface PupilForCounting {
  /** ref_agama id of the pupil, null when unknown. */
  agamaId: number | null;
  /** Membership removed or the pupil is registered as having left. */
  left: boolean;
  /** The pupil has a nilai akhir in the subject. */
  hasNilaiAkhir: boolean;
}

/** Whether a pupil is expected to be graded in a subject. */
export function isExpected(
  mataPelajaranId: number,
  pupil: Pick<PupilForCounting, 'agamaId' | 'left'>,
): boolean {
  return !pupil.left && takesMapel(mataPelajaranId, pupil.agamaId);
}

export interface Progress {
  expected: number;
  dinilai: number;
}

/** Expected and graded pupils of one subject of one class. */
export function countProgress(mataPelajaranId: number, pupils: readonly PupilForCounting[]): Progress {
  const expected = pupils.filter((p) => isExpected(mataPelajaranId, p));
  return { expected: expected.length, dinilai: expected.filter((p) => p.hasNilaiAkhir).length };
}

/** Adds up several rows' counts (a class, a teacher, the whole school). */
export function sumProgress(rows: readonly Progress[]): Progress {
  return rows.reduce((s, r) => ({ expected: s.expected + r.expected, dinilai: s.dinilai + r.dinilai }), {
    expected: 0,
    dinilai: 0,
  });
}

/**
 * dinilai / expected in percent with one decimal, half away from zero (2/3 → 66.7, 1/8 → 12.5,
 * 1/16 → 6.3); null when nothing is expected. Computed on integers (tenths of a percent), so a
 * half is never lost to binary floating point.
 */
export function percentDone(dinilai: number, expected: number): number | null {
  if (expected <= 0) return null;
  const capped = Math.min(Math.max(dinilai, 0), expected);
  const tenths = Math.floor((2000 * capped + expected) / (2 * expected));
  return tenths / 10;
}

/** The % as shown: "66,7" (Indonesian, or `lng`'s decimal sign), "-" when nothing is expected. */
export function formatPercent(percent: number | null, lng: Bahasa = 'id'): string {
  return percent === null ? '-' : formatDesimal(percent, 1, lng);
}

export const PROGRESS_STATUSES = ['belum', 'sebagian', 'lengkap'] as const;
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];

export const PROGRESS_STATUS_LABELS: Readonly<Record<ProgressStatus, string>> = {
  belum: 'Belum dinilai',
  sebagian: 'Sebagian',
  lengkap: 'Lengkap',
};

/** Belum dinilai / Sebagian / Lengkap; null when nothing is expected. */
export function statusOf(dinilai: number, expected: number): ProgressStatus | null {
  if (expected <= 0) return null;
  if (dinilai <= 0) return 'belum';
  return dinilai >= expected ? 'lengkap' : 'sebagian';
}

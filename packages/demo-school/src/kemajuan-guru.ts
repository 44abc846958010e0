/**
 * How far guru@ is with their own subjects in the active semester (issue #27): the demo's spread
 * (grades.ts: 70 % complete, 20 % partly graded, 10 % not started) holds for them as for everyone,
 * so a visitor logged in as guru@ finds most classes graded rather than empty. Fixed, not drawn:
 *
 * - the first regular class (not wali@'s) is partly graded: the subject to continue (first-hour.spec);
 * - the K13 class and two other grade-11 Merdeka classes stay not started: the browser tests
 *   (penilaian.spec) grade the K13 class and one grade-11 class from a blank grid, and guru@'s
 *   Beranda must still show a subject not started whichever spec runs first (first-hour.spec);
 * - every other subject is complete (wali@'s class is complete anyway).
 *
 * smk-standard: 8 subjects → 4 complete, 1 partly, 3 not started (62.5 % with graded pupils; the
 * spread's 6 / 1 / 1 would leave the browser tests no blank class to share).
 */
import type { DemoSchool, Pembelajaran, RombonganBelajar, Uuid } from './types.ts';

/** How far a teacher's grading has come in the demo: every subject, some, or none. */
export type Kemajuan = 'lengkap' | 'sebagian' | 'belum';

export function guruKemajuan(
  school: DemoSchool,
  gradable: readonly { r: RombonganBelajar; p: Pembelajaran }[],
  waliRombelId: Uuid,
): Map<Uuid, Kemajuan> {
  const guruId = school.demoAccounts.guru.ptk_id;
  const mine = gradable.filter(({ r, p }) => p.ptk_id === guruId && r.rombongan_belajar_id !== waliRombelId);
  const out = new Map<Uuid, Kemajuan>();
  const toContinue = mine.find(({ r }) => r.jenis_rombel === 1);
  if (toContinue) out.set(toContinue.p.pembelajaran_id, 'sebagian');
  const k13 = school.relations.guruK13PembelajaranId;
  if (mine.some(({ p }) => p.pembelajaran_id === k13)) out.set(k13, 'belum');
  const blank11 = mine
    .filter(({ r }) => r.jenis_rombel === 1 && r.tingkat_pendidikan_id === 11 && r.kurikulum_id >= K13_MAX_ID)
    .filter(({ p }) => !out.has(p.pembelajaran_id))
    .slice(0, 2);
  for (const { p } of blank11) out.set(p.pembelajaran_id, 'belum');
  for (const { p } of mine) if (!out.has(p.pembelajaran_id)) out.set(p.pembelajaran_id, 'lengkap');
  return out;
}

/** Merdeka SMK curricula have 5-digit ids, K13 ones 3-digit (as grades.ts and write-school). */
const K13_MAX_ID = 1000;

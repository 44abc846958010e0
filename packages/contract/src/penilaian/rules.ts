/**
 * Pure rules of summative assessment, final grades and competency descriptions
 * (reference-domain §3.1, §3.3, Appendix B; docs/decisions/014-nilai-akhir.md).
 *
 * Arithmetic is exact: scores are whole numbers, means are kept as fractions of integers and
 * rounded half away from zero in decimal, as PHP's number_format does on the printed report.
 * (Binary floating point would turn 80.005 into 80.00 and 80.325 into 80.32.)
 */

import { checkWholeNumber, type WholeNumberCheck } from '../whole-number';

/** Ids of the special subjects (reference-domain Appendix B). */
export const MAPEL_PKL = 800001000;
export const MAPEL_P5 = 200040000;

/** kompetensi_id of a stored final grade. */
export const KOMPETENSI = { k13: 1, merdeka: 4, induk: 99 } as const;
export type KompetensiNilaiAkhir = (typeof KOMPETENSI)[keyof typeof KOMPETENSI];

/** tp_nilai.kompeten: Tercapai 1, Tidak tercapai 0 (no row = not assessed). */
export const KOMPETEN = { tercapai: 1, tidakTercapai: 0 } as const;

export const SCORE_MIN = 0;
export const SCORE_MAX = 100;

/** The reference's wording of a bad score (reference-screens §7.3), plus one for decimals. */
export const SCORE_MESSAGES = {
  notNumber: 'Nilai harus berupa angka!',
  belowMin: 'Nilai tidak boleh di bawah 0 (nol)!',
  aboveMax: 'Nilai tidak boleh di atas 100 (seratus)!',
  notWhole: 'Nilai harus berupa bilangan bulat (tanpa koma)!',
} as const;

// --- rounding -----------------------------------------------------------------------------

/** round(numerator / denominator) half away from zero, on integers (denominator > 0). */
export function roundDiv(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError('roundDiv needs integers and a positive denominator');
  }
  const sign = numerator < 0 ? -1 : 1;
  const n = Math.abs(numerator);
  // floor((2n + d) / 2d) = n/d rounded half up; exact in integers.
  return sign * Math.floor((2 * n + denominator) / (2 * denominator));
}

/** A value in hundredths (8033 = 80.33) as the text the report shows. */
export function formatHundredths(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : '';
  const a = Math.abs(hundredths);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

// --- scores -------------------------------------------------------------------------------

export type ScoreIssue = keyof typeof SCORE_MESSAGES;
export type ScoreCheck = WholeNumberCheck<ScoreIssue>;

/**
 * A score as typed, pasted, read from Excel or sent: empty means "no score" (null; the save
 * deletes it); otherwise a whole number 0–100 by the one numeric cell rule (whole-number.ts).
 */
export function checkScore(input: unknown): ScoreCheck {
  return checkWholeNumber(input, SCORE_MIN, SCORE_MAX, SCORE_MESSAGES);
}

export const KOMPETEN_MESSAGE = 'Ketercapaian harus Tercapai (1), Tidak tercapai (0) atau kosong!';

/** Ketercapaian: 1, 0 or empty (null = not assessed, the save deletes it). */
export function checkKompeten(
  input: unknown,
): { ok: true; value: 0 | 1 | null } | { ok: false; message: string } {
  if (input === null || input === undefined || (typeof input === 'string' && input.trim() === ''))
    return { ok: true, value: null };
  const v = typeof input === 'string' ? input.trim() : input;
  if (v === 1 || v === '1') return { ok: true, value: 1 };
  if (v === 0 || v === '0') return { ok: true, value: 0 };
  return { ok: false, message: KOMPETEN_MESSAGE };
}

// --- the suggested final grade ------------------------------------------------------------

/**
 * Sumatif Lingkup Materi of a pupil: the mean of their TP scores, in hundredths (rounded to two
 * decimals half away from zero), or null when no TP is scored. Unscored TPs are left out, as in
 * the reference (an unscored TP is not assessed, not a zero).
 */
export function nilaiSumatifLingkupMateri(scores: readonly number[]): number | null {
  let sum = 0;
  for (const s of scores) sum += s;
  return slmFromTotals(sum, scores.length);
}

/** The same from the sum and count of the scores (what SQL aggregates deliver). */
export function slmFromTotals(sum: number, count: number): number | null {
  return count === 0 ? null : roundDiv(sum * 100, count);
}

/**
 * Sumatif Akhir Semester ('na'): the mean of tes and non-tes rounded to a whole number, or
 * whichever one exists; null when neither does.
 */
export function nilaiSumatifAkhirSemester(tes: number | null, nonTes: number | null): number | null {
  if (tes === null && nonTes === null) return null;
  if (tes === null) return nonTes;
  if (nonTes === null) return tes;
  return roundDiv(tes + nonTes, 2);
}

export interface Bobot {
  /** bobot_sumatif_materi */
  materi: number;
  /** bobot_sumatif_akhir */
  akhir: number;
}

export const BOBOT_MESSAGE =
  'Bobot Sumatif Lingkup Materi dan Bobot Sumatif Akhir Semester harus bilangan bulat lebih dari 0.';

export function isValidBobot(bobot: Bobot): boolean {
  return (
    Number.isSafeInteger(bobot.materi) &&
    Number.isSafeInteger(bobot.akhir) &&
    bobot.materi > 0 &&
    bobot.akhir > 0
  );
}

/** Why there is no suggested final grade for a pupil. */
export type NilaiAsesmenMissing = 'slm' | 'sas' | 'keduanya';

export type NilaiAsesmen =
  | { nilai: number; slm: number; sas: number }
  | { nilai: null; slm: number | null; sas: number | null; kurang: NilaiAsesmenMissing };

/**
 * The suggested final grade ("Nilai Asesmen"):
 *   round((bm × SLM + ba × SAS) / (bm + ba))
 * with SLM in hundredths and SAS whole, computed exactly:
 *   round((bm × slm100 + ba × sas × 100) / (100 × (bm + ba))).
 *
 * Decision 014: a missing SAS (or a missing SLM) gives NO suggestion instead of counting as 0
 * (the reference pulls the grade down with a zero nobody gave). The teacher sees why (`kurang`)
 * and may still type the final grade.
 */
export function nilaiAsesmen(slm: number | null, sas: number | null, bobot: Bobot): NilaiAsesmen {
  if (!isValidBobot(bobot)) throw new RangeError(BOBOT_MESSAGE);
  if (slm === null || sas === null) {
    const kurang: NilaiAsesmenMissing =
      slm === null && sas === null ? 'keduanya' : slm === null ? 'slm' : 'sas';
    return { nilai: null, slm, sas, kurang };
  }
  const nilai = roundDiv(bobot.materi * slm + bobot.akhir * sas * 100, 100 * (bobot.materi + bobot.akhir));
  return { nilai, slm, sas };
}

// --- competency descriptions --------------------------------------------------------------

export const DESKRIPSI_PREFIX = {
  tercapai: 'Menunjukkan penguasaan yang baik dalam ',
  perluDitingkatkan: 'Perlu ditingkatkan dalam ',
} as const;

/** Longest description stored (a generous bound for a report-card cell). */
export const DESKRIPSI_MAX = 2000;

/**
 * A TP text as it reads inside the sentence: trimmed, trailing full stops dropped (they would
 * read "…, b., c."), first letter lower-cased — unless the first word is an acronym or a name
 * with several capitals ("HTML", "K3LH", "IoT"), which must keep them.
 */
export function tpPhrase(deskripsi: string): string {
  const text = deskripsi.trim().replace(/[.\s]+$/u, '');
  const first = [...text][0];
  if (first === undefined) return '';
  const firstWord = text.split(/\s/u)[0] ?? '';
  const capitals = [...firstWord].filter((c) => c !== c.toLowerCase()).length;
  return capitals >= 2 ? text : first.toLowerCase() + text.slice(first.length);
}

function sentence(prefix: string, tps: readonly string[]): string | null {
  const phrases = tps.map(tpPhrase).filter((p) => p !== '');
  return phrases.length === 0 ? null : prefix + phrases.join(', ');
}

export interface CapaianTeks {
  /** Achieved ("kompeten"): stored as deskripsi_pengetahuan. */
  tercapai: string | null;
  /** Needs improvement ("inkompeten"): stored as deskripsi_keterampilan. */
  perluDitingkatkan: string | null;
}

/**
 * The generated Capaian Kompetensi texts (reference-domain §3.3 step 7): the TPs marked
 * Tercapai and those marked Tidak tercapai, in the order given (the TP columns' order).
 */
export function deskripsiCapaian(
  tps: readonly { deskripsi: string; kompeten: number | null }[],
): CapaianTeks {
  return {
    tercapai: sentence(
      DESKRIPSI_PREFIX.tercapai,
      tps.filter((t) => t.kompeten === KOMPETEN.tercapai).map((t) => t.deskripsi),
    ),
    perluDitingkatkan: sentence(
      DESKRIPSI_PREFIX.perluDitingkatkan,
      tps.filter((t) => t.kompeten === KOMPETEN.tidakTercapai).map((t) => t.deskripsi),
    ),
  };
}

// --- which subjects and pupils are graded -------------------------------------------------

/** Kurikulum Merdeka: the curriculum's name contains "Merdeka" (reference-domain §3.1). */
export function isMerdeka(namaKurikulum: string | null | undefined): boolean {
  return /merdeka/i.test(namaKurikulum ?? '');
}

/**
 * kompetensi_id of the final grade a teacher saves: 99 for a parent subject with active
 * sub-subjects (its own part; the homeroom's "generate nilai" combines it with the children's),
 * else 4 in a Kurikulum Merdeka class and 1 in any other (K13) class.
 */
export function kompetensiNilaiAkhir(merdeka: boolean, hasActiveSub: boolean): KompetensiNilaiAkhir {
  if (hasActiveSub) return KOMPETENSI.induk;
  return merdeka ? KOMPETENSI.merdeka : KOMPETENSI.k13;
}

export interface PembelajaranFlags {
  kelompok_id: number | null;
  no_urut: number | null;
  mata_pelajaran_id: number;
}

/** Active for grading: the administrator gave it kelompok and no urut (reference-domain §1.3). */
export function isActivePembelajaran(p: Omit<PembelajaranFlags, 'mata_pelajaran_id'>): boolean {
  return p.kelompok_id !== null && p.no_urut !== null;
}

/**
 * Offered on the grade-entry screens: active and not PKL (graded on the PKL screens) nor the P5
 * project (graded on the P5 screens).
 */
export function isGradablePembelajaran(p: PembelajaranFlags): boolean {
  return isActivePembelajaran(p) && p.mata_pelajaran_id !== MAPEL_PKL && !isP5Mapel(p.mata_pelajaran_id);
}

export function isP5Mapel(mataPelajaranId: number): boolean {
  return mataPelajaranId === MAPEL_P5 || (mataPelajaranId > MAPEL_P5 && mataPelajaranId < MAPEL_P5 + 100);
}

/** Printed on the report and in ledgers: only top-level subjects (sub-subjects fold into their parent). */
export function isPrintedPembelajaran(p: { induk_pembelajaran_id: string | null }): boolean {
  return p.induk_pembelajaran_id === null;
}

/**
 * Religion subjects and the agama_id (ref_agama) of the pupils who take them: e-Rapor's
 * mapel_agama() list (functions.php), keyed by id instead of by comparing names.
 */
export const MAPEL_AGAMA: Readonly<Record<number, number>> = {
  100011000: 1,
  100011070: 1, // Islam
  100012000: 2,
  100012050: 2, // Kristen
  100013000: 3,
  100013010: 3, // Katholik
  100015000: 4,
  100015010: 4, // Hindu
  100014000: 5,
  100014140: 5, // Buddha
  100016000: 6,
  100016010: 6, // Kong Hu Chu
  109011000: 7,
  109011010: 7, // Kepercayaan kpd Tuhan YME
};

/** The agama a religion subject is for, or null for any other subject. */
export function agamaOfMapel(mataPelajaranId: number): number | null {
  return MAPEL_AGAMA[mataPelajaranId] ?? null;
}

/** Whether a pupil is graded in a subject: everyone, except that a religion subject is only for its believers. */
export function takesMapel(mataPelajaranId: number, agamaPesertaDidik: number | null): boolean {
  const agama = agamaOfMapel(mataPelajaranId);
  return agama === null || agama === agamaPesertaDidik;
}

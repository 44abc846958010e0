/**
 * Pure rules of PKL (Praktik Kerja Lapangan, from 2023/24): reference-domain §3.3 item 10 and §6,
 * issue #12 item 5, docs/decisions/034-pkl.md.
 *
 * - The PKL subject's final grade is the mean of the pupil's non-zero TP scores over every PKL plan
 *   of their class (a pupil placed twice counts both placements), rounded half away from zero
 *   on integers (penilaian rules `roundDiv`), never in binary floating point.
 * - Its description is the unique non-empty score descriptions, joined ", ".
 * - "Lamanya (bulan)" on the report and the attendance bound derive from the placement's dates.
 */

import { roundDiv } from '../penilaian/rules';

/** Tahun ajaran 2023/2024 Ganjil: PKL as a subject (and this module) exists from this semester on. */
export const PKL_FROM_SEMESTER = '20231';

/** Whether the semester of the login has PKL (the menu hides it before, the API refuses). */
export const pklInSemester = (semesterId: string): boolean => semesterId >= PKL_FROM_SEMESTER;

/** One scored TP of one placement, as stored in nilai_pkl. */
export interface NilaiPklScore {
  nilai: number;
  deskripsi: string | null;
}

export interface NilaiAkhirPkl {
  /** Whole number 0–100. */
  nilai: number;
  /** The unique non-empty descriptions, first occurrence first, joined ", "; null when none. */
  deskripsi: string | null;
}

/**
 * The PKL subject's nilai akhir of one pupil from all their scored TPs in the class's plans:
 * round(mean of the non-zero scores), half away from zero. A 0 is e-Rapor's "not scored" and is
 * left out (as v7 does); only zeros, or nothing, is no grade (null) — never a 0 nobody gave.
 * The description keeps every non-empty score description once, in the order given (plans, then
 * TPs, as the caller reads them), trimmed and compared as typed.
 */
export function nilaiAkhirPkl(scores: readonly NilaiPklScore[]): NilaiAkhirPkl | null {
  let sum = 0;
  let count = 0;
  const seen = new Set<string>();
  for (const s of scores) {
    if (s.nilai !== 0) {
      sum += s.nilai;
      count++;
    }
    const text = s.deskripsi?.trim();
    if (text) seen.add(text);
  }
  if (count === 0) return null;
  return { nilai: roundDiv(sum, count), deskripsi: seen.size > 0 ? [...seen].join(', ') : null };
}

// --- dates ---------------------------------------------------------------------------------

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' as a UTC day number, or null when it is not a real calendar date. */
export function dayNumber(date: string): number | null {
  const m = ISO_DATE.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return t / 86_400_000;
}

export const isIsoDate = (date: string): boolean => dayNumber(date) !== null;

/** The day `months` calendar months after (y, m0, d), the day clamped to the month's last day. */
function addMonths(y: number, m0: number, d: number, months: number): number {
  const total = m0 + months;
  const year = y + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(d, last)) / 86_400_000;
}

/** Days of the placement, both ends included (1 Aug – 1 Aug is one day). */
export function hariPkl(tanggalMulai: string, tanggalSelesai: string): number {
  const a = dayNumber(tanggalMulai);
  const b = dayNumber(tanggalSelesai);
  if (a === null || b === null) throw new RangeError('hariPkl needs ISO dates');
  return Math.max(0, b - a + 1);
}

/**
 * "Lamanya (bulan)" of the report's PKL section: whole calendar months from Tanggal Mulai to the
 * day after Tanggal Selesai; a rest of 15 days or more counts one month more.
 * 1 Jul–31 Dec → 6; 1 Aug–14 Nov → 3 (3 months and 14 days); 1 Aug–15 Nov → 4 (3 months, 15 days).
 */
export function lamanyaBulan(tanggalMulai: string, tanggalSelesai: string): number {
  const start = dayNumber(tanggalMulai);
  const last = dayNumber(tanggalSelesai);
  if (start === null || last === null) throw new RangeError('lamanyaBulan needs ISO dates');
  const end = last + 1;
  if (end <= start) return 0;
  const s = new Date(start * 86_400_000);
  const [y, m0, d] = [s.getUTCFullYear(), s.getUTCMonth(), s.getUTCDate()];
  let months = 0;
  while (addMonths(y, m0, d, months + 1) <= end) months++;
  const rest = end - addMonths(y, m0, d, months);
  return rest >= 15 ? months + 1 : months;
}

// --- attendance ----------------------------------------------------------------------------

export const absensiPklMessage = (hari: number) => `Jumlah ketidakhadiran melebihi lama PKL (${hari} hari).`;

/**
 * Sakit + Izin + Alpa of a placement may not exceed its days (both ends included). Each part is
 * a whole number ≥ 0 already (the whole-number cell rule); this is the bound across the three.
 */
export function checkAbsensiPkl(
  absensi: { sakit: number; izin: number; alpa: number },
  tanggalMulai: string,
  tanggalSelesai: string,
): { ok: true } | { ok: false; hari: number; message: string } {
  const hari = hariPkl(tanggalMulai, tanggalSelesai);
  if (absensi.sakit + absensi.izin + absensi.alpa <= hari) return { ok: true };
  return { ok: false, hari, message: absensiPklMessage(hari) };
}

/**
 * Pure rules of the P5 projects (Projek Penguatan Profil Pelajar Pancasila): reference-domain §4,
 * §11, issue #13 items 1–3, docs/decisions/037-projek-p5.md.
 *
 * - Two regimes: before 2025/2026 Ganjil (20251) a Merdeka class plans, assesses and prints P5;
 *   from 20251 (e-Rapor 8's `is_new_ppa`) the P5 screens are read-only and no P5 report is printed
 *   (the report card prints Kokurikuler instead, owned by the homeroom work).
 * - The report's Fase: E for tingkat 10, F for 11 and above.
 * - The scale offered and printed: MB, SB, BSH, SAB in that order; BB (opsi 1) is never offered,
 *   as e-Rapor excludes it everywhere although its screen lists it.
 */

import { fase, SEMESTER_PPA_BARU } from '../cetak/rapor';

/** 2025/2026 Ganjil: the new report regime (Permendikdasmen 13/2025) starts with this semester. */
export const NEW_PPA_FROM_SEMESTER = SEMESTER_PPA_BARU;

/** e-Rapor 8's `is_new_ppa(semester_id) = semester_id ≥ 20251`. Semester ids are 5-digit strings. */
export const isNewPpa = (semesterId: string): boolean => semesterId >= NEW_PPA_FROM_SEMESTER;

/** Whether P5 plans and scores may be written in the semester (read-only from 20251). */
export const p5Writable = (semesterId: string): boolean => !isNewPpa(semesterId);

/** The phase printed on the P5 report: E for tingkat 10, F otherwise — the report card's rule. */
export const faseOf = (tingkat: number): 'E' | 'F' => fase(tingkat);

/** The P5 parent subject; its themes are child pembelajaran with mapel 2000400x0. */
export const MAPEL_P5_INDUK = 200040000;

/** ref_p5_opsi.opsi_id of each level (e-Rapor's opsi_budaya_kerja ids). */
export const P5_OPSI_ID = { BB: 1, MB: 2, BSH: 3, SAB: 4, SB: 5 } as const;

/** The levels offered in the grid and printed as columns, in this order. BB is never offered. */
export const P5_OPSI_ORDER = [P5_OPSI_ID.MB, P5_OPSI_ID.SB, P5_OPSI_ID.BSH, P5_OPSI_ID.SAB] as const;
export type P5OpsiId = (typeof P5_OPSI_ORDER)[number];

export const isOfferedOpsi = (opsiId: number): opsiId is P5OpsiId =>
  (P5_OPSI_ORDER as readonly number[]).includes(opsiId);

/** Sorts opsi rows (any shape with opsi_id) into the offered order, dropping BB and unknown ids. */
export function offeredOpsi<T extends { opsi_id: number }>(rows: readonly T[]): T[] {
  return P5_OPSI_ORDER.flatMap((id) => rows.filter((r) => r.opsi_id === id));
}

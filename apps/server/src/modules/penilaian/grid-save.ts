import { MESSAGES } from '@erapor/contract/errors';
import { ASESMEN_MESSAGES } from '@erapor/contract/penilaian/asesmen';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { type RiwayatTarget, recordChanges } from '../riwayat-nilai/record';
import type { PembelajaranCtx } from './access';
import { assertPenilaianOpen } from './gate';

/*
 * How every grade grid is saved (docs/decisions/014-nilai-akhir.md):
 * 1. the cells are checked (values, pupil in the class and taking the subject, TP mapped) and all
 *    problems answered at once as 422 `rows.<i>.<field>` — nothing written;
 * 2. one transaction: an advisory lock on the pembelajaran (so two saves of one subject queue up),
 *    the gate (423 when closed — also when it closed while the teacher was typing), then the
 *    stored values are compared with what the browser loaded (`sebelumnya`): any difference →
 *    409 listing the pupils, nothing written;
 * 3. upserts for values, deletes for emptied cells.
 * A cell whose stored value already equals the new one is no conflict (a retried save succeeds).
 * 4. the cells that change are recorded in the Riwayat Perubahan Nilai in the same transaction
 *    (`options.audit`, required, see riwayat-nilai/record.ts): one batch insert, old = stored value.
 */

export function validationError(details: Record<string, string>): AppError {
  return new AppError(422, 'VALIDATION_ERROR', MESSAGES.validation, details);
}

/** One changed cell, checked. `key` identifies the cell within the pupil (tp id, jenis…). */
export interface Cell<V> {
  index: number;
  anggotaRombelId: string;
  key: string;
  value: V;
  sebelumnya: V;
}

export const cellId = (anggotaRombelId: string, key: string) => `${anggotaRombelId}#${key}`;

/** Serialises saves of one pembelajaran (both engines; released at commit or rollback). */
export async function lockPembelajaran(tx: Db, pembelajaranId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`penilaian:${pembelajaranId}`}))`);
}

/** How a grid that is not a subject's grades names its cells and its conflict. */
export interface GridSaveWording<V> {
  /** The field of a cell in `rows.<i>.<field>` (default `nilai`). */
  field?: (cell: Cell<V>) => string;
  /** The 409's message naming the pupils (default: the grades' wording). */
  conflict?: (names: readonly string[]) => string;
}

/** What a grid records in the Riwayat Perubahan Nilai (riwayat-nilai/record.ts). */
export interface GridAudit<V> extends RiwayatTarget {
  /** A value as recorded (default: the grid's `show`). */
  value?: (v: V | undefined) => string | number | null;
}

export interface GridSaveOptions<V> extends GridSaveWording<V> {
  audit: GridAudit<V>;
}

/**
 * Opens the save transaction: lock, gate, and the conflict check against `current` (the stored
 * values keyed by cellId). Returns only the cells that actually change something, already recorded
 * in the Riwayat Perubahan Nilai.
 */
export async function beginGridSave<V>(
  tx: Db,
  actor: Actor,
  /** What is locked and gated: a pembelajaran, or any grid of one rombel under its own lock key. */
  p: Pick<PembelajaranCtx, 'pembelajaranId' | 'rombonganBelajarId'>,
  cells: readonly Cell<V>[],
  loadCurrent: () => Promise<Map<string, V>>,
  names: ReadonlyMap<string, string>,
  same: (a: V | undefined, b: V) => boolean,
  show: (v: V | undefined) => string | number | null,
  options: GridSaveOptions<V>,
): Promise<Cell<V>[]> {
  const wording = options;
  await lockPembelajaran(tx, p.pembelajaranId);
  await assertPenilaianOpen(tx, actor, p.rombonganBelajarId);
  const current = await loadCurrent();
  const details: Record<string, string> = {};
  const who = new Set<string>();
  const changing: Cell<V>[] = [];
  for (const cell of cells) {
    const now = current.get(cellId(cell.anggotaRombelId, cell.key));
    if (same(now, cell.value)) continue;
    if (!same(now, cell.sebelumnya)) {
      details[`rows.${cell.index}.${wording.field?.(cell) ?? 'nilai'}`] = ASESMEN_MESSAGES.conflictCell(
        show(now),
      );
      who.add(names.get(cell.anggotaRombelId) ?? cell.anggotaRombelId);
      continue;
    }
    changing.push(cell);
  }
  if (who.size > 0) {
    const conflict = wording.conflict ?? ASESMEN_MESSAGES.conflict;
    throw new AppError(409, 'CONFLICT', conflict([...who].sort()), details);
  }
  const recorded = options.audit.value ?? show;
  const asText = (v: V | undefined) => {
    const shown = recorded(v);
    return shown === null || shown === '' ? null : String(shown);
  };
  await recordChanges(
    tx,
    actor,
    options.audit,
    changing.map((c) => ({
      pupilId: c.anggotaRombelId,
      kunci: c.key,
      lama: asText(current.get(cellId(c.anggotaRombelId, c.key))),
      baru: asText(c.value),
    })),
  );
  return changing;
}

/** The audit target of a subject's grid. */
export const subjectOf = (p: Pick<PembelajaranCtx, 'pembelajaranId' | 'rombonganBelajarId'>) => ({
  pembelajaranId: p.pembelajaranId,
  rombonganBelajarId: p.rombonganBelajarId,
});

export const sameScore = (a: number | null | undefined, b: number | null) => (a ?? null) === b;
export const showScore = (v: number | null | undefined) => v ?? null;

/** `(a, b) in ((…), (…))` over uuid pairs, for a batch delete. */
export function uuidPairsIn(left: ReturnType<typeof sql>, pairs: readonly (readonly [string, string])[]) {
  return sql`${left} in (${sql.join(
    pairs.map(([a, b]) => sql`(${a}::uuid, ${b}::uuid)`),
    sql`, `,
  )})`;
}

/** Every sent cell holds what was loaded: nothing to save (400, so the screen says so). */
export function requireSomeChange<V>(cells: readonly Cell<V>[], same: (a: V, b: V) => boolean): void {
  if (cells.every((c) => same(c.sebelumnya, c.value))) {
    throw new AppError(400, 'NO_CHANGES', ASESMEN_MESSAGES.noChanges);
  }
}

/** Checks that every row names a pupil of the grid; adds `rows.<i>.anggota_rombel_id` errors. */
export function checkPupils(
  rows: readonly { anggota_rombel_id: string }[],
  names: ReadonlyMap<string, string>,
  details: Record<string, string>,
): void {
  rows.forEach((row, i) => {
    if (!names.has(row.anggota_rombel_id))
      details[`rows.${i}.anggota_rombel_id`] = ASESMEN_MESSAGES.pdNotInPembelajaran;
  });
}

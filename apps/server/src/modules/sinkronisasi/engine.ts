import { DELETION_SAFETY_RATIO, SYNC_MESSAGES, type SyncKindResult } from '@erapor/contract/sinkronisasi';
import { and, eq, getTableColumns, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';

/*
 * The generic apply step of one table (reference-dapodik §7.4): upsert by the Dapodik id column,
 * in memory against what the school holds, so that
 *  - a row equal to the stored one (in the columns Dapodik owns) is not written at all;
 *  - columns the school owns are written only when the row is new (`insertOnly`) or never;
 *  - a soft-deleted row that Dapodik sends again is revived;
 *  - rows of the scope that Dapodik no longer sends are soft-deleted (or handed to `remove`),
 *    unless that would remove more than the safety valve's share without confirmation.
 */

export type Row = Record<string, unknown>;

/** Key of an incoming row flagged as deleted by Dapodik itself. */
export const DELETED = '__deleted';

export interface TableSpec {
  table: PgTable;
  /** TS keys of the primary key, the Dapodik id and the school columns. */
  pk: string;
  dapodik: string;
  /** Columns Dapodik owns: compared, and updated when they differ. */
  owned: readonly string[];
  /** Columns written only on insert (the school owns them afterwards). */
  insertOnly?: readonly string[];
  /** The table has deleted_at (soft delete and revival). */
  softDelete: boolean;
}

/** What the kinds report into (a SyncKindResult being filled). */
export type Report = SyncKindResult;

const MAX_MESSAGES = 50;

export function warn(report: Report, message: string): void {
  report.warnings++;
  if (report.messages.length < MAX_MESSAGES) report.messages.push(message);
}

export function rowError(report: Report, message: string): void {
  report.errors++;
  if (report.messages.length < MAX_MESSAGES) report.messages.push(message);
}

/** Values compared as text: '5' = 5, dates as ISO, undefined = null. */
function norm(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function col(table: PgTable, key: string): PgColumn {
  const c = (getTableColumns(table) as Record<string, PgColumn>)[key];
  if (!c) throw new Error(`unknown column ${key}`);
  return c;
}

/** Stay well below PostgreSQL's 65,535 bind parameters per statement. */
const MAX_PARAMS = 20_000;
const IN_CHUNK = 5_000;

/** What happened to one incoming row. */
export type Outcome = 'inserted' | 'updated' | 'unchanged' | 'revived' | 'removed' | 'skipped';

/** A row Dapodik sent that is not stored (its message says why). */
export function skip(report: Report, message?: string): void {
  report.skipped++;
  if (message) warn(report, message);
}

export interface ApplyOptions {
  sekolahId: string;
  /** Live rows of this scope that Dapodik no longer sends are removed (omit: no reconciliation). */
  scope?: SQL;
  /** Label of the scope in the safety-valve warning. */
  scopeLabel?: string;
  confirmDeletions?: boolean;
  /** Custom removal (default: soft delete). Receives local primary keys. */
  remove?: (ids: string[]) => Promise<void>;
  /** Called after every processed row (progress). */
  tick?: () => void;
  /**
   * Given: the outcome of every incoming row goes here instead of into the report, for a kind that
   * folds more into one record (a person and their keluar mark). Removals are counted as usual.
   */
  outcomes?: Map<string, Outcome>;
  signal?: AbortSignal;
  now: Date;
}

export interface ApplyResult {
  /** Dapodik id → local primary key, for every row sent (inserted or existing). */
  ids: Map<string, string>;
  /** Local keys of rows that were soft-deleted (removed) in this apply. */
  removedIds: string[];
}

/** Upserts `rows` (TS-keyed column values incl. the Dapodik id) into `spec.table` for one school. */
export async function applyRows(
  tx: Db,
  spec: TableSpec,
  rows: readonly Row[],
  report: Report,
  options: ApplyOptions,
): Promise<ApplyResult> {
  const { table } = spec;
  const pkCol = col(table, spec.pk);
  const dapodikCol = col(table, spec.dapodik);
  const sekolahCol = col(table, 'sekolahId');
  const deletedCol = spec.softDelete ? col(table, 'deletedAt') : null;
  const compared = [...spec.owned];

  // De-duplicate the incoming rows by Dapodik id (the first wins).
  const incoming = new Map<string, Row>();
  for (const r of rows) {
    const id = r[spec.dapodik] as string;
    if (incoming.has(id)) continue;
    incoming.set(id, r);
  }

  const select: Record<string, PgColumn> = { __pk: pkCol, __dapodik: dapodikCol };
  for (const k of compared) select[k] = col(table, k);
  if (deletedCol) select.__deleted = deletedCol;
  const existing = new Map<string, Row>();
  const ids = [...incoming.keys()];
  for (let i = 0; i < ids.length; i += IN_CHUNK) {
    const found = await tx
      .select(select)
      .from(table)
      .where(and(eq(sekolahCol, options.sekolahId), inArray(dapodikCol, ids.slice(i, i + IN_CHUNK))));
    for (const f of found) existing.set(f.__dapodik as string, f);
  }

  const idMap = new Map<string, string>();
  const inserts: Row[] = [];
  const count = (id: string, outcome: Outcome) => {
    if (options.outcomes) options.outcomes.set(id, outcome);
    else report[outcome]++;
  };
  for (const [id, r] of incoming) {
    if (options.signal?.aborted) throw new Error('cancelled');
    const old = existing.get(id);
    // Dapodik may send a row flagged as deleted (rombel soft_delete = 1): kept, but hidden.
    const flaggedDeleted = r[DELETED] === true && deletedCol !== null;
    if (!old) {
      const values: Row = { [spec.pk]: id, sekolahId: options.sekolahId };
      for (const [k, v] of Object.entries(r)) if (k !== DELETED) values[k] = v;
      if (flaggedDeleted) values.deletedAt = options.now;
      inserts.push(values);
      idMap.set(id, id);
      continue;
    }
    idMap.set(id, old.__pk as string);
    const changed = compared.filter((k) => k in r && norm(r[k]) !== norm(old[k]));
    const wasDeleted = deletedCol !== null && old.__deleted !== null;
    const revive = wasDeleted && !flaggedDeleted;
    const hide = !wasDeleted && flaggedDeleted;
    if (!changed.length && !revive && !hide) {
      count(id, 'unchanged');
      options.tick?.();
      continue;
    }
    const set: Row = { updatedAt: options.now };
    for (const k of changed) set[k] = r[k];
    if (revive) set.deletedAt = null;
    if (hide) set.deletedAt = options.now;
    await tx
      .update(table)
      .set(set)
      .where(eq(pkCol, old.__pk as string));
    count(id, revive ? 'revived' : hide ? 'removed' : 'updated');
    options.tick?.();
  }

  if (inserts.length) await insertRows(tx, table, inserts, report, options, idMap, spec.dapodik, count);

  // Reconciliation: live rows of the scope that did not come.
  let removedIds: string[] = [];
  if (options.scope) {
    const live = await tx
      .select({ pk: pkCol, dapodik: dapodikCol })
      .from(table)
      .where(
        and(
          eq(sekolahCol, options.sekolahId),
          isNotNull(dapodikCol),
          deletedCol ? isNull(deletedCol) : undefined,
          options.scope,
        ),
      );
    const gone = live.filter((l) => !incoming.has(l.dapodik as string)).map((l) => l.pk as string);
    if (gone.length) {
      const share = gone.length / live.length;
      // Removing one row is never a mass deletion; more than the share of the scope needs a yes.
      if (gone.length > 1 && share > DELETION_SAFETY_RATIO && !options.confirmDeletions) {
        warn(report, SYNC_MESSAGES.safetyValve(options.scopeLabel ?? report.label, gone.length, live.length));
        report.held += gone.length;
      } else {
        if (options.remove) await options.remove(gone);
        else if (deletedCol) {
          for (let i = 0; i < gone.length; i += IN_CHUNK) {
            await tx
              .update(table)
              .set({ deletedAt: options.now, updatedAt: options.now } as Row)
              .where(inArray(pkCol, gone.slice(i, i + IN_CHUNK)));
          }
        }
        report.removed += gone.length;
        removedIds = gone;
      }
    }
  }
  return { ids: idMap, removedIds };
}

/** Batched multi-row INSERTs; a batch the database refuses is retried row by row in savepoints. */
async function insertRows(
  tx: Db,
  table: PgTable,
  rows: Row[],
  report: Report,
  options: ApplyOptions,
  idMap: Map<string, string>,
  dapodikKey: string,
  count: (id: string, outcome: Outcome) => void,
): Promise<void> {
  const columns = Math.max(1, Object.keys(rows[0] ?? {}).length);
  const size = Math.max(1, Math.floor(MAX_PARAMS / columns));
  for (let i = 0; i < rows.length; i += size) {
    if (options.signal?.aborted) throw new Error('cancelled');
    const batch = rows.slice(i, i + size);
    try {
      await tx.transaction(async (sp) => {
        await sp.insert(table).values(batch as never);
      });
      for (const r of batch) {
        count(r[dapodikKey] as string, 'inserted');
        options.tick?.();
      }
    } catch {
      for (const r of batch) {
        try {
          await tx.transaction(async (sp) => {
            await sp.insert(table).values(r as never);
          });
          count(r[dapodikKey] as string, 'inserted');
        } catch (err) {
          idMap.delete(r[dapodikKey] as string);
          count(r[dapodikKey] as string, 'skipped');
          const detail = err instanceof Error ? (err.message.split('\n')[0] ?? '') : '';
          rowError(report, `Baris ${String(r[dapodikKey])} tidak dapat disimpan: ${detail.slice(0, 200)}`);
        }
        options.tick?.();
      }
    }
  }
}

/** Local primary keys by Dapodik id of a whole table of the school (live rows only when asked). */
export async function idsOf(
  tx: Db,
  table: PgTable,
  pk: string,
  dapodik: string,
  sekolahId: string,
  options: { liveOnly?: boolean; where?: SQL } = {},
): Promise<Map<string, string>> {
  const pkCol = col(table, pk);
  const dapodikCol = col(table, dapodik);
  const rows = await tx
    .select({ pk: pkCol, dapodik: dapodikCol })
    .from(table)
    .where(
      and(
        eq(col(table, 'sekolahId'), sekolahId),
        isNotNull(dapodikCol),
        options.liveOnly ? isNull(col(table, 'deletedAt')) : undefined,
        options.where,
      ),
    );
  return new Map(rows.map((r) => [r.dapodik as string, r.pk as string]));
}

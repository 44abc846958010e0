import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { prepareRow, tableSpec } from './coerce';
import type { SourceRow } from './readers';

/** Rows per INSERT: one JSON parameter each, so the size is bounded by memory, not parameter counts. */
export const BATCH_SIZE = 1000;

export interface BadRow {
  file: string;
  /** 1-based: array position for JSON, worksheet row for Excel. */
  row: number;
  sheet?: string;
  message: string;
}

export interface TableCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  bad: number;
  /** Valid rows this installation deliberately does not load (e.g. semesters before 2020/2021). */
  skipped: number;
}

export const emptyCounts = (): TableCounts => ({ inserted: 0, updated: 0, unchanged: 0, bad: 0, skipped: 0 });

export function addCounts(into: TableCounts, c: TableCounts): void {
  into.inserted += c.inserted;
  into.updated += c.updated;
  into.unchanged += c.unchanged;
  into.bad += c.bad;
  into.skipped += c.skipped;
}

/** A row ready for a table, with where it came from (for the bad-row report). */
export interface PendingRow {
  row: SourceRow;
  file: string;
  rowNumber: number;
  sheet?: string;
}

type Spec = ReturnType<typeof tableSpec>;
const specs = new WeakMap<PgTable, Spec>();

export function specFor(table: PgTable): Spec {
  let s = specs.get(table);
  if (!s) {
    s = tableSpec(table);
    if (s.key.length === 0) throw new Error(`${s.name}: reference table without a primary key`);
    specs.set(table, s);
  }
  return s;
}

const ident = (name: string) => sql.identifier(name);

/**
 * INSERT ... SELECT FROM json_populate_recordset ... ON CONFLICT (key) DO UPDATE ... WHERE the stored
 * row IS DISTINCT FROM the incoming one: rows that did not change are not touched at all (no new
 * tuple, no updated count), which makes a re-import a no-op that reports itself as such.
 * `xmax = 0` on the returned tuple tells an insert from an update.
 */
function upsertStatement(
  table: PgTable,
  spec: Spec,
  columns: string[],
  rows: SourceRow[],
  updateOnly?: readonly string[],
): SQL {
  const list = sql.join(columns.map(ident), sql`, `);
  const nonKey = columns.filter((c) => !spec.key.includes(c) && (!updateOnly || updateOnly.includes(c)));
  const head = sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${JSON.stringify(rows)}::json) on conflict (${sql.join(spec.key.map(ident), sql`, `)})`;
  if (nonKey.length === 0) return sql`${head} do nothing returning (xmax = 0) as inserted`;
  // A table's own updated_at (not a column of the file) records when the import changed the row.
  const touch = spec.columns.get('updated_at')?.kind === 'timestamp' && !columns.includes('updated_at');
  const set = sql.join(
    [
      ...nonKey.map((c) => sql`${ident(c)} = excluded.${ident(c)}`),
      ...(touch ? [sql`${ident('updated_at')} = now()`] : []),
    ],
    sql`, `,
  );
  const stored = sql.join(
    nonKey.map((c) => sql`${table}.${ident(c)}`),
    sql`, `,
  );
  const incoming = sql.join(
    nonKey.map((c) => sql`excluded.${ident(c)}`),
    sql`, `,
  );
  return sql`${head} do update set ${set} where (${stored}, null::int) is distinct from (${incoming}, null::int) returning (xmax = 0) as inserted`;
}

async function execute(db: Db, target: UpsertTarget, spec: Spec, rows: SourceRow[]) {
  const columns = [...spec.columns.keys()].filter((c) => rows.some((r) => c in r));
  const statement = upsertStatement(target.table, spec, columns, rows, target.updateOnly);
  const result = (await db.execute(statement)) as unknown as {
    rows: { inserted: boolean }[];
  };
  let inserted = 0;
  for (const r of result.rows) if (r.inserted) inserted++;
  return { inserted, updated: result.rows.length - inserted, unchanged: rows.length - result.rows.length };
}

function dbMessage(err: unknown): string {
  const e = err as { message?: string; detail?: string; cause?: { message?: string; detail?: string } };
  const m = e.cause?.message ?? e.message ?? String(err);
  const d = e.cause?.detail ?? e.detail;
  return `ditolak database: ${m.replace(/^Failed query:[\s\S]*?params:.*\n?/, '').trim()}${d ? ` (${d})` : ''}`;
}

export interface UpsertTarget {
  table: PgTable;
  /** On conflict, only these columns are compared and updated. */
  updateOnly?: readonly string[];
  /** Fills the key of validated rows that have none in the file (called once per batch). */
  assignKeys?: (rows: SourceRow[]) => Promise<void>;
}

/**
 * Validates and upserts one batch inside the caller's transaction. A batch the database rejects
 * (a constraint the checks here cannot see) is retried row by row, each in its own savepoint, so
 * only the offending rows are reported bad and the rest still load.
 */
export async function upsertBatch(
  db: Db,
  target: UpsertTarget,
  batch: PendingRow[],
  bad: (b: BadRow) => void,
): Promise<TableCounts> {
  const spec = specFor(target.table);
  const counts = emptyCounts();
  const valid: PendingRow[] = [];
  for (const p of batch) {
    const prepared = prepareRow(spec, p.row, { keyAssignedLater: Boolean(target.assignKeys) });
    if (!prepared.ok) {
      counts.bad++;
      bad({ file: p.file, row: p.rowNumber, sheet: p.sheet, message: prepared.message });
      continue;
    }
    valid.push({ ...p, row: prepared.row });
  }
  if (target.assignKeys) await target.assignKeys(valid.map((v) => v.row));
  const byKey = new Map<string, PendingRow>();
  for (const p of valid) {
    const key = JSON.stringify(spec.key.map((k) => p.row[k]));
    const earlier = byKey.get(key);
    if (earlier) {
      // The same key twice in one batch: the later row wins (as a second file would).
      counts.bad++;
      bad({
        file: earlier.file,
        row: earlier.rowNumber,
        sheet: earlier.sheet,
        message: `kunci sama dengan baris ${p.rowNumber}; baris yang terakhir dipakai`,
      });
    }
    byKey.set(key, p);
  }
  const good = [...byKey.values()];
  if (good.length === 0) return counts;
  try {
    const rows = good.map((g) => g.row);
    const r = await db.transaction((sp) => execute(sp as Db, target, spec, rows));
    counts.inserted += r.inserted;
    counts.updated += r.updated;
    counts.unchanged += r.unchanged;
  } catch {
    for (const g of good) {
      try {
        const r = await db.transaction((sp) => execute(sp as Db, target, spec, [g.row]));
        counts.inserted += r.inserted;
        counts.updated += r.updated;
        counts.unchanged += r.unchanged;
      } catch (err) {
        counts.bad++;
        bad({ file: g.file, row: g.rowNumber, sheet: g.sheet, message: dbMessage(err) });
      }
    }
  }
  return counts;
}

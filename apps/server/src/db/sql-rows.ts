import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Rows of a raw SQL statement; both drivers (node-postgres, PGlite) answer with `{ rows }`. */
export async function sqlRows<T extends Record<string, unknown>>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * What a raw SQL column holds, as the typed read (`sqlRowsOf`) checks and converts it. `?`: may be
 * null. `int` and `number` also take the text that PostgreSQL gives for bigint and numeric (count(*)).
 */
export type ColumnKind = 'text' | 'text?' | 'int' | 'int?' | 'number' | 'number?' | 'bool' | 'bool?';

type ValueOf<K extends ColumnKind> = K extends 'text'
  ? string
  : K extends 'text?'
    ? string | null
    : K extends 'int' | 'number'
      ? number
      : K extends 'int?' | 'number?'
        ? number | null
        : K extends 'bool'
          ? boolean
          : boolean | null;

/** A row read by `sqlRowsOf`: one typed field per column named. */
export type RowOf<C extends Record<string, ColumnKind>> = { [K in keyof C]: ValueOf<C[K]> };

/** A raw SQL row that does not hold what its read said: a fault of the statement, never of the data. */
export class RowShapeError extends Error {}

function convert(column: string, kind: ColumnKind, value: unknown): unknown {
  if (value === undefined) throw new RowShapeError(`sqlRowsOf: the statement gives no column "${column}"`);
  if (value === null) {
    if (kind.endsWith('?')) return null;
    throw new RowShapeError(`sqlRowsOf: column "${column}" is null, read as ${kind}`);
  }
  switch (kind) {
    case 'text':
    case 'text?':
      return typeof value === 'string' ? value : String(value);
    case 'int':
    case 'int?':
    case 'number':
    case 'number?': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' || typeof value === 'bigint'
            ? Number(value)
            : NaN;
      if (!Number.isFinite(n) || (kind.startsWith('int') && !Number.isInteger(n)))
        throw new RowShapeError(`sqlRowsOf: column "${column}" holds ${String(value)}, read as ${kind}`);
      return n;
    }
    default:
      if (typeof value !== 'boolean')
        throw new RowShapeError(`sqlRowsOf: column "${column}" holds ${String(value)}, read as ${kind}`);
      return value;
  }
}

/**
 * The typed read of a raw SQL statement: the columns it gives, named with what each holds, come back
 * checked and converted (text, whole or other numbers, booleans; `?` where null may come), instead of
 * rows of `Record<string, unknown>` that each caller turns into values by hand. Other columns are
 * left out of the row.
 */
export async function sqlRowsOf<const C extends Record<string, ColumnKind>>(
  db: Db,
  columns: C,
  statement: SQL,
): Promise<RowOf<C>[]> {
  const rows = await sqlRows<Record<string, unknown>>(db, statement);
  const entries = Object.entries(columns);
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [column, kind] of entries) out[column] = convert(column, kind, row[column]);
    return out as RowOf<C>;
  });
}

/** A raw SQL value as text, or null where the column is null. */
export const textOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** A date column as "YYYY-MM-DD" (node-postgres gives local-midnight Dates, PGlite strings). */
export const isoDate = (v: unknown): string =>
  v instanceof Date
    ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`
    : String(v).slice(0, 10);

import type { PGlite, Transaction } from '@electric-sql/pglite';
import { sql as dsql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './client';

/**
 * One plain SQL statement on whatever is behind a backup or a restore: a PostgreSQL connection
 * inside its transaction, a PGlite transaction, or a second PGlite opened on a snapshot. The
 * backup works on the catalog and on `to_jsonb` rows, never on Drizzle's typed tables, so both
 * engines go through this one shape.
 */
export type Sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export function pgliteSql(pg: PGlite | Transaction): Sql {
  return async <T>(text: string, params?: unknown[]) => (await pg.query<T>(text, params)).rows;
}

export function clientSql(client: pg.PoolClient): Sql {
  return async <T>(text: string, params?: unknown[]) =>
    (await client.query(text, params as unknown[])).rows as T[];
}

/** Over a Drizzle transaction (the app's own writes that reuse these statements: riwayat-nilai/cells.ts). */
export function drizzleSql(tx: Db): Sql {
  return async <R>(text: string, params: unknown[] = []) => {
    const parts = text.split(/\$(\d+)/);
    const chunks = parts.map((part, i) => (i % 2 === 0 ? dsql.raw(part) : dsql`${params[Number(part) - 1]}`));
    const res = (await tx.execute(dsql.join(chunks, dsql.raw('')))) as unknown as { rows: R[] };
    return res.rows;
  };
}

/** `"name"` — identifiers come from the catalog, quoted anyway. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

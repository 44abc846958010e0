import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** A Drizzle database or transaction, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgresql';

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Db;
  /** Set for the embedded engine. */
  pglite?: PGlite;
  /** The embedded engine's files on disk (`DATA_DIR/pgdata`); unset in memory. A backup copies them online. */
  pgdataDir?: string;
  /** Set for PostgreSQL. */
  pool?: pg.Pool;
  /** Runs one plain SQL statement (start-up checks, test helpers). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** An embedded database in `dataDir`, or in memory when `dataDir` is undefined (tests). */
export async function openPglite(dataDir?: string, existing?: PGlite): Promise<DatabaseHandle> {
  if (!existing && dataDir && existsSync(join(dataDir, 'pgdata', 'PG_VERSION'))) {
    throw new Error(
      `${dataDir} is a DATA_DIR, not a PGlite directory: open it with openEmbeddedDatabase({ dataDir }) ` +
        '(src/db/embedded.ts), which also takes the lock; the PGlite files are in DATA_DIR/pgdata.',
    );
  }
  const client = existing ?? (await PGlite.create(dataDir ?? 'memory://'));
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async query<T>(text: string, params?: unknown[]) {
      const r = await client.query<T>(text, params);
      return r.rows;
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

export async function openPostgres(url: string, onError?: (err: Error) => void): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  pool.on('error', (err) => onError?.(err));
  // Fail early with a clear message when the server does not answer.
  const c = await pool.connect();
  c.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgresql',
    db,
    pool,
    async query<T>(text: string, params?: unknown[]) {
      const r = await pool.query(text, params as unknown[]);
      return r.rows as T[];
    },
    async close() {
      await pool.end();
    },
  };
}

import { join } from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { SERVER_ROOT } from '../paths';
import type { DatabaseHandle } from './client';

export const MIGRATIONS_FOLDER = join(SERVER_ROOT, 'drizzle');
/** Arbitrary constant: serialises migrations of several server processes on one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_310_2026;

/** Applies the SQL migrations in `apps/server/drizzle/` that the database has not seen yet. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase<Record<string, never>>, {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
    return;
  }
  if (!handle.pool) throw new Error('PostgreSQL handle without pool');
  // One dedicated connection holds a session advisory lock for the whole migration.
  const client: pg.PoolClient = await handle.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

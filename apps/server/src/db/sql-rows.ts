import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Rows of a raw SQL statement; both drivers (node-postgres, PGlite) answer with `{ rows }`. */
export async function sqlRows<T extends Record<string, unknown>>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

import type { DatabaseHandle } from './client';

/**
 * Planner statistics for the embedded database. PGlite runs PostgreSQL in single-user mode: there
 * is no autovacuum, so no table is ever analysed on its own and every plan is made on "1 row"
 * guesses — Monitoring › Nilai Akademik joined every class to every pupil before filtering (p50
 * 370 ms; 140–220 ms once analysed, decision 036). This does what autoanalyze would: tables whose
 * rows changed by more than 50 + 10 % since their last ANALYZE (PostgreSQL's default thresholds,
 * read from pg_stat_user_tables) are analysed, one statement each. PostgreSQL servers keep
 * autovacuum and are left alone.
 */

const THRESHOLD = 50;
const SCALE = 0.1;

export async function analyzeChanged(handle: DatabaseHandle): Promise<string[]> {
  if (handle.kind !== 'pglite') return [];
  // Counts of the last second may still wait in this backend: sent now, read by the next statement.
  await handle.query('select pg_stat_force_next_flush()');
  const stale = await handle.query<{ schemaname: string; relname: string }>(
    `select schemaname, relname from pg_stat_user_tables
      where n_mod_since_analyze > ${THRESHOLD} + ${SCALE} * greatest(n_live_tup, 0)
      order by schemaname, relname`,
  );
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  for (const t of stale) await handle.query(`analyze ${quote(t.schemaname)}.${quote(t.relname)}`);
  return stale.map((t) => `${t.schemaname}.${t.relname}`);
}

import type { DatabaseHandle } from './client';

/**
 * Checkpoints for the embedded database. PGlite runs PostgreSQL in single-user mode: there is no
 * checkpointer, so no checkpoint happens unless asked for (max_wal_size and checkpoint_timeout do
 * nothing) and pg_wal keeps every segment since the last one. Continuous grid saves write about
 * 7 MB of WAL a second: 1 GB in a bench run of three minutes, all of it replayed at the next start
 * after a crash. This does what the checkpointer would: a CHECKPOINT once the WAL since the last
 * one passes `walBytes` (default 64 MB), checked every minute by the app. It holds the live instance
 * for tens of milliseconds (no fsync in PGlite); the segments before it are recycled or removed.
 * PostgreSQL servers checkpoint on their own and are left alone.
 */
export const CHECKPOINT_WAL_BYTES = 64 * 1024 * 1024;

export async function checkpointIfDue(
  handle: DatabaseHandle,
  walBytes = CHECKPOINT_WAL_BYTES,
): Promise<boolean> {
  if (handle.kind !== 'pglite') return false;
  const [r] = await handle.query<{ bytes: string | number }>(
    'select pg_current_wal_lsn() - redo_lsn as bytes from pg_control_checkpoint()',
  );
  if (Number(r?.bytes ?? 0) < walBytes) return false;
  await handle.query('checkpoint');
  return true;
}

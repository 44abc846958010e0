import { SYNC_MESSAGES } from '@erapor/contract/sinkronisasi';
import { and, inArray, lt, or, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../db/client';
import { sinkronisasiRun } from '../../db/tables/sinkronisasi';

/*
 * Whether the process of a queued/running run is still alive, and closing the rows of those that
 * are not (a server restarted or crashed mid-run). Apart from run.ts because it is about processes,
 * not about syncing: start-up and the start of every run call it.
 * Rules:
 *  - a run row not touched for the deadline plus 5 minutes belongs to a process that is gone;
 *  - the embedded database has one process: at start-up every unfinished run is interrupted;
 *  - PostgreSQL: a run whose advisory lock (RunLocks) nobody holds is interrupted at once.
 */

/** Overall deadline of one run (reference-dapodik §7.3). */
export const RUN_DEADLINE_MS = 15 * 60_000;
/** A run row not touched for this long belongs to a process that is gone. */
const STALE_MS = RUN_DEADLINE_MS + 5 * 60_000;

/** Class of the advisory locks that say "the process running this run is alive" (PostgreSQL). */
const RUN_LOCK_CLASS = 73_102_028;

/**
 * PostgreSQL: the process running a run holds a session advisory lock on it — on one connection of
 * its pool, shared by all its runs — from before the row exists until the run's end is written.
 * The lock goes with the process (or its connection), so a queued/running run whose lock is free
 * belongs to a process that is gone, and any server may mark it interrupted at once.
 */
export class RunLocks {
  private lease: Promise<{ client: pg.PoolClient; gone: boolean }> | null = null;
  private count = 0;

  constructor(private readonly pool: pg.Pool) {}

  private connection() {
    if (!this.lease) {
      const pending = this.pool.connect().then((client) => {
        const lease = { client, gone: false };
        // A checked-out client needs a listener, or a dropped connection crashes the process.
        client.on('error', (err) => {
          if (lease.gone) return;
          lease.gone = true;
          if (this.lease === pending) this.lease = null;
          client.release(err);
        });
        return lease;
      });
      pending.catch(() => {
        if (this.lease === pending) this.lease = null;
      });
      this.lease = pending;
    }
    return this.lease;
  }

  async take(runId: string): Promise<void> {
    this.count++;
    try {
      const { client } = await this.connection();
      await client.query('select pg_advisory_lock($1, hashtext($2))', [RUN_LOCK_CLASS, runId]);
    } catch (err) {
      await this.release(runId);
      throw err;
    }
  }

  /** Never throws. The last release closes the connection, so no lock can outlive its run. */
  async release(runId: string): Promise<void> {
    const pending = this.lease;
    const lease = pending ? await pending.catch(() => null) : null;
    if (lease && !lease.gone)
      await lease.client
        .query('select pg_advisory_unlock($1, hashtext($2))', [RUN_LOCK_CLASS, runId])
        .catch(() => {});
    if (--this.count === 0 && pending && this.lease === pending) {
      this.lease = null;
      if (lease && !lease.gone) {
        lease.gone = true;
        lease.client.release(true);
      }
    }
  }
}

/**
 * Marks runs whose process is gone as failed ("interrupted"): runs not touched for 20 minutes;
 * with `all`, every unfinished run (the embedded database at start-up: one process); with
 * `unlocked` (PostgreSQL), every unfinished run whose `RunLocks` lock no process holds.
 */
export async function failInterruptedRuns(
  db: Db,
  now: Date,
  which: { all?: boolean; unlocked?: boolean } = {},
): Promise<number> {
  const rows = await db
    .update(sinkronisasiRun)
    .set({ status: 'failed', message: SYNC_MESSAGES.interrupted, finishedAt: now, updatedAt: now })
    .where(
      and(
        inArray(sinkronisasiRun.status, ['queued', 'running']),
        which.all
          ? undefined
          : or(
              lt(sinkronisasiRun.updatedAt, new Date(now.getTime() - STALE_MS)),
              // Taken and given back with this statement's transaction when nobody holds it.
              which.unlocked
                ? sql`pg_try_advisory_xact_lock(${RUN_LOCK_CLASS}, hashtext(${sinkronisasiRun.id}::text))`
                : undefined,
            ),
      ),
    )
    .returning({ id: sinkronisasiRun.id });
  return rows.length;
}

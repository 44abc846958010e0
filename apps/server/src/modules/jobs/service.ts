import { EventEmitter } from 'node:events';
import { JOB_MESSAGES, type Job, type JobStatus } from '@erapor/contract/jobs';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from '../../db/tables/jobs';

type JobRow = typeof jobs.$inferSelect;

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as JobStatus,
    progress: row.progress,
    total: row.total,
    message: row.message,
    result: row.result ?? null,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Live job updates inside this process (the SSE route listens). Jobs run in the process that
 * accepted them; a reader on another process sees the persisted row instead (the SSE route also
 * re-reads it periodically).
 */
const bus = new EventEmitter();
bus.setMaxListeners(0);

export function subscribeJob(id: string, listener: (job: Job) => void): () => void {
  bus.on(id, listener);
  return () => bus.off(id, listener);
}

export async function createJob(
  db: Db,
  input: { sekolahId: string | null; kind: string; createdBy?: string | null; total?: number | null },
): Promise<Job> {
  const [row] = await db
    .insert(jobs)
    .values({
      sekolahId: input.sekolahId,
      kind: input.kind,
      createdBy: input.createdBy ?? null,
      total: input.total ?? null,
    })
    .returning();
  if (!row) throw new Error('insert jobs returned nothing');
  return toJob(row);
}

/** A job of the caller's school (or an installation-wide one); null when there is none. */
export async function getJob(db: Db, id: string, sekolahId: string): Promise<Job | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  if (!row || (row.sekolahId !== null && row.sekolahId !== sekolahId)) return null;
  return toJob(row);
}

/** The queued or running job of a kind, if any (one reference import at a time). */
export async function findUnfinishedJob(db: Db, kind: string): Promise<Job | null> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), inArray(jobs.status, ['queued', 'running'])))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return row ? toJob(row) : null;
}

/**
 * Marks the jobs a previous run of this installation left queued/running as failed: their process
 * is gone. Only for the embedded database, which exactly one process holds (the data directory
 * lock); on a shared PostgreSQL another server may still be running them.
 */
export async function failInterruptedJobs(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'failed',
      message: JOB_MESSAGES.interrupted,
      finishedAt: now,
      updatedAt: now,
    })
    .where(inArray(jobs.status, ['queued', 'running']))
    .returning({ id: jobs.id });
  return rows.length;
}

async function write(
  db: Db,
  id: string,
  patch: Partial<typeof jobs.$inferInsert>,
  onlyUnfinished = false,
): Promise<Job | null> {
  const [row] = await db
    .update(jobs)
    .set({ ...patch, updatedAt: new Date() })
    .where(
      onlyUnfinished ? and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])) : eq(jobs.id, id),
    )
    .returning();
  if (!row) return null;
  const job = toJob(row);
  bus.emit(id, job);
  return job;
}

/** Reports progress; the row is written at most every `intervalMs` (and always at the end). */
export type JobProgress = (progress: number, total: number | null, message: string | null) => void;

/**
 * Runs `work` in the background for a created job: status running → done (with its result) or
 * failed (with the error's message). Progress reaches listeners at once and the row every
 * `intervalMs`, so a job of thousands of steps does not turn into thousands of writes.
 * Resolves when the job has ended (callers normally do not await it).
 */
export async function runJob<R>(
  db: Db,
  jobId: string,
  work: (progress: JobProgress) => Promise<{ result: R; message: string }>,
  options: { intervalMs?: number; now?: () => Date; onError?: (err: unknown) => void } = {},
): Promise<void> {
  const now = options.now ?? (() => new Date());
  const interval = options.intervalMs ?? 500;
  let lastWrite = 0;
  let pending: Promise<unknown> = Promise.resolve();
  let current: Job | null = await write(db, jobId, { status: 'running', startedAt: now() }, true);
  const progress: JobProgress = (p, total, message) => {
    if (current) {
      current = { ...current, progress: p, total, message };
      bus.emit(jobId, current);
    }
    const t = Date.now();
    if (t - lastWrite < interval) return;
    lastWrite = t;
    pending = pending.then(() =>
      db
        .update(jobs)
        .set({ progress: p, total, message, updatedAt: new Date() })
        .where(and(eq(jobs.id, jobId), eq(jobs.status, 'running')))
        .catch(() => {}),
    );
  };
  try {
    const { result, message } = await work(progress);
    await pending;
    // A job cancelled meanwhile stays cancelled (the guarded write changes nothing).
    await write(
      db,
      jobId,
      {
        status: 'done',
        progress: current?.total ?? current?.progress ?? 0,
        message,
        result: result as unknown,
        finishedAt: now(),
      },
      true,
    );
  } catch (err) {
    options.onError?.(err);
    await pending;
    await write(
      db,
      jobId,
      { status: 'failed', message: err instanceof Error ? err.message : String(err), finishedAt: now() },
      true,
    ).catch(() => {});
  }
}

/**
 * Cancels a queued or running job: its row becomes `cancelled` at once (listeners hear it) and
 * `runJob` will not overwrite it when the work ends. Stopping the work itself is the caller's
 * (an AbortSignal, a worker to terminate). Null when the job had already ended.
 */
export async function cancelJob(
  db: Db,
  id: string,
  message: string,
  now: Date = new Date(),
): Promise<Job | null> {
  return write(db, id, { status: 'cancelled', message, finishedAt: now }, true);
}

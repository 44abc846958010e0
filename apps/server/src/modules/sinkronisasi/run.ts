import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@erapor/contract/errors';
import {
  emptySyncKindResult,
  orderKinds,
  type StartSync,
  SYNC_KIND_LABELS,
  SYNC_KIND_PARENTS,
  SYNC_KINDS,
  SYNC_MESSAGES,
  type SyncKind,
  type SyncRun,
} from '@erapor/contract/sinkronisasi';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { sinkronisasiRun } from '../../db/tables/sinkronisasi';
import { AppError } from '../../lib/errors';
import { DapodikError } from './client';
import { type Connection, connectionOf, statusOf, syncClient, wsSource } from './dapodik-connection';
import { KIND_HANDLERS } from './kinds';
import { controllerOf, emitRun, forgetRun, freshestRun, type RunRow, registerRun, toRun } from './live-runs';
import { failInterruptedRuns, RUN_DEADLINE_MS, type RunLocks } from './run-liveness';
import type { PullSource } from './sources/source';
import { WEBSERVICE_KINDS, WEBSERVICE_MESSAGES, WEBSERVICE_NOTES } from './sources/webservice';

/*
 * The sync job (reference-dapodik §7; decision 016): a run per school and semester, started in the
 * background, pulling the chosen kinds in their order and handing each to its kind handler
 * (kinds/), with progress, cancellation and the end written to its row. What the screen shows
 * before a run is overview.ts; whether a run's process is alive is run-liveness.ts.
 * Rules:
 *  - one run at a time per school and semester (the unique index → 409);
 *  - Dapodik must serve the semester of the login, else the run stops before the first kind;
 *  - a kind runs in one transaction: when it fails its counts are zeroed (nothing was written) and
 *    the kinds that need it (SYNC_KIND_PARENTS) are skipped;
 *  - a fatal Dapodik answer (refused credentials, service window…) fails the kind in hand with the
 *    reason and skips every kind after it;
 *  - kinds the Web Service does not offer are reported as skipped, not failed;
 *  - cancellation and the 15-minute deadline stop after the current page; the kind rolls back.
 */

/** Progress is announced at least every this many rows (and at every page). */
export const PROGRESS_EVERY_ROWS = 200;

export async function getRun(db: Db, actor: Actor, id: string): Promise<SyncRun | null> {
  const [row] = await db
    .select()
    .from(sinkronisasiRun)
    .where(and(eq(sinkronisasiRun.id, id), eq(sinkronisasiRun.sekolahId, actor.sekolahId)))
    .limit(1);
  if (!row) return null;
  // The in-memory report is fresher while the run goes; its end counts once it is in the row.
  return freshestRun(row);
}

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

export interface StartedRun {
  run: SyncRun;
  done: Promise<void>;
}

/**
 * Creates the run (409 when one of this school and semester is still going) and starts it in the
 * background. The caller gets the run at once; `done` settles when it has ended.
 */
export async function startRun(
  db: Db,
  actor: Actor,
  input: StartSync,
  options: {
    encryptionKey: Buffer;
    now: () => Date;
    onError?: (err: unknown) => void;
    /** PostgreSQL: the liveness locks of this process (see RunLocks). */
    locks?: RunLocks | null;
  },
): Promise<StartedRun> {
  const conn = await connectionOf(db, actor, options.encryptionKey);
  if (!conn) throw new AppError(422, ERROR_CODES.VALIDATION, SYNC_MESSAGES.notConfigured);
  const kinds = orderKinds(input.kinds ?? SYNC_KINDS);
  const locks = options.locks ?? null;
  const id = randomUUID();
  // Held before the row exists, so no other server ever sees this run without its lock.
  await locks?.take(id);
  const unlock = async () => locks?.release(id);
  let row: RunRow | undefined;
  try {
    await failInterruptedRuns(db, options.now(), { unlocked: locks !== null });
    [row] = await db
      .insert(sinkronisasiRun)
      .values({
        id,
        sekolahId: actor.sekolahId,
        semesterId: actor.semesterId,
        report: kinds.map(emptySyncKindResult),
        createdBy: actor.userId,
        message: SYNC_MESSAGES.started,
      })
      .returning();
  } catch (err) {
    await unlock();
    if (isUniqueViolation(err)) throw new AppError(409, ERROR_CODES.CONFLICT, SYNC_MESSAGES.alreadyRunning);
    throw err;
  }
  if (!row) {
    await unlock();
    throw new Error('insert sinkronisasi_run returned nothing');
  }
  const run = toRun(row);
  const controller = new AbortController();
  registerRun(run, controller);
  // The lock goes only once the run's end is written (execute's last step).
  const done = execute(db, actor, conn, run, input.confirm_deletions === true, controller, options).finally(
    async () => {
      forgetRun(run.id);
      await unlock();
    },
  );
  return { run, done };
}

/** Asks a run of this process to stop (after the current page; the current kind rolls back). */
export async function cancelRun(db: Db, actor: Actor, id: string): Promise<SyncRun | null> {
  const run = await getRun(db, actor, id);
  if (!run) return null;
  if (run.status !== 'queued' && run.status !== 'running')
    throw new AppError(409, ERROR_CODES.CONFLICT, SYNC_MESSAGES.notRunning);
  const controller = controllerOf(id);
  if (controller) controller.abort();
  else {
    // Run of a process that is gone (or another server): nothing to stop, close the row.
    const now = new Date();
    await db
      .update(sinkronisasiRun)
      .set({ status: 'cancelled', message: SYNC_MESSAGES.cancelled, finishedAt: now, updatedAt: now })
      .where(eq(sinkronisasiRun.id, id));
  }
  return run;
}

async function persist(db: Db, run: SyncRun, patch: Partial<typeof sinkronisasiRun.$inferInsert> = {}) {
  await db
    .update(sinkronisasiRun)
    .set({ status: run.status, report: run.kinds, message: run.message, updatedAt: new Date(), ...patch })
    .where(eq(sinkronisasiRun.id, run.id));
}

async function execute(
  db: Db,
  actor: Actor,
  conn: Connection,
  run: SyncRun,
  confirmDeletions: boolean,
  controller: AbortController,
  options: { now: () => Date; onError?: (err: unknown) => void },
): Promise<void> {
  const emit = () => emitRun(run);
  const deadline = setTimeout(() => controller.abort(new Error('deadline')), RUN_DEADLINE_MS);
  deadline.unref();
  const signal = controller.signal;
  const failedKinds = new Set<SyncKind>();
  const shared = {};
  let fatal: string | null = null;
  /** The kind that carries the reason of a stopped run has been marked. */
  let fatalShown = false;
  let webService = conn.source === 'webservice';
  /** Kinds the source does not offer: reported, not failed. */
  let unavailable = 0;
  const wsCache = new Map();
  try {
    run.status = 'running';
    run.started_at = options.now().toISOString();
    await persist(db, run, { startedAt: options.now() });
    emit();

    // The semester Dapodik serves must be the one of the login.
    try {
      const status = await statusOf(conn, actor.semesterId, { signal, cache: wsCache }, true);
      webService = status.webService;
      if (status.semesterId && status.semesterId !== actor.semesterId)
        fatal = SYNC_MESSAGES.semesterMismatch(status.semesterId, actor.semesterId);
    } catch (err) {
      fatal = err instanceof DapodikError ? err.message : SYNC_MESSAGES.unexpected;
      if (err instanceof DapodikError && err.kind === 'cancelled') fatal = null;
    }

    for (const result of run.kinds) {
      if (signal.aborted) {
        result.status = 'cancelled';
        continue;
      }
      // One rule for a run stopped by Dapodik (refused credentials, service window, school not
      // found, another semester…), whether it said so before the first kind or in the middle of one:
      // the kind in hand failed with the reason, every kind after it is skipped.
      if (fatal) {
        if (!fatalShown) {
          fatalShown = true;
          result.status = 'failed';
          result.error = fatal;
          failedKinds.add(result.kind);
        } else {
          result.status = 'skipped';
          result.error = SYNC_MESSAGES.skippedAfterFatal;
        }
        continue;
      }
      const parent = SYNC_KIND_PARENTS[result.kind].find((p) => failedKinds.has(p));
      if (parent) {
        result.status = 'skipped';
        result.error = SYNC_MESSAGES.skippedParent(SYNC_KIND_LABELS[parent]);
        failedKinds.add(result.kind);
        continue;
      }
      if (webService && !WEBSERVICE_KINDS.has(result.kind)) {
        result.status = 'skipped';
        result.error = WEBSERVICE_MESSAGES.unavailable(result.kind);
        unavailable++;
        continue;
      }
      result.status = 'running';
      result.phase = 'fetch';
      run.message = SYNC_MESSAGES.progress(result.label);
      emit();
      let lastAnnounced = 0;
      const onPage = (fetched: number, total: number | null) => {
        result.fetched = fetched;
        result.total = total;
        emit();
      };
      const kindClient: PullSource = webService
        ? wsSource(conn, actor.semesterId, { signal, onPage, cache: wsCache })
        : syncClient(conn, { signal, onPage });
      const note = webService ? WEBSERVICE_NOTES[result.kind] : undefined;
      if (note) result.messages.push(note);
      try {
        await KIND_HANDLERS[result.kind]({
          db,
          client: kindClient,
          sekolahId: actor.sekolahId,
          semesterId: actor.semesterId,
          report: result,
          confirmDeletions,
          now: options.now(),
          signal,
          tick: () => {
            result.processed++;
            if (result.processed - lastAnnounced >= PROGRESS_EVERY_ROWS) {
              lastAnnounced = result.processed;
              emit();
            }
            if (signal.aborted) throw new Error('cancelled');
          },
          shared,
          applying: () => {
            result.phase = 'apply';
            emit();
          },
        });
        result.status = 'done';
        result.phase = 'done';
      } catch (err) {
        // The kind's transaction is rolled back: its counts describe nothing that was written.
        for (const key of [
          'inserted',
          'updated',
          'unchanged',
          'revived',
          'removed',
          'skipped',
          'held',
        ] as const)
          result[key] = 0;
        failedKinds.add(result.kind);
        if (signal.aborted) {
          result.status = 'cancelled';
          result.error =
            signal.reason instanceof Error && signal.reason.message === 'deadline'
              ? SYNC_MESSAGES.deadline
              : SYNC_MESSAGES.cancelled;
        } else if (err instanceof DapodikError) {
          result.status = 'failed';
          result.error = err.message;
          if (err.fatal) {
            fatal = err.message;
            fatalShown = true;
          }
        } else {
          options.onError?.(err);
          result.status = 'failed';
          result.error = SYNC_MESSAGES.unexpected;
        }
      }
      await persist(db, run);
      emit();
    }

    const ok = run.kinds.filter((k) => k.status === 'done').length;
    const changed = run.kinds.some((k) => k.inserted + k.updated + k.revived + k.removed > 0);
    if (signal.aborted) {
      run.status = 'cancelled';
      run.message =
        signal.reason instanceof Error && signal.reason.message === 'deadline'
          ? SYNC_MESSAGES.deadline
          : SYNC_MESSAGES.cancelled;
    } else if (ok + unavailable === run.kinds.length) {
      run.status = 'done';
      run.message = changed ? SYNC_MESSAGES.doneAll(ok) : SYNC_MESSAGES.doneNoChanges;
    } else {
      run.status = 'failed';
      run.message = fatal && ok === 0 ? fatal : SYNC_MESSAGES.donePartial(ok, run.kinds.length - ok);
    }
  } catch (err) {
    options.onError?.(err);
    run.status = 'failed';
    run.message = SYNC_MESSAGES.unexpected;
  } finally {
    clearTimeout(deadline);
    run.finished_at = options.now().toISOString();
    await persist(db, run, { finishedAt: options.now() }).catch((err) => options.onError?.(err));
    emit();
  }
}

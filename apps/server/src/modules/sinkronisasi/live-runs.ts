import { EventEmitter } from 'node:events';
import {
  emptySyncKindResult,
  isRunFinished,
  type SyncKindResult,
  type SyncRun,
  type SyncRunStatus,
} from '@erapor/contract/sinkronisasi';
import type { sinkronisasiRun } from '../../db/tables/sinkronisasi';

/*
 * The runs of this process, in memory: their controllers (cancellation) and their freshest report,
 * and the events that carry each change to the SSE streams. The overview and the run both read it
 * (the overview shows the last run as this process knows it), so it lives apart from either.
 * Rules:
 *  - while a run of this process goes, its in-memory report is fresher than its row;
 *  - once it has finished, the row is the truth (its end counts are written there).
 */

export type RunRow = typeof sinkronisasiRun.$inferSelect;

const bus = new EventEmitter();
bus.setMaxListeners(0);

export function subscribeRun(id: string, listener: (run: SyncRun) => void): () => void {
  bus.on(id, listener);
  return () => bus.off(id, listener);
}

/** Runs of this process: cancellation and the freshest report. */
const live = new Map<string, { controller: AbortController; run: SyncRun }>();

export function toRun(row: RunRow): SyncRun {
  return {
    id: row.id,
    status: row.status as SyncRunStatus,
    semester_id: row.semesterId,
    // Reports written by an older version lack newer counters: fill them in.
    kinds: (row.report as SyncKindResult[]).map((k) => ({ ...emptySyncKindResult(k.kind), ...k })),
    message: row.message,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export function registerRun(run: SyncRun, controller: AbortController): void {
  live.set(run.id, { controller, run });
}

export function forgetRun(id: string): void {
  live.delete(id);
}

/** The controller of a run of this process (undefined: the run belongs to another process). */
export function controllerOf(id: string): AbortController | undefined {
  return live.get(id)?.controller;
}

/** Aborts every run of this process (server shutting down). */
export function abortAllRuns(): void {
  for (const { controller } of live.values()) controller.abort();
}

export function emitRun(run: SyncRun): void {
  bus.emit(run.id, structuredClone(run));
}

/** The run of a stored row as freshly as this process knows it. */
export function freshestRun(row: RunRow): SyncRun {
  const mine = live.get(row.id);
  return mine && !isRunFinished(mine.run.status) ? mine.run : toRun(row);
}

import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { ERROR_CODES } from '@erapor/contract/errors';
import { SUMBER_DAPODIK_SETTING, type SumberDapodik, sumberDapodik } from '@erapor/contract/sekolah';
import {
  emptySyncKindResult,
  isRunFinished,
  orderKinds,
  type StartSync,
  SYNC_KIND_LABELS,
  SYNC_KIND_PARENTS,
  SYNC_KINDS,
  SYNC_MESSAGES,
  type SyncKind,
  type SyncKindResult,
  type SyncKindRow,
  type SyncOverview,
  type SyncRun,
  type SyncRunStatus,
  syncStatusOf,
} from '@erapor/contract/sinkronisasi';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';
import { sekolah } from '../../db/tables/sekolah';
import { sinkronisasiRun } from '../../db/tables/sinkronisasi';
import { AppError } from '../../lib/errors';
import { getSettings } from '../sekolah/service';
import { getDapodikToken, SETTING_KEYS } from '../sekolah/settings';
import { DapodikError, SyncApiClient, transportDefaults, windowTimes } from './client';
import { KIND_HANDLERS } from './kinds';
import type { PullSource } from './sources/source';
import {
  WEBSERVICE_KINDS,
  WEBSERVICE_MESSAGES,
  WEBSERVICE_NOTES,
  WebServiceSource,
} from './sources/webservice';

type RunRow = typeof sinkronisasiRun.$inferSelect;

/** Overall deadline of one run (reference-dapodik §7.3). */
export const RUN_DEADLINE_MS = 15 * 60_000;
/** A run row not touched for this long belongs to a process that is gone. */
const STALE_MS = RUN_DEADLINE_MS + 5 * 60_000;
/** Progress is announced at least every this many rows (and at every page). */
export const PROGRESS_EVERY_ROWS = 200;

// --- live events (this process) ---

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

// --- settings ---

interface Connection {
  url: string;
  token: string;
  npsn: string;
  /** sumber_dapodik: /sync/v1, the Web Service, or auto (the Web Service when /sync/v1 is missing). */
  source: SumberDapodik;
}

async function connectionOf(db: Db, actor: Actor, encryptionKey: Buffer): Promise<Connection | null> {
  const settings = await getSettings(db, actor, actor.semesterId);
  const url = settings[SETTING_KEYS.urlDapodik];
  const token = await getDapodikToken(db, actor, encryptionKey);
  const [s] = await db
    .select({ npsn: sekolah.npsn })
    .from(sekolah)
    .where(eq(sekolah.sekolahId, actor.sekolahId));
  if (!url || !token || !s) return null;
  return { url, token, npsn: s.npsn, source: sumberDapodik(settings[SUMBER_DAPODIK_SETTING]) };
}

// --- the table of kinds ---

type Counts = Record<SyncKind, { erapor: number; sinkron: number }>;

/** e-Rapor's counts per kind (reference-dapodik §3 definitions): all rows, and those from Dapodik. */
export async function localCounts(db: Db, sekolahId: string, semesterId: string): Promise<Counts> {
  const rows = await sqlRows<{ kind: string; erapor: number | string; sinkron: number | string }>(
    db,
    sql`
    select 'sekolah' as kind, 1 as erapor, count(*) filter (where s.sekolah_id_dapodik is not null) as sinkron
      from sekolah s where s.sekolah_id = ${sekolahId}
    union all
    select 'ptk', count(*), count(*) filter (where g.guru_id_dapodik is not null)
      from guru g where g.sekolah_id = ${sekolahId} and g.deleted_at is null and g.jenis_ptk_id not in (97, 98)
       and not exists (select 1 from ptk_keluar k where k.guru_id = g.guru_id and k.semester_id = ${semesterId})
    union all
    select 'rombongan_belajar', count(*), count(*) filter (where r.rombongan_belajar_id_dapodik is not null)
      from rombongan_belajar r where r.sekolah_id = ${sekolahId} and r.semester_id = ${semesterId}
       and r.deleted_at is null and r.jenis_rombel in (1, 8, 9, 16)
    union all
    select 'peserta_didik_aktif', count(distinct a.peserta_didik_id),
           count(distinct a.peserta_didik_id) filter (where p.peserta_didik_id_dapodik is not null)
      from anggota_rombel a join rombongan_belajar r on r.rombongan_belajar_id = a.rombongan_belajar_id
      join peserta_didik p on p.peserta_didik_id = a.peserta_didik_id
     where a.sekolah_id = ${sekolahId} and a.semester_id = ${semesterId} and a.deleted_at is null
       and r.deleted_at is null and r.jenis_rombel = 1
       and not exists (select 1 from pd_keluar k where k.peserta_didik_id = a.peserta_didik_id)
    union all
    select 'peserta_didik_keluar', count(*), count(*) filter (where p.peserta_didik_id_dapodik is not null)
      from pd_keluar k join peserta_didik p on p.peserta_didik_id = k.peserta_didik_id
     where k.sekolah_id = ${sekolahId} and k.semester_id = ${semesterId}
    union all
    select case r.jenis_rombel when 16 then 'anggota_rombel_pilihan' else 'anggota_ekskul' end,
           count(*), count(*) filter (where a.anggota_rombel_id_dapodik is not null)
      from anggota_rombel a join rombongan_belajar r on r.rombongan_belajar_id = a.rombongan_belajar_id
     where a.sekolah_id = ${sekolahId} and a.semester_id = ${semesterId} and a.deleted_at is null
       and r.deleted_at is null and r.jenis_rombel in (16, 51)
       and not exists (select 1 from pd_keluar k where k.peserta_didik_id = a.peserta_didik_id)
     group by r.jenis_rombel
    union all
    select 'pembelajaran', count(*), count(*) filter (where b.pembelajaran_id_dapodik is not null)
      from pembelajaran b join rombongan_belajar r on r.rombongan_belajar_id = b.rombongan_belajar_id
     where b.sekolah_id = ${sekolahId} and b.semester_id = ${semesterId} and b.deleted_at is null
       and r.deleted_at is null
    union all
    select 'ekstrakurikuler', count(*), count(*) filter (where e.ekstrakurikuler_id_dapodik is not null)
      from ekstrakurikuler e where e.sekolah_id = ${sekolahId} and e.semester_id = ${semesterId}
       and e.deleted_at is null
    union all
    select 'dudi', count(*), count(*) filter (where d.dudi_id_dapodik is not null)
      from dudi d where d.sekolah_id = ${sekolahId}
  `,
  );
  const out = Object.fromEntries(SYNC_KINDS.map((k) => [k, { erapor: 0, sinkron: 0 }])) as Counts;
  for (const r of rows) {
    const kind = r.kind as SyncKind;
    if (kind in out) out[kind] = { erapor: Number(r.erapor), sinkron: Number(r.sinkron) };
  }
  return out;
}

interface DapodikStatus {
  ptk?: number;
  rombel?: { reguler?: number; pilihan?: number; ekskul?: number };
  pd_aktif?: number;
  pd_keluar?: number;
  anggota_pilihan?: number;
  pembelajaran?: number;
  ekskul?: number;
  anggota_ekskul?: number;
  dudi?: number;
  service_window?: { open?: boolean; opens_at?: string | null; closed_at?: string | null };
}

function dapodikCountsOf(s: DapodikStatus): Record<SyncKind, number | null> {
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : v == null ? null : Number(v));
  const rombel = s.rombel ? (n(s.rombel.reguler) ?? 0) + (n(s.rombel.pilihan) ?? 0) : null;
  return {
    sekolah: 1,
    ptk: n(s.ptk),
    rombongan_belajar: rombel,
    peserta_didik_aktif: n(s.pd_aktif),
    peserta_didik_keluar: n(s.pd_keluar),
    anggota_rombel_pilihan: n(s.anggota_pilihan),
    pembelajaran: n(s.pembelajaran),
    ekstrakurikuler: n(s.ekskul),
    anggota_ekskul: n(s.anggota_ekskul),
    dudi: n(s.dudi),
  };
}

function client(conn: Connection, options: Partial<ConstructorParameters<typeof SyncApiClient>[0]> = {}) {
  return new SyncApiClient({ baseUrl: conn.url, token: conn.token, npsn: conn.npsn, ...options });
}

type SourceOptions = Partial<ConstructorParameters<typeof WebServiceSource>[0]>;

function wsSource(conn: Connection, semesterId: string, options: SourceOptions = {}) {
  return new WebServiceSource({
    baseUrl: conn.url,
    token: conn.token,
    npsn: conn.npsn,
    semesterId,
    ...options,
  });
}

/** A server without the neutral API (the school's own Dapodik) answers its paths with 404. */
const noSyncApi = (conn: Connection, err: unknown) =>
  conn.source === 'auto' &&
  err instanceof DapodikError &&
  err.kind === 'server_error' &&
  err.message === SYNC_MESSAGES.serverError(404);

/**
 * Dapodik's `status` from the source the settings choose: /sync/v1, or the Web Service when the
 * school says so or when the server has no /sync/v1 (decision 016 "Two sources").
 */
async function statusOf(
  conn: Connection,
  semesterId: string,
  options: SourceOptions,
  /** The start of a run needs no counts: through the Web Service, getSekolah checks the connection. */
  checkOnly = false,
): Promise<{ data: DapodikStatus; semesterId: string | null; webService: boolean }> {
  if (conn.source !== 'webservice') {
    try {
      return { ...(await client(conn, options).document<DapodikStatus>('status')), webService: false };
    } catch (err) {
      if (!noSyncApi(conn, err)) throw err;
    }
  }
  const ws = wsSource(conn, semesterId, options);
  if (checkOnly) {
    await ws.document('sekolah');
    return { data: {}, semesterId: null, webService: true };
  }
  return { ...(await ws.document<DapodikStatus>('status')), webService: true };
}

export async function getOverview(db: Db, actor: Actor, encryptionKey: Buffer): Promise<SyncOverview> {
  const [s] = await db
    .select({ npsn: sekolah.npsn })
    .from(sekolah)
    .where(eq(sekolah.sekolahId, actor.sekolahId));
  const settings = await getSettings(db, actor, actor.semesterId);
  const conn = await connectionOf(db, actor, encryptionKey);
  let dapodik: Record<SyncKind, number | null> | null = null;
  let dapodikError: string | null = null;
  let serviceWindow: SyncOverview['service_window'] = null;
  if (!conn) dapodikError = SYNC_MESSAGES.notConfigured;
  else {
    try {
      // The page must not hang on a slow Dapodik: two short tries.
      const { data } = await statusOf(conn, actor.semesterId, {
        attempts: 2,
        timeoutMs: Math.min(5_000, transportDefaults.timeoutMs),
      });
      dapodik = dapodikCountsOf(data);
      const w = data.service_window;
      if (w && typeof w.open === 'boolean')
        serviceWindow = {
          open: w.open,
          opens_at: w.opens_at ?? null,
          message: w.open ? null : SYNC_MESSAGES.serviceWindow(windowTimes(w)),
        };
    } catch (err) {
      dapodikError = err instanceof DapodikError ? err.message : SYNC_MESSAGES.unexpected;
    }
  }
  const local = await localCounts(db, actor.sekolahId, actor.semesterId);
  const kinds: SyncKindRow[] = SYNC_KINDS.map((kind) => {
    const d = dapodik ? dapodik[kind] : null;
    return {
      kind,
      label: SYNC_KIND_LABELS[kind],
      dapodik: d,
      erapor: local[kind].erapor,
      sinkron: local[kind].sinkron,
      status: syncStatusOf(d, local[kind].sinkron),
    };
  });
  const [last] = await db
    .select()
    .from(sinkronisasiRun)
    .where(
      and(eq(sinkronisasiRun.sekolahId, actor.sekolahId), eq(sinkronisasiRun.semesterId, actor.semesterId)),
    )
    .orderBy(desc(sinkronisasiRun.createdAt))
    .limit(1);
  const mine = last ? live.get(last.id) : undefined;
  const lastRun = last ? (mine && !isRunFinished(mine.run.status) ? mine.run : toRun(last)) : null;
  return {
    semester_id: actor.semesterId,
    configured: conn !== null,
    url: settings[SETTING_KEYS.urlDapodik] ?? null,
    npsn: s?.npsn ?? '',
    dapodik_error: dapodikError,
    service_window: serviceWindow,
    kinds,
    running_run_id: last && (last.status === 'queued' || last.status === 'running') ? last.id : null,
    last_run: lastRun,
  };
}

// --- runs ---

export async function getRun(db: Db, actor: Actor, id: string): Promise<SyncRun | null> {
  const mine = live.get(id);
  const [row] = await db
    .select()
    .from(sinkronisasiRun)
    .where(and(eq(sinkronisasiRun.id, id), eq(sinkronisasiRun.sekolahId, actor.sekolahId)))
    .limit(1);
  if (!row) return null;
  // The in-memory report is fresher while the run goes; its end counts once it is in the row.
  return mine && !isRunFinished(mine.run.status) ? mine.run : toRun(row);
}

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
  live.set(run.id, { controller, run });
  // The lock goes only once the run's end is written (execute's last step).
  const done = execute(db, actor, conn, run, input.confirm_deletions === true, controller, options).finally(
    async () => {
      live.delete(run.id);
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
  const mine = live.get(id);
  if (mine) mine.controller.abort();
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

/** Aborts every run of this process (server shutting down) and waits for them. */
export function abortAllRuns(): void {
  for (const { controller } of live.values()) controller.abort();
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
  const emit = () => bus.emit(run.id, structuredClone(run));
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
        : client(conn, { signal, onPage });
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

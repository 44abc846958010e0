import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { CadanganManifest } from '@erapor/contract/cadangan';
import type { DatabaseHandle } from '../../db/client';
import { ONLINE_COPY_DIR } from '../../db/data-dir';
import { clientSql, ident, pgliteSql, type Sql } from '../../db/raw-sql';
import { ArchiveWriter } from './archive';
import { readCatalog, referenceScope, schoolScope } from './catalog';

export interface BackupProgress {
  /** Tables written so far, of `total`. */
  done: number;
  total: number;
  table: string;
}

export interface BackupOptions {
  sekolahId: string;
  appVersion: string;
  now?: Date;
  onProgress?: (p: BackupProgress) => void;
  /** Time spent holding the live embedded database (the dump), for the caller to report. */
  onHold?: (ms: number) => void;
  /** Each step of the backup as it ends (name, milliseconds, bytes where it copied files): for the bench. */
  onPhase?: (phase: string, ms: number, bytes?: number) => void;
}

const PAGE = 5000;

export async function schemaVersion(sql: Sql): Promise<{ version: number; tag: string }> {
  const [r] = await sql<{ n: number | string; hash: string | null }>(
    `select count(*) as n, (select hash from drizzle.__drizzle_migrations order by created_at desc limit 1) as hash
       from drizzle.__drizzle_migrations`,
  );
  return { version: Number(r?.n ?? 0), tag: r?.hash ?? '' };
}

/**
 * A read-only, consistent view of the whole database for the time of `fn`, without holding the
 * live database:
 * - PostgreSQL: one REPEATABLE READ READ ONLY transaction on its own connection — other requests
 *   go on as usual;
 * - embedded on disk: PGlite serves one query at a time (decision 004), so reads of a backup on the
 *   live instance would queue every request behind them, and so would `dumpDataDir` (35 s for the
 *   demo school under load). An online base backup instead, as pg_basebackup makes one:
 *   `pg_backup_start` (an immediate checkpoint, ~0.1 s), the files copied by Node while the live
 *   instance goes on serving, `pg_backup_stop`, its `backup_label` and the WAL written meanwhile
 *   added to the copy. A second PGlite opened on the copy recovers it to one consistent point
 *   (full_page_writes repairs pages copied mid-write) and serves every read;
 * - embedded in memory (tests): the dump, as there are no files to copy.
 */
export async function withReadView<T>(
  handle: DatabaseHandle,
  fn: (sql: Sql) => Promise<T>,
  onHold?: (ms: number) => void,
  onPhase?: BackupOptions['onPhase'],
): Promise<T> {
  const phase = async <R>(name: string, step: () => Promise<R>): Promise<R> => {
    const t0 = performance.now();
    const r = await step();
    onPhase?.(name, performance.now() - t0);
    return r;
  };
  if (handle.kind === 'postgresql') {
    if (!handle.pool) throw new Error('PostgreSQL handle without pool');
    const client = await handle.pool.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      try {
        return await fn(clientSql(client));
      } finally {
        await client.query('rollback');
      }
    } finally {
      client.release();
    }
  }
  if (!handle.pglite) throw new Error('PGlite handle without instance');
  if (handle.pgdataDir) {
    const dir = await onlineCopy(handle.pglite, handle.pgdataDir, onHold, onPhase);
    try {
      const copy = await phase('open the copy', () => openInWorker(dir));
      try {
        return await phase('read', () => fn(copy.sql));
      } finally {
        await phase('close the copy', () => copy.close());
      }
    } finally {
      await phase('remove the copy', () => rm(dir, { recursive: true, force: true }));
    }
  }
  const started = performance.now();
  const dump = await handle.pglite.dumpDataDir('none');
  onHold?.(performance.now() - started);
  const copy = await PGlite.create({ loadDataDir: dump });
  try {
    return await fn(pgliteSql(copy));
  } finally {
    await copy.close();
  }
}

export { ONLINE_COPY_DIR };

/**
 * Copies files in a worker thread and resolves to the bytes copied. Node's own `cp` needs a turn of
 * the event loop for every step of every file (stat, open, copy, chmod): while grid saves kept the
 * loop busy with the live PGlite, it copied the demo school's 209 MB in 106 s, and the WAL written
 * meanwhile (700 MB) then had to be copied and replayed. In a thread of its own the copy goes at disk
 * speed whatever the requests do. A file that disappears while copied (a dropped table's) is skipped,
 * as pg_basebackup does: the WAL replayed on the copy removes or recreates it.
 * `ops`: a directory copied whole but for `skip` (names at its top level), or only the files `only`.
 */
const COPY_WORKER = `
const { copyFileSync, mkdirSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');
const { parentPort, workerData } = require('node:worker_threads');
let bytes = 0;
const copyFile = (from, to) => {
  try {
    copyFileSync(from, to);
    bytes += statSync(to).size;
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
  }
};
const copyDir = (from, to, skip) => {
  mkdirSync(to, { recursive: true });
  let entries = [];
  try {
    entries = readdirSync(from, { withFileTypes: true });
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
  }
  for (const e of entries) {
    if (skip.includes(e.name)) continue;
    if (e.isDirectory()) copyDir(join(from, e.name), join(to, e.name), []);
    else if (e.isFile()) copyFile(join(from, e.name), join(to, e.name));
  }
};
for (const op of workerData) {
  if (op.only) {
    mkdirSync(op.to, { recursive: true });
    for (const name of op.only) copyFile(join(op.from, name), join(op.to, name));
  } else copyDir(op.from, op.to, op.skip ?? []);
}
parentPort.postMessage(bytes);
`;

interface CopyOp {
  from: string;
  to: string;
  skip?: string[];
  only?: string[];
}

function copyInWorker(ops: CopyOp[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(COPY_WORKER, { eval: true, workerData: ops });
    let bytes: number | undefined;
    worker.once('message', (n: number) => {
      bytes = n;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (bytes !== undefined) resolve(bytes);
      else reject(new Error(`the copy's worker stopped (exit ${code})`));
    });
  });
}

const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/**
 * The WAL segments recovery of the copy needs: from the backup's start (its backup_label's
 * `START WAL LOCATION … (file …)`) to the one holding the stop position. PGlite never checkpoints on
 * its own (single-user mode has no checkpointer), and a checkpoint recycles old segments under
 * future names instead of deleting them: pg_wal held 200 MB to 1 GB of which the copy needs a few.
 */
export function walSegmentsFor(names: string[], labelfile: string, stopFile: string): string[] {
  const start = /^START WAL LOCATION: .* \(file ([0-9A-F]{24})\)$/m.exec(labelfile)?.[1];
  if (!start) throw new Error('backup_label without START WAL LOCATION');
  const timeline = start.slice(0, 8);
  const segments = names
    .filter((n) => WAL_SEGMENT.test(n) && n.startsWith(timeline) && n >= start && n <= stopFile)
    .sort();
  // With 16 MB segments the last 8 digits run 00–FF under the middle 8: one number of both.
  const seq = (n: string) => Number.parseInt(n.slice(8, 16), 16) * 256 + Number.parseInt(n.slice(16), 16);
  const count = seq(stopFile) - seq(start) + 1;
  if (segments.length !== count || !(count >= 1))
    throw new Error(`WAL ${start}…${stopFile}: ${segments.length} of ${count} segments in pg_wal`);
  return [...segments, ...names.filter((n) => n.endsWith('.history'))];
}

/** An online base backup of the embedded database's files (see withReadView); returns its directory. */
async function onlineCopy(
  live: PGlite,
  pgdata: string,
  onHold?: (ms: number) => void,
  onPhase?: BackupOptions['onPhase'],
): Promise<string> {
  let mark = performance.now();
  const done = (name: string, bytes?: number) => {
    onPhase?.(name, performance.now() - mark, bytes);
    mark = performance.now();
  };
  const dir = join(dirname(pgdata), ONLINE_COPY_DIR);
  await rm(dir, { recursive: true, force: true });
  let held = 0;
  const timed = async <T>(query: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await query();
    } finally {
      held += performance.now() - t0;
    }
  };
  // An immediate checkpoint: the copy's recovery starts here, whatever WAL came before.
  await timed(() => live.query(`select pg_backup_start('erapor-cadangan', true)`));
  done('pg_backup_start');
  let stopped = false;
  try {
    // The WAL is copied after the stop: it must hold everything up to the stop's position.
    done(
      'copy the files',
      await copyInWorker([{ from: pgdata, to: dir, skip: ['postmaster.pid', 'pg_wal'] }]),
    );
    const [stop] = (
      await timed(() =>
        live.query<{ labelfile: string; spcmapfile: string | null; stopfile: string }>(
          'select labelfile, spcmapfile, pg_walfile_name(lsn) as stopfile from pg_backup_stop(false)',
        ),
      )
    ).rows;
    stopped = true;
    done('pg_backup_stop');
    if (!stop) throw new Error('pg_backup_stop returned nothing');
    await writeFile(join(dir, 'backup_label'), stop.labelfile);
    if (stop.spcmapfile) await writeFile(join(dir, 'tablespace_map'), stop.spcmapfile);
    const wal = join(pgdata, 'pg_wal');
    const only = walSegmentsFor(await readdir(wal), stop.labelfile, stop.stopfile);
    await mkdir(join(dir, 'pg_wal', 'archive_status'), { recursive: true });
    done('copy pg_wal', await copyInWorker([{ from: wal, to: join(dir, 'pg_wal'), only }]));
    onHold?.(held);
    return dir;
  } catch (err) {
    if (!stopped) await live.query('select pg_backup_stop(false)').catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * The second PGlite, on the copy, in a worker thread of its own; `sql` sends it one statement at a
 * time. In the server's thread, its work (recovering the copy: 1 s; pages of 5,000 rows: 100–300 ms
 * each) ran between the requests' own queries: a grid save awaits a dozen queries, and each could
 * wait behind a page — saves went from p95 100 to 350 ms while a backup read (load 4–5). In a thread
 * of its own the copy's reads take the second core, and the server's thread only receives rows.
 */
const READER_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
if (workerData.nice) require('node:os').setPriority(workerData.nice);
const { PGlite } = require(workerData.pglite);
(async () => {
  let db;
  try {
    db = await PGlite.create(workerData.dir);
  } catch (err) {
    parentPort.postMessage({ opened: false, error: String((err && err.message) || err) });
    return;
  }
  parentPort.postMessage({ opened: true });
  parentPort.on('message', async (m) => {
    if (m.close) {
      await db.close();
      parentPort.close();
      return;
    }
    try {
      const r = await db.query(m.text, m.params);
      parentPort.postMessage({ id: m.id, rows: r.rows });
    } catch (err) {
      parentPort.postMessage({ id: m.id, error: String((err && err.message) || err) });
    }
  });
})();
`;

/**
 * The reader's thread runs at the lowest priority (nice 19): it takes a core only when the server's
 * thread does not want it. At nice 0 it took one of the two cores from grid saves (p95 125 against
 * 74 ms without a backup, load 3); at 19, p95 84 against 85 ms, the backup 70 instead of 37 s.
 */
const READER_NICE = 19;

async function openInWorker(dir: string): Promise<{ sql: Sql; close(): Promise<void> }> {
  const worker = new Worker(READER_WORKER, {
    eval: true,
    workerData: {
      dir,
      pglite: createRequire(import.meta.url).resolve('@electric-sql/pglite'),
      // Linux only: there setpriority(0) reaches the calling thread; elsewhere, the whole process.
      nice: process.platform === 'linux' ? READER_NICE : 0,
    },
  });
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (err: Error) => void }>();
  let failure: Error | undefined;
  const fail = (err: Error) => {
    failure ??= err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      exited = true;
      fail(new Error(`the backup's reader stopped (exit ${code})`));
      resolve();
    }),
  );
  worker.on('error', fail);
  await new Promise<void>((resolve, reject) => {
    worker.once('message', (m: { opened: boolean; error?: string }) => {
      if (m.opened) resolve();
      else reject(new Error(`the copy did not open: ${m.error}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the backup's reader stopped (exit ${code})`)));
  });
  let next = 0;
  worker.on('message', (m: { id: number; rows?: unknown[]; error?: string }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error !== undefined) p.reject(new Error(m.error));
    else p.resolve(m.rows ?? []);
  });
  const sql: Sql = <T>(text: string, params?: unknown[]) =>
    new Promise<T[]>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = next++;
      pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      worker.postMessage({ id, text, params });
    });
  return {
    sql,
    async close() {
      if (!exited) worker.postMessage({ close: true });
      // A reader that does not close within 10 s (a hung query) is stopped: the copy is thrown away.
      const stuck = setTimeout(() => void worker.terminate(), 10_000);
      await exit;
      clearTimeout(stuck);
    },
  };
}

/** Writes one school's backup to `file` (see archive.ts for the format). Returns its manifest. */
export async function backupSchool(
  handle: DatabaseHandle,
  file: string,
  opts: BackupOptions,
): Promise<CadanganManifest> {
  return withReadView(handle, (sql) => writeBackup(sql, handle.kind, file, opts), opts.onHold, opts.onPhase);
}

export async function writeBackup(
  sql: Sql,
  engine: 'pglite' | 'postgresql',
  file: string,
  opts: BackupOptions,
): Promise<CadanganManifest> {
  const catalog = await readCatalog(sql);
  const [school] = await sql<{ npsn: string; nama: string }>(
    `select npsn, nama from sekolah where sekolah_id = $1`,
    [opts.sekolahId],
  );
  if (!school) throw new Error(`sekolah ${opts.sekolahId} tidak ada`);
  const schema = await schemaVersion(sql);
  const plan: { name: string; scope: 'school' | 'reference'; where: string }[] = [
    ...catalog.reference.map((name) => ({
      name,
      scope: 'reference' as const,
      where: referenceScope(catalog, name),
    })),
    ...catalog.school.map((name) => ({ name, scope: 'school' as const, where: schoolScope(catalog, name) })),
  ];
  const writer = new ArchiveWriter(file);
  try {
    const tables: CadanganManifest['tables'] = [];
    let semesters: string[] = [];
    for (const [i, step] of plan.entries()) {
      opts.onProgress?.({ done: i, total: plan.length, table: step.name });
      const columns = (catalog.tables.get(step.name) as { columns: string[] }).columns;
      await writer.beginTable(step.name, columns);
      const rows = await copyRows(sql, step.name, step.where, opts.sekolahId, (batch) =>
        writer.writeRows(batch),
      );
      tables.push({ name: step.name, scope: step.scope, rows });
      if (step.name === 'semester' && step.scope === 'reference') {
        semesters = (
          await sql<{ semester_id: string }>(
            `select r.semester_id from semester r where ${step.where} order by 1`,
            [opts.sekolahId],
          )
        ).map((r) => r.semester_id);
      }
    }
    opts.onProgress?.({ done: plan.length, total: plan.length, table: '' });
    return await writer.finish({
      appVersion: opts.appVersion,
      schemaVersion: schema.version,
      schemaTag: schema.tag,
      engine,
      createdAt: (opts.now ?? new Date()).toISOString(),
      sekolahId: opts.sekolahId,
      npsn: school.npsn,
      namaSekolah: school.nama,
      semesters,
      tables,
    });
  } catch (err) {
    await writer.abort();
    throw err;
  }
}

/** Pages through the rows in physical order (ctid): constant memory whatever the table's size. */
async function copyRows(
  sql: Sql,
  table: string,
  where: string,
  sekolahId: string,
  write: (rows: string[]) => Promise<void>,
): Promise<number> {
  let after = '(0,0)';
  let count = 0;
  for (;;) {
    const page = await sql<{ c: string; j: string }>(
      `select r.ctid::text as c, to_jsonb(r)::text as j from ${ident(table)} r
        where ${where} and r.ctid > $2::tid order by r.ctid limit ${PAGE}`,
      [sekolahId, after],
    );
    if (page.length === 0) return count;
    await write(page.map((p) => p.j));
    count += page.length;
    after = (page[page.length - 1] as { c: string }).c;
    if (page.length < PAGE) return count;
  }
}

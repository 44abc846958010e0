import { cp, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { CadanganManifest } from '@erapor/contract/cadangan';
import type { DatabaseHandle } from '../../db/client';
import { ArchiveWriter } from './archive';
import { readCatalog, referenceScope, schoolScope } from './catalog';
import { clientSql, ident, pgliteSql, type Sql } from './sql';

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
): Promise<T> {
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
    const dir = await onlineCopy(handle.pglite, handle.pgdataDir, onHold);
    try {
      const copy = await PGlite.create(dir);
      try {
        return await fn(pgliteSql(copy));
      } finally {
        await copy.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
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

/** Beside `DATA_DIR/pgdata`; one at a time (the backup slot), removed after use and at start-up. */
export const ONLINE_COPY_DIR = 'pgdata-salinan-cadangan';

/** An online base backup of the embedded database's files (see withReadView); returns its directory. */
async function onlineCopy(live: PGlite, pgdata: string, onHold?: (ms: number) => void): Promise<string> {
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
  await timed(() => live.query(`select pg_backup_start('erapor-cadangan', true)`));
  let stopped = false;
  try {
    // The WAL is copied after the stop: it must hold everything up to the stop's position.
    await cp(pgdata, dir, { recursive: true, filter: (src) => !/[\\/](postmaster\.pid|pg_wal)$/.test(src) });
    const [stop] = (
      await timed(() =>
        live.query<{ labelfile: string; spcmapfile: string | null }>(
          'select labelfile, spcmapfile from pg_backup_stop(false)',
        ),
      )
    ).rows;
    stopped = true;
    if (!stop) throw new Error('pg_backup_stop returned nothing');
    await writeFile(join(dir, 'backup_label'), stop.labelfile);
    if (stop.spcmapfile) await writeFile(join(dir, 'tablespace_map'), stop.spcmapfile);
    await cp(join(pgdata, 'pg_wal'), join(dir, 'pg_wal'), { recursive: true });
    onHold?.(held);
    return dir;
  } catch (err) {
    if (!stopped) await live.query('select pg_backup_stop(false)').catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

/** Writes one school's backup to `file` (see archive.ts for the format). Returns its manifest. */
export async function backupSchool(
  handle: DatabaseHandle,
  file: string,
  opts: BackupOptions,
): Promise<CadanganManifest> {
  return withReadView(handle, (sql) => writeBackup(sql, handle.kind, file, opts), opts.onHold);
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

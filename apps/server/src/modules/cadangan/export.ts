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
 * - embedded: PGlite serves one query at a time (decision 004), so a backup read from the live
 *   instance would queue every request behind it. The live instance only dumps its data directory
 *   (what the snapshots do, ~0.5 s for the demo school); a second instance opened on that dump in
 *   memory serves the reads.
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

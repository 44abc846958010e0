import { CADANGAN_MESSAGES, type CadanganManifest } from '@erapor/contract/cadangan';
import type { DatabaseHandle } from '../../db/client';
import { clientSql, ident, pgliteSql, type Sql } from '../../db/raw-sql';
import { type RestoreOperator, recordRestoreChanges, snapshotGradeCells } from '../riwayat-nilai/cells';
import { CadanganRefused, type OpenedArchive, readArchive } from './archive';
import { type Catalog, ROOT_TABLE, readCatalog, schoolScope, type TableInfo } from './catalog';
import { schemaVersion } from './export';
import { checkReferenceRows, checkSchoolRows } from './guard';

export interface RestoreOptions {
  /** The school of the administrator who restores (the app): the archive must be of this NPSN. */
  schoolNpsn?: string;
  /**
   * The NPSN typed to confirm. The app always asks; the command line asks only when the school is
   * already in the database.
   */
  confirmNpsn?: string;
  requireConfirm: boolean;
  now: Date;
  /**
   * Who the Riwayat Perubahan Nilai names for the grades the restore changes (sumber 'restore'):
   * the administrator in the app, the operator on the command line.
   */
  operator: RestoreOperator;
  onProgress?: (p: { done: number; total: number; table: string }) => void;
  /**
   * Last statement of the restore's transaction (the app marks its job): a process killed after
   * the commit but before the job's end is told from one killed before it at the next start.
   */
  beforeCommit?: (sql: Sql) => Promise<void>;
}

export interface RestoreReport {
  manifest: CadanganManifest;
  /** The school existed and was replaced (false: added to this database). */
  replaced: boolean;
  /** Login families ended. */
  loginsEnded: number;
  /** Grade cells the restore changed, each written to the Riwayat Perubahan Nilai. */
  gradesRecorded: number;
}

/** Checks that need the target database; run inside the restore's transaction, before any change. */
export async function checkTarget(
  sql: Sql,
  manifest: CadanganManifest,
  opts: Pick<RestoreOptions, 'schoolNpsn' | 'confirmNpsn' | 'requireConfirm'>,
  catalog: Catalog,
) {
  const current = await schemaVersion(sql);
  if (manifest.schemaVersion > current.version) {
    throw new CadanganRefused('newer', CADANGAN_MESSAGES.newer(manifest.schemaVersion, current.version));
  }
  if (opts.schoolNpsn !== undefined && manifest.npsn !== opts.schoolNpsn) {
    throw new CadanganRefused('foreign', CADANGAN_MESSAGES.foreign(manifest.npsn, opts.schoolNpsn));
  }
  for (const t of manifest.tables) {
    const known = t.scope === 'school' ? catalog.school.includes(t.name) : catalog.reference.includes(t.name);
    if (!known) throw new CadanganRefused('unknownTable', CADANGAN_MESSAGES.unknownTable(t.name));
  }
  const byNpsn = await sql<{ sekolah_id: string }>(`select sekolah_id from sekolah where npsn = $1`, [
    manifest.npsn,
  ]);
  if (byNpsn[0] && byNpsn[0].sekolah_id !== manifest.sekolahId) {
    throw new CadanganRefused('npsnTaken', CADANGAN_MESSAGES.npsnTaken(manifest.npsn));
  }
  const byId = await sql<{ npsn: string }>(`select npsn from sekolah where sekolah_id = $1`, [
    manifest.sekolahId,
  ]);
  // The archive's school id held here by a school of another NPSN: replacing "it" would replace
  // that school (decision 051). The app already ties the NPSN to the administrator's school.
  if (byId[0] && byId[0].npsn !== manifest.npsn) {
    throw new CadanganRefused('idTaken', CADANGAN_MESSAGES.idTaken(manifest.npsn));
  }
  const exists = byId.length > 0;
  if (opts.confirmNpsn !== undefined && opts.confirmNpsn.trim() !== manifest.npsn) {
    throw new CadanganRefused('npsnConfirm', CADANGAN_MESSAGES.npsnConfirm);
  }
  if (exists && opts.requireConfirm && opts.confirmNpsn === undefined) {
    throw new CadanganRefused('npsnRequired', CADANGAN_MESSAGES.npsnRequired(manifest.npsn));
  }
  return { exists };
}

/** One transaction on either engine; rolled back when `fn` throws. */
export async function inTransaction<T>(handle: DatabaseHandle, fn: (sql: Sql) => Promise<T>): Promise<T> {
  if (handle.kind === 'postgresql') {
    if (!handle.pool) throw new Error('PostgreSQL handle without pool');
    const client = await handle.pool.connect();
    try {
      await client.query('begin');
      try {
        const out = await fn(clientSql(client));
        await client.query('commit');
        return out;
      } catch (err) {
        await client.query('rollback');
        throw err;
      }
    } finally {
      client.release();
    }
  }
  if (!handle.pglite) throw new Error('PGlite handle without instance');
  return handle.pglite.transaction((tx) => fn(pgliteSql(tx)));
}

/**
 * Replaces the school's rows with the archive's, in one transaction: nothing of it is visible, or
 * all of it. Other schools' rows are not touched; national rows the archive carries are added
 * where missing, never overwritten (another school may use them). Every login of the school ends:
 * its refresh tokens are kept revoked, so even a still-valid access token is refused.
 */
export async function restoreSchool(
  handle: DatabaseHandle,
  archive: OpenedArchive,
  opts: RestoreOptions,
): Promise<RestoreReport> {
  return inTransaction(handle, async (sql) => {
    const report = await restoreWith(sql, archive, opts);
    await opts.beforeCommit?.(sql);
    return report;
  });
}

export async function restoreWith(
  sql: Sql,
  archive: OpenedArchive,
  opts: RestoreOptions,
): Promise<RestoreReport> {
  const { manifest } = archive;
  const catalog = await readCatalog(sql);
  const { exists } = await checkTarget(sql, manifest, opts, catalog);
  const sekolahId = manifest.sekolahId;
  // The grades as they are, to record what the restore changes (riwayat-nilai/cells.ts). A school
  // new to this database changes nothing here: its history is the archive's own riwayat_nilai.
  if (exists) await snapshotGradeCells(sql, sekolahId);

  const tokens = await sql<{ j: string }>(
    `select to_jsonb(r)::text as j from refresh_tokens r where r.sekolah_id = $1`,
    [sekolahId],
  );
  await sql(`delete from password_resets where sekolah_id = $1`, [sekolahId]);
  await sql(`delete from refresh_tokens where sekolah_id = $1`, [sekolahId]);
  // Children before parents; the school's own row stays (jobs hang off it) and is updated below.
  for (const name of [...catalog.school].reverse()) {
    if (name === ROOT_TABLE) continue;
    await sql(`delete from ${ident(name)} r where ${schoolScope(catalog, name)}`, [sekolahId]);
  }

  let done = 0;
  let table: SchoolTable | null = null;
  // A table that points to itself is held whole and inserted parents first; its rows keep their
  // archive positions for the messages.
  let held: Map<string, number> | null = null;
  const flush = async () => {
    if (table && held) {
      const positions = held;
      const ordered = orderSelfReferences(table.info, [...positions.keys()]);
      await insertRows(
        sql,
        catalog,
        table,
        ordered,
        (i) => positions.get(ordered[i] as string) ?? 0,
        sekolahId,
      );
    }
    held = null;
  };
  let reference: TableInfo | null = null;
  for await (const ev of readArchive(archive)) {
    if (ev.type === 'table') {
      await flush();
      const info = catalog.tables.get(ev.name) as TableInfo;
      opts.onProgress?.({ done: done++, total: manifest.tables.length, table: ev.name });
      if (ev.scope === 'reference') {
        reference = info;
        table = null;
        continue;
      }
      reference = null;
      // Identity columns are left to the database (catalog.ts).
      const columns = ev.columns.filter((c) => info.columns.includes(c) && !info.identity.includes(c));
      table = { info, columns };
      if (info.foreignKeys.some((fk) => fk.parent === info.name)) held = new Map();
    } else if (reference) {
      // National rows are never inserted from an archive: each must be here already (guard.ts).
      await checkReferenceRows(sql, reference, ev.rows, ev.first);
    } else if (table) {
      if (held) for (const [i, row] of ev.rows.entries()) held.set(row, ev.first + i);
      else await insertRows(sql, catalog, table, ev.rows, (i) => ev.first + i, sekolahId);
    }
  }
  await flush();

  // What went in is what the manifest says.
  for (const t of manifest.tables) {
    if (t.scope !== 'school') continue;
    const [r] = await sql<{ n: number | string }>(
      `select count(*) as n from ${ident(t.name)} r where ${schoolScope(catalog, t.name)}`,
      [sekolahId],
    );
    if (Number(r?.n) !== t.rows) throw new CadanganRefused('inconsistent', CADANGAN_MESSAGES.inconsistent);
  }
  // Appended after the archive's own entries, which stay as they were.
  const gradesRecorded = exists ? await recordRestoreChanges(sql, sekolahId, opts.operator) : 0;

  if (tokens.length) {
    const cols = (catalog.tables.get('refresh_tokens') as TableInfo).columns.map(ident).join(', ');
    await sql(
      `insert into refresh_tokens (${cols})
       select ${cols} from jsonb_populate_recordset(null::refresh_tokens, $1::jsonb) r
        where exists (select 1 from users u where u.user_id = r.user_id)`,
      [`[${tokens.map((t) => t.j).join(',')}]`],
    );
  }
  const ended = await sql<{ family_id: string }>(
    `update refresh_tokens set revoked_at = $2 where sekolah_id = $1 and revoked_at is null returning family_id`,
    [sekolahId, opts.now.toISOString()],
  );
  opts.onProgress?.({ done: manifest.tables.length, total: manifest.tables.length, table: '' });
  return {
    manifest,
    replaced: exists,
    loginsEnded: new Set(ended.map((r) => r.family_id)).size,
    gradesRecorded,
  };
}

interface SchoolTable {
  info: TableInfo;
  columns: string[];
}

/**
 * The school's rows of one table, each batch checked against the database first (guard.ts). The
 * school's own row is updated in place (its jobs hang off it). Images (the school's logo, photos)
 * come in as the archive's bytes: when the image mechanism of issue #24 part 1 (`lib/image.ts`)
 * exists, its decode-and-re-encode belongs here, before the insert.
 */
async function insertRows(
  sql: Sql,
  catalog: Catalog,
  table: SchoolTable,
  rows: string[],
  position: (index: number) => number,
  sekolahId: string,
): Promise<void> {
  const { info, columns } = table;
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await checkSchoolRows(sql, catalog, info, columns, chunk, (j) => position(i + j), sekolahId);
    const cols = columns.map(ident).join(', ');
    let conflict = '';
    if (info.name === ROOT_TABLE) {
      const set = columns
        .filter((c) => !info.primaryKey.includes(c))
        .map((c) => `${ident(c)} = excluded.${ident(c)}`);
      conflict = ` on conflict (${info.primaryKey.map(ident).join(', ')}) do update set ${set.join(', ')}`;
    }
    try {
      await sql(
        `insert into ${ident(info.name)} (${cols})
         select ${cols} from jsonb_populate_recordset(null::${ident(info.name)}, $1::jsonb)${conflict}`,
        [`[${chunk.join(',')}]`],
      );
    } catch (err) {
      // What the checks do not foresee (a check constraint, a value of the wrong type, a duplicate
      // inside the archive) is still the archive's fault: a refusal, never a 500.
      if (isDataError(err)) throw new CadanganRefused('rejected', CADANGAN_MESSAGES.rejected(info.name));
      throw err;
    }
  }
}

/** PostgreSQL's classes 22 (data exception) and 23 (integrity constraint violation), on either engine. */
function isDataError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^2[23]/.test(code);
}

/** Rows of a table that points to itself (a sub-subject's parent), parents first. */
function orderSelfReferences(info: TableInfo, rows: string[]): string[] {
  const selfFks = info.foreignKeys.filter((fk) => fk.parent === info.name);
  const parsed = rows.map((text) => ({ text, row: JSON.parse(text) as Record<string, unknown> }));
  const key = (row: Record<string, unknown>, cols: string[]) => JSON.stringify(cols.map((c) => row[c]));
  const placed = new Set<string>();
  const out: string[] = [];
  let left = parsed;
  while (left.length) {
    const next: typeof left = [];
    for (const p of left) {
      const ready = selfFks.every((fk) => {
        const ref = fk.columns.map((c) => p.row[c]);
        return ref.some((v) => v === null || v === undefined) || placed.has(JSON.stringify(ref));
      });
      if (ready) {
        out.push(p.text);
        for (const fk of selfFks) placed.add(key(p.row, fk.parentColumns));
      } else next.push(p);
    }
    // A cycle or a parent outside the archive: let the database say so.
    if (next.length === left.length) return [...out, ...next.map((p) => p.text)];
    left = next;
  }
  return out;
}

import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type DatabaseHandle, openPglite } from './client';
import { ONLINE_COPY_DIR, settleInterruptedRestore } from './data-dir';
import { acquireLock } from './lock';
import { listSnapshots, type SnapshotInfo, takeSnapshot } from './snapshots';
import { copyTemplate, defaultTemplateDir } from './template';

export interface EmbeddedOptions {
  dataDir: string;
  snapshotKeep: number;
  /** 0 disables the periodic snapshot (the start-up one is still taken). */
  snapshotIntervalHours: number;
  /** Prints one line for the operator (start-up console). */
  say: (line: string) => void;
  /** Reports a failed periodic snapshot. */
  onSnapshotError?: (err: unknown) => void;
  /**
   * A new database is a copy of this template (db/template.ts) when one is there; default: the one
   * `build.mjs` made for the installed PGlite version. `null`: initdb in this process.
   */
  template?: string | null;
}

export interface StartupReport {
  /** The previous process died without closing the database. */
  uncleanShutdown: boolean;
  previousPid: number | null;
  /** `created` on the first start, `intact` when it opened and passed the checks. */
  state: 'created' | 'intact' | 'restored' | 'recreated';
  restoredFrom: SnapshotInfo | null;
  damagedDir: string | null;
  /**
   * The snapshot the previous server took as it stopped cleanly, when nothing has opened the
   * database since: it holds exactly these files, so the start-up snapshot is not taken again.
   */
  stopSnapshot: SnapshotInfo | null;
}

export interface EmbeddedDatabase extends DatabaseHandle {
  kind: 'pglite';
  pglite: PGlite;
  report: StartupReport;
  dataDir: string;
  snapshotsDir: string;
  /** Takes a snapshot now (also used for the start-up one). */
  snapshot(): Promise<SnapshotInfo>;
  /**
   * Takes the start-up snapshot (unless the clean stop before this start took it: `report.stopSnapshot`)
   * and starts the periodic ones; from then on a clean stop takes one too. Call once the schema is
   * migrated.
   */
  startSnapshots(): Promise<void>;
}

/** Where the PGlite files of an installation live: `DATA_DIR/pgdata` (not DATA_DIR itself). */
export function embeddedPgdataDir(dataDir: string): string {
  return join(dataDir, 'pgdata');
}

function stamp(d = new Date()): string {
  return d
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
}

/**
 * `DATA_DIR/snapshots/stopped-clean`: the name of the snapshot a server took as it stopped cleanly
 * (decision 060). Removed by the next open of the database, whoever opens it, before anything can
 * write: only the start right after that stop finds it.
 */
const STOP_MARKER = 'stopped-clean';

function takeStopMarker(snapshotsDir: string): SnapshotInfo | null {
  const marker = join(snapshotsDir, STOP_MARKER);
  if (!existsSync(marker)) return null;
  const name = readFileSync(marker, 'utf8').trim();
  rmSync(marker, { force: true });
  return listSnapshots(snapshotsDir).find((s) => s.file === join(snapshotsDir, name)) ?? null;
}

function localTime(d: Date): string {
  return `${d.toLocaleString('id-ID', { dateStyle: 'long', timeStyle: 'medium' })} (${d.toISOString()})`;
}

/**
 * Opens without trusting: a full read of every table proves the files are readable.
 * Throws when PGlite cannot open the directory or a table cannot be read.
 */
export async function checkPglite(pg: PGlite): Promise<void> {
  await pg.query('select 1');
  const tables = await pg.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')`,
  );
  for (const t of tables.rows) {
    await pg.query(`select count(*) from "${t.schema.replace(/"/g, '""')}"."${t.name.replace(/"/g, '""')}"`);
  }
}

/**
 * PostgreSQL's page cache inside PGlite's WebAssembly memory: 32 MB instead of its 128 MB (decision
 * 060). The start-up check reads every page, so the whole default cache became resident (~120 MB
 * of the server's RSS); the operating system caches the files anyway, and the demo school's hot
 * queries were no slower with the smaller cache.
 */
export const EMBEDDED_SHARED_BUFFERS = '32MB';

async function tryOpen(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  let pg: PGlite | undefined;
  try {
    pg = await PGlite.create(dir, {
      ...(loadDataDir ? { loadDataDir } : {}),
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
    });
    await checkPglite(pg);
    return pg;
  } catch (err) {
    if (pg && !pg.closed) await pg.close().catch(() => {});
    throw err;
  }
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * The embedded database with its safety net (docs/decisions/004-embedded-database-safety.md):
 * a lock file, a health check at every start, restore from the newest good snapshot when the
 * directory is damaged, a snapshot at start-up and every few hours, CHECKPOINT on close.
 */
export async function openEmbeddedDatabase(opts: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const { dataDir, say } = opts;
  mkdirSync(dataDir, { recursive: true });
  const lock = acquireLock(join(dataDir, 'erapor.lock'));
  const pgdata = embeddedPgdataDir(dataDir);
  const snapshotsDir = join(dataDir, 'snapshots');
  const report: StartupReport = {
    uncleanShutdown: lock.stale !== null,
    previousPid: lock.stale?.pid || null,
    state: 'intact',
    restoredFrom: null,
    damagedDir: null,
    stopSnapshot: null,
  };

  try {
    if (lock.stale) {
      say(
        `Proses sebelumnya${lock.stale.pid ? ` (pid ${lock.stale.pid})` : ''} tidak berhenti dengan benar. Memeriksa database...`,
      );
      say('The previous run stopped uncleanly (it did not close the database). Checking the database...');
    }
    // A restore of the command line killed half-way: finish its swap, or drop its unfinished copy.
    settleInterruptedRestore(dataDir, say);
    // A backup's copy of the files (cadangan/export.ts) left by a killed process: only a copy.
    rmSync(join(dataDir, ONLINE_COPY_DIR), { recursive: true, force: true });
    // Read and removed whatever happens next; trusted only for an intact directory after a clean stop.
    const stopSnapshot = takeStopMarker(snapshotsDir);
    const exists = existsSync(join(pgdata, 'PG_VERSION'));
    const leftovers = existsSync(pgdata) && readdirSync(pgdata).length > 0;
    let pg: PGlite | undefined;
    if (!exists && !leftovers) {
      say(`Membuat database baru di ${pgdata} ... (creating a new embedded database)`);
      rmSync(pgdata, { recursive: true, force: true });
      pg = (await createFromTemplate()) ?? undefined;
      pg ??= await tryOpen(pgdata);
      report.state = 'created';
    } else {
      try {
        if (!exists)
          throw new Error('PG_VERSION hilang: direktori database tidak lengkap (incomplete data directory)');
        pg = await tryOpen(pgdata);
        if (lock.stale)
          say('Database utuh: pemeriksaan berhasil, tidak ada data yang hilang. (Database intact.)');
      } catch (err) {
        pg = await recover(err);
      }
    }

    if (!lock.stale && report.state === 'intact') report.stopSnapshot = stopSnapshot;
    const database = await openPglite(undefined, pg);
    let timer: NodeJS.Timeout | undefined;
    let inFlight: Promise<unknown> = Promise.resolve();
    let closed = false;
    /** Set by startSnapshots: the server's stop takes a snapshot too (not the command-line tools'). */
    let snapshotAtStop = false;
    const snapshot = () => {
      const p = inFlight.then(() => takeSnapshot(pg, snapshotsDir, opts.snapshotKeep));
      inFlight = p.catch(() => {});
      return p;
    };

    return {
      ...database,
      kind: 'pglite',
      pglite: pg,
      report,
      dataDir,
      pgdataDir: pgdata,
      snapshotsDir,
      snapshot,
      async startSnapshots() {
        snapshotAtStop = true;
        if (report.stopSnapshot) {
          say(`Snapshot database saat berhenti dipakai: ${report.stopSnapshot.file}`);
        } else {
          try {
            const s = await snapshot();
            say(`Snapshot database dibuat: ${s.file} (${Math.round(s.bytes / 1024)} KB)`);
          } catch (err) {
            // A full disk must not keep the school from working; it must be seen, though.
            say(`PERINGATAN: snapshot database gagal dibuat (snapshot failed): ${message(err)}`);
            opts.onSnapshotError?.(err);
          }
        }
        if (opts.snapshotIntervalHours > 0) {
          timer = setInterval(() => {
            if (closed) return;
            snapshot().catch((err) => opts.onSnapshotError?.(err));
          }, opts.snapshotIntervalHours * 3_600_000);
          timer.unref();
        }
      },
      async close() {
        if (closed) return;
        closed = true;
        if (timer) clearInterval(timer);
        await inFlight;
        try {
          if (!pg.closed) {
            // The start-up snapshot of the next start, taken now (decision 060): a start after a
            // clean stop then answers without spending seconds and hundreds of MB on it.
            let taken: SnapshotInfo | null = null;
            if (snapshotAtStop) {
              try {
                taken = await takeSnapshot(pg, snapshotsDir, opts.snapshotKeep);
                say(`Snapshot database dibuat: ${taken.file} (${Math.round(taken.bytes / 1024)} KB)`);
              } catch (err) {
                say(`PERINGATAN: snapshot database gagal dibuat (snapshot failed): ${message(err)}`);
              }
            }
            await pg.exec('CHECKPOINT');
            await pg.close();
            if (taken) writeFileSync(join(snapshotsDir, STOP_MARKER), `${basename(taken.file)}\n`);
          }
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }

  /** A new database from the template (no initdb in this process); null when there is none or it fails. */
  async function createFromTemplate(): Promise<PGlite | null> {
    const template = opts.template === undefined ? defaultTemplateDir() : opts.template;
    if (!template) return null;
    try {
      if (!copyTemplate(template, pgdata)) return null;
      const pg = await tryOpen(pgdata);
      say(`Database baru disalin dari templat ${template} (tanpa initdb).`);
      return pg;
    } catch (err) {
      say(`Templat database tidak dapat dipakai (${message(err)}); membuat database dengan initdb.`);
      rmSync(pgdata, { recursive: true, force: true });
      return null;
    }
  }

  async function recover(err: unknown): Promise<PGlite> {
    const damagedDir = join(dataDir, `damaged-${stamp()}`);
    renameSync(pgdata, damagedDir);
    report.damagedDir = damagedDir;
    say(`DATABASE RUSAK: ${message(err)}`);
    say(`THE DATABASE IS DAMAGED. The damaged directory was moved aside to ${damagedDir}`);
    for (const snap of listSnapshots(snapshotsDir)) {
      try {
        const pg = await tryOpen(pgdata, new Blob([readFileSync(snap.file)]));
        report.state = 'restored';
        report.restoredFrom = snap;
        say(`Database dipulihkan dari snapshot ${snap.file}, dibuat ${localTime(snap.takenAt)}.`);
        say(
          `Restored the database from snapshot ${snap.file} taken at ${snap.takenAt.toISOString()}. ` +
            'Changes made after that moment are not in the restored database; the damaged copy is kept.',
        );
        return pg;
      } catch (e) {
        say(`Snapshot ${snap.file} tidak dapat dipakai (unusable): ${message(e)}`);
        rmSync(pgdata, { recursive: true, force: true });
      }
    }
    say('Tidak ada snapshot yang dapat dipakai: membuat database baru yang kosong.');
    say(`No usable snapshot: starting with a NEW EMPTY database. The old files are kept in ${damagedDir}.`);
    rmSync(pgdata, { recursive: true, force: true });
    const pg = await tryOpen(pgdata);
    report.state = 'recreated';
    return pg;
  }
}

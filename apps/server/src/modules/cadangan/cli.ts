/**
 * The operator's command line when the app will not start (issue 16 item 4, decision 044):
 *
 *   npm run backup  -- [file] [--npsn N]
 *   npm run restore -- <file> [--npsn N]
 *
 * Database: DATABASE_URL, else the embedded one in DATA_DIR, as for `npm start`. A restore into a
 * database without the archive's school asks nothing; replacing a school that is there needs
 * `--npsn` with its NPSN. A refused archive exits 1 and changes nothing. On the embedded database
 * the restore is built in a new directory that replaces the old one only once complete (swap.ts).
 */

import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ConfigError, loadConfig } from '../../config';
import { type DatabaseHandle, openPglite, openPostgres } from '../../db/client';
import { markRestoreReady, RESTORE_DIR, swapRestored } from '../../db/data-dir';
import { type EmbeddedDatabase, openEmbeddedDatabase } from '../../db/embedded';
import { acquireLock, DataDirLockedError } from '../../db/lock';
import { migrateDatabase } from '../../db/migrate';
import { ensureBuiltinReference } from '../referensi/import/builtin';
import { ensureSemesters } from '../sekolah/service';
import { checkStoredImages } from '../sekolah/stored-images';
import { CadanganRefused, verifyArchive } from './archive';
import { readCatalog } from './catalog';
import { backupSchool, withReadView } from './export';
import { archivePath, describeManifest } from './files';
import { checkTarget, type RestoreOptions, restoreSchool } from './restore';

const say = (line: string) => console.log(line);

/** Who the Riwayat Perubahan Nilai names for the grades a command-line restore changes. */
const CLI_OPERATOR = 'Pemulihan (baris perintah)';

function stamp(d: Date): string {
  return d
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
}

function parseArgs(argv: string[]): { file?: string; npsn?: string } {
  const out: { file?: string; npsn?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--npsn') out.npsn = argv[++i];
    else if (a.startsWith('--npsn=')) out.npsn = a.slice(7);
    else out.file ??= a;
  }
  return out;
}

async function openDatabase(config: ReturnType<typeof loadConfig>): Promise<DatabaseHandle> {
  const handle = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openEmbeddedDatabase({
        dataDir: config.dataDir,
        snapshotKeep: config.snapshotKeep,
        snapshotIntervalHours: 0,
        say,
      });
  say(
    config.databaseUrl
      ? 'Database: PostgreSQL (DATABASE_URL)'
      : `Database: tertanam (PGlite) di ${config.dataDir}`,
  );
  return handle;
}

async function schoolOf(
  handle: DatabaseHandle,
  npsn: string | undefined,
): Promise<{ sekolah_id: string; npsn: string } | string> {
  const rows = await handle.query<{ sekolah_id: string; npsn: string }>(
    `select sekolah_id, npsn from sekolah order by npsn`,
  );
  if (npsn)
    return rows.find((r) => r.npsn === npsn) ?? `Tidak ada sekolah dengan NPSN ${npsn} di database ini.`;
  if (rows.length === 1) return rows[0] as { sekolah_id: string; npsn: string };
  if (rows.length === 0) return 'Database ini belum berisi sekolah; tidak ada yang dicadangkan.';
  return `Database ini berisi ${rows.length} sekolah (${rows.map((r) => r.npsn).join(', ')}): pilih satu dengan --npsn <NPSN>.`;
}

async function backup(
  config: ReturnType<typeof loadConfig>,
  args: { file?: string; npsn?: string },
): Promise<number> {
  const handle = await openDatabase(config);
  try {
    await migrateDatabase(handle);
    const school = await schoolOf(handle, args.npsn);
    if (typeof school === 'string') {
      console.error(school);
      return 1;
    }
    const file = args.file ?? archivePath(config.backupDir, school.npsn, new Date(), 'manual');
    const manifest = await backupSchool(handle, file, {
      sekolahId: school.sekolah_id,
      appVersion: config.version,
    });
    await verifyArchive(file);
    say(`Cadangan dibuat dan diperiksa: ${file}`);
    for (const line of describeManifest(manifest)) say(line);
    return 0;
  } finally {
    await handle.close();
  }
}

async function restore(
  config: ReturnType<typeof loadConfig>,
  args: { file?: string; npsn?: string },
): Promise<number> {
  if (!args.file) {
    console.error('Pemakaian: npm run restore -- <berkas-cadangan> [--npsn <NPSN>]');
    return 2;
  }
  // The archive is checked whole before the database is even opened.
  const archive = await verifyArchive(args.file);
  say(`Berkas cadangan utuh: ${args.file}`);
  for (const line of describeManifest(archive.manifest)) say(line);
  const options: RestoreOptions = {
    confirmNpsn: args.npsn,
    requireConfirm: true,
    now: new Date(),
    operator: { userId: null, nama: CLI_OPERATOR },
  };

  const handle = await openDatabase(config);
  let closed = false;
  try {
    await migrateDatabase(handle);
    // What `npm start` loads into a fresh installation: an archive brings no national reference
    // rows (decision 051), so a restore into a new server finds them as the app would.
    await ensureSemesters(handle.db, new Date());
    await ensureBuiltinReference(handle.db);
    // Every refusal that needs the database, before anything is written.
    const { exists } = await withReadView(handle, async (sql) =>
      checkTarget(sql, archive.manifest, options, await readCatalog(sql)),
    );
    if (exists) {
      const before = archivePath(config.backupDir, archive.manifest.npsn, new Date(), 'sebelum-pemulihan');
      await backupSchool(handle, before, {
        sekolahId: archive.manifest.sekolahId,
        appVersion: config.version,
      });
      say(`Cadangan keadaan sekarang dibuat lebih dahulu: ${before}`);
    }
    if (handle.kind === 'postgresql') {
      const report = await restoreSchool(handle, archive, options);
      await checkStoredImages(handle.db, { sekolahId: archive.manifest.sekolahId, force: true });
      say(`Pemulihan selesai; ${report.loginsEnded} login sekolah ini diakhiri.`);
      sayRecorded(report.gradesRecorded);
      return 0;
    }
    // Embedded: a copy of the current database in a new directory receives the restore.
    const live = handle as EmbeddedDatabase;
    const fresh = join(config.dataDir, RESTORE_DIR);
    rmSync(fresh, { recursive: true, force: true });
    const dump = await live.pglite.dumpDataDir('none');
    const copy = await PGlite.create(fresh, { loadDataDir: dump });
    const copyHandle = await openPglite(undefined, copy);
    let loginsEnded = 0;
    let gradesRecorded = 0;
    try {
      ({ loginsEnded, gradesRecorded } = await restoreSchool(copyHandle, archive, options));
      // The archive's images are uploads too (decision 049), as after a restore in the app.
      await checkStoredImages(copyHandle.db, { sekolahId: archive.manifest.sekolahId, force: true });
      await copy.exec('CHECKPOINT');
    } catch (err) {
      await copy.close();
      rmSync(fresh, { recursive: true, force: true });
      throw err;
    }
    await copy.close();
    await live.close();
    closed = true;
    const lock = acquireLock(join(config.dataDir, 'erapor.lock'));
    try {
      markRestoreReady(config.dataDir, `pgdata-sebelum-pemulihan-${stamp(new Date())}`);
      swapRestored(config.dataDir);
    } finally {
      lock.release();
    }
    say(
      `Pemulihan selesai; ${loginsEnded} login sekolah ini diakhiri. Database lama disimpan di ${config.dataDir}.`,
    );
    sayRecorded(gradesRecorded);
    return 0;
  } finally {
    if (!closed) await handle.close();
  }
}

function sayRecorded(n: number): void {
  say(`${n} nilai yang berubah karena pemulihan dicatat di Riwayat Perubahan Nilai.`);
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Konfigurasi tidak valid: ${err.message}`);
      return 2;
    }
    throw err;
  }
  try {
    if (command === 'backup') return await backup(config, parseArgs(rest));
    if (command === 'restore') return await restore(config, parseArgs(rest));
    console.error('Pemakaian: npm run backup -- [berkas]  |  npm run restore -- <berkas> [--npsn <NPSN>]');
    return 2;
  } catch (err) {
    if (err instanceof CadanganRefused) {
      console.error(`DITOLAK: ${err.message}`);
      return 1;
    }
    if (err instanceof DataDirLockedError) {
      console.error(
        `Database di ${config.dataDir} sedang dipakai oleh server e-Rapor yang berjalan (pid ${err.pid}). ` +
          'Hentikan server dulu, atau pakai Pengaturan › Cadangan Data di aplikasi.',
      );
      return 3;
    }
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      console.error(`Berkas tidak ditemukan: ${(err as NodeJS.ErrnoException).path ?? ''}`);
      return 2;
    }
    console.error('Gagal:', err);
    return 1;
  }
}

process.exitCode = await main();

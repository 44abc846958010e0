/**
 * `npm run import:reference -- <dir>`: loads the national reference directory (json/, xlsx/ as
 * published) into the database of DATABASE_URL, or the embedded one in DATA_DIR (default ./data).
 * Refuses to open an embedded database a running server holds: that server can run the same import
 * itself (POST /api/referensi/import-referensi).
 */
import { ConfigError, loadConfig } from '../../../config';
import { type DatabaseHandle, openPostgres } from '../../../db/client';
import { openEmbeddedDatabase } from '../../../db/embedded';
import { DataDirLockedError } from '../../../db/lock';
import { migrateDatabase } from '../../../db/migrate';
import { getActiveSemester } from '../../sekolah/service';
import { importReferenceDirectory, planDirectory, ReferenceDirError } from './run';
import { formatReport } from './summary';

const say = (line: string) => console.log(line);

export function lockedMessage(dataDir: string, pid: number): string {
  return [
    `Impor dibatalkan: database di ${dataDir} sedang dipakai oleh server e-Rapor yang berjalan (pid ${pid}).`,
    'Pilih salah satu:',
    '  1. Hentikan server (Ctrl+C di jendelanya), jalankan perintah ini lagi, lalu nyalakan server kembali; atau',
    '  2. Biarkan server berjalan dan jalankan impor dari aplikasi: login sebagai Administrator, lalu',
    '     POST /api/referensi/import-referensi (aksi "Impor Data Referensi"); folder default: REFERENCE_DIR.',
  ].join('\n');
}

async function main(): Promise<number> {
  const dir = process.argv[2];
  if (!dir || dir === '--help' || dir === '-h') {
    console.error(
      'Pemakaian: npm run import:reference -- <folder-referensi>   (contoh: ../shared/reference)',
    );
    console.error('Database: DATABASE_URL (PostgreSQL) atau DATA_DIR (tertanam, default ./data).');
    return 2;
  }
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
    planDirectory(dir); // a wrong folder is said before the database is opened
  } catch (err) {
    if (err instanceof ReferenceDirError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }

  let handle: DatabaseHandle;
  try {
    handle = config.databaseUrl
      ? await openPostgres(config.databaseUrl)
      : await openEmbeddedDatabase({
          dataDir: config.dataDir,
          snapshotKeep: config.snapshotKeep,
          snapshotIntervalHours: 0,
          say,
        });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(lockedMessage(config.dataDir, err.pid));
      return 3;
    }
    console.error(`Database tidak dapat dibuka: ${(err as Error).message}`);
    return 1;
  }

  try {
    say(
      config.databaseUrl
        ? 'Database: PostgreSQL (DATABASE_URL)'
        : `Database: tertanam (PGlite) di ${config.dataDir}`,
    );
    await migrateDatabase(handle);
    const active = await getActiveSemester(handle.db);
    let lastPercent = -1;
    const report = await importReferenceDirectory(handle.db, dir, {
      onProgress: (done, total, file) => {
        const percent = Math.floor((done / total) * 100);
        if (file && (percent >= lastPercent + 10 || done === 0)) {
          lastPercent = percent;
          say(`[${String(percent).padStart(3)}%] ${file}`);
        }
      },
    });
    const after = await getActiveSemester(handle.db);
    if (active?.semester_id !== after?.semester_id) {
      // Cannot happen (the import never writes periode_aktif); said loudly if it ever does.
      console.error(`PERINGATAN: periode aktif berubah dari ${active?.semester_id} ke ${after?.semester_id}`);
    }
    say('');
    for (const line of formatReport(report)) say(line);
    say(`Memori puncak (maxRSS): ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
    return report.failedFiles.length > 0 ? 1 : 0;
  } catch (err) {
    if (err instanceof ReferenceDirError) {
      console.error(err.message);
      return 2;
    }
    console.error('Impor gagal:', err);
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();

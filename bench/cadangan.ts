import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { takeSnapshot } from '../apps/server/src/db/snapshots';
import { openArchive } from '../apps/server/src/modules/cadangan/archive';
import { backupSchool } from '../apps/server/src/modules/cadangan/export';
import { restoreSchool } from '../apps/server/src/modules/cadangan/restore';
import { writeDemoSchool } from '../apps/server/src/modules/demo/seed';
import { ensureBuiltinReference } from '../apps/server/src/modules/referensi/import/builtin';
import { ensureSemesters } from '../apps/server/src/modules/sekolah/service';
import type { BenchResult } from './types';

/*
 * Cadangan Data (decision 044) on the living smk-standard demo school, embedded database on disk as
 * the app runs it: a backup (an online copy of the files; the live instance held only for
 * pg_backup_start/stop) while a "request" (`select 1` every 50 ms) measures the longest wait, its
 * restore over the same school (one transaction), and the start-up snapshot of decision 004 beside
 * them. Budgets: backup and restore ≤ 30 s each; no request waits more than 1 s for a backup.
 */
const BUDGET_S = 30;
const WAIT_BUDGET_MS = 1000;

export async function cadanganBench(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'erapor-bench-cadangan-'));
  const handle = await openPglite(join(dir, 'pgdata'));
  handle.pgdataDir = join(dir, 'pgdata');
  try {
    await migrateDatabase(handle);
    await ensureSemesters(handle.db, new Date());
    await ensureBuiltinReference(handle.db);
    const demo = await writeDemoSchool(handle.db, { profile: 'smk-standard' });
    const file = join(dir, 'demo.erapor');
    let held = 0;
    let backingUp = true;
    let longestWait = 0;
    const requests = (async () => {
      while (backingUp) {
        const t0 = performance.now();
        await handle.query('select 1');
        await new Promise((r) => setTimeout(r, 50));
        // A blocked event loop delays the timer too: both count as the request's wait.
        longestWait = Math.max(longestWait, performance.now() - t0 - 50);
      }
    })();
    let t = performance.now();
    const manifest = await backupSchool(handle, file, {
      sekolahId: demo.sekolahId,
      appVersion: 'bench',
      onHold: (ms) => {
        held = ms;
      },
    });
    const backupS = (performance.now() - t) / 1000;
    backingUp = false;
    await requests;
    t = performance.now();
    await restoreSchool(handle, await openArchive(file), {
      operator: { userId: null, nama: 'bench' },
      confirmNpsn: manifest.npsn,
      requireConfirm: true,
      now: new Date(),
    });
    const restoreS = (performance.now() - t) / 1000;
    // Every TP score changed, then restored: each given back is one Riwayat Perubahan Nilai entry.
    await handle.query(`update nilai_tp set nilai = (nilai + 1) % 101 where sekolah_id = $1`, [
      demo.sekolahId,
    ]);
    t = performance.now();
    const changed = await restoreSchool(handle, await openArchive(file), {
      operator: { userId: null, nama: 'bench' },
      confirmNpsn: manifest.npsn,
      requireConfirm: true,
      now: new Date(),
    });
    const restoreChangedS = (performance.now() - t) / 1000;
    t = performance.now();
    const snap = await takeSnapshot(
      handle.pglite as NonNullable<typeof handle.pglite>,
      join(dir, 'snapshots'),
      1,
    );
    const snapS = (performance.now() - t) / 1000;
    const rows = manifest.tables.reduce((s, x) => s + x.rows, 0);
    console.info(
      `cadangan: ${rows} rows, archive ${(statSync(file).size / 1e6).toFixed(1)} MB ` +
        `(inflated ${(manifest.inflatedBytes / 1e6).toFixed(1)} MB); backup ${backupS.toFixed(1)} s ` +
        `(live database held ${held.toFixed(0)} ms, longest request wait ${longestWait.toFixed(0)} ms), restore ${restoreS.toFixed(1)} s, ` +
        `restore after every TP score changed ${restoreChangedS.toFixed(1)} s (${changed.gradesRecorded} entries written); ` +
        `snapshot ${(snap.bytes / 1e6).toFixed(1)} MB in ${snapS.toFixed(1)} s; ` +
        `load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`,
    );
    return [
      {
        name: 'Backup of the demo school (PGlite)',
        value: Number(backupS.toFixed(1)),
        unit: 's',
        budget: BUDGET_S,
      },
      { name: 'Backup: live PGlite held (backup start/stop)', value: Math.round(held), unit: 'ms' },
      {
        name: 'Backup: longest wait of a request meanwhile',
        value: Math.round(longestWait),
        unit: 'ms',
        budget: WAIT_BUDGET_MS,
      },
      {
        name: 'Restore of the demo school (PGlite)',
        value: Number(restoreS.toFixed(1)),
        unit: 's',
        budget: BUDGET_S,
      },
      {
        name: 'Restore after every TP score changed (PGlite; one audit entry each)',
        value: Number(restoreChangedS.toFixed(1)),
        unit: 's',
        budget: BUDGET_S,
      },
    ];
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('cadangan.ts')) {
  console.table(await cadanganBench());
}

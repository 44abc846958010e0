import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { writeDemoSchool } from '../apps/server/src/modules/demo/seed';
import { ensureBuiltinReference } from '../apps/server/src/modules/referensi/import/builtin';
import { ensureSemesters } from '../apps/server/src/modules/sekolah/service';
import { loadAverage } from './stats';
import type { BenchResult } from './types';

/*
 * The living demo school (decision 022) on a first start: a fresh PGlite prepared as the app's
 * start-up does (migrations, semesters, built-in reference), then the smk-standard demo with its
 * grades and three past semesters. Budget: the seed ≤ 30 s. The budget holds the seed's CPU time
 * (PGlite runs in this process, so on an idle machine the wall time is the same); the wall time and
 * the machine's load are printed beside it, as the upload tests do on this shared machine (decision
 * 018).
 */

const SEED_BUDGET_S = 30;

export async function demoSeedBench(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'erapor-bench-demo-seed-'));
  const handle = await openPglite(join(dir, 'pgdata'));
  try {
    const started = performance.now();
    await migrateDatabase(handle);
    await ensureSemesters(handle.db, new Date());
    await ensureBuiltinReference(handle.db);
    const prepared = performance.now();
    const cpu = process.cpuUsage();
    const demo = await writeDemoSchool(handle.db, { profile: 'smk-standard' });
    const seeded = performance.now();
    // PGlite runs in this process: its CPU time is what the wall time is on an idle machine.
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    const count = async (table: string) => {
      const r = (await handle.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      };
      return r.rows[0]?.n ?? 0;
    };
    const counts = {
      nilai_akhir: await count('nilai_akhir'),
      nilai_tp: await count('nilai_tp'),
      tujuan_pembelajaran: await count('tujuan_pembelajaran'),
      anggota_rombel: await count('anggota_rombel'),
    };
    console.info(
      `demo seed (smk-standard, living, history ${demo.historySemesterIds.join(', ')}): ` +
        `${JSON.stringify(counts)}; start-up before the seed ${((prepared - started) / 1000).toFixed(1)} s; ` +
        `seed wall ${((seeded - prepared) / 1000).toFixed(1)} s, CPU ${cpuSeconds.toFixed(1)} s, ` +
        loadAverage(),
    );
    return [
      {
        name: 'Demo seed, living + 3 past semesters, first start (PGlite), CPU time',
        value: Number(cpuSeconds.toFixed(1)),
        unit: 's',
        budget: SEED_BUDGET_S,
      },
      {
        name: 'Demo seed, living + 3 past semesters, first start (PGlite), wall time',
        value: Number(((seeded - prepared) / 1000).toFixed(1)),
        unit: 's',
      },
      {
        name: 'First start incl. migrations and reference (PGlite)',
        value: Number(((seeded - started) / 1000).toFixed(1)),
        unit: 's',
      },
    ];
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('demo-seed.ts')) {
  console.table(await demoSeedBench());
}

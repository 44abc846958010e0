import { sql } from 'drizzle-orm';
import { analyzeChanged } from '../apps/server/src/db/analyze';
import { sqlRows } from '../apps/server/src/db/sql-rows';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { writeDemoSchool } from '../apps/server/src/modules/demo/seed';
import { openAppEnv } from './app-env';
import { type DemoEnv, loginHeaders } from './grid-writer';
import { loadAverage, percentile, timedGets } from './stats';
import type { BenchResult } from './types';

/*
 * Monitoring › Nilai Akademik (issue #14; docs/decisions/036-monitoring.md): the Waka's first page
 * of the table, the summary with the chart data (one request: /ringkasan) and the Excel export of
 * the whole school, over HTTP on PGlite, for the living smk-standard school with every grade
 * filled (every expected pupil × every active subject has a nilai akhir): p95 ≤ 300 ms each; the
 * export ≤ 1 s. Every other monitoring screen is timed the same way (first page, summary, export):
 * Nilai Ekstrakurikuler, Nilai Projek — in the active semester (kokurikuler texts) and in 2024/2025
 * Genap (20242, the living demo's P5 projects) — Nilai UKK (the living demo's XII TJKT plan) and
 * Nilai PKL (the living demo's placements).
 */

const PASSWORD = 'bench-password-1';
const RUNS = Number(process.env.BENCH_MONITORING_RUNS ?? 30);
const BUDGET_MS = 300;
const EXCEL_BUDGET_MS = 1000;

async function openEnv(): Promise<DemoEnv> {
  const env = await openAppEnv('pglite', 'monitoring');
  const demo = await writeDemoSchool(env.handle.db, {
    profile: 'smk-standard',
    passwordHash: await hashPassword(PASSWORD),
    living: true,
  });
  return { ...env, demo };
}

/** Every live member × active subject of the semester gets a nilai akhir (the report-day state). */
async function fillEveryGrade(env: DemoEnv): Promise<number> {
  await env.handle.db.execute(sql`insert into nilai_akhir
      (sekolah_id, anggota_rombel_id, pembelajaran_id, kompetensi_id, nilai)
    select b.sekolah_id, a.anggota_rombel_id, b.pembelajaran_id, 4, 80
    from pembelajaran b
    join anggota_rombel a on a.rombongan_belajar_id = b.rombongan_belajar_id and a.deleted_at is null
    where b.semester_id = ${env.demo.semesterId} and b.deleted_at is null and b.kelompok_id is not null
      and b.no_urut is not null and not exists (select 1 from nilai_akhir n
        where n.anggota_rombel_id = a.anggota_rombel_id and n.pembelajaran_id = b.pembelajaran_id)`);
  const [row] = await sqlRows<{ n: number }>(
    env.handle.db,
    sql`select count(*)::int as n from nilai_akhir n join pembelajaran b on b.pembelajaran_id = n.pembelajaran_id
      where b.semester_id = ${env.demo.semesterId}`,
  );
  return Number(row?.n ?? 0);
}

/** One monitoring screen as measured: its API base and the log-in (semester) it is read with. */
interface Screen {
  name: string;
  base: string;
  headers: Record<string, string>;
}

export async function monitoringBench(): Promise<BenchResult[]> {
  const env = await openEnv();
  try {
    const grades = await fillEveryGrade(env);
    // What the app's ten-minute statistics pass (db/analyze.ts) would have done by then.
    await analyzeChanged(env.handle);
    const headers = await loginHeaders(env, env.demo.accounts.waka.email, PASSWORD);
    // Nilai Projek counts P5 cells in 20242 (the living demo's projects): a log-in there.
    const p5Headers = await loginHeaders(
      { ...env, demo: { ...env.demo, semesterId: '20242' } },
      env.demo.accounts.waka.email,
      PASSWORD,
    );
    const [first] = await sqlRows<{ n: number }>(
      env.handle.db,
      sql`select count(*)::int as n from pembelajaran where semester_id = ${env.demo.semesterId}
        and deleted_at is null and kelompok_id is not null and no_urut is not null`,
    );
    const api = `${env.url}/api/progress`;
    const screens: Screen[] = [
      { name: 'Nilai Akademik', base: `${api}/penilaian`, headers },
      { name: 'Nilai Ekstrakurikuler', base: `${api}/nilai-ekskul`, headers },
      { name: 'Nilai Projek (kokurikuler)', base: `${api}/nilai-projek`, headers },
      { name: 'Nilai Projek (P5, 20242)', base: `${api}/nilai-projek`, headers: p5Headers },
      { name: 'Nilai UKK', base: `${api}/nilai-ukk`, headers },
      { name: 'Nilai PKL', base: `${api}/nilai-pkl`, headers },
    ];
    const results: BenchResult[] = [];
    const lines: string[] = [];
    for (const screen of screens) {
      const page = await timedGets(`${screen.base}?page=1&per_page=10`, screen.headers, RUNS);
      const ringkasan = await timedGets(`${screen.base}/ringkasan`, screen.headers, RUNS);
      // The export of the whole (unfiltered) table, the heaviest one.
      const excel = await timedGets(
        `${screen.base}/excel`,
        screen.headers,
        Math.max(5, Math.round(RUNS / 3)),
      );
      lines.push(
        `${screen.name}: p50 page ${percentile(page, 50).toFixed(0)} ms, ringkasan ` +
          `${percentile(ringkasan, 50).toFixed(0)} ms, excel ${percentile(excel, 50).toFixed(0)} ms`,
      );
      results.push(
        {
          name: `Monitoring ${screen.name} first page, PGlite, p95`,
          value: Math.round(percentile(page, 95)),
          unit: 'ms',
          budget: BUDGET_MS,
        },
        {
          name: `Monitoring ${screen.name} summary + chart data, PGlite, p95`,
          value: Math.round(percentile(ringkasan, 95)),
          unit: 'ms',
          budget: BUDGET_MS,
        },
        {
          name: `Monitoring ${screen.name} Excel export (whole school), PGlite, max`,
          value: Math.round(Math.max(...excel)),
          unit: 'ms',
          budget: EXCEL_BUDGET_MS,
        },
      );
    }
    console.log(
      `monitoring PGlite: ${first?.n} teaching assignments, ${grades} nilai akhir; ${lines.join('; ')} ` +
        `(${loadAverage()})`,
    );
    return results;
  } finally {
    await env.close();
  }
}

// `npx tsx bench/monitoring.ts`: this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await monitoringBench());
  process.exit(0);
}

import { sql } from 'drizzle-orm';
import { sqlRows } from '../apps/server/src/db/sql-rows';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { type SeededDemo, writeDemoSchool } from '../apps/server/src/modules/demo/seed';
import { type AppEnv, ENGINE_LABEL, type Engine, openAppEnv } from './app-env';
import { percentile } from './stats';
import type { BenchResult } from './types';

/*
 * Unduh Leger (issue #11 item 12; docs/decisions/030-unduh-leger.md): one class's ledger xlsx with
 * Jumlah/Rata-rata/Peringkat, downloaded over HTTP by the Waka from the living demo school
 * (smk-standard, grades written), on PGlite and PostgreSQL: p95 ≤ 500 ms. The class is the one
 * with the most pupils × columns (electives included), so it is the worst case of the school.
 */

const PASSWORD = 'bench-password-1';
const RUNS = Number(process.env.BENCH_LEGER_RUNS ?? 30);
const BUDGET_MS = 500;

async function openEnv(engine: Engine): Promise<AppEnv & { demo: SeededDemo }> {
  const env = await openAppEnv(engine, 'leger');
  const demo = await writeDemoSchool(env.handle.db, {
    profile: 'smk-standard',
    passwordHash: await hashPassword(PASSWORD),
    living: true,
  });
  return { ...env, demo };
}

/** The regular class with the most pupils × (own subjects + the electives its pupils take). */
async function largestClass(
  env: AppEnv & { demo: SeededDemo },
): Promise<{ id: string; nama: string; cells: number }> {
  const [row] = await sqlRows<{ id: string; nama: string; cells: number }>(
    env.handle.db,
    sql`select r.rombongan_belajar_id as id, r.nama,
        (select count(*) from anggota_rombel a where a.rombongan_belajar_id = r.rombongan_belajar_id
           and a.deleted_at is null)
        * (select count(*) from pembelajaran b where b.deleted_at is null and b.induk_pembelajaran_id is null
           and b.kelompok_id is not null and (b.rombongan_belajar_id = r.rombongan_belajar_id
             or b.rombongan_belajar_id in (select ea.rombongan_belajar_id from anggota_rombel ea
               join rombongan_belajar e on e.rombongan_belajar_id = ea.rombongan_belajar_id and e.jenis_rombel = 16
               join anggota_rombel ka on ka.peserta_didik_id = ea.peserta_didik_id
               where ka.rombongan_belajar_id = r.rombongan_belajar_id))) as cells
      from rombongan_belajar r
      where r.jenis_rombel = 1 and r.deleted_at is null and r.semester_id = ${env.demo.semesterId}
      order by cells desc limit 1`,
  );
  if (!row) throw new Error('no class');
  return { id: String(row.id), nama: String(row.nama), cells: Number(row.cells) };
}

async function downloadLatency(engine: Engine): Promise<BenchResult[]> {
  const env = await openEnv(engine);
  try {
    const login = await fetch(`${env.url}/api/jwt/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: env.demo.accounts.waka.email,
        password: PASSWORD,
        semester_id: env.demo.semesterId,
      }),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const kelas = await largestClass(env);
    const url = `${env.url}/api/unduhan/leger-nilai/${kelas.id}?ringkasan=1`;
    const headers = { authorization: `Bearer ${accessToken}` };
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const start = performance.now();
      const res = await fetch(url, { headers });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`leger: ${res.status} ${Buffer.from(body).toString()}`);
      // The first three warm the caches and the JIT; the school's first morning is not the budget.
      if (i >= 3) times.push(performance.now() - start);
      bytes = body.byteLength;
    }
    console.log(
      `leger ${ENGINE_LABEL[engine]}: ${kelas.nama}, ${kelas.cells} pupil × column cells, ${bytes} bytes, ` +
        `p50 ${percentile(times, 50).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`,
    );
    return [
      {
        name: `Unduh Leger xlsx of the largest class, ${ENGINE_LABEL[engine]}, p95`,
        value: Math.round(percentile(times, 95)),
        unit: 'ms',
        budget: BUDGET_MS,
      },
    ];
  } finally {
    await env.close();
  }
}

export async function legerBench(): Promise<BenchResult[]> {
  return [...(await downloadLatency('pglite')), ...(await downloadLatency('postgresql'))];
}

// `npx tsx bench/leger.ts`: this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await legerBench());
  process.exit(0);
}

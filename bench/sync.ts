import { semesterOfDate } from '@erapor/contract/semester';
import type { SyncRun } from '@erapor/contract/sinkronisasi';
import { createSimulator, type Simulator } from '@erapor/dapodik-sim/simulator';
import { dapodikCounts } from '@erapor/demo-school/counts';
import { setSetting } from '../apps/server/src/modules/sekolah/service';
import { encryptText } from '../apps/server/src/secrets';
import { jsonCall } from '../apps/server/src/test/json-call';
import { type AppEnv, ENGINE_LABEL, type Engine, openAppEnv } from './app-env';
import type { BenchResult } from './types';

/*
 * Ambil Data Dapodik (issue "Dapodik"): a full pull sync of the simulator's smk-standard school
 * (~1,500 pupils, every kind) into an empty installation — the school registered with the
 * simulator's NPSN, no demo seed — over HTTP, from the POST to the run's end:
 * ≤ 30 s on PGlite, ≤ 15 s on PostgreSQL. A second sync with nothing changed is reported too.
 */

const NPSN = '69999999';
const EMAIL = 'operator@bench.sch.id';
const PASSWORD = 'bench-password-1';
const BUDGET_S: Record<Engine, number> = { pglite: 30, postgresql: 15 };
const LABEL = ENGINE_LABEL;

type Env = AppEnv;

async function call<T>(env: Env, method: string, path: string, body?: unknown, token?: string) {
  const res = await jsonCall<T>(env.url, method, path, body, token);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Registers the school with the simulator's NPSN, logs in, points the settings at the simulator. */
async function prepare(env: Env, sim: Simulator, simUrl: string, semesterId: string): Promise<string> {
  await call(env, 'POST', '/api/jwt/register', { npsn: NPSN, email: EMAIL, password: PASSWORD });
  const login = await call<{ accessToken: string; userData: { sekolah: { sekolah_id: string } } }>(
    env,
    'POST',
    '/api/jwt/login',
    { email: EMAIL, password: PASSWORD, semester_id: semesterId },
  );
  const sekolahId = login.userData.sekolah.sekolah_id;
  const key = env.app.ctx.secrets.encryptionKey;
  await setSetting(env.handle.db, { sekolahId }, { key: 'url_dapodik', value: simUrl, semesterId: null });
  await setSetting(
    env.handle.db,
    { sekolahId },
    { key: 'token_dapodik', value: encryptText(key, sim.options.token), semesterId: null },
  );
  return login.accessToken;
}

/** One sync over HTTP, from the POST to the run's end (polled every 50 ms). */
async function timedSync(env: Env, token: string): Promise<{ seconds: number; run: SyncRun }> {
  const t0 = performance.now();
  const { runId } = await call<{ runId: string }>(env, 'POST', '/api/sinkronisasi/dapodik', {}, token);
  for (;;) {
    const run = await call<SyncRun>(env, 'GET', `/api/sinkronisasi/runs/${runId}`, undefined, token);
    if (run.status !== 'queued' && run.status !== 'running')
      return { seconds: (performance.now() - t0) / 1000, run };
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function count(env: Env, sql: string): Promise<number> {
  const [row] = await env.handle.query<{ n: string | number }>(sql);
  return Number(row?.n ?? 0);
}

async function syncOn(engine: Engine, sim: Simulator, simUrl: string): Promise<BenchResult[]> {
  const semesterId = semesterOfDate(new Date()).semester_id;
  const env = await openAppEnv(engine, 'sync');
  try {
    const token = await prepare(env, sim, simUrl, semesterId);
    const full = await timedSync(env, token);
    if (full.run.status !== 'done')
      throw new Error(
        `full sync ended ${full.run.status}: ${full.run.message} ${JSON.stringify(full.run.kinds)}`,
      );
    // The sync really filled the empty installation.
    const c = dapodikCounts(sim.state.school);
    const pupils = await count(env, 'select count(*) n from peserta_didik where active');
    const pembelajaran = await count(env, 'select count(*) n from pembelajaran where deleted_at is null');
    if (pupils !== c.pd_aktif || pembelajaran !== c.pembelajaran)
      throw new Error(
        `after the sync: ${pupils} pupils (Dapodik ${c.pd_aktif}), ${pembelajaran} pembelajaran`,
      );
    const written = full.run.kinds.reduce((n, k) => n + k.inserted, 0);
    const idle = await timedSync(env, token);
    if (idle.run.status !== 'done' || idle.run.kinds.some((k) => k.inserted + k.updated + k.removed > 0))
      throw new Error(`the second sync changed something: ${JSON.stringify(idle.run.kinds)}`);
    const label = `${c.pd_aktif} pupils, ${written} rows, ${LABEL[engine]}`;
    return [
      {
        name: `Full Dapodik sync into an empty installation (${label})`,
        value: Number(full.seconds.toFixed(2)),
        unit: 's',
        budget: BUDGET_S[engine],
      },
      {
        name: `Second Dapodik sync, nothing changed (${LABEL[engine]})`,
        value: Number(idle.seconds.toFixed(2)),
        unit: 's',
      },
    ];
  } finally {
    await env.close();
  }
}

export async function syncBench(): Promise<BenchResult[]> {
  // The simulator serves the app's demo school (seed 42) in today's semester; generated once.
  const sim = createSimulator({ profile: 'smk-standard', port: 0, npsn: NPSN });
  const simUrl = await sim.listen();
  try {
    return [...(await syncOn('pglite', sim, simUrl)), ...(await syncOn('postgresql', sim, simUrl))];
  } finally {
    await sim.close();
  }
}

// `npx tsx bench/sync.ts`: this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await syncBench());
  process.exit(0);
}

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../apps/server/src/modules/demo/seed';
import { createBenchDatabase, ENGINE_LABEL, type Engine } from './app-env';
import { printAll } from './cetak-semua';
import { type DemoEnv, GridWriter } from './grid-writer';
import { freePort, repoRoot } from './server';
import type { BenchResult } from './types';

/**
 * Issue #28 item 3 (decision 060): what a school's server holds and how soon it answers again.
 * Runs what `npm start` runs — scripts/start.mjs, its supervisor and the built server — on the
 * demo school: seeded once, stopped, started again (the restart is timed to `/api/health`), its
 * RSS read from /proc idle and after a mixed load (grid saves, reads, one Cetak Semua); on the
 * embedded database and on PostgreSQL. Then the national reference import's peak, as
 * `npm run import:reference` runs it.
 */

/** The load lasts five minutes; BENCH_MEMORY_LOAD_S shortens it for a quick look. */
const LOAD_SECONDS = Number(process.env.BENCH_MEMORY_LOAD_S ?? 300);
const IDLE_SECONDS = 10;

const BUDGET = {
  pglite: { restartS: 5, afterLoadMb: 400 },
  postgresql: { restartS: 2, idleMb: 200, afterLoadMb: 300 },
  importPeakMb: 500,
} as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process (what the OOM killer and the school's 2–4 GB count). */
export function rssMb(pid: number): number {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  if (!m) throw new Error(`no VmRSS for pid ${pid}`);
  return Math.round(Number(m[1]) / 1024);
}

interface Started {
  url: string;
  /** The server's pid (the supervisor prints it), not `npm start`'s. */
  serverPid: number;
  /** From spawning `npm start` to the first 200 of `/api/health`. */
  seconds: number;
  stop(): Promise<void>;
}

/** `npm start` (scripts/start.mjs) on `dataDir`; resolves once `/api/health` answers. */
async function npmStart(port: number, dataDir: string, databaseUrl: string): Promise<Started> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      BACKUP_SCHEDULE: 'false',
      // The web app's build is not what is measured; the server answers without it.
      SKIP_WEB_BUILD: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  // The first start seeds the demo school: minutes on a busy machine.
  const deadline = Date.now() + Number(process.env.BENCH_SERVER_START_MS ?? 600_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`no /api/health within the deadline:\n${output}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(100);
  }
  const seconds = (performance.now() - started) / 1000;
  const pid = /Server dijalankan \(server started\), pid (\d+)/.exec(output);
  if (!pid) throw new Error(`no server pid in the output:\n${output}`);
  return {
    url,
    serverPid: Number(pid[1]),
    seconds,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function login(url: string, key: string, semesterId: string): Promise<Record<string, string>> {
  const email = DEMO_ACCOUNTS.find((a) => a.key === key)?.email;
  const { accessToken } = await json<{ accessToken: string }>(
    await fetch(`${url}/api/jwt/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD, semester_id: semesterId }),
    }),
  );
  return { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
}

/** The first class and subject the demo's guru@ teaches (the grid they save). */
async function taughtSubject(url: string, headers: Record<string, string>) {
  for (const tingkat of [10, 11, 12, 13]) {
    const { data } = await json<{ data: { rombongan_belajar_id: string; mengajar: boolean }[] }>(
      await fetch(`${url}/api/penilaian/rombel?tingkat=${tingkat}&jenis_rombel=1`, { headers }),
    );
    for (const rombel of data.filter((r) => r.mengajar)) {
      const mapel = await json<{ data: { pembelajaran_id: string; can_edit: boolean }[] }>(
        await fetch(`${url}/api/penilaian/rombel/${rombel.rombongan_belajar_id}/pembelajaran`, { headers }),
      );
      const own = mapel.data.find((m) => m.can_edit);
      if (own) return { rombelId: rombel.rombongan_belajar_id, pembelajaranId: own.pembelajaran_id };
    }
  }
  throw new Error('guru@ teaches no gradable subject in the demo school');
}

/**
 * The mixed load: for `seconds`, a teacher saves a whole grid and reads it back, about once a
 * second, while they also read the class pickers; the Waka prints the class's Rapor Akademik once
 * (Cetak Semua) at the start. Answers the highest RSS seen.
 */
async function mixedLoad(url: string, pid: number, seconds: number): Promise<number> {
  const { semester_id } = await json<{ semester_id: string }>(await fetch(`${url}/api/auth/semester`));
  const guru = await login(url, 'guru', semester_id);
  const waka = await login(url, 'waka', semester_id);
  const { rombelId, pembelajaranId } = await taughtSubject(url, guru);
  // GridWriter reads only `url` for loading and saving.
  const writer = new GridWriter({ url } as DemoEnv, guru, pembelajaranId);
  await writer.load();
  let peak = rssMb(pid);
  const end = Date.now() + seconds * 1000;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 500);
  try {
    const print = printAll({ url }, waka, '/api/cetak/rapor-semua', {
      rombongan_belajar_id: rombelId,
      dokumen: ['nilai-akhir'],
      output: 'pdf',
    });
    const saves = (async () => {
      while (Date.now() < end) {
        const status = await writer.save();
        if (status !== 200) throw new Error(`grid save: ${status}`);
        await writer.load();
        await sleep(1000);
      }
    })();
    const reads = (async () => {
      while (Date.now() < end) {
        for (const tingkat of [10, 11, 12])
          await json(
            await fetch(`${url}/api/penilaian/rombel?tingkat=${tingkat}&jenis_rombel=1`, { headers: guru }),
          );
        await json(await fetch(`${url}/api/penilaian/rombel/${rombelId}/pembelajaran`, { headers: guru }));
        await sleep(500);
      }
    })();
    await Promise.all([print, saves, reads]);
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, rssMb(pid));
}

async function engineBench(engine: Engine, port: number): Promise<BenchResult[]> {
  const label = ENGINE_LABEL[engine];
  const dataDir = mkdtempSync(join(tmpdir(), `erapor-bench-memory-${engine}-`));
  const database = engine === 'postgresql' ? await createBenchDatabase('memory') : undefined;
  try {
    // Seed the demo school once, stop cleanly: the data directory a school restarts on.
    const seeding = await npmStart(port, dataDir, database?.url ?? '');
    await seeding.stop();
    const server = await npmStart(port, dataDir, database?.url ?? '');
    try {
      await sleep(IDLE_SECONDS * 1000);
      const idle = rssMb(server.serverPid);
      const peak = await mixedLoad(server.url, server.serverPid, LOAD_SECONDS);
      const after = rssMb(server.serverPid);
      const budget = BUDGET[engine];
      const round = (n: number) => Math.round(n * 10) / 10;
      return [
        {
          name: `Restart of the demo school to /api/health, ${label}`,
          value: round(server.seconds),
          unit: 's',
          budget: budget.restartS,
        },
        {
          name: `Server RSS idle (${IDLE_SECONDS} s after the restart), ${label}`,
          value: idle,
          unit: 'MB',
          budget: 'idleMb' in budget ? budget.idleMb : undefined,
        },
        {
          name: `Server RSS after ${LOAD_SECONDS} s of mixed load, ${label}`,
          value: after,
          unit: 'MB',
          budget: budget.afterLoadMb,
        },
        { name: `Server RSS peak during the load, ${label}`, value: peak, unit: 'MB' },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `npm run import:reference` (the built tool) of the full national directory into a fresh DATA_DIR. */
async function importPeak(): Promise<BenchResult> {
  const dir = resolve(process.env.REFERENCE_DIR || join(repoRoot, '../shared/reference'));
  const dataDir = mkdtempSync(join(tmpdir(), 'erapor-bench-memory-import-'));
  try {
    const child = spawn(process.execPath, [join(repoRoot, 'scripts/import-reference.mjs'), dir], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    if (code !== 0) throw new Error(`import:reference exited with ${code}:\n${output}`);
    const rss = /Memori puncak \(maxRSS\): (\d+) MB/.exec(output);
    if (!rss) throw new Error(`no peak memory line in the output:\n${output}`);
    return {
      name: 'npm run import:reference, full directory, peak RSS',
      value: Number(rss[1]),
      unit: 'MB',
      budget: BUDGET.importPeakMb,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** BENCH_MEMORY_ONLY=pglite|postgresql|import (comma-separated) runs those parts alone. */
const ONLY = (process.env.BENCH_MEMORY_ONLY || 'pglite,postgresql,import').split(',');

export async function memoryBench(): Promise<BenchResult[]> {
  const port = Number(process.env.BENCH_MEMORY_PORT || (await freePort()));
  const results: BenchResult[] = [];
  if (ONLY.includes('pglite')) results.push(...(await engineBench('pglite', port)));
  if (ONLY.includes('postgresql')) results.push(...(await engineBench('postgresql', port)));
  if (ONLY.includes('import')) results.push(await importPeak());
  // Timings move with the machine's load (RSS much less): the figure they were taken at.
  results.push({
    name: 'Load average (1 min) at the end of the memory bench',
    value: loadavg()[0] ?? 0,
    unit: '',
  });
  return results;
}

// `npx tsx bench/memory.ts`: this benchmark alone, PASS/FAIL per line.
if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await memoryBench();
  for (const r of results) {
    const verdict = r.budget === undefined ? '    ' : r.value <= r.budget ? 'PASS' : 'FAIL';
    const budget = r.budget === undefined ? '' : ` (budget ≤ ${r.budget} ${r.unit})`;
    console.log(`${verdict} ${r.name}: ${r.value} ${r.unit}${budget}`);
  }
  if (results.some((r) => r.budget !== undefined && r.value > r.budget)) process.exit(1);
}

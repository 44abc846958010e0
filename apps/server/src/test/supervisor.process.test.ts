import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { freePort } from './server-process';

/*
 * `npm start` as an operator runs it (scripts/start.mjs, the web build skipped), on the embedded
 * database: a server killed with SIGKILL comes back by itself over its stale lock, a server that
 * cannot start is given up after five crashes with a clear message, and SIGTERM stops everything
 * without a restart. The supervisor prints every server it starts as `Server dijalankan …, pid N.`:
 * that line is how these tests (and an operator) find the server's pid.
 */

interface Supervisor {
  proc: ChildProcess;
  url: string;
  dataDir: string;
  output(): string;
  /** Pids of the servers started so far, in order. */
  serverPids(): number[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const supervisors: Supervisor[] = [];
const dirs: string[] = [];

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Whatever happens in a test, no supervisor and no server outlives this file.
afterAll(() => {
  for (const s of supervisors) {
    if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
    for (const pid of s.serverPids()) if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function startSupervisor(port: number, env: Record<string, string>): Supervisor {
  const dataDir = mkdtempSync(join(tmpdir(), 'erapor-supervisor-'));
  dirs.push(dataDir);
  const proc = spawn(process.execPath, [join(REPO_ROOT, 'scripts/start.mjs')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      SKIP_WEB_BUILD: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      DATABASE_URL: '',
      JWT_SECRET: '',
      ENCRYPTION_KEY: '',
      SNAPSHOT_INTERVAL_HOURS: '0',
      WEB_DIST_DIR: join(dataDir, 'no-web-dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d) => {
    out += d;
  });
  proc.stderr?.on('data', (d) => {
    out += d;
  });
  // 'close': exited, and all of its output (and its servers', on the same pipes) read.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('close', (code, signal) => resolve({ code, signal })),
  );
  const s: Supervisor = {
    proc,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => out,
    serverPids: () =>
      [...out.matchAll(/Server dijalankan \(server started\), pid (\d+)\./g)].map((m) => Number(m[1])),
    exited,
  };
  supervisors.push(s);
  return s;
}

async function until<T>(what: string, s: Supervisor, timeoutMs: number, probe: () => Promise<T | undefined>) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} not within ${timeoutMs} ms; npm start printed:\n${s.output()}`);
}

/** The pid of the `i`-th server started (0: the first). */
function serverPid(s: Supervisor, i: number): number {
  const pid = s.serverPids().at(i);
  if (pid === undefined) throw new Error(`no server #${i}; npm start printed:\n${s.output()}`);
  return pid;
}

const healthy = (s: Supervisor, timeoutMs = 120_000) =>
  until('/api/health', s, timeoutMs, async () => {
    if (s.proc.exitCode !== null) throw new Error(`npm start exited early:\n${s.output()}`);
    try {
      return (await fetch(`${s.url}/api/health`)).ok ? true : undefined;
    } catch {
      return undefined; // not listening (yet)
    }
  });

describe('npm start supervises the server', () => {
  let running: Supervisor | undefined;

  it('restarts a server killed with SIGKILL at once, over its stale database lock', {
    timeout: 240_000,
  }, async () => {
    const s = startSupervisor(await freePort(), {});
    running = s;
    await healthy(s);
    const first = serverPid(s, 0);
    expect(first).not.toBe(s.proc.pid);
    // The server runs the built JavaScript, with source maps, and no TypeScript loader (decision 060).
    const cmdline = readFileSync(`/proc/${first}/cmdline`, 'utf8').split('\0');
    expect(cmdline).toContain('--enable-source-maps');
    expect(cmdline).toContain(join(REPO_ROOT, 'apps/server/dist/main.js'));
    expect(cmdline.join(' ')).not.toMatch(/tsx|\.ts\b|--import|--loader/);
    // …with decision 060's memory settings: V8's young generation capped, glibc's mmap threshold fixed.
    expect(cmdline).toContain('--max-semi-space-size=4');
    const environ = readFileSync(`/proc/${first}/environ`, 'utf8').split('\0');
    expect(environ).toContain('MALLOC_MMAP_THRESHOLD_=131072');
    // …and Node's compile cache (third stop), unless the one who started it set their own.
    expect(environ).toContain(
      `NODE_COMPILE_CACHE=${process.env.NODE_COMPILE_CACHE || join(REPO_ROOT, 'apps/server/.compile-cache')}`,
    );

    const killedAt = Date.now();
    process.kill(first, 'SIGKILL');
    const second = await until('a new server', s, 10_000, async () => s.serverPids()[1]);
    const restartedMs = Date.now() - killedAt;
    // The bar: the app answers again within 10 s of the kill. Measured 4.1 s in CI beside the
    // other test files (start, database check, snapshot); the wait allows more so that a slow run
    // fails on the assertion below, with its number, not on a time-out.
    await healthy(s, 60_000);
    const backMs = Date.now() - killedAt;
    // On a machine busier than its cores (a developer's, with other work beside the suite) the
    // 10 s scale with the 1-minute load per core, as the upload tests' budgets do; idle, it is 10 s.
    const perCore = (loadavg()[0] ?? 0) / availableParallelism();
    expect(backMs).toBeLessThan(10_000 * Math.max(1, perCore));
    console.log(`SIGKILL → new server started in ${restartedMs} ms, /api/health answers after ${backMs} ms`);

    expect(second).not.toBe(first);
    expect(alive(first)).toBe(false);
    expect(alive(second)).toBe(true);
    const out = s.output();
    expect(out).toContain('Server mati mendadak: dihentikan paksa dengan SIGKILL');
    expect(out).toContain('Crash ke-1 dalam 5 menit terakhir; memulai ulang server sekarang');
    // The lock of the killed server is taken over, the database checked, and the server serves.
    expect(out).toContain(`Proses sebelumnya (pid ${first}) tidak berhenti dengan benar`);
    expect(out).toContain('Database utuh');
    expect(s.proc.exitCode).toBe(null);
  });

  it('stops the server cleanly on SIGTERM, even delivered twice, and does not restart it', {
    timeout: 240_000,
  }, async () => {
    // The server of the test above when it ran, else a fresh one.
    const s = running?.proc.exitCode === null ? running : startSupervisor(await freePort(), {});
    await healthy(s);
    const pids = s.serverPids();
    const server = serverPid(s, -1);

    // systemd (and Ctrl+C in a terminal) signal every process of the group: the supervisor forwards
    // it as well, so the server sees the same stop twice.
    s.proc.kill('SIGTERM');
    process.kill(server, 'SIGTERM');
    const { code } = await s.exited;
    expect(code, s.output()).toBe(0);
    expect(alive(server)).toBe(false);
    expect(s.serverPids()).toEqual(pids);
    const out = s.output();
    expect(out).toContain('SIGTERM diterima: menghentikan server dan menutup database...');
    expect(out).toContain('Server berhenti dengan benar (stopped cleanly).');
    expect(out).not.toContain('keluar paksa');
    expect(existsSync(join(s.dataDir, 'erapor.lock'))).toBe(false);
  });

  it('gives up after five crashes within five minutes, saying why, with a non-zero exit', {
    timeout: 180_000,
  }, async () => {
    // A real failure at every start: the server refuses an invalid PORT and exits 1.
    const s = startSupervisor(await freePort(), { PORT: 'bukan-port' });
    const startedAt = Date.now();
    const { code, signal } = await s.exited;
    console.log(`five crashes and the give-up took ${Date.now() - startedAt} ms`);
    const out = s.output();
    expect(code, out).toBe(1);
    expect(signal).toBe(null);
    expect(s.serverPids()).toHaveLength(5);
    expect(out.match(/Konfigurasi tidak valid/g)).toHaveLength(5);
    expect(out.match(/Server mati mendadak dengan kode keluar 1/g)).toHaveLength(5);
    // Back-off between quick crashes: 0 s, 1 s, 2 s, 4 s.
    expect(out).toContain('Crash ke-1 dalam 5 menit terakhir; memulai ulang server sekarang');
    expect(out).toContain('Crash ke-2 dalam 5 menit terakhir; memulai ulang server dalam 1 detik');
    expect(out).toContain('Crash ke-3 dalam 5 menit terakhir; memulai ulang server dalam 2 detik');
    expect(out).toContain('Crash ke-4 dalam 5 menit terakhir; memulai ulang server dalam 4 detik');
    expect(out).toContain(
      'Server sudah 5 kali mati dalam 5 menit terakhir; tidak dimulai ulang lagi. ' +
        'Baca pesan kesalahan di atas, perbaiki penyebabnya, lalu jalankan npm start lagi.',
    );
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(7_000);
  });
});

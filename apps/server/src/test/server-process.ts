import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { REPO_ROOT } from '../config';
import { jsonCall } from './json-call';

/** The real server as `npm start` runs it, in a child process: for crash and restart tests. */

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: ChildProcess[] = [];
/** Every test file that starts servers kills what is left of them at its end. */
export function killServersAfterAll(): void {
  afterAll(() => {
    for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  });
}

/** Starts `apps/server/src/main.ts` on `port` with `env` over this process's environment. */
export function spawnServer(port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'apps/server/src/main.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** Waits for /api/health; fails with the server's output when it exits or never answers. */
export async function waitHealthy(p: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (p.child.exitCode !== null) throw new Error(`server exited early:\n${p.output()}`);
    try {
      if ((await fetch(`${p.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not become healthy:\n${p.output()}`);
}

/** One JSON call to a spawned server (`body` as JSON, `token` as Bearer); an empty body reads as null. */
export function processApi<T = Record<string, unknown>>(
  p: ServerProcess,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  return jsonCall<T>(p.url, method, path, body, token);
}

/**
 * A PostgreSQL database of its own and a data directory for one process test of the demo school
 * (tiny profile, no scheduled backups, no web build): `env` starts a server on them, `connect`
 * opens a client on the database for planting rows. All is dropped and removed after the file.
 * Call inside a `describe.skipIf(!inject('pg').available)`.
 */
export function pgProcessFixture(suffix: string): {
  env: Record<string, string>;
  createDatabase(): Promise<void>;
  connect(): Promise<pg.Client>;
} {
  const info = inject('pg');
  const name = `${info.prefix}_${suffix}`;
  const dataDir = mkdtempSync(join(tmpdir(), `erapor-${suffix.replaceAll('_', '-')}-`));
  const url = new URL(info.adminUrl);
  url.pathname = `/${name}`;
  const clients: pg.Client[] = [];
  let created = false;
  afterAll(async () => {
    for (const c of clients) await c.end().catch(() => undefined);
    if (created) {
      const admin = new pg.Client({ connectionString: info.adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      SEED_DEMO: 'true',
      DEMO_PROFILE: 'tiny',
      BACKUP_SCHEDULE: 'false',
      WEB_DIST_DIR: join(dataDir, 'no-web-dist'),
    },
    async createDatabase() {
      const admin = new pg.Client({ connectionString: info.adminUrl });
      await admin.connect();
      try {
        await admin.query(`create database "${name}"`);
        created = true;
      } finally {
        await admin.end();
      }
    },
    async connect() {
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      clients.push(c);
      return c;
    },
  };
}

import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { semesterOfDate } from '@erapor/contract/semester';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  freePort,
  killServersAfterAll,
  processApi,
  type ServerProcess,
  spawnServer,
  waitHealthy,
} from './test/server-process';

const active = semesterOfDate(new Date()).semester_id;

killServersAfterAll();

/** The real server, as `npm start` runs it. */
function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  return Promise.resolve(
    spawnServer(port, {
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DATABASE_URL: '',
      JWT_SECRET: '',
      ENCRYPTION_KEY: '',
      ...env,
    }),
  );
}

const api = processApi;

const login = (p: ServerProcess, email: string) =>
  api(p, 'POST', '/api/jwt/login', { email, password: 'rapor-demo', semester_id: active });

describe('the real server process on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'erapor-process-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('survives SIGKILL mid-writes, refuses a second process, stops cleanly on SIGTERM', {
    timeout: 420_000,
  }, async () => {
    // 1. First start: creates and seeds the database (the living demo with its history, decision 022:
    // allow for a busy machine).
    const a = await startServer(dataDir, await freePort());
    await waitHealthy(a, 240_000);
    expect(a.output()).toMatch(/e-Rapor SMK siap: http:\/\/127\.0\.0\.1:\d+/);
    expect(a.output()).toMatch(/admin@demo\.sch\.id/);
    expect(a.output()).not.toMatch(/tidak berhenti dengan benar/);

    // 2. Writes that were acknowledged before the crash.
    const guru = await login(a, 'guru@demo.sch.id');
    expect(guru.status).toBe(200);
    const token = String(guru.body.accessToken);
    const refreshToken = String(guru.body.refreshToken);
    const renamed = await api(
      a,
      'PUT',
      '/api/profile',
      { name: 'Nama Sebelum Crash', email: 'guru@demo.sch.id' },
      token,
    );
    expect(renamed.status).toBe(200);

    // 3. Kill it hard while log-ins (each writes a refresh token and last_login) are in flight.
    const emails = ['admin', 'wali', 'kaprog', 'waka', 'ekskul', 'pkl', 'siswa'].map(
      (k) => `${k}@demo.sch.id`,
    );
    let inFlight = 0;
    let completed = 0;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; i < 200; i++) {
        inFlight++;
        try {
          const r = await login(a, emails[(w + i) % emails.length] ?? 'admin@demo.sch.id');
          if (r.status === 200) completed++;
        } catch {
          return; // the server is gone
        } finally {
          inFlight--;
        }
      }
    });
    while (completed < 12) await new Promise((r) => setTimeout(r, 10));
    expect(inFlight).toBeGreaterThan(0);
    a.child.kill('SIGKILL');
    await Promise.all(writers);
    expect((await a.exited).signal).toBe('SIGKILL');
    expect(existsSync(join(dataDir, 'erapor.lock'))).toBe(true);

    // 4. Restart: it notices, checks, and everything acknowledged is there.
    const b = await startServer(dataDir, await freePort());
    await waitHealthy(b);
    const out = b.output();
    expect(out).toMatch(/tidak berhenti dengan benar/);
    expect(out).toMatch(/stopped uncleanly/);
    // PostgreSQL's WAL recovery makes a killed process harmless: intact, nothing restored.
    expect(out).toMatch(/Database utuh.*\(Database intact\.\)/);
    expect(out).not.toMatch(/dipulihkan dari snapshot/);
    const again = await login(b, 'guru@demo.sch.id');
    expect(again.status).toBe(200);
    expect((again.body.userData as { name: string }).name).toBe('Nama Sebelum Crash');
    const refreshed = await api(b, 'POST', '/api/jwt/refresh-token', { refreshToken });
    expect(refreshed.status).toBe(200);

    // 5. A second process on the same directory is refused while the first runs.
    const c = await startServer(dataDir, await freePort());
    const cExit = await c.exited;
    expect(cExit.code).not.toBe(0);
    expect(c.output()).toMatch(/sedang digunakan oleh proses lain \(pid \d+\)/);
    expect(c.output()).toMatch(/in use by another process/);
    expect((await fetch(`${b.url}/api/health`)).ok).toBe(true);

    // 6. SIGTERM: clean stop, lock removed; the next start has nothing to report.
    b.child.kill('SIGTERM');
    const bExit = await b.exited;
    expect(bExit.code).toBe(0);
    expect(b.output()).toMatch(/Server berhenti dengan benar/);
    expect(existsSync(join(dataDir, 'erapor.lock'))).toBe(false);

    // The clean stop took the snapshot the next start would have taken (decision 060)…
    const stopSnapshot = /Snapshot database dibuat: (\S+)/.exec(
      b.output().split('diterima: menghentikan')[1] ?? '',
    );
    expect(stopSnapshot?.[1]).toMatch(/pgdata-\S+\.tar\.gz$/);
    expect(existsSync(stopSnapshot?.[1] ?? '')).toBe(true);
    const d = await startServer(dataDir, await freePort());
    await waitHealthy(d);
    expect(d.output()).not.toMatch(/tidak berhenti dengan benar/);
    // …so this start takes none; it answers first and does the rest of its start-up work after.
    expect(d.output()).toContain(`Snapshot database saat berhenti dipakai: ${stopSnapshot?.[1]}`);
    expect(d.output()).not.toMatch(/Snapshot database dibuat/);
    const readyAt = Date.now() + 120_000;
    while (!d.output().includes('Persiapan awal selesai') && Date.now() < readyAt)
      await new Promise((r) => setTimeout(r, 100));
    expect(d.output().indexOf('e-Rapor SMK siap')).toBeGreaterThan(-1);
    expect(d.output().indexOf('e-Rapor SMK siap')).toBeLessThan(d.output().indexOf('Persiapan awal selesai'));
    const afterAll = await login(d, 'guru@demo.sch.id');
    expect((afterAll.body.userData as { name: string }).name).toBe('Nama Sebelum Crash');
    d.child.kill('SIGINT');
    expect((await d.exited).code).toBe(0);

    // 7. A damaged directory: the server restores the newest snapshot and says which one and from when.
    writeFileSync(join(dataDir, 'pgdata/global/pg_control'), 'rusak');
    const e = await startServer(dataDir, await freePort());
    await waitHealthy(e);
    expect(e.output()).toMatch(/DATABASE RUSAK/);
    expect(e.output()).toMatch(/Database dipulihkan dari snapshot \S+pgdata-\S+\.tar\.gz, dibuat /);
    expect(e.output()).toMatch(/Restored the database from snapshot .* taken at \d{4}-\d{2}-\d{2}T/);
    expect((await login(e, 'admin@demo.sch.id')).status).toBe(200);
    e.child.kill('SIGTERM');
    expect((await e.exited).code).toBe(0);
  });
});

describe.skipIf(!inject('pg').available)('the real server process on PostgreSQL', () => {
  it('starts on DATABASE_URL, seeds, serves, stops cleanly', { timeout: 300_000 }, async () => {
    const info = inject('pg');
    const name = `${info.prefix}_process`;
    const admin = new pg.Client({ connectionString: info.adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(info.adminUrl);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'erapor-process-pg-'));
    try {
      const p = await startServer(dataDir, await freePort(), { DATABASE_URL: url.toString() });
      await waitHealthy(p, 240_000); // seeds the living demo (decision 022)
      expect(p.output()).toMatch(/Database: PostgreSQL/);
      const health = await api(p, 'GET', '/api/health');
      expect(health.body).toMatchObject({ status: 'ok', database: 'postgresql' });
      expect((await login(p, 'wali@demo.sch.id')).status).toBe(200);
      expect(existsSync(join(dataDir, 'pgdata'))).toBe(false);
      p.child.kill('SIGTERM');
      expect((await p.exited).code).toBe(0);
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

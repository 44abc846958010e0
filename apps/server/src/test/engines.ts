import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/client';

export type Engine = 'pglite' | 'postgresql';
export const ENGINES: readonly Engine[] = ['pglite', 'postgresql'];

export function postgresAvailable(): boolean {
  return inject('pg').available;
}

let counter = 0;

/** A fresh, empty database of the engine: in-memory PGlite, or a new PostgreSQL database of this run. */
export async function openTestDatabase(
  engine: Engine,
): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  if (engine === 'pglite') {
    const handle = await openPglite();
    return { handle, drop: () => handle.close() };
  }
  const info = inject('pg');
  const name = `${info.prefix}_${process.pid}_${++counter}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(info.adminUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  return {
    handle,
    async drop() {
      await handle.close();
      const a = new pg.Client({ connectionString: info.adminUrl });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`);
      await a.end();
    },
  };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = mkdtempSync(join(tmpdir(), 'erapor-test-'));
  return loadConfig(
    {},
    {
      dataDir,
      jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
      encryptionKey: 'test-encryption-key-test-encryption-key-0123',
      webDistDir: join(dataDir, 'no-web-dist'),
      seedDemo: true,
      // The small demo school keeps every suite fast; pass demoProfile: 'smk-standard' for the full one.
      demoProfile: 'tiny',
      snapshotIntervalHours: 0,
      // Scheduled backups are driven by hand in their tests (cadangan/jadwal.test.ts).
      backupSchedule: false,
      ...overrides,
    },
  );
}

export interface TestApp {
  engine: Engine;
  app: FastifyInstance;
  db: DatabaseHandle;
  config: AppConfig;
  close(): Promise<void>;
}

export async function createTestApp(
  engine: Engine,
  options: Partial<Omit<BuildAppOptions, 'config' | 'database'>> & { config?: Partial<AppConfig> } = {},
): Promise<TestApp> {
  const { config: overrides, ...rest } = options;
  const config = testConfig(overrides);
  const { handle, drop } = await openTestDatabase(engine);
  const app = await buildApp({ ...rest, config, database: handle, ownsDatabase: false });
  await app.ready();
  return {
    engine,
    app,
    db: handle,
    config,
    async close() {
      await app.close();
      await drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs the suite once per engine, each with its own app and fresh database. The PostgreSQL half
 * is skipped (loudly, by the global setup) when PostgreSQL does not answer outside CI.
 */
export function describeEngines(
  name: string,
  options: Parameters<typeof createTestApp>[1] | (() => Parameters<typeof createTestApp>[1]),
  body: (t: () => TestApp, engine: Engine) => void,
): void {
  for (const engine of ENGINES) {
    const skip = engine === 'postgresql' && !postgresAvailable();
    describe.skipIf(skip)(`${name} [${engine}]`, () => {
      let current: TestApp | undefined;
      beforeAll(async () => {
        current = await createTestApp(engine, typeof options === 'function' ? options() : options);
      });
      afterAll(async () => {
        await current?.close();
      });
      body(() => {
        if (!current) throw new Error('test app not ready');
        return current;
      }, engine);
    });
  }
}

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return JSON.parse(res.body) as T;
}

export const DEMO_PASSWORD = 'rapor-demo';

export async function loginAs(
  app: FastifyInstance,
  email: string,
  semesterId: string,
  password = DEMO_PASSWORD,
  remoteAddress = '127.0.0.1',
): Promise<{ accessToken: string; refreshToken: string; userData: Record<string, unknown> }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/jwt/login',
    payload: { email, password, semester_id: semesterId },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  return json(res);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

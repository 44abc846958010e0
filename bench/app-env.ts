import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { type AppConfig, loadConfig } from '../apps/server/src/config';
import { type DatabaseHandle, openPglite, openPostgres } from '../apps/server/src/db/client';

export type Engine = 'pglite' | 'postgresql';
export const ENGINE_LABEL: Record<Engine, string> = { pglite: 'PGlite', postgresql: 'PostgreSQL' };
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface AppEnv {
  app: FastifyInstance;
  /** Where the app listens (http://127.0.0.1:port). */
  url: string;
  handle: DatabaseHandle;
  /** Holds PGlite's `pgdata` (reopen it there for a cold start). */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * An empty installation (no school, no demo seed) behind an app listening on a free port, in
 * process: PGlite in a fresh data directory, or a new PostgreSQL database dropped by close().
 */
export async function openAppEnv(
  engine: Engine,
  tag: string,
  overrides: Partial<AppConfig> = {},
): Promise<AppEnv> {
  const dataDir = mkdtempSync(join(tmpdir(), `erapor-bench-${tag}-`));
  let dropPg: (() => Promise<void>) | undefined;
  let handle: DatabaseHandle;
  if (engine === 'pglite') {
    handle = await openPglite(join(dataDir, 'pgdata'));
    // As the app's embedded database: on disk, so a backup copies its files online.
    handle.pgdataDir = join(dataDir, 'pgdata');
  } else {
    const database = await createBenchDatabase(tag);
    handle = await openPostgres(database.url);
    dropPg = database.drop;
  }
  const config = loadConfig(
    {},
    {
      dataDir,
      jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
      encryptionKey: 'bench-encryption-key-bench-encryption-key-01',
      webDistDir: join(dataDir, 'no-web-dist'),
      seedDemo: false,
      snapshotIntervalHours: 0,
      backupSchedule: false,
      ...overrides,
    },
  );
  const app = await buildApp({ config, database: handle, ownsDatabase: false, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  return {
    app,
    url,
    handle,
    dataDir,
    async close() {
      await app.close();
      await handle.close();
      await dropPg?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A uniquely named PostgreSQL database for one bench run, and its drop. */
export async function createBenchDatabase(tag: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `erapor_bench_${tag.replace(/\W/g, '_')}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: PG_ADMIN_URL });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`);
      await a.end();
    },
  };
}

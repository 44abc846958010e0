import pg from 'pg';
import type { TestProject } from 'vitest/node';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface PgTestInfo {
  available: boolean;
  /** Admin connection (to the maintenance database). */
  adminUrl: string;
  /** Every database of this run is named `${prefix}_<suite>` and dropped at the end. */
  prefix: string;
  reason?: string;
}

declare module 'vitest' {
  interface ProvidedContext {
    pg: PgTestInfo;
  }
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  return client;
}

async function dropRunDatabases(adminUrl: string, where: string, params: unknown[]): Promise<void> {
  const client = await connect(adminUrl);
  try {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where ${where}`,
      params,
    );
    for (const { datname } of rows) {
      await client.query(`drop database if exists "${datname.replace(/"/g, '""')}" with (force)`);
    }
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const prefix = `erapor_test_${stamp}_${process.pid}`;
  let info: PgTestInfo = { available: true, adminUrl, prefix };
  try {
    const client = await connect(adminUrl);
    await client.end();
    // Leftovers of runs that were killed more than six hours ago.
    const cutoff = new Date(Date.now() - 6 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
    await dropRunDatabases(
      adminUrl,
      `datname like 'erapor\\_test\\_%' and substring(datname from 13 for 14) < $1`,
      [cutoff],
    );
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (process.env.CI === 'true') {
      throw new Error(`PostgreSQL at ${adminUrl} does not answer (${reason}); CI requires it.`);
    }
    info = { available: false, adminUrl, prefix, reason };
    const bar = '!'.repeat(100);
    console.warn(
      `\n${bar}\n!! PostgreSQL at ${adminUrl} does not answer: ${reason}\n` +
        '!! The PostgreSQL half of every API suite is SKIPPED. Set TEST_DATABASE_URL or start PostgreSQL.\n' +
        `!! (With CI=true this fails the run.)\n${bar}\n`,
    );
  }
  project.provide('pg', info);
  return async () => {
    if (info.available) await dropRunDatabases(adminUrl, `datname like $1`, [`${prefix}\\_%`]);
  };
}

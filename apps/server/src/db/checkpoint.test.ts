import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { checkpointIfDue } from './checkpoint';
import { openPglite } from './client';

const root = mkdtempSync(join(tmpdir(), 'erapor-checkpoint-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('checkpoints the embedded database once its WAL since the last checkpoint passes the threshold', async () => {
  const pgdata = join(root, 'pgdata');
  const db = await openPglite(pgdata);
  const redo = async () =>
    (await db.query<{ redo: string }>('select redo_lsn::text as redo from pg_control_checkpoint()'))[0]?.redo;
  const walMb = () =>
    readdirSync(join(pgdata, 'pg_wal'))
      .filter((n) => /^[0-9A-F]{24}$/.test(n))
      .reduce((s, n) => s + statSync(join(pgdata, 'pg_wal', n)).size, 0) /
    2 ** 20;
  try {
    await db.query('create table t (id int primary key, v text)');
    expect(await checkpointIfDue(db, 8 * 2 ** 20)).toBe(false);
    const before = await redo();
    // Single-user PostgreSQL has no checkpointer: ~100 MB of WAL and still no checkpoint.
    await db.query(`insert into t select g, repeat('x', 300) from generate_series(1, 100000) g`);
    for (let i = 0; i < 2; i++) await db.query(`update t set v = v || 'y'`);
    expect(await redo()).toBe(before);
    const grown = walMb();
    expect(grown).toBeGreaterThan(64);
    expect(await checkpointIfDue(db, 8 * 2 ** 20)).toBe(true);
    expect(await redo()).not.toBe(before);
    expect(await checkpointIfDue(db, 8 * 2 ** 20)).toBe(false);
    // The next checkpoint recycles what the first kept: pg_wal stops growing.
    for (let i = 0; i < 3; i++) {
      await db.query(`update t set v = v || 'z'`);
      await checkpointIfDue(db, 8 * 2 ** 20);
    }
    expect(walMb()).toBeLessThanOrEqual(grown + 16);
  } finally {
    await db.close();
  }
});

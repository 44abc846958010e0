import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase } from './embedded';
import { acquireLock, DataDirLockedError } from './lock';
import { listSnapshots } from './snapshots';

const root = mkdtempSync(join(tmpdir(), 'erapor-embedded-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A pid that surely belongs to no running process: a child that already exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(r.stdout.trim());
}

function open(dataDir: string, lines: string[]) {
  return openEmbeddedDatabase({
    dataDir,
    snapshotKeep: 3,
    snapshotIntervalHours: 0,
    say: (l) => lines.push(l),
  });
}

describe('lock file', () => {
  it('a second holder is refused with a bilingual message; a dead holder is taken over', () => {
    const dir = mkdtempSync(join(root, 'lock-'));
    const file = join(dir, 'erapor.lock');
    const first = acquireLock(file);
    expect(first.stale).toBeNull();
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    let err: unknown;
    try {
      acquireLock(file);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DataDirLockedError);
    expect((err as Error).message).toMatch(/sedang digunakan oleh proses lain/);
    expect((err as Error).message).toMatch(/in use by another process/);
    first.release();
    expect(existsSync(file)).toBe(false);

    const pid = deadPid();
    writeFileSync(file, JSON.stringify({ pid, hostname: '', bootId: null, startedAt: '' }));
    const taken = acquireLock(file);
    expect(taken.stale?.pid).toBe(pid);
    taken.release();
    writeFileSync(file, '{"pid": 12'); // half-written by a process that died while writing it
    const again = acquireLock(file);
    expect(again.stale).not.toBeNull();
    again.release();
  });
});

describe('embedded database safety', () => {
  const dataDir = join(root, 'data');
  const say: string[] = [];

  it('creates the database, snapshots it at start-up, keeps three, removes the lock on close', async () => {
    const db = await open(dataDir, say);
    expect(db.report).toMatchObject({ state: 'created', uncleanShutdown: false });
    // Decision 060: the smaller page cache, which keeps ~100 MB out of the server's memory.
    expect(await db.query('show shared_buffers')).toEqual([{ shared_buffers: '32MB' }]);
    await db.query('create table catatan (id serial primary key, isi text not null)');
    await db.query("insert into catatan (isi) values ('sebelum snapshot')");
    await db.startSnapshots();
    expect(listSnapshots(db.snapshotsDir)).toHaveLength(1);
    for (let i = 0; i < 3; i++) await db.snapshot();
    expect(listSnapshots(db.snapshotsDir)).toHaveLength(3);
    expect(readdirSync(db.snapshotsDir).some((n) => n.endsWith('.partial'))).toBe(false);
    await db.close();
    expect(existsSync(join(dataDir, 'erapor.lock'))).toBe(false);
  });

  it('after a clean stop it opens silently as intact', async () => {
    const lines: string[] = [];
    const db = await open(dataDir, lines);
    expect(db.report).toMatchObject({ state: 'intact', uncleanShutdown: false });
    expect(await db.query('select isi from catatan')).toEqual([{ isi: 'sebelum snapshot' }]);
    expect(lines.join('\n')).not.toMatch(/tidak berhenti/);
    await db.close();
  });

  it('after a crash (stale lock) it says so, checks the database and reports it intact', async () => {
    writeFileSync(
      join(dataDir, 'erapor.lock'),
      JSON.stringify({ pid: deadPid(), hostname: '', bootId: null }),
    );
    const lines: string[] = [];
    const db = await open(dataDir, lines);
    expect(db.report).toMatchObject({ state: 'intact', uncleanShutdown: true });
    const out = lines.join('\n');
    expect(out).toMatch(/tidak berhenti dengan benar/);
    expect(out).toMatch(/stopped uncleanly/);
    expect(out).toMatch(/Database utuh/);
    expect(out).toMatch(/intact/);
    await db.close();
  });

  it('a damaged directory is moved aside and the newest good snapshot restored, saying from when', async () => {
    // A row written after the last snapshot: the restore cannot have it, which proves where the data came from.
    let db = await open(dataDir, []);
    await db.query("insert into catatan (isi) values ('setelah snapshot')");
    await db.close();
    writeFileSync(join(dataDir, 'pgdata/global/pg_control'), 'rusak');
    const newest = listSnapshots(join(dataDir, 'snapshots'))[0];
    const lines: string[] = [];
    db = await open(dataDir, lines);
    expect(db.report.state).toBe('restored');
    expect(db.report.restoredFrom?.file).toBe(newest?.file);
    const out = lines.join('\n');
    expect(out).toMatch(/DATABASE RUSAK/);
    expect(out).toMatch(/dipulihkan dari snapshot .*pgdata-.*\.tar\.gz, dibuat/);
    expect(out).toContain(`taken at ${newest?.takenAt.toISOString()}`);
    expect(db.report.damagedDir && existsSync(join(db.report.damagedDir, 'global/pg_control'))).toBe(true);
    expect(await db.query('select isi from catatan order by id')).toEqual([{ isi: 'sebelum snapshot' }]);
    await db.close();
  });

  it('a table whose pages are garbage fails the start-up check and is restored too', async () => {
    let db = await open(dataDir, []);
    const [rel] = await db.query<{ path: string }>("select pg_relation_filepath('catatan') as path");
    await db.close();
    const file = join(dataDir, 'pgdata', rel?.path ?? 'missing');
    writeFileSync(file, Buffer.alloc(8192, 7));
    const lines: string[] = [];
    db = await open(dataDir, lines);
    expect(db.report.state).toBe('restored');
    expect(await db.query('select isi from catatan')).toEqual([{ isi: 'sebelum snapshot' }]);
    await db.close();
  });

  it('with no usable snapshot it starts empty, loudly, keeping the damaged files', async () => {
    const dir = join(root, 'no-snapshots');
    let db = await open(dir, []);
    await db.query('create table t (x int)');
    await db.close();
    rmSync(join(dir, 'pgdata/base'), { recursive: true });
    const lines: string[] = [];
    db = await open(dir, lines);
    expect(db.report.state).toBe('recreated');
    expect(lines.join('\n')).toMatch(/NEW EMPTY database/);
    expect(readdirSync(dir).some((n) => n.startsWith('damaged-'))).toBe(true);
    await db.close();
  });
});

describe('the snapshot of a clean stop (decision 060)', () => {
  it('is taken at the stop once snapshots are on, and spares the next start its snapshot', async () => {
    const dataDir = mkdtempSync(join(root, 'stop-'));
    let db = await open(dataDir, []);
    await db.query('create table catatan (id serial primary key, isi text not null)');
    await db.startSnapshots();
    expect(listSnapshots(db.snapshotsDir)).toHaveLength(1);
    await db.query("insert into catatan (isi) values ('sebelum berhenti')");
    await db.close();
    // The stop's snapshot holds the row written after the start-up one.
    const atStop = listSnapshots(join(dataDir, 'snapshots'));
    expect(atStop).toHaveLength(2);
    const copy = await PGlite.create({ loadDataDir: new Blob([readFileSync(atStop[0]?.file ?? '')]) });
    expect((await copy.query('select isi from catatan')).rows).toEqual([{ isi: 'sebelum berhenti' }]);
    await copy.close();

    // The start right after it: no new snapshot, the operator told which one stands for it.
    const lines: string[] = [];
    db = await open(dataDir, lines);
    expect(db.report.stopSnapshot?.file).toBe(atStop[0]?.file);
    await db.startSnapshots();
    expect(listSnapshots(db.snapshotsDir)).toHaveLength(2);
    expect(lines.join('\n')).toContain(`Snapshot database saat berhenti dipakai: ${atStop[0]?.file}`);
    await db.close();
    expect(listSnapshots(join(dataDir, 'snapshots'))).toHaveLength(3);

    // After a crash the files may differ from the stop's snapshot: the start takes its own.
    writeFileSync(
      join(dataDir, 'erapor.lock'),
      JSON.stringify({ pid: deadPid(), hostname: '', bootId: null }),
    );
    db = await open(dataDir, []);
    expect(db.report.stopSnapshot).toBeNull();
    const before = listSnapshots(db.snapshotsDir)[0]?.file;
    await db.startSnapshots();
    expect(listSnapshots(db.snapshotsDir)[0]?.file).not.toBe(before);
    await db.close();

    // A command-line tool (no startSnapshots) takes none at its stop, and uses up the marker:
    // whatever it wrote is in the next start's own snapshot.
    db = await open(dataDir, []);
    expect(db.report.stopSnapshot).not.toBeNull();
    await db.query("insert into catatan (isi) values ('dari alat baris perintah')");
    const newest = listSnapshots(db.snapshotsDir)[0]?.file;
    await db.close();
    expect(listSnapshots(join(dataDir, 'snapshots'))[0]?.file).toBe(newest);
    db = await open(dataDir, []);
    expect(db.report.stopSnapshot).toBeNull();
    await db.close();
  });
});

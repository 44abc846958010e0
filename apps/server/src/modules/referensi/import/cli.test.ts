import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../../config';
import { acquireLock } from '../../../db/lock';
import { postgresAvailable } from '../../../test/engines';
import { smallReferenceDir } from '../../../test/reference-fixtures';

const SCRIPT = join(REPO_ROOT, 'scripts/import-reference.mjs');

function run(dir: string, env: Record<string, string>) {
  const r = spawnSync(process.execPath, [SCRIPT, dir], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 180_000, // a fresh embedded database takes a while on a busy machine
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('npm run import:reference', () => {
  const fixture = smallReferenceDir();
  const dataDir = mkdtempSync(join(tmpdir(), 'erapor-cli-'));
  afterAll(() => {
    fixture.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('imports into DATA_DIR and prints counts per table; a second run says nothing changed', () => {
    const first = run(fixture.dir, { DATA_DIR: dataDir });
    expect(first.out).toMatch(/ref_kompetensi_dasar\s+50\s+0\s+0\s+0\s+0/);
    expect(first.out).toMatch(/Selesai: \d+ baris baru/);
    expect(first.code).toBe(0);
    const second = run(fixture.dir, { DATA_DIR: dataDir });
    expect(second.out).toContain('Tidak ada perubahan: semua data referensi sudah sama dengan berkas.');
    expect(second.code).toBe(0);
  }, 360_000);

  it('refuses a data directory a running server holds, and says what to do instead', () => {
    const held = mkdtempSync(join(tmpdir(), 'erapor-cli-held-'));
    mkdirSync(held, { recursive: true });
    // This test process plays the running server: it holds the lock of the data directory.
    const lock = acquireLock(join(held, 'erapor.lock'));
    try {
      const r = run(fixture.dir, { DATA_DIR: held });
      expect(r.code).toBe(3);
      expect(r.out).toContain(`sedang dipakai oleh server e-Rapor yang berjalan (pid ${process.pid})`);
      expect(r.out).toContain('Hentikan server');
      expect(r.out).toContain('POST /api/referensi/import-referensi');
    } finally {
      lock.release();
      rmSync(held, { recursive: true, force: true });
    }
  }, 60_000);

  it('names a missing directory', () => {
    const r = run(join(fixture.dir, 'tidak-ada'), { DATA_DIR: dataDir });
    expect(r.code).toBe(2);
    expect(r.out).toContain('Folder data referensi tidak ditemukan di server');
  }, 60_000);

  it.skipIf(!postgresAvailable())(
    'imports into PostgreSQL (DATABASE_URL)',
    async () => {
      const info = inject('pg');
      const name = `${info.prefix}_cli_${process.pid}`;
      const admin = new pg.Client({ connectionString: info.adminUrl });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      try {
        const url = new URL(info.adminUrl);
        url.pathname = `/${name}`;
        const first = run(fixture.dir, { DATABASE_URL: url.toString() });
        expect(first.out).toContain('Database: PostgreSQL (DATABASE_URL)');
        expect(first.out).toMatch(/ref_kompetensi_dasar\s+50\s+0\s+0\s+0\s+0/);
        expect(first.code).toBe(0);
        const second = run(fixture.dir, { DATABASE_URL: url.toString() });
        expect(second.out).toContain('Tidak ada perubahan');
      } finally {
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      }
    },
    120_000,
  );
});

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CADANGAN_MESSAGES } from '@erapor/contract/cadangan';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app';
import { REPO_ROOT } from '../../config';
import { type DatabaseHandle, openPostgres } from '../../db/client';
import { RESTORE_DIR } from '../../db/data-dir';
import { openEmbeddedDatabase } from '../../db/embedded';
import { seedDemo } from '../../test/demo';
import { postgresAvailable, testConfig } from '../../test/engines';
import { schoolState } from './test-support';

const SCRIPT = join(REPO_ROOT, 'scripts/cadangan.mjs');

function run(args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, [SCRIPT, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 300_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

async function change(h: DatabaseHandle, sekolahId: string): Promise<void> {
  await h.query(`update nilai_akhir set nilai = 12 where sekolah_id = $1`, [sekolahId]);
  await h.query(`update users set name = 'Diubah CLI' where sekolah_id = $1`, [sekolahId]);
  await h.query(`insert into settings (sekolah_id, key, value) values ($1, 'kunci_cli', 'z')`, [sekolahId]);
}

/**
 * The same story on each engine: back up; change grades, users, settings; a restore without
 * --npsn and one of a truncated archive are refused (exit 1, nothing changed); with --npsn the
 * school is as it was.
 */
function story(
  open: () => Promise<DatabaseHandle>,
  env: () => Record<string, string>,
  backupDir: () => string,
) {
  let sekolahId: string;
  let npsn: string;
  let backedUp: Record<string, string[]>;
  const file = () => join(backupDir(), 'cli.erapor');

  it('backs up the school and prints the manifest', async () => {
    const h = await open();
    try {
      const [s] = await h.query<{ sekolah_id: string; npsn: string }>(`select sekolah_id, npsn from sekolah`);
      sekolahId = s?.sekolah_id as string;
      npsn = s?.npsn as string;
      backedUp = await schoolState(h, sekolahId);
    } finally {
      await h.close();
    }
    mkdirSync(backupDir(), { recursive: true });
    const r = run(['backup', file()], env());
    expect(r.out).toContain('Cadangan dibuat dan diperiksa');
    expect(r.out).toContain(`NPSN ${npsn}`);
    expect(r.out).toMatch(/nilai_akhir\s+\d+/);
    expect(r.code).toBe(0);
  }, 600_000);

  it('refuses without --npsn and a truncated archive, exit 1, nothing changed; restores with --npsn', async () => {
    let changed: Record<string, string[]>;
    const h = await open();
    try {
      await change(h, sekolahId);
      changed = await schoolState(h, sekolahId);
    } finally {
      await h.close();
    }
    expect(changed).not.toEqual(backedUp);

    const noNpsn = run(['restore', file()], env());
    expect(noNpsn.out).toContain(CADANGAN_MESSAGES.npsnRequired(npsn));
    expect(noNpsn.code).toBe(1);
    const cut = join(backupDir(), 'terpotong.erapor');
    const bytes = readFileSync(file());
    writeFileSync(cut, bytes.subarray(0, bytes.length - 10));
    const truncated = run(['restore', cut, '--npsn', npsn], env());
    expect(truncated.out).toContain('Berkas cadangan terpotong');
    expect(truncated.code).toBe(1);
    const wrongNpsn = run(['restore', file(), '--npsn', '11111111'], env());
    expect(wrongNpsn.out).toContain(CADANGAN_MESSAGES.npsnConfirm);
    expect(wrongNpsn.code).toBe(1);
    const h2 = await open();
    try {
      expect(await schoolState(h2, sekolahId)).toEqual(changed);
    } finally {
      await h2.close();
    }

    const began = new Date();
    const ok = run(['restore', file(), '--npsn', npsn], env());
    expect(ok.out).toContain('Cadangan keadaan sekarang dibuat lebih dahulu');
    expect(ok.out).toContain('Pemulihan selesai');
    const gradesChanged = (changed.nilai_akhir ?? []).filter(
      (r) => !(backedUp.nilai_akhir ?? []).includes(r),
    );
    expect(gradesChanged.length).toBeGreaterThan(0);
    expect(ok.out).toContain(
      `${gradesChanged.length} nilai yang berubah karena pemulihan dicatat di Riwayat Perubahan Nilai.`,
    );
    expect(ok.code).toBe(0);
    const h3 = await open();
    try {
      expect(await schoolState(h3, sekolahId, { restoreSince: began })).toEqual(backedUp);
      // Every nilai_akhir set to 12 is given back: one entry each, in the operator's name.
      const entries = await h3.query<{
        user_id: string | null;
        nama_pengguna: string;
        peran: string;
        n: string;
      }>(
        `select user_id, nama_pengguna, peran, count(*)::text as n from riwayat_nilai
          where sekolah_id = $1 and sumber = 'restore' and jenis = 'nilai_akhir' and nilai_lama = '12'
          group by 1, 2, 3`,
        [sekolahId],
      );
      expect(entries).toEqual([
        {
          user_id: null,
          nama_pengguna: 'Pemulihan (baris perintah)',
          peran: 'admin',
          n: String(gradesChanged.length),
        },
      ]);
    } finally {
      await h3.close();
    }
    expect(readdirSync(backupDir()).some((n) => n.includes('sebelum-pemulihan'))).toBe(true);
  }, 900_000);
}

describe('npm run backup / restore [embedded]', () => {
  const config = testConfig({ seedDemo: false });
  const lines: string[] = [];
  const open = () =>
    openEmbeddedDatabase({
      dataDir: config.dataDir,
      snapshotKeep: 1,
      snapshotIntervalHours: 0,
      say: (l) => lines.push(l),
    });
  beforeAll(async () => {
    const app = await buildApp({ config });
    await seedDemo(app.database.db, { profile: 'tiny', living: true });
    await app.close();
  });
  afterAll(() => rmSync(config.dataDir, { recursive: true, force: true }));
  story(
    open,
    () => ({ DATA_DIR: config.dataDir }),
    () => config.backupDir,
  );

  it('a restore killed before its swap leaves the old data and says so at the next start', async () => {
    const h = await open();
    const [s] = await h.query<{ sekolah_id: string }>(`select sekolah_id from sekolah`);
    const state = await schoolState(h, s?.sekolah_id as string);
    await h.close();
    // What a SIGKILL during the restore leaves: a half-built copy, no marker.
    mkdirSync(join(config.dataDir, RESTORE_DIR, 'base'), { recursive: true });
    lines.length = 0;
    const again = await open();
    try {
      expect(lines.join('\n')).toContain(
        'Pemulihan cadangan sebelumnya terputus sebelum selesai; data lama tetap dipakai',
      );
      expect(existsSync(join(config.dataDir, RESTORE_DIR))).toBe(false);
      expect(await schoolState(again, s?.sekolah_id as string)).toEqual(state);
    } finally {
      await again.close();
    }
  }, 300_000);
});

describe.skipIf(!postgresAvailable())('npm run backup / restore [postgresql]', () => {
  let url = '';
  let name = '';
  const config = testConfig({ seedDemo: false });
  beforeAll(async () => {
    const info = inject('pg');
    name = `${info.prefix}_cadangan_cli_${process.pid}`;
    const admin = new pg.Client({ connectionString: info.adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const u = new URL(info.adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    const app = await buildApp({ config: { ...config, databaseUrl: url } });
    await seedDemo(app.database.db, { profile: 'tiny', living: true });
    await app.close();
  });
  afterAll(async () => {
    rmSync(config.dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: inject('pg').adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });
  story(
    () => openPostgres(url),
    () => ({ DATABASE_URL: url, DATA_DIR: config.dataDir }),
    () => config.backupDir,
  );
});

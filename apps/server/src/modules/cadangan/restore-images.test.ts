import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BerandaAdminResponse } from '@erapor/contract/sekolah';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { brokenPng } from '../../lib/test-images';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';
import { backupSchool } from './export';
import { runRestore } from './service';

/*
 * Decisions 049 and 051: an archive's images are uploads too. An archive holding a logo that does
 * not decode (made by an earlier version, or edited) is restored without it, and the
 * administrator's Beranda says the logo was dropped — the next report cover never meets it.
 */
const dir = mkdtempSync(join(tmpdir(), 'erapor-restore-images-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeEngines(
  "cadangan: a restored archive's images are checked as uploads",
  { config: { seedDemo: false } },
  (t) => {
    let demo: SeededDemo;
    beforeAll(async () => {
      demo = await seedDemo(t().db.db, { profile: 'tiny', living: true });
    });

    it('drops a broken logo carried by the archive and notes it on the Beranda', async () => {
      const { sekolahId } = demo;
      await t().db.query(
        `insert into sekolah_logo (sekolah_id, mime_type, data) values ($1, 'image/png', $2)`,
        [sekolahId, brokenPng()],
      );
      const file = join(dir, 'dengan-logo-rusak.erapor');
      await backupSchool(t().db, file, { sekolahId, appVersion: '0.1.0' });
      await t().db.query(`delete from sekolah_logo where sekolah_id = $1`, [sekolahId]);

      const deps = { database: t().db, backupDir: dir, appVersion: 'test', now: () => new Date() };
      const npsn = demo.school.sekolah.npsn;
      await runRestore(deps, sekolahId, demo.accounts.admin.userId, npsn, file, npsn);

      expect(
        await t().db.query(`select sekolah_id from sekolah_logo where sekolah_id = $1`, [sekolahId]),
      ).toEqual([]);
      const admin = (await loginAs(t().app, demo.accounts.admin.email, demo.semesterId)).accessToken;
      const beranda = json<BerandaAdminResponse>(
        await t().app.inject({ url: '/api/beranda/admin', headers: bearer(admin) }),
      );
      expect(beranda.gambar_dibuang.map((n) => [n.jenis, n.keterangan])).toEqual([
        ['logo', 'Logo sekolah tidak dapat dibaca dan dihapus. Unggah ulang gambarnya.'],
      ]);
    }, 600_000);
  },
);

import type { BerandaAdminResponse } from '@erapor/contract/sekolah';
import { semesterOfDate } from '@erapor/contract/semester';
import { describe, expect, inject, it } from 'vitest';
import { brokenPng } from '../../lib/test-images';
import {
  freePort,
  killServersAfterAll,
  pgProcessFixture,
  processApi,
  type ServerProcess,
  spawnServer,
  waitHealthy,
} from '../../test/server-process';
import { SETTING_KEYS } from './settings';

/*
 * Issue #24 item 1 (decision 049), the start-up task as `npm start` runs it: stored-images.test.ts
 * proves what checkStoredImages does; this proves the server runs it at start — right after the
 * port opens, with the other start-up work that keeps no data safe (decision 060; until it is done
 * a print that meets the broken image is refused by the render worker, decision 050). A broken logo
 * planted in the database of a school not yet checked (as an earlier version left it) is gone when
 * the restarted server says its start-up work is done, the administrator's Beranda names it, and
 * the cover prints (without the logo) instead of failing.
 */

const active = semesterOfDate(new Date()).semester_id;
killServersAfterAll();

describe.skipIf(!inject('pg').available)(
  'stored images checked at start-up (real server process, PostgreSQL)',
  () => {
    const fixture = pgProcessFixture('stored_images');

    it('drops a broken logo left by an earlier version at start-up, and notes it on the Beranda', {
      timeout: 600_000,
    }, async () => {
      await fixture.createDatabase();
      const env = fixture.env;
      const first: ServerProcess = spawnServer(await freePort(), env);
      await waitHealthy(first, 300_000);
      first.child.kill('SIGTERM');
      expect((await first.exited).code).toBe(0);

      // As an earlier version left the school: the logo stored as uploaded, the school not checked.
      const db = await fixture.connect();
      const [school] = (await db.query<{ id: string }>('select sekolah_id id from sekolah limit 1')).rows;
      if (!school) throw new Error('demo school missing');
      await db.query(
        `insert into sekolah_logo (sekolah_id, mime_type, data) values ($1, 'image/png', $2)
         on conflict (sekolah_id) do update set mime_type = excluded.mime_type, data = excluded.data`,
        [school.id, brokenPng()],
      );
      const unmarked = await db.query('delete from settings where sekolah_id = $1 and key = $2', [
        school.id,
        SETTING_KEYS.gambarDiperiksa,
      ]);
      expect(unmarked.rowCount).toBe(1);

      const second: ServerProcess = spawnServer(await freePort(), env);
      await waitHealthy(second, 300_000);
      const doneBy = Date.now() + 120_000;
      while (!second.output().includes('Persiapan awal selesai') && Date.now() < doneBy)
        await new Promise((r) => setTimeout(r, 200));
      expect(second.output()).toContain('Persiapan awal selesai');
      const logos = await db.query('select 1 from sekolah_logo where sekolah_id = $1', [school.id]);
      expect(logos.rowCount).toBe(0);
      expect(second.output()).toContain('1 gambar tersimpan rusak dihapus (lihat Beranda).');

      const login = await processApi<{ accessToken: string }>(second, 'POST', '/api/jwt/login', {
        email: 'admin@demo.sch.id',
        password: 'rapor-demo',
        semester_id: active,
      });
      expect(login.status).toBe(200);
      const headers = { authorization: `Bearer ${login.body.accessToken}` };
      const beranda = await fetch(`${second.url}/api/beranda/admin`, { headers });
      expect(beranda.status).toBe(200);
      const notes = ((await beranda.json()) as BerandaAdminResponse).gambar_dibuang;
      expect(notes.map((n) => [n.jenis, n.keterangan])).toEqual([
        ['logo', 'Logo sekolah tidak dapat dibaca dan dihapus. Unggah ulang gambarnya.'],
      ]);

      // The cover prints again (without a logo) in the same process.
      const [pupil] = (
        await db.query<{ id: string }>(
          `select a.anggota_rombel_id id from anggota_rombel a
           join rombongan_belajar r on r.rombongan_belajar_id = a.rombongan_belajar_id
          where r.jenis_rombel = 1 and r.semester_id = $1 and a.deleted_at is null and r.deleted_at is null
          order by a.anggota_rombel_id limit 1`,
          [active],
        )
      ).rows;
      if (!pupil) throw new Error('demo school without a pupil');
      const cover = await fetch(`${second.url}/api/cetak/rapor-cover/${pupil.id}`, { headers });
      expect(cover.status).toBe(200);
      expect(
        Buffer.from(await cover.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');

      second.child.kill('SIGTERM');
      expect((await second.exited).code).toBe(0);
    });
  },
);

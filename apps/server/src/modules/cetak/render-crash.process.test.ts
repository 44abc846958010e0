import { RENDER_ERROR_CODES, RENDER_MESSAGES } from '@erapor/contract/cetak/render';
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

/*
 * Issue #24 item 2 (decision 050), on the real server process as `npm start` runs it: a PNG with a
 * valid header and broken image data planted in the database as the school logo and as the UKK
 * certificate background. pdfkit's PNG decoder throws its zlib error from a callback no try/catch
 * reaches — on the request thread that ended the process. Now the cover and the certificate
 * preview answer 422 with the image's message, and the same process keeps answering.
 */

const active = semesterOfDate(new Date()).semester_id;
killServersAfterAll();

describe.skipIf(!inject('pg').available)('a broken stored image (real server process, PostgreSQL)', () => {
  const fixture = pgProcessFixture('render_crash');

  it('answers the cover and the certificate preview with 422 and keeps serving in the same process', {
    timeout: 600_000,
  }, async () => {
    const png = brokenPng();
    expect(png.length).toBe(217);
    await fixture.createDatabase();
    const p: ServerProcess = spawnServer(await freePort(), fixture.env);
    await waitHealthy(p, 300_000);
    const pid = p.child.pid;
    const token = async (email: string) => {
      const res = await processApi<{ accessToken: string }>(p, 'POST', '/api/jwt/login', {
        email,
        password: 'rapor-demo',
        semester_id: active,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.accessToken;
    };
    const admin_ = await token('admin@demo.sch.id');
    const kaprog = await token('kaprog@demo.sch.id');

    const db = await fixture.connect();
    const [school] = (await db.query<{ id: string }>('select sekolah_id id from sekolah limit 1')).rows;
    const [pupil] = (
      await db.query<{ id: string }>(
        `select a.anggota_rombel_id id from anggota_rombel a
           join rombongan_belajar r on r.rombongan_belajar_id = a.rombongan_belajar_id
          where r.jenis_rombel = 1 and r.semester_id = $1 and a.deleted_at is null and r.deleted_at is null
          order by a.anggota_rombel_id limit 1`,
        [active],
      )
    ).rows;
    if (!school || !pupil) throw new Error('demo school without a pupil');
    // Planted directly, as a version before upload checks or a restored archive could leave it.
    await db.query(
      `insert into sekolah_logo (sekolah_id, mime_type, data) values ($1, 'image/png', $2)
         on conflict (sekolah_id) do update set mime_type = excluded.mime_type, data = excluded.data`,
      [school.id, png],
    );
    await db.query(
      `insert into template_sertifikat_ukk (sekolah_id, background, background_mime) values ($1, $2, 'image/png')
         on conflict (sekolah_id) do update set background = excluded.background, background_mime = excluded.background_mime`,
      [school.id, png],
    );

    const get = (path: string) =>
      fetch(`${p.url}${path}`, { headers: { authorization: `Bearer ${admin_}` } });
    const preview = (logo: 'sekolah' | 'tut_wuri') =>
      fetch(`${p.url}/api/ukk/template/pratinjau`, {
        method: 'POST',
        headers: { authorization: `Bearer ${kaprog}`, 'content-type': 'application/json' },
        body: JSON.stringify({ logo }),
      });
    const stillServing = async () => {
      expect((await fetch(`${p.url}/api/health`)).status).toBe(200);
      const good = await get(`/api/cetak/rapor-nilai-akhir/${pupil.id}`);
      expect(good.status).toBe(200);
      expect(
        Buffer.from(await good.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect(p.child.exitCode).toBeNull();
      expect(p.child.pid).toBe(pid);
    };
    const refused = async (res: Response, message: string) => {
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        statusCode: 422,
        code: RENDER_ERROR_CODES.IMAGE_UNUSABLE,
        message,
      });
    };

    await refused(await get(`/api/cetak/rapor-cover/${pupil.id}`), RENDER_MESSAGES.logo);
    await stillServing();
    // Asked again (the image is known now: no worker is spent on it) — the same answer.
    await refused(await get(`/api/cetak/rapor-cover/${pupil.id}`), RENDER_MESSAGES.logo);
    await stillServing();
    // The certificate preview draws the school logo first …
    await refused(await preview('sekolah'), RENDER_MESSAGES.logo);
    await stillServing();
    // … and with the ministry's emblem instead, the broken background is the one refused.
    await refused(await preview('tut_wuri'), RENDER_MESSAGES.latar);
    await stillServing();
    // Both images uploaded again (here: removed): both documents print in the same process.
    await db.query('delete from sekolah_logo where sekolah_id = $1', [school.id]);
    await db.query('update template_sertifikat_ukk set background = null, background_mime = null');
    expect((await get(`/api/cetak/rapor-cover/${pupil.id}`)).status).toBe(200);
    expect((await preview('sekolah')).status).toBe(200);
    await stillServing();
  });
});

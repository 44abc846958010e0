import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CADANGAN_API_MESSAGES,
  CADANGAN_MESSAGES,
  type CadanganDaftar,
  JOB_KIND_CADANGAN_PULIHKAN,
} from '@erapor/contract/cadangan';
import type { Job } from '@erapor/contract/jobs';
import { beforeAll, expect, it } from 'vitest';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json, loginAs, type TestApp } from '../../test/engines';
import { runRestore, settleInterruptedRestoreJobs } from './service';
import { schoolState } from './test-support';

function multipart(field: string, filename: string, data: Buffer, token?: string) {
  const boundary = '----cadangan-test';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? bearer(token) : {}) },
  };
}

/** Read from the database: a login while waiting would change the users' rows being compared. */
async function waitJob(
  t: TestApp,
  id: string,
): Promise<{ status: string; message: string | null; result: unknown }> {
  for (let i = 0; i < 1500; i++) {
    const [job] = await t.db.query<{ status: string; message: string | null; result: unknown }>(
      `select status, message, result from jobs where id = $1`,
      [id],
    );
    if (job && job.status !== 'queued' && job.status !== 'running') return job;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('job did not end');
}

describeEngines('cadangan routes', { config: { seedDemo: false } }, (t) => {
  let demo: SeededDemo;
  let admin: string;
  beforeAll(async () => {
    demo = await seedDemo(t().db.db, { profile: 'tiny', living: true });
    admin = (await loginAs(t().app, demo.accounts.admin.email, demo.semesterId)).accessToken;
  });

  it('teacher and Waka get 403 on every backup and restore endpoint', async () => {
    const job = '00000000-0000-4000-8000-000000000000';
    const calls = [
      { method: 'GET', url: '/api/cadangan' },
      { method: 'POST', url: '/api/cadangan' },
      { method: 'GET', url: '/api/cadangan/berkas/cadangan-12345678-2026-01-01T00-00-00Z-manual.erapor' },
      { method: 'POST', url: '/api/cadangan/unggah', ...multipart('berkas', 'x.erapor', Buffer.from('x')) },
      { method: 'POST', url: '/api/cadangan/pulihkan', payload: { name: 'x', npsn: 'y' } },
      { method: 'PUT', url: '/api/cadangan/jadwal', payload: { aktif: 'x' } },
      { method: 'GET', url: `/api/cadangan/jobs/${job}` },
      { method: 'GET', url: `/api/cadangan/jobs/${job}/events` },
    ] as const;
    for (const who of [demo.accounts.guru.email, demo.accounts.waka.email]) {
      const token = (await loginAs(t().app, who, demo.semesterId)).accessToken;
      for (const c of calls) {
        const res = await t().app.inject({
          ...c,
          headers: { ...('headers' in c ? c.headers : {}), ...bearer(token) },
        });
        expect(res.statusCode, `${who} ${c.method} ${c.url}`).toBe(403);
      }
    }
  });

  it('the administrator backs up, downloads, is refused a damaged upload and a wrong NPSN, restores, and logs in again', async () => {
    const before = await schoolState(t().db, demo.sekolahId);
    const started = await t().app.inject({ method: 'POST', url: '/api/cadangan', headers: bearer(admin) });
    expect(started.statusCode).toBe(202);
    const again = await t().app.inject({ method: 'POST', url: '/api/cadangan', headers: bearer(admin) });
    expect(again.statusCode).toBe(409);
    const done = await waitJob(t(), json<Job>(started).id);
    expect(done.status, done.message ?? '').toBe('done');
    const name = (done.result as { name: string }).name;

    const list = json<CadanganDaftar>(
      await t().app.inject({ method: 'GET', url: '/api/cadangan', headers: bearer(admin) }),
    );
    expect(list.berkas.map((b) => b.name)).toContain(name);
    expect(list.berkas.find((b) => b.name === name)?.manifest?.npsn).toBe(demo.school.sekolah.npsn);

    const download = await t().app.inject({
      method: 'GET',
      url: `/api/cadangan/berkas/${name}`,
      headers: bearer(admin),
    });
    expect(download.statusCode).toBe(200);
    const bytes = download.rawPayload;
    expect(bytes.equals(readFileSync(join(t().config.backupDir, name)))).toBe(true);

    const flipped = Buffer.from(bytes);
    flipped[bytes.length - 50] = (flipped[bytes.length - 50] as number) ^ 0x10;
    const bad = await t().app.inject({
      method: 'POST',
      url: '/api/cadangan/unggah',
      ...multipart('berkas', 'rusak.erapor', flipped, admin),
    });
    expect(bad.statusCode).toBe(422);
    expect(json<{ details: Record<string, string> }>(bad).details.berkas).toBe(CADANGAN_MESSAGES.damaged);
    const good = await t().app.inject({
      method: 'POST',
      url: '/api/cadangan/unggah',
      ...multipart('berkas', 'baik.erapor', bytes, admin),
    });
    expect(good.statusCode, good.body).toBe(200);
    const uploaded = json<{ name: string }>(good).name;

    await t().db.query(`update nilai_akhir set nilai = 13 where sekolah_id = $1`, [demo.sekolahId]);
    const wrong = await t().app.inject({
      method: 'POST',
      url: '/api/cadangan/pulihkan',
      headers: bearer(admin),
      payload: { name: uploaded, npsn: '00000000' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(json<{ details: Record<string, string> }>(wrong).details.npsn).toBe(CADANGAN_MESSAGES.npsnConfirm);

    const began = new Date();
    const restore = await t().app.inject({
      method: 'POST',
      url: '/api/cadangan/pulihkan',
      headers: bearer(admin),
      payload: { name: uploaded, npsn: demo.school.sekolah.npsn },
    });
    expect(restore.statusCode, restore.body).toBe(202);
    const restored = await waitJob(t(), json<Job>(restore).id);
    expect(restored.status, restored.message ?? '').toBe('done');
    expect(await schoolState(t().db, demo.sekolahId, { restoreSince: began })).toEqual(before);
    // Every nilai_akhir had been set to 13: one entry each, in the administrator's name.
    const entries = await t().db.query<{ user_id: string; nama_pengguna: string; peran: string; n: string }>(
      `select r.user_id, r.nama_pengguna, r.peran, count(*)::text as n from riwayat_nilai r
        where r.sekolah_id = $1 and r.sumber = 'restore' group by 1, 2, 3`,
      [demo.sekolahId],
    );
    const [adminUser] = await t().db.query<{ name: string }>(`select name from users where user_id = $1`, [
      demo.accounts.admin.userId,
    ]);
    expect(entries).toEqual([
      {
        user_id: demo.accounts.admin.userId,
        nama_pengguna: adminUser?.name,
        peran: 'admin',
        n: String(before.nilai_akhir?.length),
      },
    ]);
    const old = await t().app.inject({ method: 'GET', url: '/api/cadangan', headers: bearer(admin) });
    expect(old.statusCode).toBe(401);
    admin = (await loginAs(t().app, demo.accounts.admin.email, demo.semesterId)).accessToken;
    const after = json<CadanganDaftar>(
      await t().app.inject({ method: 'GET', url: '/api/cadangan', headers: bearer(admin) }),
    );
    expect(after.berkas.some((b) => b.name.includes('sebelum-pemulihan'))).toBe(true);
  }, 600_000);

  it('at the next start, an interrupted restore job is told apart by the mark its transaction wrote', async () => {
    const insert = async (result: unknown) => {
      const [row] = await t().db.query<{ id: string }>(
        `insert into jobs (sekolah_id, kind, status, result) values ($1, $2, 'running', $3::jsonb) returning id`,
        [demo.sekolahId, JOB_KIND_CADANGAN_PULIHKAN, result === null ? null : JSON.stringify(result)],
      );
      return row?.id ?? '';
    };
    // The mark is what the app's restore writes inside its transaction (service.runRestore).
    const list = json<CadanganDaftar>(
      await t().app.inject({ method: 'GET', url: '/api/cadangan', headers: bearer(admin) }),
    );
    const archive = list.berkas.find((b) => b.name.includes('sebelum-pemulihan'))?.name ?? '';
    const marked = await insert(null);
    const deps = {
      database: t().db,
      backupDir: t().config.backupDir,
      appVersion: 'test',
      now: () => new Date(),
    };
    await runRestore(
      deps,
      demo.sekolahId,
      demo.accounts.admin.userId,
      demo.school.sekolah.npsn,
      join(t().config.backupDir, archive),
      demo.school.sekolah.npsn,
      undefined,
      marked,
    );
    const unmarked = await insert(null);

    const said: string[] = [];
    await settleInterruptedRestoreJobs(t().db.db, new Date(), (l) => said.push(l));
    const rows = await t().db.query<{ id: string; status: string; message: string }>(
      `select id, status, message from jobs where id in ($1, $2)`,
      [marked, unmarked],
    );
    expect(rows.find((r) => r.id === marked)).toMatchObject({
      status: 'done',
      message: CADANGAN_API_MESSAGES.restored,
    });
    expect(rows.find((r) => r.id === unmarked)).toMatchObject({
      status: 'failed',
      message: CADANGAN_API_MESSAGES.restoreInterrupted,
    });
    expect(said.join('\n')).toMatch(/selesai sebelum server berhenti/);
    expect(said.join('\n')).toMatch(/terputus sebelum selesai dan dibatalkan/);
  }, 600_000);
});

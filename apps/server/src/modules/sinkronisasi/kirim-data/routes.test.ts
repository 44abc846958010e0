import { semesterOfDate } from '@erapor/contract/semester';
import {
  KIRIM_DATA_TABLES,
  type KirimDataOverview,
  type KirimDataResult,
  KIRIM_DATA_MESSAGES as M,
} from '@erapor/contract/sinkronisasi-kirim';
import { createSimulator, type Simulator } from '@erapor/dapodik-sim/simulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, describeEngines, json, loginAs } from '../../../test/engines';
import { DEMO_NPSN } from '../../demo/seed';
import { transportDefaults } from '../client';
import { count } from '../test-support';
import { kirimDataDefaults } from './service';

const active = semesterOfDate(new Date()).semester_id;
const BASE = '/api/sinkronisasi/kirim-data';

transportDefaults.retryBaseMs = 5;
transportDefaults.timeoutMs = 1500;
// Rows of the test are seconds old; small batches exercise the paging.
kirimDataDefaults.lagMs = 0;
kirimDataDefaults.batchSize = 40;

interface Batch {
  table: string;
  sekolah_id: string;
  semester_id: string;
  encoding: string;
  rows: Record<string, unknown>[];
}

describeEngines('kirim data e-rapor', {}, (t, engine) => {
  let sim: Simulator;
  let simUrl = '';
  let admin = '';
  let guru = '';
  let sekolahId = '';

  const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, token = admin, payload?: object) => {
    const res = await t().app.inject({ method, url, headers: bearer(token), payload: payload ?? {} });
    return { status: res.statusCode, body: json<T & { message: string }>(res), raw: res.body };
  };
  const send = async () => {
    const res = await call<KirimDataResult>('POST', BASE);
    expect(res.status, res.raw).toBe(200);
    return res.body;
  };
  const batches = async (table?: string) =>
    json<{ batches: Batch[] }>(
      await sim.app.inject({ url: `/__sim/kirim-data${table ? `?table=${table}` : ''}` }),
    ).batches;
  const watermark = async (table: string) => {
    const [row] = await t().db.query<{ at: string | null; id: string | null }>(
      `select last_updated_at::text at, last_row_id id from kirim_data_watermark where table_name = $1`,
      [table],
    );
    return row ?? null;
  };

  beforeAll(async () => {
    sim = createSimulator({ profile: 'tiny', port: 0, admin: true, semesterId: active, npsn: DEMO_NPSN });
    simUrl = await sim.listen();
    const login = await loginAs(t().app, 'admin@demo.sch.id', active);
    admin = login.accessToken;
    sekolahId = (login.userData.sekolah as { sekolah_id: string }).sekolah_id;
    guru = (await loginAs(t().app, 'guru@demo.sch.id', active)).accessToken;
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('is for the administrator only', async () => {
    expect((await t().app.inject({ url: BASE })).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', BASE],
      ['POST', BASE],
      ['PUT', `${BASE}/pengaturan`],
    ] as const) {
      const res = await call(method, url, guru, { url_erapor: simUrl });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect(await batches()).toHaveLength(0);
  });

  it('asks for the central server first, then counts the changed rows per table', async () => {
    const first = await call<KirimDataOverview>('GET', BASE);
    expect(first.body).toMatchObject({ configured: false, url_erapor: null, last_sync: null });
    expect(first.body.tables.map((x) => x.table)).toEqual([...KIRIM_DATA_TABLES]);
    const refused = await call('POST', BASE);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(M.notConfigured);
    const bad = await call('PUT', `${BASE}/pengaturan`, admin, { url_erapor: 'http://8.8.8.8' });
    expect(bad.status).toBe(422);
    const ok = await call('PUT', `${BASE}/pengaturan`, admin, { url_erapor: `${simUrl}/` });
    expect(ok.status, ok.raw).toBe(200);
    const overview = await call<KirimDataOverview>('GET', BASE);
    expect(overview.body).toMatchObject({ configured: true, url_erapor: simUrl });
    const guruRow = overview.body.tables.find((x) => x.table === 'guru');
    expect(guruRow?.count).toBe(
      await count(t(), 'select count(*) n from guru where sekolah_id = $1', [sekolahId]),
    );
    expect(overview.body.jumlah).toBeGreaterThan(100);
  });

  it('sends every table in batches, moves each watermark after the confirmation, then has nothing left', async () => {
    const before = await call<KirimDataOverview>('GET', BASE);
    const r = await send();
    expect(r.status).toBe('done');
    const pd = await count(t(), 'select count(*) n from peserta_didik where sekolah_id = $1', [sekolahId]);
    const pdResult = r.tables.find((x) => x.table === 'peserta_didik');
    expect(pdResult).toMatchObject({ status: 'done', sent: pd });
    expect(pdResult?.batches).toBe(Math.ceil(pd / 40));
    const received = await batches('peserta_didik');
    expect(received.length).toBe(Math.ceil(pd / 40));
    expect(received.every((b) => b.encoding === 'erapor' && b.semester_id === active)).toBe(true);
    expect(received[0]?.sekolah_id).toBe(sim.state.sekolahId);
    expect(new Set(received.flatMap((b) => b.rows.map((x) => x.peserta_didik_id))).size).toBe(pd);
    expect(r.tables.reduce((n, x) => n + x.sent, 0)).toBe(before.body.jumlah);
    expect(r.message).toBe(M.done(before.body.jumlah, r.tables.filter((x) => x.sent > 0).length));

    const after = await call<KirimDataOverview>('GET', BASE);
    expect(after.body.jumlah).toBe(0);
    expect(after.body.last_sync).not.toBeNull();
    const idle = await send();
    expect(idle.tables.every((x) => x.status === 'empty')).toBe(true);
    expect(idle.message).toBe(M.done(0, 0));
  });

  it('sends only the rows changed since, and keeps the watermark when the server fails', async () => {
    const total = (await batches()).length;
    await t().db.query(
      `update guru set nama = nama || ' ', updated_at = now() where guru_id in
         (select guru_id from guru where sekolah_id = $1 order by guru_id limit 3)`,
      [sekolahId],
    );
    const wm = await watermark('guru');
    await sim.app.inject({
      method: 'POST',
      url: '/__sim/faults',
      payload: { endpoint: 'central/kirim-data', mode: '500', count: transportDefaults.attempts },
    });
    const failed = await send();
    expect(failed.status).toBe('failed');
    expect(failed.message).toBe(M.partial(1));
    const g = failed.tables.find((x) => x.table === 'guru');
    expect(g).toMatchObject({ status: 'failed', sent: 0 });
    expect(g?.message).toContain('penanda pengiriman tabel ini tidak dimajukan');
    expect(await watermark('guru')).toEqual(wm);
    const overview = await call<KirimDataOverview>('GET', BASE);
    expect(overview.body.tables.find((x) => x.table === 'guru')).toMatchObject({ count: 3 });
    expect(overview.body.tables.find((x) => x.table === 'guru')?.last_error).toContain('Gagal');
    expect((await batches()).length).toBe(total);

    const retried = await send();
    expect(retried.status).toBe('done');
    expect(retried.tables.find((x) => x.table === 'guru')).toMatchObject({ status: 'done', sent: 3 });
    expect(
      (await call<KirimDataOverview>('GET', BASE)).body.tables.find((x) => x.table === 'guru')?.last_error,
    ).toBeNull();
    expect((await batches('guru')).at(-1)?.rows).toHaveLength(3);
  });

  it('a lost answer resends the batch (at least once); a refusal of the second batch keeps the first', async () => {
    await t().db.query(`update peserta_didik set updated_at = now() where sekolah_id = $1`, [sekolahId]);
    const pd = await count(t(), 'select count(*) n from peserta_didik where sekolah_id = $1', [sekolahId]);
    const before = (await batches('peserta_didik')).length;
    await sim.app.inject({
      method: 'POST',
      url: '/__sim/faults',
      payload: [
        { endpoint: 'central/kirim-data', mode: 'lost-response', count: 1 },
        // The second batch (the retry of the lost one passes the skip) is refused until the attempts run out.
        { endpoint: 'central/kirim-data', mode: '500', skip: 1, count: transportDefaults.attempts },
      ],
    });
    const r = await send();
    const t1 = r.tables.find((x) => x.table === 'peserta_didik');
    expect(t1).toMatchObject({ status: 'failed', sent: 40, batches: 1 });
    // Received twice (the lost answer), confirmed once.
    expect((await batches('peserta_didik')).length).toBe(before + 2);
    const overview = await call<KirimDataOverview>('GET', BASE);
    expect(overview.body.tables.find((x) => x.table === 'peserta_didik')?.count).toBe(pd - 40);
    const rest = await send();
    expect(rest.tables.find((x) => x.table === 'peserta_didik')).toMatchObject({
      status: 'done',
      sent: pd - 40,
    });
  });

  it.runIf(engine === 'postgresql')(
    'holds back rows newer than a transaction still open, so the watermark never passes an uncommitted row',
    async () => {
      const handle = t().db as unknown as { pool: import('pg').Pool };
      const open = await handle.pool.connect();
      try {
        await open.query('begin');
        await open.query(
          `update guru set nama = nama || '.', updated_at = now() where guru_id =
          (select guru_id from guru where sekolah_id = $1 order by guru_id limit 1)`,
          [sekolahId],
        );
        // Committed after the open transaction started: must wait for it.
        await new Promise((r) => setTimeout(r, 20));
        await t().db.query(
          `update guru set nama = nama || ',', updated_at = now() where guru_id =
            (select guru_id from guru where sekolah_id = $1 order by guru_id desc limit 1)`,
          [sekolahId],
        );
        const held = await send();
        expect(held.tables.find((x) => x.table === 'guru')).toMatchObject({ status: 'empty', sent: 0 });
        await open.query('commit');
      } finally {
        open.release();
      }
      const both = await send();
      expect(both.tables.find((x) => x.table === 'guru')).toMatchObject({ status: 'done', sent: 2 });
    },
  );
});

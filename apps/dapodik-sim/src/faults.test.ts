import { afterEach, describe, expect, it } from 'vitest';
import { endpointMatches } from './faults.ts';
import type { Simulator } from './simulator.ts';
import { admin, NPSN, syncGet, TOKEN, testSimulator, wsGet } from './test-support.ts';

const sims: Simulator[] = [];
afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.close()));
});
function sim(options: Parameters<typeof testSimulator>[0] = {}) {
  const s = testSimulator(options);
  sims.push(s);
  return s;
}
const fault = async (s: Simulator, body: Record<string, unknown>) => {
  const res = await admin(s, 'POST', 'faults', body);
  expect(res.statusCode).toBe(200);
};

describe('immediate faults on the Web Service, one call each', () => {
  it('500, 502, HTML page, access denied, 429 with Retry-After — then normal again', async () => {
    const s = sim();
    const expectations: [string, (res: Awaited<ReturnType<typeof wsGet>>) => void][] = [
      ['500', (r) => expect([r.statusCode, r.json().success]).toEqual([500, false])],
      [
        '502',
        (r) => expect([r.statusCode, r.headers['content-type']]).toEqual([502, 'text/html; charset=utf-8']),
      ],
      [
        'html',
        (r) => {
          expect(r.statusCode).toBe(200);
          expect(r.headers['content-type']).toMatch(/text\/html/);
          expect(() => JSON.parse(r.body)).toThrow();
        },
      ],
      [
        'access-denied',
        (r) =>
          expect([r.statusCode, r.body]).toEqual([
            200,
            'Access denied - You are not authorized to access this page. #1',
          ]),
      ],
      ['429', (r) => expect([r.statusCode, r.headers['retry-after']]).toEqual([429, '7'])],
    ];
    for (const [mode, check] of expectations) {
      await fault(s, { endpoint: 'getGtk', mode, retry_after: 7 });
      check(await wsGet(s, 'getGtk'));
      const ok = await wsGet(s, 'getGtk');
      expect(ok.statusCode, mode).toBe(200);
      expect(ok.json().results, mode).toBeGreaterThan(0);
    }
  });

  it('truncated JSON: a 200 whose body stops halfway', async () => {
    const s = sim();
    const full = (await wsGet(s, 'getPesertaDidik')).body;
    await fault(s, { endpoint: 'WebService/getPesertaDidik', mode: 'truncated' });
    const cut = await wsGet(s, 'getPesertaDidik');
    expect(cut.statusCode).toBe(200);
    expect(cut.headers['content-type']).toMatch(/application\/json/);
    expect(cut.body).toBe(full.slice(0, Math.floor(full.length / 2)));
    expect(() => JSON.parse(cut.body)).toThrow();
  });

  it('slow answers take at least the delay', async () => {
    const s = sim();
    await fault(s, { endpoint: 'getSekolah', mode: 'slow:150' });
    const t0 = performance.now();
    expect((await wsGet(s, 'getSekolah')).statusCode).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
  });
});

describe('targeting', () => {
  it('one endpoint only; the others answer normally', async () => {
    const s = sim();
    await fault(s, { endpoint: 'getGtk', mode: '500', count: 2 });
    expect((await wsGet(s, 'getSekolah')).statusCode).toBe(200);
    expect((await syncGet(s, 'ptk')).statusCode).toBe(200);
    expect((await wsGet(s, 'getGtk')).statusCode).toBe(500);
    expect((await wsGet(s, 'getGtk')).statusCode).toBe(500);
    expect((await wsGet(s, 'getGtk')).statusCode).toBe(200);
  });

  it('a sync kind, with skip: only the second page fails', async () => {
    const s = sim();
    await fault(s, { endpoint: 'peserta-didik', mode: '500', skip: 1 });
    const first = await syncGet(s, 'peserta-didik', { limit: 10 });
    expect(first.statusCode).toBe(200);
    const second = await syncGet(s, 'peserta-didik', { limit: 10, cursor: first.json().page.cursor });
    expect(second.statusCode).toBe(500);
    expect(second.json()).toEqual({ error: 'internal', message: 'Internal Server Error' });
    const retry = await syncGet(s, 'peserta-didik', { limit: 10, cursor: first.json().page.cursor });
    expect(retry.statusCode).toBe(200);
  });

  it('count 0 lasts until cleared; group patterns', async () => {
    const s = sim();
    await fault(s, { endpoint: 'sync/*', mode: 'access-denied', count: 0 });
    for (let i = 0; i < 3; i++) expect((await syncGet(s, 'dudi')).statusCode).toBe(403);
    expect((await wsGet(s, 'getGtk')).statusCode).toBe(200);
    expect((await admin(s, 'GET', 'faults')).json().faults).toHaveLength(1);
    await admin(s, 'DELETE', 'faults');
    expect((await syncGet(s, 'dudi')).statusCode).toBe(200);
  });

  it('the dashboard upload can fail too, in its own error style', async () => {
    const s = sim();
    await fault(s, { endpoint: 'kirim-data', mode: '500' });
    const res = await s.app.inject({ method: 'POST', url: '/api/sinkronisasi/kirim-data', payload: {} });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: false, message: 'Internal Server Error' });
  });

  it('bad fault definitions are refused', async () => {
    const s = sim();
    expect((await admin(s, 'POST', 'faults', { mode: 'explode' })).statusCode).toBe(400);
    expect((await admin(s, 'POST', 'faults', { mode: 'slow' })).statusCode).toBe(400);
    expect((await admin(s, 'POST', 'faults', { mode: '500', count: -1 })).statusCode).toBe(400);
  });

  it('endpoint patterns', () => {
    expect(endpointMatches('*', 'sync/ptk')).toBe(true);
    expect(endpointMatches('ptk', 'sync/ptk')).toBe(true);
    expect(endpointMatches('ptk', 'sync/jenis-ptk')).toBe(false);
    expect(endpointMatches('agama', 'sync/ref/agama')).toBe(true);
    expect(endpointMatches('ref/*', 'sync/ref/agama')).toBe(false);
    expect(endpointMatches('sync/ref/*', 'sync/ref/agama')).toBe(true);
    expect(endpointMatches('WebService/*', 'sync/ptk')).toBe(false);
  });
});

describe('hangs (real HTTP)', () => {
  it('a hung request times out on the client; the next call works; close() does not wait for it', async () => {
    const s = testSimulator({ port: 0 });
    const url = await s.listen();
    await fault(s, { endpoint: 'getGtk', mode: 'timeout' });
    const call = () =>
      fetch(`${url}/WebService/getGtk?npsn=${NPSN}`, {
        headers: { authorization: `Bearer ${TOKEN}` },
        signal: AbortSignal.timeout(300),
      });
    const t0 = performance.now();
    await expect(call()).rejects.toThrow(/timeout|aborted/i);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(290);
    expect((await call()).status).toBe(200);
    // A request left hanging must not block shutdown.
    await fault(s, { endpoint: 'getGtk', mode: 'timeout' });
    const hanging = fetch(`${url}/WebService/getGtk?npsn=${NPSN}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    }).catch((e: Error) => e);
    await new Promise((r) => setTimeout(r, 50));
    const t1 = performance.now();
    await s.close();
    expect(performance.now() - t1).toBeLessThan(2_000);
    expect(await hanging).toBeInstanceOf(Error);
  });
});

describe('the nightly service window (injected clock)', () => {
  const at = (iso: string) => new Date(iso);

  it('00:00–03:00 WIB: the sync API answers 503 with Retry-After; status and the Web Service still answer', async () => {
    let now = at('2025-09-15T18:00:00.000Z'); // 01:00 WIB
    const s = sim({ window: '00:00-03:00@Asia/Jakarta', now: () => now });
    const res = await syncGet(s, 'peserta-didik');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('7200');
    // The window itself: closed since 00:00 WIB (17:00Z), open again at 03:00 WIB (20:00Z).
    expect(res.json()).toMatchObject({
      error: 'service_window',
      closed_at: '2025-09-15T17:00:00.000Z',
      opens_at: '2025-09-15T20:00:00.000Z',
    });
    const status = await syncGet(s, 'status');
    expect(status.statusCode).toBe(200);
    expect(status.json().data.service_window).toMatchObject({
      open: false,
      closed_at: '2025-09-15T17:00:00.000Z',
      opens_at: '2025-09-15T20:00:00.000Z',
    });
    expect((await wsGet(s, 'getGtk')).statusCode).toBe(200);

    now = at('2025-09-15T20:00:00.000Z'); // 03:00 WIB: open again
    expect((await syncGet(s, 'peserta-didik')).statusCode).toBe(200);
    now = at('2025-09-15T16:59:59.000Z'); // 23:59:59 WIB
    const open = (await syncGet(s, 'status')).json().data.service_window;
    expect(open).toMatchObject({ open: true, closes_at: '2025-09-15T17:00:00.000Z' });
  });

  it('the clock can be set through /__sim/clock', async () => {
    const s = sim({ window: '00:00-03:00@Asia/Jakarta' });
    expect((await syncGet(s, 'ptk')).statusCode).toBe(200); // NOON_WIB
    const set = await admin(s, 'POST', 'clock', { now: '2025-09-15T17:30:00.000Z' });
    expect(set.json()).toMatchObject({ service_open: false, frozen: true });
    expect((await syncGet(s, 'ptk')).statusCode).toBe(503);
    await admin(s, 'POST', 'clock', { advance_ms: 3 * 3_600_000 });
    expect((await syncGet(s, 'ptk')).statusCode).toBe(200);
  });

  it('no window when none is configured (the in-process default)', async () => {
    const s = sim({ now: () => at('2025-09-15T18:00:00.000Z') });
    expect((await syncGet(s, 'ptk')).statusCode).toBe(200);
  });
});

describe('random faults and latency', () => {
  it('--fault-rate 1 breaks every call with one of 500/502/truncated (hangs drop after a while); seeded', async () => {
    const modes = (s: Simulator) => Array.from({ length: 20 }, () => s.faults.take('sync/ptk')?.mode);
    const a = sim({ faultRate: 1 });
    const b = sim({ faultRate: 1 });
    const seqA = modes(a);
    expect(seqA).toEqual(modes(b));
    expect(new Set(seqA)).toEqual(new Set(['500', '502', 'timeout', 'truncated']));
    const none = sim({ faultRate: 0 });
    expect(modes(none).every((m) => m === undefined)).toBe(true);
    const some = sim({ faultRate: 0.3 });
    const hits = Array.from({ length: 200 }, () => some.faults.take('sync/ptk')).filter(Boolean).length;
    expect(hits).toBeGreaterThan(30);
    expect(hits).toBeLessThan(100);
  });

  it('--latency delays every answer', async () => {
    const s = sim({ latency: [60, 80] });
    const t0 = performance.now();
    await wsGet(s, 'getSekolah');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(55);
  });
});

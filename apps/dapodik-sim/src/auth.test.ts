import { describe, expect, it } from 'vitest';
import { ipAllowed } from './auth.ts';
import type { Simulator } from './simulator.ts';
import { NPSN, TOKEN, testSimulator } from './test-support.ts';

const ACCESS_DENIED = 'Access denied - You are not authorized to access this page. #1';

function ws(sim: Simulator, url: string, headers: Record<string, string> = {}, remoteAddress?: string) {
  return sim.app.inject({
    method: 'GET',
    url: `/WebService/${url}`,
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}
const bearer = { authorization: `Bearer ${TOKEN}` };

describe('Web Service refusals, Dapodik style (HTTP 200)', () => {
  const sim = testSimulator();

  it('no token or a wrong token: plain-text "Access denied"', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: TOKEN }] as Record<
      string,
      string
    >[]) {
      const res = await ws(sim, `getSekolah?npsn=${NPSN}`, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/plain/);
      expect(res.body).toBe(ACCESS_DENIED);
    }
  });

  it('no npsn: "Parameter NPSN harap diisi" as text', async () => {
    const res = await ws(sim, 'getGtk', bearer);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('Parameter NPSN harap diisi');
  });

  it('another npsn: success:false JSON with http_code 404', async () => {
    const res = await ws(sim, 'getGtk?npsn=12345678', bearer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, http_code: 404, message: 'Sekolah tidak ditemukan' });
  });

  it('the token is checked before the npsn', async () => {
    const res = await ws(sim, 'getGtk', { authorization: 'Bearer nope' });
    expect(res.body).toBe(ACCESS_DENIED);
  });

  it('grades cannot be pushed without the token either', async () => {
    const res = await sim.app.inject({
      method: 'POST',
      url: `/WebService/postNilai?npsn=${NPSN}&table=rapor`,
      payload: {},
    });
    expect(res.body).toBe(ACCESS_DENIED);
    expect(sim.state.received).toHaveLength(0);
  });
});

describe('Web Service options', () => {
  it('--strict-http: real status codes', async () => {
    const sim = testSimulator({ strictHttp: true });
    expect((await ws(sim, `getSekolah?npsn=${NPSN}`)).statusCode).toBe(401);
    expect((await ws(sim, 'getSekolah', bearer)).statusCode).toBe(400);
    const wrong = await ws(sim, 'getSekolah?npsn=12345678', bearer);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ success: false, http_code: 404 });
    expect((await ws(sim, `getSekolah?npsn=${NPSN}`, bearer)).statusCode).toBe(200);
    await sim.close();
  });

  it('--allow: callers outside the list get "Access denied" even with the token', async () => {
    const sim = testSimulator({ allow: ['10.0.0.0/8', '192.168.1.5'] });
    expect((await ws(sim, `getSekolah?npsn=${NPSN}`, bearer, '127.0.0.1')).body).toBe(ACCESS_DENIED);
    expect((await ws(sim, `getSekolah?npsn=${NPSN}`, bearer, '10.20.30.40')).statusCode).toBe(200);
    expect((await ws(sim, `getSekolah?npsn=${NPSN}`, bearer, '192.168.1.5')).json().results).toBe(1);
    const sync = await sim.app.inject({
      method: 'GET',
      url: '/sync/v1/status',
      headers: { ...bearer, 'x-npsn': NPSN },
      remoteAddress: '127.0.0.1',
    });
    expect(sync.statusCode).toBe(403);
    await sim.close();
  });

  it('--error-prefix: raw "HTTP/1.0 403" header text before the error body', async () => {
    const sim = testSimulator({ errorPrefix: true });
    const res = await ws(sim, 'getGtk?npsn=12345678', bearer);
    expect(res.body.startsWith('HTTP/1.0 404 Not Found\r\n')).toBe(true);
    const json = res.body.slice(res.body.indexOf('{'));
    expect(JSON.parse(json)).toMatchObject({ success: false, http_code: 404 });
    const denied = await ws(sim, `getGtk?npsn=${NPSN}`);
    expect(denied.body).toMatch(/^HTTP\/1\.0 401 Unauthorized\r\n.*\r\n\r\nAccess denied/s);
    // Successful answers stay clean.
    expect((await ws(sim, `getGtk?npsn=${NPSN}`, bearer)).json().results).toBeGreaterThan(0);
    await sim.close();
  });
});

describe('sync API refusals: real HTTP statuses', () => {
  const sim = testSimulator();
  const get = (headers: Record<string, string>) =>
    sim.app.inject({ method: 'GET', url: '/sync/v1/ptk', headers });

  it('401 without or with a wrong token', async () => {
    expect((await get({ 'x-npsn': NPSN })).statusCode).toBe(401);
    const wrong = await get({ authorization: 'Bearer nope', 'x-npsn': NPSN });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('unauthorized');
  });

  it('400 without X-NPSN, 404 for another school, 200 when all is right', async () => {
    expect((await get(bearer)).statusCode).toBe(400);
    expect((await get({ ...bearer, 'x-npsn': '12345678' })).statusCode).toBe(404);
    expect((await get({ ...bearer, 'x-npsn': NPSN })).statusCode).toBe(200);
  });
});

describe('ipAllowed', () => {
  it('matches addresses, CIDR blocks and IPv4-mapped IPv6', () => {
    expect(ipAllowed('1.2.3.4', null)).toBe(true);
    expect(ipAllowed('10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(ipAllowed('11.1.2.3', ['10.0.0.0/8'])).toBe(false);
    expect(ipAllowed('::ffff:192.168.0.7', ['192.168.0.0/24'])).toBe(true);
    expect(ipAllowed('::1', ['127.0.0.1'])).toBe(true);
    expect(ipAllowed('192.168.1.1', ['192.168.0.0/24'])).toBe(false);
    expect(ipAllowed('5.5.5.5', ['0.0.0.0/0'])).toBe(true);
  });
});

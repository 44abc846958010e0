import { SYNC_MESSAGES } from '@erapor/contract/sinkronisasi';
import { createSimulator, type Simulator } from '@erapor/dapodik-sim/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DapodikError, transportDefaults } from '../client';
import { WebServiceClient } from './webservice-client';

transportDefaults.retryBaseMs = 5;
transportDefaults.timeoutMs = 1000;

const SEMESTER = '20251';

describe('Dapodik Web Service client (reference-dapodik §7.3)', () => {
  const sims: Simulator[] = [];
  const start = async (options: Parameters<typeof createSimulator>[0] = {}) => {
    const sim = createSimulator({ profile: 'tiny', port: 0, admin: true, semesterId: SEMESTER, ...options });
    sims.push(sim);
    const url = await sim.listen();
    return { sim, url };
  };
  let sim: Simulator;
  let url = '';
  let npsn = '';
  const client = (over: Partial<ConstructorParameters<typeof WebServiceClient>[0]> = {}) =>
    new WebServiceClient({ baseUrl: url, token: sim.options.token, npsn, semesterId: SEMESTER, ...over });
  const fault = (body: object) => sim.app.inject({ method: 'POST', url: '/__sim/faults', payload: body });
  const failure = async (p: Promise<unknown>) => {
    const e = await p.then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(DapodikError);
    return e as DapodikError;
  };

  beforeAll(async () => {
    ({ sim, url } = await start());
    npsn = sim.state.school.sekolah.npsn;
  });
  afterAll(async () => {
    await Promise.all(sims.map((s) => s.close()));
  });

  it('reads getSekolah (rows an object) and lists (rows an array)', async () => {
    const { rows } = await client().get('getSekolah');
    expect((rows as { npsn: string }).npsn).toBe(npsn);
    const pengguna = await client().list<{ username: string }>('getPengguna');
    expect(pengguna.length).toBe(sim.state.school.pengguna.length);
  });

  it('"Access denied" as a 200 text body, a wrong NPSN and a public http:// address are final, not retried', async () => {
    const denied = await failure(client({ token: 'salah' }).get('getSekolah'));
    expect(denied).toMatchObject({ kind: 'access_denied', fatal: true, message: SYNC_MESSAGES.accessDenied });
    const school = await failure(client({ npsn: '12345678' }).get('getSekolah'));
    expect(school).toMatchObject({ kind: 'not_found', fatal: true });
    expect(
      () => new WebServiceClient({ baseUrl: 'http://8.8.8.8:5774', token: 't', npsn, semesterId: SEMESTER }),
    ).toThrow(SYNC_MESSAGES.insecureUrl);
  });

  it('the same with --strict-http (401) and with raw "HTTP/1.0 403" text before the body', async () => {
    const strict = await start({ strictHttp: true });
    const s = new WebServiceClient({ baseUrl: strict.url, token: 'salah', npsn, semesterId: SEMESTER });
    expect(await failure(s.get('getSekolah'))).toMatchObject({ kind: 'access_denied' });
    const prefixed = await start({ errorPrefix: true });
    const p = new WebServiceClient({ baseUrl: prefixed.url, token: 'salah', npsn, semesterId: SEMESTER });
    expect(await failure(p.get('getSekolah'))).toMatchObject({ kind: 'access_denied' });
  });

  it('retries an HTML page, a 502, a 429 (Retry-After) and a truncated body, then answers', async () => {
    await fault([
      { endpoint: 'WebService/getSekolah', mode: 'html', count: 1 },
      { endpoint: 'WebService/getSekolah', mode: '502', count: 1 },
      { endpoint: 'WebService/getSekolah', mode: '429', retry_after: 0, count: 1 },
      { endpoint: 'WebService/getSekolah', mode: 'truncated', count: 1 },
    ]);
    const { rows } = await client().get('getSekolah');
    expect((rows as { npsn: string }).npsn).toBe(npsn);
  });

  it('gives up after the attempts with the fault of the last one', async () => {
    await fault({ endpoint: 'WebService/getPengguna', mode: '500', count: transportDefaults.attempts });
    expect(await failure(client().list('getPengguna'))).toMatchObject({
      kind: 'server_error',
      fatal: false,
      message: SYNC_MESSAGES.serverError(500),
    });
  });

  it('a hanging answer is a timeout, retried', async () => {
    await fault({ endpoint: 'WebService/getSekolah', mode: 'timeout', count: 1 });
    const { rows } = await client({ timeoutMs: 200 }).get('getSekolah');
    expect(rows).toBeTruthy();
  });

  it('a refused post is an answer (success false, message), not a fault', async () => {
    const answer = await client().post('postNilai', { nilai_id: 'bukan-uuid' }, { table: 'rapor' });
    expect(answer).toEqual({ success: false, message: 'nilai_id tidak valid' });
  });
});

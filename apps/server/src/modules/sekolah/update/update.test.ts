import { UPDATE_MESSAGES, UPDATE_TIMEOUT_MS, type UpdateCheckResponse } from '@erapor/contract/update-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SeededDemo, seedDemo } from '../../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../../test/engines';
import { FAKE_NEWER, type FakeFeed, refusedUrl, startFakeFeed } from '../../../test/fake-feed';

const URL_CHECK = '/api/setting/check-update';
const R = UPDATE_MESSAGES.reason;
const NON_ADMIN = ['guru', 'wali', 'kaprog', 'waka', 'ekskul', 'pkl', 'siswa'] as const;

describeEngines('Cek Pembaharuan (/api/setting/check-update)', {}, (t) => {
  let demo: SeededDemo;
  let feed: FakeFeed;
  const tokens: Record<string, string> = {};
  let version = '';

  beforeAll(async () => {
    demo = await seedDemo(t().db.db);
    for (const key of ['admin', ...NON_ADMIN] as const) {
      tokens[key] = (await loginAs(t().app, demo.accounts[key].email, demo.semesterId)).accessToken;
    }
    version = t().config.version;
    feed = await startFakeFeed(version);
  });
  afterAll(() => feed?.close());

  /** "Periksa lagi" (a fresh check) against `url`. */
  async function checkNow(url: string | undefined): Promise<{ status: number; body: UpdateCheckResponse }> {
    t().config.updateFeedUrl = url;
    const res = await t().app.inject({ method: 'POST', url: URL_CHECK, headers: bearer(tokens.admin ?? '') });
    return { status: res.statusCode, body: json<UpdateCheckResponse>(res) };
  }

  it('401 without a login, 403 for every role but the administrator', async () => {
    t().config.updateFeedUrl = feed.url('/newer');
    const before = feed.requests.length;
    for (const method of ['GET', 'POST'] as const) {
      expect((await t().app.inject({ method, url: URL_CHECK })).statusCode).toBe(401);
      for (const role of NON_ADMIN) {
        const res = await t().app.inject({ method, url: URL_CHECK, headers: bearer(tokens[role] ?? '') });
        expect(res.statusCode, `${method} ${role}`).toBe(403);
      }
    }
    expect(feed.requests.length).toBe(before);
  });

  it('unset URL: "belum diatur", and no network call', async () => {
    const before = feed.requests.length;
    const { status, body } = await checkNow(undefined);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'not-configured',
      message: 'Pemeriksaan pembaharuan belum diatur',
      detail: UPDATE_MESSAGES.notConfiguredDetail,
      installed_version: version,
      latest: null,
      checked_at: null,
    });
    expect(feed.requests.length).toBe(before);
  });

  it('newer: "Pembaharuan tersedia!" with version, date, notes and link', async () => {
    const { status, body } = await checkNow(feed.url('/newer'));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'available',
      message: 'Pembaharuan tersedia!',
      detail: UPDATE_MESSAGES.newVersion(version, '99.1.0'),
      installed_version: version,
      latest: { ...FAKE_NEWER, version: '99.1.0' },
      cached: false,
    });
  });

  it('sends nothing about the school: one plain GET of the configured address', async () => {
    feed.requests.length = 0;
    await checkNow(feed.url('/newer'));
    expect(feed.requests).toHaveLength(1);
    const [req] = feed.requests;
    expect(req?.method).toBe('GET');
    expect(req?.url).toBe('/newer');
    expect(req?.body).toBe('');
    expect(req?.headers.cookie).toBeUndefined();
    expect(req?.headers.authorization).toBeUndefined();
    expect(req?.headers['user-agent']).toBe('e-Rapor-SMK');
    const sent = JSON.stringify(req?.headers).toLowerCase();
    for (const secret of [
      demo.sekolahId,
      demo.school.sekolah.npsn,
      demo.school.sekolah.nama,
      'demo.sch.id',
    ]) {
      expect(sent).not.toContain(String(secret).toLowerCase());
    }
  });

  it('caches the answer: the screen reopened asks nobody, "Periksa lagi" asks again', async () => {
    await checkNow(feed.url('/newer'));
    const hits = feed.requests.length;
    const again = await t().app.inject({
      method: 'GET',
      url: URL_CHECK,
      headers: bearer(tokens.admin ?? ''),
    });
    expect(again.statusCode).toBe(200);
    expect(json<UpdateCheckResponse>(again)).toMatchObject({ status: 'available', cached: true });
    expect(feed.requests.length).toBe(hits);
    await checkNow(feed.url('/newer'));
    expect(feed.requests.length).toBe(hits + 1);
  });

  it('equal, older and a pre-release of this version: "Pembaharuan belum tersedia!", each saying why', async () => {
    const equal = await checkNow(feed.url('/equal'));
    expect(equal.body).toMatchObject({
      status: 'up-to-date',
      message: 'Pembaharuan belum tersedia!',
      detail: UPDATE_MESSAGES.sameVersion(version),
    });
    const older = await checkNow(feed.url('/older'));
    expect(older.body).toMatchObject({
      status: 'up-to-date',
      message: 'Pembaharuan belum tersedia!',
      detail: UPDATE_MESSAGES.newerInstalled(version, '0.0.1'),
      latest: { version: '0.0.1', tanggal: '2025-01-02', catatan: 'Rilis lama' },
    });
    const pre = await checkNow(feed.url('/prerelease'));
    expect(pre.body).toMatchObject({
      status: 'up-to-date',
      detail: UPDATE_MESSAGES.newerInstalled(version, `${version}-rc.1`),
    });
    expect([equal.status, older.status, pre.status]).toEqual([200, 200, 200]);
  });

  it('every failure: 200, "Server pembaharuan tidak dapat dihubungi" and its own reason', async () => {
    const cases: [string, string][] = [
      [feed.url('/tidak-ada'), R.status(404)],
      [feed.url('/html'), R.html],
      [feed.url('/bad-json'), R.json],
      [feed.url('/bad-version'), R.badVersion('terbaru')],
      [feed.url('/huge'), R.tooLarge],
      [feed.url('/redirect-foreign'), R.foreignRedirect('evil.example')],
      [await refusedUrl(), R.refused],
      ['ftp://127.0.0.1/versi.json', R.badUrl],
    ];
    const details = new Set<string>();
    for (const [url, detail] of cases) {
      const { status, body } = await checkNow(url);
      expect(status, url).toBe(200);
      expect(body, url).toMatchObject({
        status: 'failed',
        message: 'Server pembaharuan tidak dapat dihubungi',
        detail,
        latest: null,
      });
      details.add(body.detail);
    }
    expect(details.size).toBe(cases.length);
    // The foreign host was never asked: only the first request reached the fake feed.
    expect(feed.requests.filter((r) => r.url === '/redirect-foreign')).toHaveLength(1);
  });

  it(
    'a feed that never answers: the reason after 5 s',
    async () => {
      const started = Date.now();
      const { status, body } = await checkNow(feed.url('/timeout'));
      const elapsed = Date.now() - started;
      expect(status).toBe(200);
      expect(body).toMatchObject({
        status: 'failed',
        message: UPDATE_MESSAGES.unreachable,
        detail: R.timeout,
      });
      expect(elapsed).toBeGreaterThanOrEqual(UPDATE_TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(UPDATE_TIMEOUT_MS + 3_000);
    },
    UPDATE_TIMEOUT_MS + 10_000,
  );
});

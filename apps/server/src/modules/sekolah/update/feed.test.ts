import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  UPDATE_CACHE_MS,
  UPDATE_FAILURE_CACHE_MS,
  UPDATE_MESSAGES,
  UPDATE_STEPS,
} from '@erapor/contract/update-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../config';
import { FAKE_NEWER, type FakeFeed, refusedUrl, startFakeFeed } from '../../../test/fake-feed';
import { createUpdateChecker, type FeedOutcome, fetchFeed, networkReason } from './feed';

const R = UPDATE_MESSAGES.reason;

describe('fetchFeed against a local fake feed', () => {
  let feed: FakeFeed;
  beforeAll(async () => {
    feed = await startFakeFeed('0.1.0');
  });
  afterAll(() => feed.close());

  it('follows a redirect on the same host', async () => {
    expect(await fetchFeed(feed.url('/redirect-home'))).toEqual({
      ok: true,
      feed: { ...FAKE_NEWER, version: '99.1.0' },
    });
  });

  it('stops after a few redirects', async () => {
    expect(await fetchFeed(feed.url('/redirect-loop'))).toEqual({ ok: false, detail: R.tooManyRedirects });
  });

  it('refuses a body that grows past 64 KB without announcing its length', async () => {
    expect(await fetchFeed(feed.url('/huge-chunked'))).toEqual({ ok: false, detail: R.tooLarge });
  });

  it('gives up on an answer whose body never ends, within the time allowed', async () => {
    const started = Date.now();
    expect(await fetchFeed(feed.url('/slow-body'), { timeoutMs: 300 })).toEqual({
      ok: false,
      detail: R.timeout,
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('never asks anything but http(s)', async () => {
    for (const bad of ['', 'feed.json', 'ftp://127.0.0.1/feed', 'file:///etc/passwd', 'javascript:1']) {
      expect(await fetchFeed(bad), bad).toEqual({ ok: false, detail: R.badUrl });
    }
  });

  it('names a refused connection', async () => {
    expect(await fetchFeed(await refusedUrl())).toEqual({ ok: false, detail: R.refused });
  });

  it('names an unknown host', async () => {
    const out = await fetchFeed('http://pembaharuan.invalid/versi.json');
    expect(out).toEqual({ ok: false, detail: R.dns });
  });

  it('names the reason of each network failure', () => {
    const wrapped = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: { code } });
    expect(networkReason(wrapped('ECONNREFUSED'))).toBe(R.refused);
    expect(networkReason(wrapped('ENETUNREACH'))).toBe(R.network);
    expect(networkReason(wrapped('ECONNRESET'))).toBe(R.reset);
    expect(networkReason(wrapped('CERT_HAS_EXPIRED'))).toBe(R.tls);
    expect(networkReason(wrapped('ERR_TLS_CERT_ALTNAME_INVALID'))).toBe(R.tls);
    expect(networkReason(wrapped('UND_ERR_CONNECT_TIMEOUT'))).toBe(R.timeout);
    expect(networkReason(wrapped('EWHATEVER'))).toBe(R.other('EWHATEVER'));
    const aggregate = new TypeError('fetch failed', {
      cause: new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]),
    });
    expect(networkReason(aggregate)).toBe(R.refused);
  });
});

let openssl = true;
try {
  execFileSync('openssl', ['version'], { stdio: 'ignore' });
} catch {
  openssl = false;
}

describe.skipIf(!openssl)('fetchFeed over https', () => {
  let dir = '';
  let url = '';
  let close = async () => {};
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'erapor-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    const server = createServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"version":"99.0.0"}');
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/versi.json`;
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('verifies the certificate: a self-signed one is refused', async () => {
    expect(await fetchFeed(url)).toEqual({ ok: false, detail: R.tls });
  });
});

describe('createUpdateChecker', () => {
  const ok: FeedOutcome = { ok: true, feed: { version: '0.2.0', tanggal: null, catatan: null, url: null } };
  const setup = (outcome: FeedOutcome) => {
    let clock = Date.UTC(2026, 10, 27, 8);
    const calls: string[] = [];
    const check = createUpdateChecker({
      now: () => new Date(clock),
      fetch: async (url) => {
        calls.push(url);
        return outcome;
      },
    });
    return { check, calls, advance: (ms: number) => (clock += ms) };
  };

  it('asks nothing when no feed is configured', async () => {
    const { check, calls } = setup(ok);
    const r = await check(undefined, '0.1.0');
    expect(r).toMatchObject({
      status: 'not-configured',
      message: UPDATE_MESSAGES.notConfigured,
      checked_at: null,
    });
    expect(calls).toEqual([]);
  });

  it('reuses an answer for an hour; "Periksa lagi" asks at once', async () => {
    const { check, calls, advance } = setup(ok);
    const first = await check('http://x/f', '0.1.0');
    expect(first).toMatchObject({
      status: 'available',
      cached: false,
      checked_at: '2026-11-27T08:00:00.000Z',
    });
    advance(UPDATE_CACHE_MS - 1);
    expect(await check('http://x/f', '0.1.0')).toMatchObject({ cached: true, checked_at: first.checked_at });
    expect(calls).toHaveLength(1);
    advance(1);
    expect(await check('http://x/f', '0.1.0')).toMatchObject({ cached: false });
    expect(calls).toHaveLength(2);
    expect(await check('http://x/f', '0.1.0', true)).toMatchObject({ cached: false });
    expect(calls).toHaveLength(3);
    // Another address (the configuration changed): asked anew.
    await check('http://y/f', '0.1.0');
    expect(calls).toHaveLength(4);
  });

  it('reuses a failure only for a minute', async () => {
    const { check, calls, advance } = setup({ ok: false, detail: R.refused });
    await check('http://x/f', '0.1.0');
    advance(UPDATE_FAILURE_CACHE_MS - 1);
    expect(await check('http://x/f', '0.1.0')).toMatchObject({ status: 'failed', cached: true });
    advance(1);
    await check('http://x/f', '0.1.0');
    expect(calls).toHaveLength(2);
  });

  it('sends one request for callers at the same moment', async () => {
    const { check, calls } = setup(ok);
    const all = await Promise.all([check('http://x/f', '0.1.0'), check('http://x/f', '0.1.0', true)]);
    expect(all.map((r) => r.status)).toEqual(['available', 'available']);
    expect(calls).toHaveLength(1);
  });
});

describe('README', () => {
  it('lists the update steps the screen shows, in the same order', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const section = /^## Updating\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
    expect(section, 'README.md has an "## Updating" section').not.toBe('');
    const commands = UPDATE_STEPS.flatMap((s) => (s.command ? [s.command] : []));
    const positions = commands.map((c) => section.indexOf(c));
    expect(
      positions.every((p) => p >= 0),
      `README "Updating" names ${commands.join(', ')}`,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(section).toContain('UPDATE_FEED_URL');
  });
});

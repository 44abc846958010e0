import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SYNC_MESSAGES } from '@erapor/contract/sinkronisasi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DapodikError,
  isLocalHost,
  parseBody,
  parseRetryAfter,
  SyncApiClient,
  syncBaseUrl,
  transportDefaults,
  windowTimes,
} from './client';
import { date, int, jenisKelamin, kodeWilayah, text, uuid } from './normalize';

describe('Dapodik client: parsing and addresses', () => {
  it('reads a body with a raw "HTTP/1.x" header block in front, and a BOM', () => {
    expect(
      parseBody('HTTP/1.0 403 Forbidden\r\nContent-Type: application/json\r\n\r\n{"success":false}'),
    ).toEqual({
      success: false,
    });
    expect(parseBody('\uFEFF{"a":1}')).toEqual({ a: 1 });
    expect(() => parseBody('<html>Dapodik</html>')).toThrow();
  });

  it('honours Retry-After in seconds or as a date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });

  it('reads the service window from the answer: its times, else Retry-After, else the known default', () => {
    const now = Date.parse('2025-09-15T18:30:00.000Z'); // 01.30 WIB
    const body = {
      error: 'service_window',
      closed_at: '2025-09-15T17:00:00.000Z',
      opens_at: '2025-09-15T20:00:00.000Z',
    };
    expect(windowTimes(body, null, now)).toEqual({ from: '00.00', until: '03.00' });
    // Only a Retry-After (seconds): the reopening time from it, the start from the known window.
    expect(windowTimes({ error: 'service_window' }, '5400', now)).toEqual({ from: null, until: '03.00' });
    expect(SYNC_MESSAGES.serviceWindow(windowTimes({}, null, now))).toBe(
      'Layanan Dapodik ditutup pukul 00.00–03.00 WIB. Silahkan coba lagi setelah pukul 03.00 WIB.',
    );
    // Another window, as a source may announce it.
    const late = { closed_at: '2025-09-15T16:00:00.000Z', opens_at: '2025-09-15T21:30:00.000Z' };
    expect(SYNC_MESSAGES.serviceWindow(windowTimes(late, null, now))).toBe(
      'Layanan Dapodik ditutup pukul 23.00–04.30 WIB. Silahkan coba lagi setelah pukul 04.30 WIB.',
    );
  });

  it('allows plain HTTP only inside the school network', () => {
    for (const host of [
      '127.0.0.1',
      'localhost',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.10',
      'dapodik',
      'server.local',
      '[::1]',
    ])
      expect(isLocalHost(host), host).toBe(true);
    for (const host of ['8.8.8.8', '172.32.0.1', 'dapodik.kemdikbud.go.id'])
      expect(isLocalHost(host), host).toBe(false);
    expect(syncBaseUrl('http://192.168.1.10:5774/').toString()).toBe('http://192.168.1.10:5774/sync/v1/');
    expect(syncBaseUrl('https://dapodik.example.org/').toString()).toBe(
      'https://dapodik.example.org/sync/v1/',
    );
    expect(() => syncBaseUrl('http://dapodik.example.org')).toThrow(SYNC_MESSAGES.insecureUrl);
  });

  it('coerces Dapodik values leniently', () => {
    expect(int('12')).toBe(12);
    expect(int('')).toBeNull();
    expect(int('99999', 'smallint')).toBeNull();
    expect(text('  a  ')).toBe('a');
    expect(text('null')).toBeNull();
    expect(text('abcdef', 3)).toBe('abc');
    expect(date('2024-07-15 00:00:00')).toBe('2024-07-15');
    expect(jenisKelamin('p')).toBe('P');
    expect(kodeWilayah('026509')).toBe('026509  ');
    expect(uuid('ABCDEF01-2345-4678-9ABC-DEF012345678')).toBe('abcdef01-2345-4678-9abc-def012345678');
    expect(uuid('x')).toBeNull();
  });
});

describe('Dapodik client: transport', () => {
  let server: Server;
  let base = '';
  const hits = new Map<string, number>();
  const seen: string[] = [];

  beforeAll(async () => {
    transportDefaults.retryBaseMs = 5;
    server = createServer((req, res) => {
      const path = req.url ?? '';
      seen.push(`${req.headers.authorization} ${req.headers['x-npsn']}`);
      const n = (hits.get(path) ?? 0) + 1;
      hits.set(path, n);
      if (path.startsWith('/sync/v1/flaky')) {
        if (n < 3) return res.writeHead(502, { 'content-type': 'text/html' }).end('<html>502</html>');
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"ok":true}}');
      }
      if (path.startsWith('/sync/v1/big')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(`{"data":"${'x'.repeat(2048)}"}`);
      }
      if (path.startsWith('/sync/v1/redirect'))
        return res.writeHead(302, { location: 'http://example.org/steal' }).end();
      if (path.startsWith('/sync/v1/denied'))
        return res
          .writeHead(200, { 'content-type': 'text/plain' })
          .end('Access denied - You are not authorized');
      if (path.startsWith('/sync/v1/paged')) {
        const cursor = new URL(path, 'http://x').searchParams.get('cursor');
        const page = cursor ? Number(cursor) : 0;
        const next = page < 2 ? String(page + 1) : null;
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ data: [{ id: page }], page: { cursor: next, total: 3 } }));
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    transportDefaults.retryBaseMs = 500;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const client = () => new SyncApiClient({ baseUrl: base, token: 'rahasia', npsn: '69999999' });

  it('retries a 502 and sends the token only in the header', async () => {
    expect(await client().document('flaky')).toMatchObject({ data: { ok: true } });
    expect(hits.get('/sync/v1/flaky')).toBe(3);
    expect(seen.at(-1)).toBe('Bearer rahasia 69999999');
  });

  it('follows cursors to the end', async () => {
    const list = await client().list<{ id: number }>('paged');
    expect(list.rows.map((r) => r.id)).toEqual([0, 1, 2]);
    expect(list.mismatch).toBe(false);
  });

  it('refuses redirects, "Access denied" bodies and bodies over the limit, with their messages', async () => {
    await expect(client().get('redirect')).rejects.toMatchObject({
      kind: 'redirected',
      message: SYNC_MESSAGES.redirected,
    });
    await expect(client().get('denied')).rejects.toMatchObject({ kind: 'access_denied', fatal: true });
    const limit = transportDefaults.maxBytes;
    transportDefaults.maxBytes = 1024;
    try {
      const err = await client()
        .get('big')
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DapodikError);
      expect((err as DapodikError).message).toBe(SYNC_MESSAGES.tooLarge);
    } finally {
      transportDefaults.maxBytes = limit;
    }
  });
});

import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in update server for the tests (node:http on 127.0.0.1, a free port): one path per
 * case of decision 035. It records every request it gets, to show what the check sends.
 */
export interface FakeFeed {
  url(path: string): string;
  /** Requests received, in order. */
  requests: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

const json = (res: ServerResponse, value: unknown, status = 200) => {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
};

export const FAKE_NEWER = {
  version: 'v99.1.0',
  tanggal: '2027-01-15',
  catatan: '### Ditambahkan\n- Monitoring kemajuan penilaian\n- <script>alert(1)</script>',
  url: 'https://example.org/e-rapor/rilis/99.1.0',
};

export async function startFakeFeed(installedVersion: string): Promise<FakeFeed> {
  const requests: FakeFeed['requests'] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += String(c);
    });
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = (req.url ?? '').split('?')[0];
      switch (path) {
        case '/newer':
          return json(res, FAKE_NEWER);
        case '/equal':
          return json(res, { version: installedVersion, tanggal: '2026-11-27', catatan: null, url: null });
        case '/older':
          // GitHub's latest release.
          return json(res, {
            tag_name: 'v0.0.1',
            name: 'e-Rapor SMK 0.0.1',
            published_at: '2025-01-02T03:04:05Z',
            body: 'Rilis lama',
            html_url: 'https://github.com/contoh/e-rapor/releases/tag/v0.0.1',
          });
        case '/prerelease':
          return json(res, { tag_name: `v${installedVersion}-rc.1` });
        case '/html':
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end('<!doctype html><html><body>Portal login Wi-Fi sekolah</body></html>');
        case '/bad-json':
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end('{"version": "1.0.0",');
        case '/bad-version':
          return json(res, { version: 'terbaru' });
        case '/huge': {
          const big = JSON.stringify({ version: '99.0.0', catatan: 'x'.repeat(70 * 1024) });
          res.writeHead(200, {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(big),
          });
          return res.end(big);
        }
        case '/huge-chunked':
          // No content-length: the size shows only while reading.
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write(`{"version":"99.0.0","catatan":"`);
          for (let i = 0; i < 80; i++) res.write('y'.repeat(1024));
          return res.end('"}');
        case '/redirect-foreign':
          res.writeHead(302, { location: 'http://evil.example/feed.json' });
          return res.end();
        case '/redirect-home':
          res.writeHead(301, { location: '/newer' });
          return res.end();
        case '/redirect-loop':
          res.writeHead(302, { location: '/redirect-loop' });
          return res.end();
        case '/slow-body':
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"version":');
          return; // never finishes
        case '/timeout':
          return; // never answers
        default:
          return json(res, { statusCode: 404, message: 'Not Found' }, 404);
      }
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An address where nothing listens (a port just freed): the connection is refused. */
export async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/versi.json`;
}

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@erapor/contract/errors';
import Fastify from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { REPO_ROOT } from './config';
import { registerErrorHandler } from './lib/errors';
import { registerWeb } from './plugins/web';
import { describeEngines, json } from './test/engines';

const dist = mkdtempSync(join(tmpdir(), 'erapor-dist-'));
mkdirSync(join(dist, 'js/chunks'), { recursive: true });
mkdirSync(join(dist, 'assets'), { recursive: true });
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>e-Rapor SMK</title><div id="root"></div>');
writeFileSync(join(dist, 'js/chunks/Dudi-abc123.js'), 'export default 1;');
writeFileSync(join(dist, 'assets/index-def456.css'), 'body{}');
writeFileSync(join(dist, 'favicon.ico'), 'ico');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const version = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version;

describeEngines(
  'app',
  {
    config: { webDistDir: dist },
    routes: (app) => {
      app.get('/api/test/boom', async () => {
        throw new Error('database exploded: secret detail');
      });
    },
  },
  (t, engine) => {
    it('health names the engine and the version', async () => {
      const res = await t().app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ status: 'ok', database: engine, version });
    });

    it('unknown /api paths → 404 in the error shape, any method', async () => {
      for (const [method, url] of [
        ['GET', '/api/tidak-ada'],
        ['POST', '/api/tidak/ada'],
        ['DELETE', '/api/health'],
        ['GET', '/api'],
      ] as const) {
        const res = await t().app.inject({ method, url });
        expect(res.statusCode, url).toBe(404);
        expect(json(res)).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: MESSAGES.notFound });
      }
    });

    it('an unexpected error → 500 INTERNAL_ERROR with the Indonesian message and no internals', async () => {
      const res = await t().app.inject({ url: '/api/test/boom' });
      expect(res.statusCode).toBe(500);
      expect(json(res)).toEqual({ statusCode: 500, code: 'INTERNAL_ERROR', message: MESSAGES.internal });
      expect(res.body).not.toContain('secret detail');
    });

    it('no endpoint answers junk with a 5xx', async () => {
      const app = t().app;
      const active = (await app.inject({ url: '/api/auth/semester' })).json().semester_id as string;
      const login = await app.inject({
        method: 'POST',
        url: '/api/jwt/login',
        payload: { email: 'admin@demo.sch.id', password: 'rapor-demo', semester_id: active },
      });
      const auth = { authorization: `Bearer ${login.json().accessToken}` };
      const junk: { payload: string; type: string }[] = [
        { payload: '', type: 'application/json' },
        { payload: '{', type: 'application/json' },
        { payload: '[]', type: 'application/json' },
        { payload: 'null', type: 'application/json' },
        { payload: '"x"', type: 'application/json' },
        {
          payload: '{"refreshToken":{"a":1},"token":[1],"email":1e999,"npsn":null,"password":true}',
          type: 'application/json',
        },
        {
          payload: JSON.stringify({ name: 'x'.repeat(5000), email: `${'a'.repeat(300)}@x.id` }),
          type: 'application/json',
        },
        { payload: 'a=1', type: 'application/x-www-form-urlencoded' },
        { payload: '\u0000\u0001', type: 'text/plain' },
        { payload: '--b\r\n', type: 'multipart/form-data; boundary=b' },
      ];
      const targets: [string, string, Record<string, string>][] = [
        ['POST', '/api/jwt/login', {}],
        ['POST', '/api/jwt/refresh-token', {}],
        ['POST', '/api/jwt/logout', {}],
        ['POST', '/api/jwt/register', {}],
        ['POST', '/api/jwt/forgot-password', {}],
        ['POST', '/api/jwt/reset-password', {}],
        ['PUT', '/api/profile', auth],
        ['PUT', '/api/profile/password', auth],
        ['POST', '/api/profile/photo', auth],
      ];
      for (const [method, url, headers] of targets) {
        for (const j of junk) {
          const res = await app.inject({
            method: method as 'POST',
            url,
            headers: { ...headers, 'content-type': j.type },
            payload: j.payload,
            remoteAddress: '10.9.0.1',
          });
          const what = `${method} ${url} ${j.type} ${j.payload.slice(0, 40)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          // forgot-password answers 200 to any well-formed address (it never says which exist).
          if (url !== '/api/jwt/forgot-password') expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
          expect(typeof res.json().message).toBe('string');
        }
      }
    });

    it('serves index.html uncached for the app routes (history fallback)', async () => {
      for (const url of ['/', '/login', '/referensi/dudi', '/wali-kelas/cetak-rapor?x=1']) {
        const res = await t().app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toContain('<div id="root">');
      }
    });

    it('serves hashed chunks and assets with a long cache', async () => {
      const chunk = await t().app.inject({ url: '/js/chunks/Dudi-abc123.js' });
      expect(chunk.statusCode).toBe(200);
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const css = await t().app.inject({ url: '/assets/index-def456.css' });
      expect(css.statusCode).toBe(200);
      expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const icon = await t().app.inject({ url: '/favicon.ico' });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['cache-control']).toBe('no-cache');
    });

    it('a missing chunk, asset or file is a real 404, never index.html', async () => {
      for (const url of [
        '/js/chunks/Hilang-000.js',
        '/js/app',
        '/assets/tidak-ada.css',
        '/assets/x',
        '/gambar.png',
      ]) {
        const res = await t().app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('<div id="root">');
      }
      const post = await t().app.inject({ method: 'POST', url: '/login' });
      expect(post.statusCode).toBe(404);
    });
  },
);

it('without a built web app, pages say to run npm run build (and the API still 404s properly)', async () => {
  const app = Fastify();
  registerErrorHandler(app);
  await registerWeb(app, join(dist, 'does-not-exist'));
  const page = await app.inject({ url: '/' });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('npm run build');
  expect((await app.inject({ url: '/js/chunks/a.js' })).statusCode).toBe(404);
  expect((await app.inject({ url: '/api/x' })).statusCode).toBe(404);
  await app.close();
});

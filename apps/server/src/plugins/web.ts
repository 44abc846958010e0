import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES, MESSAGES } from '@erapor/contract/errors';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../lib/errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><title>e-Rapor SMK</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>e-Rapor SMK</h1>
<p>Server berjalan, tetapi aplikasi web belum dibangun. Jalankan <code>npm run build</code>
lalu mulai ulang server (atau cukup <code>npm start</code>, yang membangunnya bila perlu).</p>
<p lang="en">The server is running but the web app has not been built: run <code>npm run build</code>
and restart (or simply <code>npm start</code>).</p>
</body></html>`;

/** Paths that are files: a miss there must be a real 404 (a missing lazy chunk must fail loudly). */
export function isAssetPath(path: string): boolean {
  if (path.startsWith('/js/') || path.startsWith('/assets/')) return true;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]+$/.test(last);
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Serves the built web app: hashed files under /js/chunks/ and /assets/ cached for a year,
 * index.html never cached, and index.html for every other non-API GET (history routing).
 */
export async function registerWeb(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: true,
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      setHeaders(reply, path) {
        const rel = path.slice(distDir.length).replace(/\\/g, '/');
        if (rel.startsWith('/js/') || rel.startsWith('/assets/')) reply.header('cache-control', IMMUTABLE);
        else reply.header('cache-control', NO_CACHE);
      },
    });
  }

  const sendIndex = (reply: FastifyReply) => {
    reply.header('cache-control', NO_CACHE);
    if (built) return reply.sendFile('index.html');
    return reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
  };

  // The root is a directory to the static handler; it is the app's home page.
  app.get('/', { schema: { hide: true } }, async (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const navigable =
      (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path) && !isAssetPath(path);
    if (navigable) return sendIndex(reply);
    return sendError(reply, { statusCode: 404, code: ERROR_CODES.NOT_FOUND, message: MESSAGES.notFound });
  });
}

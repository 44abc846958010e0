import { RENDER_ERROR_CODES, RENDER_MESSAGES } from '@erapor/contract/cetak/render';
import { afterAll, describe, expect, it } from 'vitest';
import { SinglePool } from './render-pool';
import type { SingleDocument } from './render-protocol';

/*
 * The render worker's failure paths (issue #24 item 2; decision 050), with a worker that misbehaves
 * on request (render-pool.fixture-worker.mjs): each failure answers the document being rendered
 * with its AppError, and the next document is rendered by a new worker.
 */

const pool = new SinglePool({
  url: new URL('./render-pool.fixture-worker.mjs', import.meta.url),
  heapMb: 16,
  timeoutMs: 1_500,
});
afterAll(() => pool.close());

const doc = (kind: string, extra: Record<string, string> = {}) =>
  ({ kind, ...extra }) as unknown as SingleDocument;

async function failure(kind: string, extra?: Record<string, string>) {
  const err = await pool.render(doc(kind, extra)).then(
    () => null,
    (e: unknown) => e as { statusCode: number; code: string; message: string },
  );
  if (!err) throw new Error(`${kind} rendered`);
  return { statusCode: err.statusCode, code: err.code, message: err.message };
}

const FAILED = { statusCode: 503, code: RENDER_ERROR_CODES.RENDER_FAILED, message: RENDER_MESSAGES.failed };
const LOGO = { statusCode: 422, code: RENDER_ERROR_CODES.IMAGE_UNUSABLE, message: RENDER_MESSAGES.logo };

/** The next document prints: the pool is whole again. */
async function printsAgain(text: string) {
  expect((await pool.render(doc('ok', { text }))).toString()).toBe(`%PDF-${text}`);
}

describe('render pool: a failing worker answers that document, the next one prints', () => {
  it('renders a document and answers its bytes', async () => {
    await printsAgain('satu');
    await printsAgain('dua');
  });

  it('an error the worker answers: 503, the same worker goes on', async () => {
    expect(await failure('error')).toEqual(FAILED);
    await printsAgain('after-error');
  });

  it('an image the worker refuses: 422 with the logo message', async () => {
    expect(await failure('image-refused')).toEqual(LOGO);
    await printsAgain('after-refused');
  });

  it('an error thrown from a callback ends the worker: 503, a new worker takes the next', async () => {
    expect(await failure('async-throw')).toEqual(FAILED);
    await printsAgain('after-throw');
  });

  it('a worker ended while trying an image: 422 with that image message (logo, background)', async () => {
    expect(await failure('image-async-throw', { image: 'logoSekolah', hash: 'a' })).toEqual(LOGO);
    expect(await failure('image-async-throw', { image: 'latarSertifikat', hash: 'b' })).toEqual({
      ...LOGO,
      message: RENDER_MESSAGES.latar,
    });
    await printsAgain('after-image');
  });

  it('a worker that exits: 503', async () => {
    expect(await failure('exit')).toEqual(FAILED);
    await printsAgain('after-exit');
  });

  it('a worker out of heap: 503', async () => {
    expect(await failure('oom')).toEqual(FAILED);
    await printsAgain('after-oom');
  });

  it('a worker that never answers: 503 after the time limit', async () => {
    const started = Date.now();
    expect(await failure('hang')).toEqual(FAILED);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    await printsAgain('after-hang');
  });

  it('documents asked at once are rendered one after another; one failing fails only itself', async () => {
    const results = await Promise.allSettled([
      pool.render(doc('ok', { text: 'a' })),
      pool.render(doc('async-throw')),
      pool.render(doc('ok', { text: 'b' })),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.toString() : r.reason.statusCode))).toEqual(
      ['%PDF-a', 503, '%PDF-b'],
    );
  });
});

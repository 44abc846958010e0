import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, loadChunk } from './chunk-load';

describe('loadChunk', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves the module', async () => {
    await expect(loadChunk('beranda', async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it('a chunk that cannot be fetched → ChunkLoadError type missing, "Loading chunk N failed."', async () => {
    const err = await loadChunk('referensi-dudi', () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://x/js/chunks/a.js')),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect(err).toMatchObject({
      name: 'ChunkLoadError',
      type: 'missing',
      message: 'Loading chunk referensi-dudi failed.',
    });
    expect(isChunkLoadError(err)).toBe(true);
  });

  it.each([
    'error loading dynamically imported module: x',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/x.css',
  ])('recognises "%s" as a missing chunk', async (message) => {
    const err = await loadChunk('x', () => Promise.reject(new Error(message))).catch((e: unknown) => e);
    expect(err).toMatchObject({ type: 'missing' });
  });

  it('not there within 120 s → ChunkLoadError type timeout', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const p = loadChunk('pkl-perencanaan', () => new Promise(() => {}));
    const caught = p.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void p.then(
      () => (settled = true),
      () => (settled = true),
    );
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await caught).toMatchObject({ type: 'timeout', message: 'Loading chunk pkl-perencanaan failed.' });
  });

  it('an error thrown by the module itself is not disguised as a chunk error', async () => {
    const bug = new ReferenceError('foo is not defined');
    await expect(loadChunk('x', () => Promise.reject(bug))).rejects.toBe(bug);
  });
});

/**
 * Lazy chunks (spec §7, §8): a chunk that cannot be fetched, or is not there within 120 s,
 * becomes a `ChunkLoadError` "Loading chunk N failed." with `type` 'missing' or 'timeout'.
 * The router's error component shows it with a reload button; nothing else swallows it.
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export type ChunkLoadErrorType = 'missing' | 'timeout';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly chunk: string;
  readonly type: ChunkLoadErrorType;

  constructor(chunk: string, type: ChunkLoadErrorType, cause?: unknown) {
    super(`Loading chunk ${chunk} failed.`, { cause });
    this.chunk = chunk;
    this.type = type;
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError || (error as { name?: unknown } | null)?.name === 'ChunkLoadError';
}

/** Messages browsers (and Vite's preload helper) use when a module or its CSS cannot be fetched. */
const FETCH_FAILURES = [
  /failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /importing a module script failed/i, // Safari
  /unable to preload css/i, // Vite preload helper
  /failed to load module script/i,
];

export function isModuleFetchFailure(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && FETCH_FAILURES.some((re) => re.test(message));
}

/**
 * Runs a dynamic import with the chunk time-out. A fetch failure or a time-out becomes a
 * ChunkLoadError; an error thrown while the module runs (a bug) passes through unchanged.
 */
export function loadChunk<T>(
  chunk: string,
  importer: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      reject(new ChunkLoadError(chunk, 'timeout'));
    }, timeoutMs);
    importer().then(
      (mod) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(mod);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(isModuleFetchFailure(error) ? new ChunkLoadError(chunk, 'missing', error) : error);
      },
    );
  });
}

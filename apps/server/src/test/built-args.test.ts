import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';

/*
 * The process settings of the built entries (scripts/built.mjs, decision 060). The supervisor's
 * test reads them from the running server's /proc; the tools are checked here.
 */
const built = (await import(join(REPO_ROOT, 'scripts/built.mjs'))) as {
  builtArgs(entry: string, args?: string[], env?: Record<string, string>): string[];
  builtEnv(env: Record<string, string>): Record<string, string>;
};

describe('built entries', () => {
  it('cap the young generation everywhere; only the embedded reference import runs baseline WebAssembly', () => {
    const embedded = { DATABASE_URL: '' };
    const postgres = { DATABASE_URL: 'postgres://localhost/x' };
    expect(built.builtArgs('main', [], embedded)).toContain('--max-semi-space-size=4');
    expect(built.builtArgs('main', [], embedded)).not.toContain('--liftoff-only');
    expect(built.builtArgs('cadangan-cli', [], embedded)).not.toContain('--liftoff-only');
    expect(built.builtArgs('import-reference', ['dir'], embedded)).toEqual([
      '--max-semi-space-size=4',
      '--liftoff-only',
      '--enable-source-maps',
      join(REPO_ROOT, 'apps/server/dist/import-reference.js'),
      'dir',
    ]);
    expect(built.builtArgs('import-reference', [], postgres)).not.toContain('--liftoff-only');
  });

  it("fix glibc's mmap threshold and keep Node's compile cache, unless the operator set them", () => {
    expect(built.builtEnv({ PATH: '/bin' })).toEqual({
      PATH: '/bin',
      MALLOC_MMAP_THRESHOLD_: '131072',
      NODE_COMPILE_CACHE: join(REPO_ROOT, 'apps/server/.compile-cache'),
    });
    const own = built.builtEnv({ MALLOC_MMAP_THRESHOLD_: '65536', NODE_COMPILE_CACHE: '/tmp/cache' });
    expect(own.MALLOC_MMAP_THRESHOLD_).toBe('65536');
    expect(own.NODE_COMPILE_CACHE).toBe('/tmp/cache');
  });
});

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../config';

// Test support (apps/server/src/test/, packages/contract/src/test/, test fixtures, *.test.ts) is
// never shipped: no module the server build bundles from its entries (build.mjs ENTRIES) is one.
const TEST_ONLY = /(^|\/)test\/|\.test\.|test-fixture|test-support/;

/** As build.mjs: bare imports stay imports, except our own workspace packages. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@erapor/') || args.path.startsWith('node:')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

it('the server build bundles no test-support module', async () => {
  const serverDir = join(REPO_ROOT, 'apps/server');
  const { ENTRIES } = (await import(pathToFileURL(join(serverDir, 'build.mjs')).href)) as {
    ENTRIES: Record<string, string>;
  };
  const result = await build({
    absWorkingDir: serverDir,
    entryPoints: Object.values(ENTRIES),
    outdir: 'out',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    write: false,
    metafile: true,
    plugins: [externalPackages],
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs).toContain('src/main.ts');
  expect(inputs.some((p) => p.includes('packages/contract/src/'))).toBe(true);
  expect(inputs.filter((p) => TEST_ONLY.test(p))).toEqual([]);
});

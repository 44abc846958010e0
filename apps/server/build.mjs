// `npm run build -w @erapor/server`: the server as plain JavaScript in apps/server/dist (decision 060).
// Every entry that runs in production is built: the server, its worker threads (named as
// src/lib/worker-url.ts expects them) and the command-line tools. The workspace packages
// (@erapor/*, TypeScript sources) are bundled in; every other package stays an import from
// node_modules, so native and wasm packages (sharp, argon2, PGlite) load as they always do.
// Source maps: `node --enable-source-maps` names TypeScript lines in a stack trace.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
export const DIST = join(here, 'dist');

export const ENTRIES = {
  main: 'src/main.ts',
  'render-worker': 'src/modules/cetak/rapor/render-worker.ts',
  'read-worker': 'src/lib/spreadsheet/read-worker.ts',
  'cadangan-cli': 'src/modules/cadangan/cli.ts',
  'import-reference': 'src/modules/referensi/import/cli.ts',
  'pglite-template': 'src/db/template-cli.ts',
};

/** Bare imports stay imports, except our own workspace packages (TypeScript sources). */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@erapor/') || args.path.startsWith('node:')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/**
 * Builds into a folder of its own, then swaps it in: a server or tool starting meanwhile (tests start
 * several at once) finds either the old complete build or the new one, never half of one.
 */
export async function buildServer() {
  const started = Date.now();
  const next = `${DIST}-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  await build({
    absWorkingDir: here,
    entryPoints: Object.entries(ENTRIES).map(([out, src]) => ({ in: src, out })),
    outdir: next,
    bundle: true,
    splitting: true,
    chunkNames: 'chunk-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node22',
    sourcemap: 'linked',
    // The bundle's paths to sources are relative to dist/, so traces name apps/server/src/… files.
    sourcesContent: false,
    define: { __ERAPOR_BUILT__: 'true' },
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  const old = `${DIST}-old-${process.pid}`;
  if (existsSync(DIST)) renameSync(DIST, old);
  renameSync(next, DIST);
  rmSync(old, { recursive: true, force: true });
  return Date.now() - started;
}

/** apps/server/.pglite-template/<installed PGlite version>, as src/db/template.ts names it. */
export function pgliteTemplateDir() {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (
    !existsSync(join(dir, 'package.json')) ||
    !readFileSync(join(dir, 'package.json'), 'utf8').includes('"@electric-sql/pglite"')
  )
    dir = dirname(dir);
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return join(here, '.pglite-template', version);
}

/**
 * The template of a new embedded database (src/db/template.ts), made once per PGlite version in a
 * short-lived process of its own (`--liftoff-only`: initdb's peak 540–610 MB instead of ~980 MB), so
 * neither the server's first start nor the reference import runs initdb. A failure is only said:
 * without a template a new database is made by initdb as before.
 */
export function ensurePgliteTemplate() {
  const dir = pgliteTemplateDir();
  if (existsSync(join(dir, 'pgdata', 'PG_VERSION'))) return;
  const r = spawnSync(
    process.execPath,
    ['--liftoff-only', '--max-semi-space-size=4', join(DIST, 'pglite-template.js'), dir],
    { stdio: 'inherit' },
  );
  if (r.status !== 0)
    console.warn(`Templat database tidak dibuat (kode ${r.status}); database baru memakai initdb.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ms = await buildServer();
  console.log(`Server dibangun ke apps/server/dist (${ms} ms).`);
  ensurePgliteTemplate();
}

// The built web app and server (decision 060): `npm start`, `npm run backup|restore` and
// `npm run import:reference` run built JavaScript, and build it first when it is missing or older
// than its sources — so a `git pull` is picked up by the next start without a separate step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => existsSync(s) && newestMtime(s) > built);
}

const PACKAGES = ['packages/contract/src', 'packages/demo-school/src', 'packages/reference-data/src'];

const TARGETS = {
  web: {
    output: 'apps/web/dist/index.html',
    sources: ['apps/web', 'packages/contract/src'],
    say: 'Membangun aplikasi web (vite build)...',
  },
  server: {
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', ...PACKAGES],
    say: 'Membangun server (esbuild)...',
  },
};

/** Builds `web` and/or `server` when stale; exits the process when a build fails. */
export function buildIfStale(...names) {
  for (const name of names) {
    const t = TARGETS[name];
    if (name === 'web' && process.env.SKIP_WEB_BUILD === 'true') continue;
    if (
      !stale(
        join(root, t.output),
        t.sources.map((s) => join(root, s)),
      )
    )
      continue;
    console.log(t.say);
    const r = spawnSync('npm', ['run', 'build', '-w', `@erapor/${name}`], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

/**
 * The new-database template of the installed PGlite version (apps/server/build.mjs), also when the
 * build was fresh: an `npm install` that updated PGlite changes no source, so no build made it.
 */
export async function ensureTemplate(env = process.env) {
  if (env.DATABASE_URL) return; // PostgreSQL: no embedded database is created
  const { ensurePgliteTemplate } = await import('../apps/server/build.mjs');
  ensurePgliteTemplate();
}

/**
 * V8 settings of a built process (decision 060). Every one: the young generation capped at 4 MB
 * (V8 grows it to 50 MB in the start-up burst and keeps it; capped, the idle PostgreSQL server
 * holds ~110 MB less). The reference import on the embedded database also `--liftoff-only`: PGlite's
 * 9 MB of WebAssembly stays on V8's baseline code instead of being re-compiled by the optimising
 * compiler on background threads — 1158 → 584 MB at the import's peak, for 25 → 37 s of import.
 * Not the server: there the optimised code halves a hot query's time, and its memory stays within
 * budget without the flag.
 */
export function v8Args(entry, env = process.env) {
  const liftoff = entry === 'import-reference' && !env.DATABASE_URL;
  return ['--max-semi-space-size=4', ...(liftoff ? ['--liftoff-only'] : [])];
}

/** Node's on-disk cache of compiled JavaScript for the built processes (decision 060). */
export const COMPILE_CACHE = join(root, 'apps/server/.compile-cache');

/**
 * The environment of a built process: glibc's mmap threshold fixed at 128 KB, so large buffers
 * (a snapshot, a print job's PDF) are mapped and given back when freed instead of staying in a
 * malloc heap that never shrinks; and Node's compile cache, so a restart does not compile the
 * 2 MB bundle again (loading `main.js` 0.97 → 0.73 s at load 5; Node keys the cache by file
 * content and its own version, a new build is compiled once). An operator's own values win.
 */
export function builtEnv(env = process.env) {
  return {
    ...env,
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ || '131072',
    NODE_COMPILE_CACHE: env.NODE_COMPILE_CACHE || COMPILE_CACHE,
  };
}

/**
 * node's arguments to run a built entry: the V8 settings above, source maps on (a stack trace names
 * TypeScript lines). The embedded database is the one in use unless DATABASE_URL is set (config.ts
 * reads nothing else).
 */
export function builtArgs(entry, args = [], env = process.env) {
  return [
    ...v8Args(entry, env),
    '--enable-source-maps',
    join(root, 'apps/server/dist', `${entry}.js`),
    ...args,
  ];
}

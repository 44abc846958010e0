import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { analyzeChanged } from '../apps/server/src/db/analyze';
import { type DatabaseHandle, openPglite, openPostgres } from '../apps/server/src/db/client';
import { checkPglite, EMBEDDED_SHARED_BUFFERS } from '../apps/server/src/db/embedded';
import { acquireLock } from '../apps/server/src/db/lock';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { takeSnapshot } from '../apps/server/src/db/snapshots';
import { warmUpLogin } from '../apps/server/src/modules/auth/warmup';
import { settleInterruptedRestoreJobs } from '../apps/server/src/modules/cadangan/service';
import { seedDemo } from '../apps/server/src/modules/demo/seed';
import { failInterruptedJobs } from '../apps/server/src/modules/jobs/service';
import { ensureBuiltinReference } from '../apps/server/src/modules/referensi/import/builtin';
import { rapikanTeksP5 } from '../apps/server/src/modules/referensi/teks-p5';
import { ensureSemesters } from '../apps/server/src/modules/sekolah/service';
import { checkStoredImages } from '../apps/server/src/modules/sekolah/stored-images';
// @ts-expect-error plain JavaScript without declarations (scripts/built.mjs)
import { builtArgs, builtEnv } from '../scripts/built.mjs';

/**
 * A measuring tool, not a budget (decision 060): each start-up step of the server, timed one by
 * one on an existing installation, with the process's memory after it. The steps are those of
 * `buildApp` and `main.ts`, in their order; the snapshot is written to a folder of its own.
 *
 *   DATA_DIR=<a stopped server's data directory> [DATABASE_URL=…] npx tsx bench/startup-steps.ts
 */

const mb = (n: number) => Math.round(n / 1048576);
let pg: PGlite | undefined;
/** PGlite's WebAssembly memory: outside the V8 heap, counted in `external`, never given back. */
const wasmMb = () => (pg ? mb((pg as unknown as { mod: { HEAPU8: Uint8Array } }).mod.HEAPU8.byteLength) : 0);
const memory = () => {
  const m = process.memoryUsage();
  return `rss ${mb(m.rss)} heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} external ${mb(m.external)} arrayBuffers ${mb(m.arrayBuffers)} wasm ${wasmMb()} MB`;
};
async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(`${name.padEnd(36)} ${seconds.padStart(6)} s   ${memory()}`);
  return result;
}

console.log(
  `${'modules loaded (sources, tsx)'.padEnd(36)} ${(performance.now() / 1000).toFixed(2).padStart(6)} s   ${memory()}`,
);

/**
 * What a school runs: the built `main.js` with the settings of scripts/built.mjs, to the point where
 * every module is loaded (an invalid PORT: main() says so and exits before opening anything).
 * Twice with Node's compile cache (the first fills it, in a fresh folder), once without.
 */
function builtLoad(label: string, cacheDir: string | null): void {
  const env: Record<string, string | undefined> = { ...builtEnv(), PORT: 'bukan-angka' };
  if (cacheDir) env.NODE_COMPILE_CACHE = cacheDir;
  else delete env.NODE_COMPILE_CACHE;
  const started = performance.now();
  const r = spawnSync(process.execPath, builtArgs('main'), { env, encoding: 'utf8' });
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  if (!r.stderr.includes('PORT')) throw new Error(`built main.js did not stop at its config: ${r.stderr}`);
  console.log(`${label.padEnd(36)} ${seconds.padStart(6)} s   (load average ${loadavg()[0].toFixed(1)})`);
}
const cacheDir = mkdtempSync(join(tmpdir(), 'erapor-compile-cache-'));
builtLoad('built main.js loaded, no cache', null);
builtLoad('built main.js loaded, filling cache', cacheDir);
builtLoad('built main.js loaded, from the cache', cacheDir);
rmSync(cacheDir, { recursive: true, force: true });
const config = loadConfig();
const now = new Date();
let database: DatabaseHandle;
let releaseLock = () => {};
if (config.databaseUrl) {
  const url = config.databaseUrl;
  database = await step('open PostgreSQL', () => openPostgres(url));
} else {
  const lock = acquireLock(join(config.dataDir, 'erapor.lock'));
  releaseLock = () => lock.release();
  const opened = await step('PGlite.create (open)', () =>
    PGlite.create(join(config.dataDir, 'pgdata'), {
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
    }),
  );
  pg = opened;
  await step('check: count(*) of every table', () => checkPglite(opened));
  database = await openPglite(undefined, opened);
}
const handle = database;
await step('migrate', () => migrateDatabase(handle));
await step('ensureSemesters', () => ensureSemesters(handle.db, now));
await step('ensureBuiltinReference', () => ensureBuiltinReference(handle.db));
if (pg) {
  await step('interrupted jobs settled', async () => {
    await settleInterruptedRestoreJobs(handle.db, now, () => {});
    await failInterruptedJobs(handle.db, now);
  });
}
await step('seedDemo (already there?)', () => seedDemo(handle.db, {}));
if (pg) {
  const opened = pg;
  await step('analyzeChanged', () => analyzeChanged(handle));
  // Since decision 060 taken at the clean stop, and at start-up only after a crash or a tool's run.
  await step('snapshot (none after a clean stop)', () =>
    takeSnapshot(opened, join(config.dataDir, 'startup-steps-snapshot'), 1),
  );
}
// buildApp repeats the database steps above (each a no-op now) before registering the routes.
const app = await step('buildApp (routes)', () =>
  buildApp({ config, database: handle, ownsDatabase: false, logger: false }),
);
await step('app.ready', async () => {
  await app.ready();
});
// The server answers from here on (main.ts); what follows runs after `listen`.
await step('checkStoredImages', () => checkStoredImages(app.ctx.db));
await step('rapikanTeksP5', () => rapikanTeksP5(app.ctx.db));
await step('warmUpLogin', () => warmUpLogin(app));
await app.close();
await handle.close();
if (pg && !pg.closed) await pg.close();
releaseLock();

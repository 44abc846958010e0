import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';

/*
 * The built server (decision 060) names TypeScript source lines in a stack trace: `npm start` runs
 * apps/server/dist/main.js with --enable-source-maps, and the bundle's maps lead back to
 * apps/server/src. A start that fails early prints its error with the stack: DATA_DIR naming a
 * file, not a folder, fails in the embedded database's opening. (`npm test` builds the server
 * before this file runs; the supervisor's test checks the running server's command line.)
 */

const dir = mkdtempSync(join(tmpdir(), 'erapor-built-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Run alone (not through `npm test`), the file builds the server when no build is there.
beforeAll(() => {
  if (!existsSync(join(REPO_ROOT, 'apps/server/dist/main.js'))) {
    spawnSync(process.execPath, [join(REPO_ROOT, 'apps/server/build.mjs')], { stdio: 'inherit' });
  }
}, 120_000);

it('a stack trace from the built server names TypeScript source lines', { timeout: 60_000 }, () => {
  const notAFolder = join(dir, 'bukan-folder');
  writeFileSync(notAFolder, '');
  const run = spawnSync(
    process.execPath,
    ['--enable-source-maps', join(REPO_ROOT, 'apps/server/dist/main.js')],
    {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: notAFolder,
        SEED_DEMO: 'false',
        DATABASE_URL: '',
      },
      encoding: 'utf8',
      timeout: 50_000,
    },
  );
  const out = `${run.stdout}${run.stderr}`;
  expect(run.status, out).toBe(1);
  expect(out).toContain('Server gagal dimulai');
  // A frame of our code names its TypeScript file and line, not a bundled chunk.
  expect(out).toMatch(
    new RegExp(`${join(REPO_ROOT, 'apps/server/src/db/embedded.ts').replace(/[.]/g, '\\.')}:\\d+:\\d+`),
  );
  expect(out).not.toMatch(/apps\/server\/dist\/[^\s]+\.js:\d+/);
});

// `npm test`: type check, lint, unit + API tests (PGlite and PostgreSQL), build, browser tests.
// Ends with one plain summary line "N passed, N failed" over every test that ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, '.tmp/test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const only = process.argv[2]; // optional: unit | e2e
let failedStep = null;

function step(name, cmd, args, env = {}) {
  if (failedStep) return;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (r.status !== 0) failedStep = name;
}

// The built server first: the command-line tools' tests run it as an operator does (decision 060).
step('build server', 'npm', ['run', 'build', '-w', '@erapor/server']);
if (!only || only === 'unit') {
  step('typecheck', 'npx', ['tsc', '-b']);
  // `npm run lint`: Biome, then the import rules (dependency-cruiser; decision 061).
  step('lint', 'npm', ['run', 'lint']);
  step('unit and API tests', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(out, 'vitest.json')}`,
  ]);
}
if (!only || only === 'e2e') {
  step('build web', 'npm', ['run', 'build', '-w', '@erapor/web']);
  step('browser tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: join(out, 'playwright.json'),
  });
}

let passed = 0;
let failed = 0;
let skipped = 0;
const vitestFile = join(out, 'vitest.json');
if (existsSync(vitestFile)) {
  const v = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
}
const pwFile = join(out, 'playwright.json');
if (existsSync(pwFile)) {
  const s = JSON.parse(readFileSync(pwFile, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
}
if (failedStep) console.log(`\nGagal pada langkah: ${failedStep}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStep || failed > 0 ? 1 : 0);

// `npm start`: build the web app when it is missing or older than its sources, then run the server
// under a supervisor that starts it again when it crashes (scripts/supervise.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { supervise } from './supervise.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const sources = [join(root, 'apps/web'), join(root, 'packages/contract/src')];
const stale = !existsSync(distIndex) || sources.some((dir) => newestMtime(dir) > statSync(distIndex).mtimeMs);
if (stale && process.env.SKIP_WEB_BUILD !== 'true') {
  console.log('Membangun aplikasi web (vite build)...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@erapor/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

supervise({ args: ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], cwd: root });

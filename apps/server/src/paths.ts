import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Where the server's files are, whether this code runs from its TypeScript sources
 * (apps/server/src/…, under tsx, vitest and the benches) or from the built bundle
 * (apps/server/dist/…, under `npm start`; decision 060). A module's own `import.meta.url` differs
 * between the two (a bundled chunk sits in dist/ whatever folder its source came from), so paths
 * are found from the server package's folder, never counted in `..` from the calling module.
 */

/** apps/server: the nearest folder above this module that holds the server's package.json. */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) || !existsSync(join(dir, 'drizzle'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('apps/server not found above the running module');
    dir = up;
  }
  return dir;
}

export const SERVER_ROOT = findServerRoot();
/** The repository (or release) root: package.json, CHANGELOG.md, apps/web/dist. */
export const REPO_ROOT = resolve(SERVER_ROOT, '../..');

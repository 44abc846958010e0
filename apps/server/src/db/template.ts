/**
 * A template of a new, empty embedded database (decision 060, issue #28 item 3).
 *
 * `PGlite.create` on an empty folder runs initdb inside the process: a second in-memory PGlite, the
 * initdb WebAssembly program and the new cluster copied over as a tar — a 540–610 MB peak and 3 s
 * even with `--liftoff-only`, in a script that loads nothing else. Opening an existing directory
 * costs 255 MB and 0.4 s. So initdb runs once, in a short-lived process of its own (the server's
 * build, `build.mjs`), into `apps/server/.pglite-template/<PGlite version>/pgdata`; a new DATA_DIR
 * is then a copy of those files, and the process that opens it (the server's first start, the
 * reference import) never holds initdb's peak. A PGlite update names a new folder, so a template
 * made by another PGlite version is never used; without a template the old path (initdb in the
 * process) is taken.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { SERVER_ROOT } from '../paths';

/** The installed PGlite's version (its package.json, found from its entry: not in its `exports`). */
export function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    }
    const up = dirname(dir);
    if (up === dir) throw new Error('package.json of @electric-sql/pglite not found');
    dir = up;
  }
}

/** Where the template of the installed PGlite version lives (whether made yet or not). */
export function defaultTemplateDir(): string {
  return join(SERVER_ROOT, '.pglite-template', pgliteVersion());
}

/** The template's PGlite files, or null when no complete template is there. */
export function templatePgdata(templateDir: string): string | null {
  const pgdata = join(templateDir, 'pgdata');
  return existsSync(join(pgdata, 'PG_VERSION')) ? pgdata : null;
}

/**
 * Runs initdb (PGlite.create on an empty folder) into `templateDir/pgdata`: made in a folder beside
 * it, checkpointed, closed, then renamed into place, so a template is complete or absent.
 */
export async function makeTemplate(templateDir: string): Promise<string> {
  const pgdata = join(templateDir, 'pgdata');
  const next = `${pgdata}-${process.pid}`;
  mkdirSync(templateDir, { recursive: true });
  rmSync(next, { recursive: true, force: true });
  const pg = await PGlite.create(next);
  await pg.query('select 1');
  await pg.exec('CHECKPOINT');
  await pg.close();
  rmSync(pgdata, { recursive: true, force: true });
  renameSync(next, pgdata);
  return pgdata;
}

/** Copies the template's files to `pgdata` (absent): into a folder beside it, then renamed. */
export function copyTemplate(templateDir: string, pgdata: string): boolean {
  const from = templatePgdata(templateDir);
  if (!from) return false;
  const next = `${pgdata}-template-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  cpSync(from, next, { recursive: true });
  renameSync(next, pgdata);
  return true;
}

import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * An embedded database restored by the command line is built in `DATA_DIR/pgdata-restore` and only
 * then put in place of `DATA_DIR/pgdata` by two renames. `restore-swap.json`, written (and fsynced
 * by the rename) once the new directory is complete and closed, says the swap may be finished; a
 * process killed between the renames leaves it, and the next start finishes the swap. A
 * `pgdata-restore` without it is a restore killed half-way: the old data stays and it is removed.
 */
export const RESTORE_DIR = 'pgdata-restore';
const MARKER = 'restore-swap.json';

interface Marker {
  /** Where the replaced directory goes. */
  old: string;
}

export function markRestoreReady(dataDir: string, old: string): void {
  const tmp = join(dataDir, `${MARKER}.partial`);
  writeFileSync(tmp, JSON.stringify({ old } satisfies Marker));
  renameSync(tmp, join(dataDir, MARKER));
}

/** Puts the restored directory in place (idempotent: resumes wherever a killed run stopped). */
export function swapRestored(dataDir: string): void {
  const marker = JSON.parse(readFileSync(join(dataDir, MARKER), 'utf8')) as Marker;
  const pgdata = join(dataDir, 'pgdata');
  const fresh = join(dataDir, RESTORE_DIR);
  if (existsSync(fresh)) {
    if (existsSync(pgdata)) renameSync(pgdata, join(dataDir, marker.old));
    renameSync(fresh, pgdata);
  }
  rmSync(join(dataDir, MARKER), { force: true });
}

/** At start-up, before the database is opened: a restore the last process did not finish. */
export function settleInterruptedRestore(dataDir: string, say: (line: string) => void): void {
  if (existsSync(join(dataDir, MARKER))) {
    swapRestored(dataDir);
    say('Pemulihan cadangan yang terputus telah diselesaikan: database berisi data dari berkas cadangan.');
    say('(An interrupted restore was completed: the database holds the restored data.)');
    return;
  }
  if (existsSync(join(dataDir, RESTORE_DIR))) {
    rmSync(join(dataDir, RESTORE_DIR), { recursive: true, force: true });
    say(
      'Pemulihan cadangan sebelumnya terputus sebelum selesai; data lama tetap dipakai, tidak ada yang berubah.',
    );
    say('(A restore was interrupted before it completed: the previous data is kept unchanged.)');
  }
}

/** Beside `DATA_DIR/pgdata`; one at a time (the backup slot), removed after use and at start-up. */
export const ONLINE_COPY_DIR = 'pgdata-salinan-cadangan';

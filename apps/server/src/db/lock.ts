import { closeSync, existsSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/** Thrown when another live process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `Database di ${lockFile.replace(/\/[^/]+$/, '')} sedang digunakan oleh proses lain (pid ${pid}). ` +
        'Hentikan proses tersebut terlebih dahulu, atau gunakan DATA_DIR lain.\n' +
        `The database directory is in use by another process (pid ${pid}). ` +
        'Stop that process first, or use another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

interface LockContent {
  pid: number;
  hostname: string;
  bootId: string | null;
  startedAt: string;
}

export interface AcquiredLock {
  file: string;
  /** Set when a lock of a process that no longer runs was taken over: the previous run died. */
  stale: LockContent | null;
  release(): void;
}

function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

function readLock(file: string): LockContent | null {
  try {
    const raw = readFileSync(file, 'utf8');
    const parsed = JSON.parse(raw) as Partial<LockContent>;
    if (typeof parsed.pid !== 'number') return null;
    return {
      pid: parsed.pid,
      hostname: parsed.hostname ?? '',
      bootId: parsed.bootId ?? null,
      startedAt: parsed.startedAt ?? '',
    };
  } catch {
    // Unreadable or half-written lock: its writer died while writing it.
    return null;
  }
}

/** Whether the process that wrote this lock is still running (best effort, conservative). */
function holderAlive(lock: LockContent): boolean {
  if (lock.hostname && lock.hostname !== hostname()) return true; // a shared disk: never steal
  const boot = bootId();
  if (boot && lock.bootId && boot !== lock.bootId) return false; // machine restarted since
  try {
    process.kill(lock.pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // The pid exists; after a restart it may belong to an unrelated program.
  try {
    const cmd = readFileSync(`/proc/${lock.pid}/cmdline`, 'utf8');
    if (cmd && !/node|tsx|bun|deno/i.test(cmd)) return false;
  } catch {
    // No /proc: assume alive.
  }
  return true;
}

/**
 * Exclusive lock on a data directory: a file created with O_EXCL holding our pid.
 * A lock whose process is gone is taken over and reported as `stale`.
 */
export function acquireLock(file: string): AcquiredLock {
  let stale: LockContent | null = null;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      const content: LockContent = {
        pid: process.pid,
        hostname: hostname(),
        bootId: bootId(),
        startedAt: new Date().toISOString(),
      };
      writeSync(fd, `${JSON.stringify(content)}\n`);
      closeSync(fd);
      return {
        file,
        stale,
        release() {
          const now = readLock(file);
          if (now && now.pid === process.pid && existsSync(file)) unlinkSync(file);
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readLock(file);
    if (holder && holder.pid !== process.pid && holderAlive(holder)) {
      throw new DataDirLockedError(file, holder.pid);
    }
    if (holder && holder.pid === process.pid) throw new DataDirLockedError(file, holder.pid);
    stale = holder ?? { pid: 0, hostname: '', bootId: null, startedAt: '' };
    try {
      unlinkSync(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  throw new Error(`Could not acquire ${file}`);
}

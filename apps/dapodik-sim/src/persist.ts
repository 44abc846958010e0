/**
 * `--state <file>`: the state as JSON, so scenario changes and pushed grades survive a restart.
 * Written shortly after each change (debounced: a grades push is thousands of calls) and on close.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { type PersistedState, type SimIdentity, SimState, type SnapshotCounter } from './state.ts';

/** The saved state, if the file exists and describes the same school (seed, NPSN, profile). */
export function loadState(path: string, identity: SimIdentity, counter: SnapshotCounter): SimState | null {
  if (!existsSync(path)) return null;
  const data = JSON.parse(readFileSync(path, 'utf8')) as PersistedState;
  const same =
    data.version === 1 &&
    data.identity.seed === identity.seed &&
    data.identity.npsn === identity.npsn &&
    data.identity.profile === identity.profile;
  return same ? SimState.fromJSON(data, counter) : null;
}

export class StateSaver {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly path: string,
    private readonly current: () => SimState,
    private readonly delayMs = 250,
  ) {}

  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.delayMs);
    this.timer.unref();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // Write then rename, so a crash mid-write never leaves half a file.
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.current().toJSON()));
    renameSync(tmp, this.path);
  }
}

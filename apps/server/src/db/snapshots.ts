import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

export interface SnapshotInfo {
  file: string;
  /** When the snapshot was taken. */
  takenAt: Date;
  bytes: number;
}

const PREFIX = 'pgdata-';
const SUFFIX = '.tar.gz';

function stamp(d: Date): string {
  return d
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
}

function parseStamp(name: string): Date | null {
  const m = /^pgdata-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z(?:-\d+)?\.tar\.gz$/.exec(name);
  if (!m) return null;
  const d = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Snapshots in `dir`, newest first. */
export function listSnapshots(dir: string): SnapshotInfo[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: SnapshotInfo[] = [];
  for (const name of names) {
    if (!name.startsWith(PREFIX) || !name.endsWith(SUFFIX)) continue;
    const takenAt = parseStamp(name);
    if (!takenAt) continue;
    const file = join(dir, name);
    out.push({ file, takenAt, bytes: statSync(file).size });
  }
  return out.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime() || b.file.localeCompare(a.file));
}

/**
 * A consistent copy of the embedded database: CHECKPOINT, then PGlite's own tarball of its data
 * directory (taken while no query runs). Written to a temporary name, flushed, then renamed, so
 * a crash never leaves a half-written snapshot under a real name. Keeps the newest `keep`.
 */
export async function takeSnapshot(
  pg: PGlite,
  dir: string,
  keep: number,
  now = new Date(),
): Promise<SnapshotInfo> {
  mkdirSync(dir, { recursive: true });
  await pg.exec('CHECKPOINT');
  const blob = await pg.dumpDataDir('gzip');
  const bytes = Buffer.from(await blob.arrayBuffer());
  let name = `${PREFIX}${stamp(now)}${SUFFIX}`;
  for (let i = 1; listSnapshots(dir).some((s) => s.file === join(dir, name)); i++) {
    name = `${PREFIX}${stamp(now)}-${i}${SUFFIX}`;
  }
  const file = join(dir, name);
  const partial = `${file}.partial`;
  const fd = openSync(partial, 'w', 0o600);
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
  pruneSnapshots(dir, keep);
  return { file, takenAt: now, bytes: bytes.length };
}

export function pruneSnapshots(dir: string, keep: number): void {
  for (const old of listSnapshots(dir).slice(keep)) rmSync(old.file, { force: true });
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.partial')) rmSync(join(dir, name), { force: true });
  }
}

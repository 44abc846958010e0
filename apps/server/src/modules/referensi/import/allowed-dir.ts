import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { AppConfig } from '../../../config';
import { planDirectory, ReferenceDirError } from './run';

/** A folder the server may read a reference set from, with the name people see instead of its path. */
export interface AllowedRoot {
  label: string;
  path: string;
}

/** The only roots a request may name a folder under: the reference set and the backups. */
export function allowedReferenceRoots(config: Pick<AppConfig, 'referenceDir' | 'backupDir'>): AllowedRoot[] {
  return [
    { label: 'REFERENCE_DIR', path: config.referenceDir },
    { label: 'BACKUP_DIR', path: config.backupDir },
  ];
}

function real(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/**
 * The folder a request names, or null when it may not be used — for every reason alike (outside
 * the roots, `..`, a symlink leading out, not there, not a folder, not laid out as a reference
 * set), so the answer tells nothing about the server's disk. Absolute names must lie under a root;
 * relative ones are taken under the first root (REFERENCE_DIR). No name: the first root itself.
 * `dir` is the real path to read; `label` is what answers and reports may show.
 */
export function resolveReferenceDir(
  input: string | undefined,
  roots: readonly AllowedRoot[],
): { dir: string; label: string } | null {
  const first = roots[0];
  if (!first) return null;
  let candidate = first.path;
  if (input !== undefined) {
    if (input.includes('\0') || input.split(/[\\/]+/).includes('..')) return null;
    candidate = isAbsolute(input) ? input : join(first.path, input);
  }
  const target = real(candidate);
  if (!target) return null;
  for (const root of roots) {
    const base = real(root.path);
    if (!base) continue;
    const rel = relative(base, target);
    const inside = rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
    if (!inside) continue;
    try {
      if (!statSync(target).isDirectory()) return null;
      planDirectory(target);
    } catch (err) {
      if (err instanceof ReferenceDirError) return null;
      throw err;
    }
    return { dir: target, label: rel === '' ? root.label : `${root.label}/${rel.split(sep).join('/')}` };
  }
  return null;
}

/** `text` with every mention of the real folder replaced by its label (error texts of a failed file). */
export function hidePath(text: string, dir: string, label: string): string {
  return text.split(dir).join(label);
}

import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CadanganManifest } from '@erapor/contract/cadangan';

/** Archives in the backups folder: `cadangan-<NPSN>-<UTC time>[-<kind>].erapor`. */
export const ARCHIVE_SUFFIX = '.erapor';

const ARCHIVE_KINDS = ['manual', 'terjadwal', 'sebelum-pemulihan', 'unggahan'] as const;
export type ArchiveKind = (typeof ARCHIVE_KINDS)[number];

function stamp(d: Date): string {
  return d
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
}

/** A new archive's path: `kind` tells a scheduled one, one made before a restore, or one by hand. */
export function archivePath(
  dir: string,
  npsn: string,
  now: Date,
  kind: Exclude<ArchiveKind, 'unggahan'>,
): string {
  mkdirSync(dir, { recursive: true });
  const base = `cadangan-${npsn}-${stamp(now)}-${kind}`;
  let name = `${base}${ARCHIVE_SUFFIX}`;
  for (let i = 1; safeExists(join(dir, name)); i++) name = `${base}-${i}${ARCHIVE_SUFFIX}`;
  return join(dir, name);
}

function safeExists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

export interface StoredArchive {
  name: string;
  file: string;
  bytes: number;
  modifiedAt: Date;
}

/** The school's archives in `dir`, newest first (by the time in the name). */
export function listArchives(dir: string, npsn: string): StoredArchive[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.startsWith(`cadangan-${npsn}-`) && n.endsWith(ARCHIVE_SUFFIX))
    .map((name) => {
      const file = join(dir, name);
      const st = statSync(file);
      return { name, file, bytes: st.size, modifiedAt: st.mtime };
    })
    .sort((a, b) => b.name.localeCompare(a.name));
}

const NAME_PARTS = /^cadangan-\d+-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z-([a-z-]+?)(?:-\d+)?\.erapor$/;

/** When an archive was made and how, read from its name (null: not a name this app writes). */
export function parseArchiveName(name: string): { time: Date; kind: ArchiveKind } | null {
  const m = NAME_PARTS.exec(name);
  if (!m) return null;
  const kind = ARCHIVE_KINDS.find((k) => k === m[5]);
  if (!kind) return null;
  return { time: new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`), kind };
}

/**
 * When the school's newest archive of the kinds `accept` takes was made, by its name. Every archive
 * in the folder was read back whole before it got its name (makeBackup removes one that fails).
 */
export function newestArchive(
  dir: string,
  npsn: string,
  accept: (kind: ArchiveKind) => boolean,
): Date | null {
  let newest: Date | null = null;
  for (const a of listArchives(dir, npsn)) {
    const parsed = parseArchiveName(a.name);
    if (parsed && accept(parsed.kind) && (!newest || parsed.time > newest)) newest = parsed.time;
  }
  return newest;
}

/** The manifest as the command line prints it (and the screen shows it). */
export function describeManifest(m: CadanganManifest): string[] {
  const rows = m.tables.filter((t) => t.scope === 'school');
  const total = rows.reduce((s, t) => s + t.rows, 0);
  return [
    `Sekolah      : ${m.namaSekolah} (NPSN ${m.npsn})`,
    `Dibuat       : ${m.createdAt} oleh e-Rapor SMK ${m.appVersion} (skema ${m.schemaVersion}, ${m.engine === 'pglite' ? 'database tertanam' : 'PostgreSQL'})`,
    `Semester     : ${m.semesters.join(', ') || '-'}`,
    `Isi          : ${total} baris dalam ${rows.length} tabel sekolah; ${m.tables.length - rows.length} tabel referensi`,
    ...rows.filter((t) => t.rows > 0).map((t) => `  ${t.name.padEnd(28)} ${String(t.rows).padStart(8)}`),
    `Checksum     : ${m.checksum}`,
  ];
}

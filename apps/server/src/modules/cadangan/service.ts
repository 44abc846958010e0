import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ARCHIVE_NAME_PATTERN,
  CADANGAN_API_MESSAGES,
  CADANGAN_MESSAGES,
  type CadanganBerkas,
  type CadanganManifest,
  JOB_KIND_CADANGAN_PULIHKAN,
} from '@erapor/contract/cadangan';
import { and, eq, inArray } from 'drizzle-orm';
import type { DatabaseHandle, Db } from '../../db/client';
import type { Sql } from '../../db/raw-sql';
import { jobs } from '../../db/tables/jobs';
import { checkStoredImages } from '../sekolah/stored-images';
import { CadanganRefused, openArchive, verifyArchive } from './archive';
import { readCatalog } from './catalog';
import { backupSchool, withReadView } from './export';
import { archivePath, listArchives } from './files';
import { checkTarget, type RestoreReport, restoreSchool } from './restore';

/**
 * The app's backups and restores (routes.ts starts them as background jobs). One at a time per
 * server: a restore must not run under a backup of the same rows, and two backups at once would
 * only double the load.
 */
export interface CadanganDeps {
  database: DatabaseHandle;
  backupDir: string;
  appVersion: string;
  now: () => Date;
}

let busy = false;

export function isBusy(): boolean {
  return busy;
}

/** Claims the slot now (a route answers 409 at once); `release` when the job ends. */
export function claim(): (() => void) | null {
  if (busy) return null;
  busy = true;
  return () => {
    busy = false;
  };
}

export async function schoolNpsn(database: DatabaseHandle, sekolahId: string): Promise<string> {
  const [r] = await database.query<{ npsn: string }>(`select npsn from sekolah where sekolah_id = $1`, [
    sekolahId,
  ]);
  if (!r) throw new Error(`sekolah ${sekolahId} tidak ada`);
  return r.npsn;
}

/** A backup written, then read back whole (verified) before it counts. */
export async function makeBackup(
  deps: CadanganDeps,
  sekolahId: string,
  kind: 'manual' | 'terjadwal' | 'sebelum-pemulihan',
  onProgress?: (done: number, total: number, table: string) => void,
): Promise<{ name: string; manifest: CadanganManifest }> {
  const npsn = await schoolNpsn(deps.database, sekolahId);
  const file = archivePath(deps.backupDir, npsn, deps.now(), kind);
  const manifest = await backupSchool(deps.database, file, {
    sekolahId,
    appVersion: deps.appVersion,
    now: deps.now(),
    onProgress: (p) => onProgress?.(p.done, p.total, p.table),
  });
  try {
    await verifyArchive(file);
  } catch (err) {
    // Only verified archives stay in the folder: retention and the Beranda count on it.
    await rm(file, { force: true });
    throw err;
  }
  return { name: basename(file), manifest };
}

export async function listBerkas(deps: CadanganDeps, npsn: string): Promise<CadanganBerkas[]> {
  const out: CadanganBerkas[] = [];
  for (const a of listArchives(deps.backupDir, npsn)) {
    let manifest: CadanganManifest | null = null;
    try {
      manifest = (await openArchive(a.file, { checksum: false })).manifest;
    } catch {
      manifest = null;
    }
    out.push({ name: a.name, bytes: a.bytes, manifest });
  }
  return out;
}

/** The path of a stored archive of the school, or null (names only from the listing: no path in a request). */
export function storedFile(deps: CadanganDeps, npsn: string, name: string): string | null {
  if (!ARCHIVE_NAME_PATTERN.test(name)) return null;
  const hit = listArchives(deps.backupDir, npsn).find((a) => a.name === name);
  return hit ? hit.file : null;
}

/**
 * An uploaded archive: streamed to the backups folder under a `.partial` name within the size
 * bound, checked whole, kept only when it is this school's and restorable here.
 */
export async function receiveUpload(
  deps: CadanganDeps,
  npsn: string,
  stream: Readable,
  truncated: () => boolean,
): Promise<{ name: string; manifest: CadanganManifest }> {
  const file = archivePath(deps.backupDir, npsn, deps.now(), 'manual').replace(
    /-manual(\.erapor)$/,
    '-unggahan$1',
  );
  const partial = `${file}.unggah.partial`;
  try {
    await pipeline(stream, createWriteStream(partial, { mode: 0o600 }));
    if (truncated()) throw new CadanganRefused('tooBig', CADANGAN_MESSAGES.tooBig('512 MB'));
    const { manifest } = await verifyArchive(partial);
    if (manifest.npsn !== npsn)
      throw new CadanganRefused('foreign', CADANGAN_MESSAGES.foreign(manifest.npsn, npsn));
    await checkRestorable(deps, manifest);
    await rename(partial, file);
    return { name: basename(file), manifest };
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

async function checkRestorable(deps: CadanganDeps, manifest: CadanganManifest): Promise<void> {
  await withReadView(deps.database, async (sql) =>
    checkTarget(sql, manifest, { schoolNpsn: manifest.npsn, requireConfirm: false }, await readCatalog(sql)),
  );
}

/** Everything a restore checks before it starts: the whole archive, the school, the typed NPSN, the schema. */
export async function checkRestore(
  deps: CadanganDeps,
  npsn: string,
  name: string,
  typedNpsn: string,
): Promise<{ file: string; manifest: CadanganManifest }> {
  const file = storedFile(deps, npsn, name);
  if (!file) throw new CadanganRefused('notArchive', CADANGAN_API_MESSAGES.notFound);
  const { manifest } = await verifyArchive(file);
  if (manifest.npsn !== npsn)
    throw new CadanganRefused('foreign', CADANGAN_MESSAGES.foreign(manifest.npsn, npsn));
  if (typedNpsn.trim() !== manifest.npsn)
    throw new CadanganRefused('npsnConfirm', CADANGAN_MESSAGES.npsnConfirm);
  await checkRestorable(deps, manifest);
  return { file, manifest };
}

/** In the restore's transaction: its job says it committed (see settleInterruptedRestoreJobs). */
async function markCommitted(sql: Sql, jobId: string): Promise<void> {
  await sql(`update jobs set result = $2::jsonb where id = $1`, [jobId, JSON.stringify(COMMITTED)]);
}

const COMMITTED = { restoreCommitted: true } as const;

/**
 * At start-up, before other interrupted jobs are failed: an in-app restore the last process did not
 * see to its end. Its transaction either committed (its job carries the mark written inside it) —
 * the school holds the archive's data — or it did not, and the database rolled it back: nothing
 * changed. Either way it is said, on the console and in the job.
 */
export async function settleInterruptedRestoreJobs(
  db: Db,
  now: Date,
  say: (line: string) => void,
): Promise<void> {
  const open = await db
    .select({ id: jobs.id, result: jobs.result })
    .from(jobs)
    .where(and(eq(jobs.kind, JOB_KIND_CADANGAN_PULIHKAN), inArray(jobs.status, ['queued', 'running'])));
  for (const job of open) {
    const committed = (job.result as { restoreCommitted?: boolean } | null)?.restoreCommitted === true;
    await db
      .update(jobs)
      .set({
        status: committed ? 'done' : 'failed',
        message: committed ? CADANGAN_API_MESSAGES.restored : CADANGAN_API_MESSAGES.restoreInterrupted,
        finishedAt: now,
        updatedAt: now,
      })
      .where(eq(jobs.id, job.id));
    if (committed) {
      say('Pemulihan cadangan selesai sebelum server berhenti: database berisi data dari berkas cadangan.');
      say('(A restore had completed before the server stopped: the database holds the restored data.)');
    } else {
      say(
        'Pemulihan cadangan terputus sebelum selesai dan dibatalkan: data sekolah tetap seperti sebelumnya.',
      );
      say('(A restore was interrupted and rolled back: the school data is unchanged.)');
    }
  }
}

/**
 * The restore itself: a backup of the current state first, then the school's rows replaced in
 * one transaction (restore.ts). On the embedded database the transaction runs on the live
 * instance — requests wait for it, and a killed process leaves the old state (decision 044).
 */
export async function runRestore(
  deps: CadanganDeps,
  sekolahId: string,
  /** The administrator who restores: named in the Riwayat Perubahan Nilai for every grade changed. */
  userId: string,
  npsn: string,
  file: string,
  typedNpsn: string,
  onProgress?: (done: number, total: number, message: string) => void,
  jobId?: string,
): Promise<{ before: string; report: RestoreReport }> {
  onProgress?.(0, 1, 'Membuat cadangan keadaan sekarang');
  const before = await makeBackup(deps, sekolahId, 'sebelum-pemulihan');
  const archive = await openArchive(file);
  // The name now, before the restore replaces the school's accounts (an account can be deleted).
  const [user] = await deps.database.query<{ name: string }>(`select name from users where user_id = $1`, [
    userId,
  ]);
  const report = await restoreSchool(deps.database, archive, {
    operator: { userId, nama: user?.name ?? '' },
    schoolNpsn: npsn,
    confirmNpsn: typedNpsn,
    requireConfirm: true,
    now: deps.now(),
    onProgress: (p) => onProgress?.(p.done, p.total, p.table ? `Memulihkan ${p.table}` : 'Selesai'),
    beforeCommit: jobId ? (sql) => markCommitted(sql, jobId) : undefined,
  });
  // The archive's images are uploads too: decoded and re-encoded, or dropped with a Beranda note.
  await checkStoredImages(deps.database.db, { sekolahId, force: true });
  return { before: before.name, report };
}

import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  JOB_KIND_RAPOR_SEMUA,
  RAPOR_SEMUA_KEEP_HOURS,
  RAPOR_SEMUA_MESSAGES,
  type RaporSemuaRequest,
  type RaporSemuaResult,
  safeName,
} from '@erapor/contract/cetak/rapor-semua';
import { JOB_KIND_SKL_SEMUA } from '@erapor/contract/cetak/skl';
import { JOB_KIND_TRANSKRIP_SEMUA } from '@erapor/contract/cetak/transkrip';
import { MESSAGES } from '@erapor/contract/errors';
import { JOB_KIND_RAPOR_PKL } from '@erapor/contract/pkl/cetak';
import { JOB_KIND_RAPOR_P5_SEMUA } from '@erapor/contract/projek/cetak';
import { JOB_KIND_SERTIFIKAT_SEMUA } from '@erapor/contract/ukk/sertifikat';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { jobs } from '../../../db/tables/jobs';
import { anggotaRombel, rombonganBelajar } from '../../../db/tables/referensi';
import { forbidden, notFound } from '../../../lib/errors';
import type { JobProgress } from '../../jobs/service';
import { type PrintableRombel, printableRombel, printsAnyClass } from '../access';
import { DOCUMENTS } from '../documents';
import { RenderThread } from '../render-pool';
import type { RenderCommand } from '../render-protocol';
import { raporKelas } from './data';

/*
 * Cetak Semua (issue #11 item 10; docs/decisions/033-cetak-semua.md): which classes a request
 * covers and who may ask, the job's lock key, and the run itself — each class read from the
 * database here, rendered in a worker thread, written to a file under the data directory.
 */

export interface BulkScope {
  classes: PrintableRombel[];
  /** The file's name as downloaded, without extension. */
  label: string;
  /** The job kind: one running job per school, semester, scope and choice of documents. */
  kind: string;
}

/** The classes of a request, after checking the caller may print them (403/404 as for one card). */
export async function bulkScope(db: Db, actor: Actor, req: RaporSemuaRequest): Promise<BulkScope> {
  let classes: PrintableRombel[];
  let label: string;
  let scope: string;
  if (req.rombongan_belajar_id) {
    const kelas = await printableRombel(db, actor, req.rombongan_belajar_id);
    if (kelas.jenisRombel !== 1) throw notFound(MESSAGES.notFound);
    classes = [kelas];
    label = `${DOCUMENTS.rapor.bulkName} ${kelas.nama}`;
    scope = kelas.rombonganBelajarId;
  } else {
    // A tingkat or the whole school: the Waka and the admin only (a wali prints their class).
    if (!printsAnyClass(actor)) throw forbidden(MESSAGES.forbidden);
    classes = await db
      .select({
        rombonganBelajarId: rombonganBelajar.rombonganBelajarId,
        nama: rombonganBelajar.nama,
        tingkat: rombonganBelajar.tingkat,
        jenisRombel: rombonganBelajar.jenisRombel,
        semesterId: rombonganBelajar.semesterId,
        guruId: rombonganBelajar.guruId,
      })
      .from(rombonganBelajar)
      .where(
        and(
          eq(rombonganBelajar.sekolahId, actor.sekolahId),
          eq(rombonganBelajar.semesterId, actor.semesterId),
          eq(rombonganBelajar.jenisRombel, 1),
          isNull(rombonganBelajar.deletedAt),
          req.tingkat !== undefined ? eq(rombonganBelajar.tingkat, req.tingkat) : undefined,
        ),
      )
      .orderBy(asc(rombonganBelajar.tingkat), asc(rombonganBelajar.nama));
    label =
      req.tingkat !== undefined
        ? `${DOCUMENTS.rapor.bulkName} Kelas ${req.tingkat}`
        : `${DOCUMENTS.rapor.bulkName} Semua Kelas`;
    scope = req.tingkat !== undefined ? `tingkat-${req.tingkat}` : 'sekolah';
  }
  return {
    classes,
    label: `${label} ${actor.semesterId}`,
    kind: jobKind(JOB_KIND_RAPOR_SEMUA, actor, scope, req.dokumen.join(',')),
  };
}

/** Pupils of the classes (the job's total). */
export async function countSiswa(db: Db, classes: readonly PrintableRombel[]): Promise<number> {
  if (classes.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(anggotaRombel)
    .where(
      and(
        inArray(
          anggotaRombel.rombonganBelajarId,
          classes.map((c) => c.rombonganBelajarId),
        ),
        isNull(anggotaRombel.deletedAt),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The folder of the finished files. */
export const bulkDir = (dataDir: string) => join(dataDir, 'cetak-semua');

export const bulkFile = (dataDir: string, jobId: string, output: 'pdf' | 'zip') =>
  join(bulkDir(dataDir), `${jobId}.${output}`);

/** Deletes the files older than the keeping time (run when a new job starts). */
export async function deleteOldFiles(dataDir: string, now: Date): Promise<number> {
  const dir = bulkDir(dataDir);
  await mkdir(dir, { recursive: true });
  let deleted = 0;
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && now.getTime() - info.mtime.getTime() > RAPOR_SEMUA_KEEP_HOURS * 3600_000) {
      await rm(path, { force: true });
      deleted++;
    }
  }
  return deleted;
}

/**
 * A bulk job's kind: its document kind and a hash of school, semester and what it prints (a class,
 * a plan, a scope), so that two requests for the same thing share one job (409 while it runs) and
 * different ones never wait for each other.
 */
export function jobKind(
  prefix: string,
  actor: Pick<Actor, 'sekolahId' | 'semesterId'>,
  ...parts: string[]
): string {
  const key = [actor.sekolahId, actor.semesterId, ...parts].join('|');
  return `${prefix}:${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
}

/** The job row's owner data (the Job the API sends leaves the creator out). */
export async function bulkJobRow(db: Db, jobId: string, sekolahId: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId)).limit(1);
  const kinds = [
    JOB_KIND_RAPOR_SEMUA,
    JOB_KIND_RAPOR_PKL,
    JOB_KIND_TRANSKRIP_SEMUA,
    JOB_KIND_SKL_SEMUA,
    JOB_KIND_RAPOR_P5_SEMUA,
    JOB_KIND_SERTIFIKAT_SEMUA,
  ];
  if (!row || row.sekolahId !== sekolahId || !kinds.some((k) => row.kind.startsWith(`${k}:`))) return null;
  return row;
}

/** The creator of a job, the Waka and the admin of its school may see, cancel and download it. */
/**
 * A piece of a job read on the main thread and posted to the worker: a class of report cards,
 * a PKL plan's reports (cetak/pkl/bulk.ts), a class's transcripts (cetak/transkrip/bulk.ts) or
 * graduation letters (cetak/skl/bulk.ts). `siswa` is how many pupils it holds (0: skipped).
 */
export interface BulkUnit {
  nama: string;
  read: () => Promise<{ command: RenderCommand; siswa: number }>;
}

/**
 * A job made of units its module reads (PKL plans, a class's transcripts or P5 reports, a UKK
 * plan's certificates): the units, how many pupils they hold, the file's name and the job kind.
 */
export interface UnitScope {
  units: BulkUnit[];
  total: number;
  label: string;
  kind: string;
}

/** The report cards of a class as a unit of the job. */
const raporUnit = (db: Db, sekolahId: string, kelas: PrintableRombel): BulkUnit => ({
  nama: kelas.nama,
  read: async () => {
    const data = await raporKelas(db, { ...kelas, sekolahId });
    return { command: { type: 'kelas', kelas: data }, siswa: data.siswa.length };
  },
});

export function mayUseJob(actor: Actor, row: { createdBy: string | null; kind: string }): boolean {
  if (row.createdBy !== null && row.createdBy === actor.userId) return true;
  // UKK certificates are not the admin's (decision 038): of the school-wide roles only the Waka.
  if (row.kind.startsWith(`${JOB_KIND_SERTIFIKAT_SEMUA}:`)) return actor.roles.includes('waka');
  return printsAnyClass(actor);
}

/** Renders the classes into `path`; `signal` stops the worker at once (the caller deletes the file). */
export async function runBulk(
  db: Db,
  input: {
    sekolahId: string;
    classes: readonly PrintableRombel[];
    /** Other units than the classes' report cards (the PKL reports); the classes are then ignored. */
    units?: readonly BulkUnit[];
    dokumen: RaporSemuaRequest['dokumen'];
    output: RaporSemuaRequest['output'];
    path: string;
    versi: string;
    total: number;
    fileName: string;
    signal: AbortSignal;
  },
  progress: JobProgress,
): Promise<RaporSemuaResult> {
  let done = 0;
  let message: string | null = null;
  // The job's own worker (render-pool.ts): a refused image, an error or the worker's end fails
  // the step being waited for with its Indonesian message, which becomes the job's message.
  const worker = new RenderThread({
    onProgress: (siswa) => {
      done = siswa;
      progress(done, input.total, message);
    },
  });
  const onAbort = () => void worker.stop(new Error(RAPOR_SEMUA_MESSAGES.cancelled));
  input.signal.addEventListener('abort', onAbort, { once: true });
  const post = (cmd: RenderCommand) => worker.post(cmd);
  try {
    await worker.ready;
    post({
      type: 'begin',
      path: input.path,
      output: input.output,
      dokumen: [...input.dokumen],
      versi: input.versi,
    });
    let siswa = 0;
    // The next class is read while the worker renders this one: the database's work and the
    // rendering overlap instead of taking turns (on PostgreSQL the reads are half the job).
    const units = input.units ?? input.classes.map((kelas) => raporUnit(db, input.sekolahId, kelas));
    const read = (unit: BulkUnit) => {
      const reading = unit.read();
      reading.catch(() => {}); // awaited below; a failure of a class never reached is not unhandled
      return reading;
    };
    let reading = units[0] ? read(units[0]) : null;
    for (const [index, unit] of units.entries()) {
      if (input.signal.aborted) throw new Error(RAPOR_SEMUA_MESSAGES.cancelled);
      message = RAPOR_SEMUA_MESSAGES.reading(unit.nama);
      progress(done, input.total, message);
      const data = await (reading ?? read(unit));
      const following = units[index + 1];
      reading = following ? read(following) : null;
      if (data.siswa === 0) continue;
      siswa += data.siswa;
      message = RAPOR_SEMUA_MESSAGES.rendering(unit.nama);
      progress(done, input.total, message);
      await worker.send(data.command);
    }
    if (siswa === 0) throw new Error(RAPOR_SEMUA_MESSAGES.noClass);
    const finished = await worker.send({ type: 'end' });
    if (finished.type !== 'finished') throw new Error('render worker answered out of turn');
    return {
      file_name: `${safeName(input.fileName)}.${input.output}`,
      siswa,
      kelas: units.length,
      bytes: finished.bytes,
    };
  } finally {
    input.signal.removeEventListener('abort', onAbort);
    await worker.stop();
  }
}

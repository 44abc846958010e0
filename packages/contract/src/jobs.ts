import { z } from 'zod';

/** Background jobs (reference import, Dapodik sync...): their status as the API and SSE send it. */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  /** In the job's own unit (files for the reference import). */
  progress: z.number().int(),
  total: z.number().int().nullable(),
  /** What the job is doing now, or why it failed (Indonesian). */
  message: z.string().nullable(),
  /** The job's final report once it is done (shape per kind). */
  result: z.unknown().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const isFinished = (status: JobStatus) =>
  status === 'done' || status === 'failed' || status === 'cancelled';

export const JOB_MESSAGES = {
  interrupted: 'Server berhenti sebelum pekerjaan ini selesai. Silahkan jalankan ulang.',
  notFound: 'Pekerjaan tidak ditemukan.',
} as const;

// --- National reference import (POST /api/referensi/import-referensi) ---

export const JOB_KIND_IMPORT_REFERENSI = 'import-referensi';

export const importReferensiRequestSchema = z
  .object({
    /**
     * A directory on the server laid out as published (json/, xlsx/), inside REFERENCE_DIR or the
     * backups folder (absolute, or relative to REFERENCE_DIR; no `..`). Default: REFERENCE_DIR.
     */
    dir: z.string().trim().min(1).max(1000).optional(),
  })
  .default({});

export const tableCountsSchema = z.object({
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  bad: z.number().int(),
  skipped: z.number().int(),
});

export const badRowSchema = z.object({
  file: z.string(),
  row: z.number().int(),
  sheet: z.string().optional(),
  message: z.string(),
});

/** `result` of a finished import-referensi job (also what the command line prints). */
export const importReferensiReportSchema = z.object({
  /** The folder as named for people (`REFERENCE_DIR/2025`), never the server's absolute path. */
  dir: z.string(),
  files: z.number().int(),
  /** Per table, in import order. */
  tables: z.record(z.string(), tableCountsSchema),
  /** The first bad rows (all are counted in `tables`); `badTotal` is the full number. */
  badRows: z.array(badRowSchema),
  badTotal: z.number().int(),
  /** Files that could not be read at all (missing, not JSON, not a workbook). */
  failedFiles: z.array(z.object({ file: z.string(), message: z.string() })),
  /** Files in the directory that are not reference tables (templates) or not known: not read. */
  ignoredFiles: z.array(z.string()),
  changed: z.boolean(),
  seconds: z.number(),
});
export type ImportReferensiReport = z.infer<typeof importReferensiReportSchema>;

export const IMPORT_REFERENSI_MESSAGES = {
  started: 'Impor data referensi dimulai.',
  alreadyRunning: 'Impor data referensi sedang berjalan. Tunggu sampai selesai.',
  dirNotFound: 'Folder data referensi tidak ditemukan di server.',
  dirInvalid: 'Folder ini bukan folder data referensi (harus berisi folder json/ dan/atau xlsx/).',
  /** The server's one answer for every folder it refuses (never says why, never echoes a path). */
  dirRefused:
    'Folder tidak dapat dipakai. Sebutkan folder data referensi di dalam folder yang diizinkan server ' +
    '(REFERENCE_DIR atau folder cadangan), tanpa "..".',
  noChanges: 'Tidak ada perubahan: semua data referensi sudah sama dengan berkas.',
} as const;

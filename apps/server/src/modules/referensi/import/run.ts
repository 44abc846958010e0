import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { IMPORT_REFERENSI_MESSAGES, type ImportReferensiReport } from '@erapor/contract/jobs';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { createCpIdAllocator } from './cp-ids';
import { eraporRows } from './erapor-rows';
import { type NumberedRow, readJsonArray, readWorkbook, type SourceRow } from './readers';
import { isSkip, SOURCE_FILES, type SourceFile, type Target } from './sources';
import {
  addCounts,
  BATCH_SIZE,
  type BadRow,
  emptyCounts,
  type PendingRow,
  type TableCounts,
  type UpsertTarget,
  upsertBatch,
} from './upsert';

export const IMPORT_STOPPED =
  'Impor dihentikan karena server berhenti. Berkas yang sudah selesai tetap tersimpan; jalankan ulang.';

/** How many bad rows the report lists (all are counted). */
export const BAD_ROWS_LISTED = 200;

export class ReferenceDirError extends Error {
  constructor(
    message: string,
    readonly field = 'dir',
  ) {
    super(message);
    this.name = 'ReferenceDirError';
  }
}

export type ImportProgress = (done: number, total: number, current: string) => void;

/** A unit of work: one file as published, or one in-memory row set (the built-in set). */
export interface RowSource {
  /** Shown in the report (`json/kompetensi_dasar/kompetensi_dasar-7.json`). */
  label: string;
  rows: () => AsyncIterable<NumberedRow & { sheet?: string }> | Iterable<NumberedRow & { sheet?: string }>;
  /** The table of a row (by worksheet for workbooks); undefined = sheet not known, reported once. */
  route: (sheet: string | undefined) => Target | undefined;
}

const tableName = (t: Target) => getTableConfig(t.table).name;

/** Numeric-aware order, so `kompetensi_dasar-2.json` comes before `-10.json`. */
const byNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** The files of one pattern (`*` allowed in the file name only), sorted. */
function matchFiles(dir: string, pattern: string): string[] {
  const full = join(dir, pattern);
  const folder = dirname(full);
  const name = basename(full);
  if (!name.includes('*')) return existsSync(full) && statSync(full).isFile() ? [pattern] : [];
  if (!existsSync(folder)) return [];
  const re = new RegExp(`^${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
  const rel = dirname(pattern);
  return readdirSync(folder)
    .filter((f) => re.test(f))
    .sort(byNumber)
    .map((f) => `${rel}/${f}`);
}

/** Every file under json/ and xlsx/ (one level of sub-folders), relative to `dir`. */
function listAll(dir: string): string[] {
  const out: string[] = [];
  for (const top of ['json', 'xlsx']) {
    const base = join(dir, top);
    if (!existsSync(base)) continue;
    for (const entry of readdirSync(base, { withFileTypes: true })) {
      if (entry.isFile()) out.push(`${top}/${entry.name}`);
      else if (entry.isDirectory()) {
        for (const f of readdirSync(join(base, entry.name), { withFileTypes: true })) {
          if (f.isFile()) out.push(`${top}/${entry.name}/${f.name}`);
        }
      }
    }
  }
  return out;
}

function fileSource(dir: string, spec: SourceFile, file: string): RowSource {
  const path = join(dir, file);
  if (spec.kind === 'json') {
    return { label: file, rows: () => readJsonArray(path), route: () => spec.target };
  }
  return {
    label: file,
    rows: () => readWorkbook(path),
    route: (sheet) => spec.anySheet ?? (sheet ? spec.sheets?.[sheet] : undefined),
  };
}

/** The published directory as row sources, plus the files it has that are not read. */
export function planDirectory(dirInput: string): { dir: string; sources: RowSource[]; ignored: string[] } {
  const dir = resolve(dirInput);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new ReferenceDirError(`${IMPORT_REFERENSI_MESSAGES.dirNotFound} (${dir})`);
  }
  if (!existsSync(join(dir, 'json')) && !existsSync(join(dir, 'xlsx'))) {
    throw new ReferenceDirError(`${IMPORT_REFERENSI_MESSAGES.dirInvalid} (${dir})`);
  }
  const sources: RowSource[] = [];
  const known = new Set<string>();
  for (const spec of SOURCE_FILES) {
    for (const file of matchFiles(dir, spec.pattern)) {
      known.add(file);
      sources.push(fileSource(dir, spec, file));
    }
  }
  const ignored = listAll(dir)
    .filter((f) => !known.has(f))
    .sort(byNumber);
  return { dir, sources, ignored };
}

interface Accumulator {
  tables: Map<string, TableCounts>;
  badRows: BadRow[];
  badTotal: number;
  failedFiles: { file: string; message: string }[];
}

function message(err: unknown): string {
  const e = err as { cause?: { message?: string }; message?: string };
  return e?.cause?.message ?? e?.message ?? String(err);
}

/**
 * One source in one transaction: a file is either imported (its bad rows left out and reported)
 * or, when it cannot be read to the end, not at all. Rows are upserted in batches per table.
 */
async function importSource(db: Db, source: RowSource, acc: Accumulator): Promise<void> {
  const fileCounts = new Map<string, TableCounts>();
  const fileBad: BadRow[] = [];
  const unknownSheets = new Set<string>();
  try {
    await db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      const pending = new Map<Target, PendingRow[]>();
      const upsertTargets = new Map<Target, UpsertTarget>();
      const counts = (t: Target) => {
        const name = tableName(t);
        let c = fileCounts.get(name);
        if (!c) {
          c = emptyCounts();
          fileCounts.set(name, c);
        }
        return c;
      };
      const flush = async (t: Target) => {
        const rows = pending.get(t);
        if (!rows || rows.length === 0) return;
        pending.set(t, []);
        let ut = upsertTargets.get(t);
        if (!ut) {
          ut = {
            table: t.table,
            updateOnly: t.updateOnly,
            assignKeys: t.assignCpId ? createCpIdAllocator(txDb) : undefined,
          };
          upsertTargets.set(t, ut);
        }
        addCounts(counts(t), await upsertBatch(txDb, ut, rows, (b) => fileBad.push(b)));
      };
      for await (const { row, rowNumber, sheet } of source.rows()) {
        const target = source.route(sheet);
        if (!target) {
          if (sheet) unknownSheets.add(sheet);
          continue;
        }
        let mapped: SourceRow | { skip: string } = row;
        if (target.map && row !== null && typeof row === 'object' && !Array.isArray(row)) {
          mapped = target.map(row);
        }
        if (isSkip(mapped)) {
          counts(target).skipped++;
          continue;
        }
        const list = pending.get(target) ?? [];
        list.push({ row: mapped, file: source.label, rowNumber, sheet });
        pending.set(target, list);
        if (list.length >= BATCH_SIZE) await flush(target);
      }
      for (const t of pending.keys()) await flush(t);
    });
  } catch (err) {
    acc.failedFiles.push({
      file: source.label,
      message: `Berkas tidak dapat dibaca sampai selesai; isinya tidak diimpor: ${message(err)}`,
    });
    return;
  }
  for (const sheet of unknownSheets) {
    acc.failedFiles.push({ file: source.label, message: `Sheet "${sheet}" tidak dikenal: dilewati` });
  }
  for (const [name, c] of fileCounts) {
    const into = acc.tables.get(name) ?? emptyCounts();
    addCounts(into, c);
    acc.tables.set(name, into);
  }
  acc.badTotal += fileBad.length;
  for (const b of fileBad) if (acc.badRows.length < BAD_ROWS_LISTED) acc.badRows.push(b);
}

/** e-Rapor's own reference rows as sources (see erapor-rows.ts). */
export function eraporSources(): RowSource[] {
  return eraporRows().map(({ label, target, rows }) => ({
    label: `(bawaan e-Rapor: ${label})`,
    rows: () => rows.map((row, i) => ({ row, rowNumber: i + 1 })),
    route: () => target,
  }));
}

/** Imports the sources in order; the report says per table what changed. */
export async function importSources(
  db: Db,
  dir: string,
  sources: RowSource[],
  options: { onProgress?: ImportProgress; ignored?: string[]; signal?: AbortSignal } = {},
): Promise<ImportReferensiReport> {
  const started = performance.now();
  const acc: Accumulator = { tables: new Map(), badRows: [], badTotal: 0, failedFiles: [] };
  let done = 0;
  for (const source of sources) {
    // Between files: what is imported stays (each file is its own transaction).
    if (options.signal?.aborted) throw new Error(IMPORT_STOPPED);
    options.onProgress?.(done, sources.length, source.label);
    await importSource(db, source, acc);
    done++;
  }
  options.onProgress?.(done, sources.length, '');
  const tables = Object.fromEntries(acc.tables);
  const changed = Object.values(tables).some((c) => c.inserted + c.updated > 0);
  return {
    dir,
    files: sources.length,
    tables,
    badRows: acc.badRows,
    badTotal: acc.badTotal,
    failedFiles: acc.failedFiles,
    ignoredFiles: options.ignored ?? [],
    changed,
    seconds: Math.round((performance.now() - started) / 10) / 100,
  };
}

/**
 * `npm run import:reference -- <dir>` and the administrator's action: every reference file of the
 * directory as published, then e-Rapor's own rows. Never touches the active semester.
 */
export async function importReferenceDirectory(
  db: Db,
  dirInput: string,
  options: { onProgress?: ImportProgress; signal?: AbortSignal } = {},
): Promise<ImportReferensiReport> {
  const { dir, sources, ignored } = planDirectory(dirInput);
  return importSources(db, dir, [...sources, ...eraporSources()], { ...options, ignored });
}

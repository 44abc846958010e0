import { Worker } from 'node:worker_threads';
import { SPREADSHEET_MESSAGES } from '@erapor/contract/spreadsheet';
import { workerUrl } from '../worker-url';
import type { WorkbookData } from './model';
import type { ReadJob, ReadReply } from './read-worker';
import { readZipDirectory, type ZipBudget, type ZipEntry, ZipRefused } from './zip-budget';

/*
 * The one way the server reads an uploaded workbook (docs/decisions/018-bounded-uploads.md):
 *  1. on the request thread, only the zip's central directory is read (no inflating) and held
 *     against the budget — parts, declared sizes, zip64, encryption, duplicate names;
 *  2. the file then goes to a long-lived worker thread with a memory limit, one file at a time
 *     (a short queue, then "busy"), under a time limit: the worker inflates each part with a bound,
 *     counts the cells, and only then lets exceljs model it. A worker that runs out of memory or
 *     time is replaced; the server goes on.
 */

export type RefusalCode =
  | 'not-xlsx'
  | 'unreadable'
  | 'encrypted'
  | 'too-big'
  | 'too-many-cells'
  | 'too-many-parts'
  | 'too-heavy'
  | 'timeout'
  | 'busy'
  | 'nul';

/** The file is refused as a file; `message` is Indonesian, fit for the upload field. */
export class SpreadsheetRefused extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
    /** 413 for files over a budget, 503 when the reader is saturated, else 422. */
    readonly statusCode: number = 422,
  ) {
    super(message);
    this.name = 'SpreadsheetRefused';
  }
}

export interface SpreadsheetBudget extends ZipBudget {
  /** Cells (`<c>` elements) of all worksheet parts together. */
  maxCells: number;
}

const MB = 1024 * 1024;

/** What a class template may be: the largest we make is ~0.3 MB inflated, 5,000 cells (decision 018). */
export const UPLOAD_BUDGET: SpreadsheetBudget = {
  maxPartBytes: 16 * MB,
  maxTotalBytes: 32 * MB,
  maxEntries: 200,
  maxCells: 200_000,
};

export interface ReaderOptions {
  /** Old-generation heap of the worker. */
  maxOldGenerationMb: number;
  /** Per file, from the moment the worker takes it. */
  timeoutMs: number;
  /** Files waiting behind the one being read; one more is refused as busy. */
  maxQueue: number;
}

export const DEFAULT_READER_OPTIONS: ReaderOptions = {
  maxOldGenerationMb: 320,
  timeoutMs: 10_000,
  maxQueue: 4,
};

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const startsWith = (data: Buffer, magic: number[]) => magic.every((b, i) => data[i] === b);
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

function refusalOf(err: ZipRefused): SpreadsheetRefused {
  const p = err.problem;
  switch (p.kind) {
    case 'encrypted':
      return new SpreadsheetRefused('encrypted', SPREADSHEET_MESSAGES.encrypted);
    case 'too-many-parts':
      return new SpreadsheetRefused('too-many-parts', SPREADSHEET_MESSAGES.tooManyParts, 413);
    case 'too-big':
      return new SpreadsheetRefused('too-big', SPREADSHEET_MESSAGES.tooBig(mb(p.bytes), mb(p.limit)), 413);
    default:
      return new SpreadsheetRefused('unreadable', SPREADSHEET_MESSAGES.unreadable);
  }
}

/**
 * The central directory of an upload held against the budget, on the calling thread (no inflating).
 * Throws SpreadsheetRefused.
 */
export function checkUpload(data: Buffer, filename: string, budget: ZipBudget = UPLOAD_BUDGET): ZipEntry[] {
  if (!/\.xlsx$/i.test(filename) || !startsWith(data, ZIP_MAGIC)) {
    throw new SpreadsheetRefused('not-xlsx', SPREADSHEET_MESSAGES.notXlsx);
  }
  try {
    return readZipDirectory(data, budget);
  } catch (err) {
    if (err instanceof ZipRefused) throw refusalOf(err);
    throw err;
  }
}

/** Reads an .xlsx upload into plain data, or throws SpreadsheetRefused. */
export async function readWorkbook(
  data: Buffer,
  filename: string,
  options: { budget?: SpreadsheetBudget } = {},
): Promise<WorkbookData> {
  const budget = options.budget ?? UPLOAD_BUDGET;
  const entries = checkUpload(data, filename, budget);
  return reader().read(data, entries, budget.maxCells);
}

interface Pending {
  job: ReadJob;
  resolve: (wb: WorkbookData) => void;
  reject: (err: unknown) => void;
  /** The time limit, once the worker has the file. */
  timer?: NodeJS.Timeout;
}

/**
 * The worker's entry is plain JS that loads read-worker.ts through tsx's API inside the worker: on
 * Node 20 a worker does not get the `--import tsx` hooks of its parent, and vitest's own transform
 * never reaches a worker thread. So it starts the same way in the server, in vitest and in the bench.
 */
const WORKER_URL = workerUrl(new URL('./read-worker-entry.mjs', import.meta.url), 'read-worker');

/** One worker, reused; files are read one at a time in arrival order. */
class ReaderPool {
  private worker: Worker | null = null;
  private ready: Promise<Worker> | null = null;
  private current: Pending | null = null;
  private readonly queue: Pending[] = [];
  private nextId = 1;
  /** Workers started (the first, and every replacement): for tests and the bench. */
  started = 0;

  constructor(readonly options: ReaderOptions) {}

  read(data: Buffer, entries: ZipEntry[], maxCells: number): Promise<WorkbookData> {
    if (this.current && this.queue.length >= this.options.maxQueue) {
      return Promise.reject(new SpreadsheetRefused('busy', SPREADSHEET_MESSAGES.busy, 503));
    }
    return new Promise<WorkbookData>((resolve, reject) => {
      this.queue.push({ job: { id: this.nextId++, data, entries, maxCells }, resolve, reject });
      this.pump();
    });
  }

  /** Starts the worker (if none) and waits until it has loaded exceljs. */
  warm(): Promise<Worker> {
    if (this.ready) return this.ready;
    this.started++;
    const worker = new Worker(WORKER_URL, {
      execArgv: [],
      workerData: 'erapor-spreadsheet-reader',
      resourceLimits: {
        maxOldGenerationSizeMb: this.options.maxOldGenerationMb,
        maxYoungGenerationSizeMb: 32,
      },
      stdout: false,
      stderr: false,
    });
    this.worker = worker;
    const ready = new Promise<Worker>((resolve, reject) => {
      const onFirst = (msg: unknown) => {
        if (!(msg as { ready?: boolean }).ready) return;
        // Idle, the worker must not keep the process (or a test run) alive.
        if (!this.current) worker.unref();
        resolve(worker);
      };
      worker.once('message', onFirst);
      worker.once('error', reject);
      worker.once('exit', () => reject(new Error('spreadsheet worker exited while starting')));
    });
    worker.on('message', (msg: ReadReply | { ready: true }) => {
      if ('id' in msg) this.settle(worker, msg);
    });
    worker.on('error', (err) => this.died(worker, err));
    worker.on('exit', () => this.died(worker, null));
    this.ready = ready;
    // A worker that never comes up fails the jobs waiting for it, and the next job tries a fresh one.
    ready.catch(() => {});
    return ready;
  }

  private pump(): void {
    if (this.current) return;
    const next = this.queue.shift();
    if (!next) {
      this.worker?.unref();
      return;
    }
    this.current = next;
    this.warm().then(
      (worker) => {
        if (this.current !== next) return;
        worker.ref();
        next.timer = setTimeout(() => this.timedOut(worker, next), this.options.timeoutMs);
        worker.postMessage(next.job);
      },
      (err) => this.finish(next, () => next.reject(err)),
    );
  }

  private finish(p: Pending, settle: () => void): void {
    if (p.timer) clearTimeout(p.timer);
    if (this.current === p) this.current = null;
    settle();
    this.pump();
  }

  private settle(worker: Worker, reply: ReadReply): void {
    const p = this.current;
    if (worker !== this.worker || !p || p.job.id !== reply.id) return;
    this.finish(p, () => {
      if (reply.ok) p.resolve(reply.workbook);
      // A NUL (written `_x0000_` in the file) cannot be stored by PostgreSQL: refused for every
      // reader at once, by its cell (issue 25; decision 052).
      else if (reply.code === 'nul')
        p.reject(new SpreadsheetRefused('nul', SPREADSHEET_MESSAGES.nulChar(reply.sheet, reply.address)));
      else if (reply.code === 'too-many-cells') {
        const cells = reply.cells ?? 0;
        p.reject(
          new SpreadsheetRefused(
            'too-many-cells',
            SPREADSHEET_MESSAGES.tooManyCells(cells, p.job.maxCells),
            413,
          ),
        );
      } else p.reject(new SpreadsheetRefused('unreadable', SPREADSHEET_MESSAGES.unreadable));
    });
  }

  private discard(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.ready = null;
  }

  private timedOut(worker: Worker, p: Pending): void {
    this.discard(worker);
    void worker.terminate();
    this.finish(p, () => p.reject(new SpreadsheetRefused('timeout', SPREADSHEET_MESSAGES.timeout, 413)));
  }

  /** The worker failed (out of memory) or exited: the file it held is refused, a fresh one takes the rest. */
  private died(worker: Worker, err: unknown): void {
    if (this.worker !== worker) return;
    this.discard(worker);
    const p = this.current;
    if (!p) return;
    const oom = (err as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
    this.finish(p, () =>
      p.reject(
        oom || err === null
          ? new SpreadsheetRefused('too-heavy', SPREADSHEET_MESSAGES.tooHeavy, 413)
          : new SpreadsheetRefused('unreadable', SPREADSHEET_MESSAGES.unreadable),
      ),
    );
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.discard(worker as Worker);
    const waiting = [...(this.current ? [this.current] : []), ...this.queue.splice(0)];
    this.current = null;
    for (const p of waiting) {
      if (p.timer) clearTimeout(p.timer);
      p.reject(new SpreadsheetRefused('busy', SPREADSHEET_MESSAGES.busy, 503));
    }
    if (worker) await worker.terminate();
  }
}

let pool: ReaderPool | null = null;
let poolOptions: ReaderOptions = DEFAULT_READER_OPTIONS;

function reader(): ReaderPool {
  pool ??= new ReaderPool(poolOptions);
  return pool;
}

/**
 * Changes the reader's limits (tests, bench); the current worker is stopped and the next read starts
 * one with the new limits.
 */
export async function configureSpreadsheetReader(options: Partial<ReaderOptions>): Promise<void> {
  await closeSpreadsheetReader();
  poolOptions = { ...DEFAULT_READER_OPTIONS, ...options };
}

/** Starts the worker ahead of the first upload; resolves when it is ready. */
export async function warmSpreadsheetReader(): Promise<void> {
  await reader().warm();
}

/** Workers started so far (1 + replacements) in this process's current reader. */
export const spreadsheetWorkersStarted = (): number => pool?.started ?? 0;

/** Stops the worker; files still waiting are refused as busy. The next read starts a fresh one. */
export async function closeSpreadsheetReader(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.close();
}

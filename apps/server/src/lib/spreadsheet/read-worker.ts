import { parentPort, workerData } from 'node:worker_threads';
import { crc32, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { findNul, type WorkbookData } from './model';
import { workbookToModel } from './to-model';
import { entryData, type ZipEntry, ZipRefused } from './zip-budget';

/*
 * The spreadsheet read worker (read.ts starts it with a memory limit and a time limit). For each job:
 * every part of the zip is inflated with a bound (its declared size + 1 byte) and must come out at
 * exactly its declared size and checksum — so a central directory that lies is caught before exceljs
 * inflates the same bytes; the cells of the worksheet parts (and the cells their merged ranges
 * cover) are counted against the cell budget; only then does exceljs model the workbook, which goes
 * back as plain data (structured clone) unless a text cell holds a NUL (refused by its address).
 * Nothing here imports the contract: the main thread words the refusals.
 */

export interface ReadJob {
  id: number;
  data: Uint8Array;
  entries: ZipEntry[];
  maxCells: number;
}

export type ReadReply =
  | { id: number; ok: true; workbook: WorkbookData }
  | { id: number; ok: false; code: 'unreadable' | 'too-many-cells'; cells?: number; why?: string }
  /** A text cell holds U+0000 (PostgreSQL cannot store it): the first one, by sheet and address. */
  | { id: number; ok: false; code: 'nul'; sheet: string; address: string };

/** Worksheet parts as exceljs finds them (xl/worksheets/sheetN.xml), whatever they are called. */
const WORKSHEET_PART = /worksheets\/[^/]*\.xml$/i;

/** `<c ` / `<c>` / `<c/>` elements, with or without a namespace prefix (`<x:c r="A1">`). */
const CELL = /<(?:[A-Za-z_][\w.-]*:)?c[\s/>]/g;

/** `<mergeCell ref="B2:D5"/>`, prefixed or not; a one-cell ref ("B2") covers one cell. */
const MERGE =
  /<(?:[A-Za-z_][\w.-]*:)?mergeCell\s[^>]*?ref="\$?([A-Z]{1,3})\$?(\d{1,7})(?::\$?([A-Z]{1,3})\$?(\d{1,7}))?"/g;

const columnNumber = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);

/**
 * The cells of a worksheet part: its `<c>` elements, plus every cell its merged ranges cover —
 * exceljs makes each covered cell when it loads the file, so a merge over a whole sheet would
 * otherwise cost millions of cells out of a few bytes.
 */
export function countCells(xml: Buffer): number {
  // latin1 keeps one byte per character: element names are ASCII, so nothing is missed or doubled.
  const text = xml.toString('latin1');
  CELL.lastIndex = 0;
  let n = 0;
  while (CELL.exec(text) !== null) n++;
  MERGE.lastIndex = 0;
  for (let m = MERGE.exec(text); m !== null; m = MERGE.exec(text)) {
    const [, c1 = 'A', r1 = '1', c2 = c1, r2 = r1] = m;
    n += (Math.abs(Number(r2) - Number(r1)) + 1) * (Math.abs(columnNumber(c2) - columnNumber(c1)) + 1);
  }
  return n;
}

class Refusal extends Error {
  constructor(
    readonly code: 'unreadable' | 'too-many-cells',
    readonly cells?: number,
  ) {
    super(code);
  }
}

function checkParts(data: Buffer, entries: readonly ZipEntry[], maxCells: number): void {
  let cells = 0;
  for (const entry of entries) {
    const raw = entryData(data, entry);
    let out: Buffer;
    if (entry.method === 0) out = raw;
    else {
      try {
        out = inflateRawSync(raw, { maxOutputLength: entry.uncompressedSize + 1 });
      } catch {
        // More than declared (ERR_BUFFER_TOO_LARGE), or not a deflate stream at all.
        throw new Refusal('unreadable');
      }
    }
    if (out.length !== entry.uncompressedSize || crc32(out) !== entry.crc32) throw new Refusal('unreadable');
    if (WORKSHEET_PART.test(entry.name)) {
      cells += countCells(out);
      if (cells > maxCells) throw new Refusal('too-many-cells', cells);
    }
  }
}

async function read(job: ReadJob): Promise<ReadReply> {
  const data = Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength);
  try {
    checkParts(data, job.entries, job.maxCells);
  } catch (err) {
    if (err instanceof Refusal) return { id: job.id, ok: false, code: err.code, cells: err.cells };
    if (err instanceof ZipRefused) return { id: job.id, ok: false, code: 'unreadable', why: err.message };
    throw err;
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch (err) {
    return { id: job.id, ok: false, code: 'unreadable', why: String(err) };
  }
  const model = workbookToModel(workbook);
  // Scanned here, off the request thread: 200,000 cells take ~3 ms warm but ~150 ms cold.
  const nul = findNul(model);
  if (nul) return { id: job.id, ok: false, code: 'nul', ...nul };
  return { id: job.id, ok: true, workbook: model };
}

/** Set by read.ts: this module answers jobs only in the thread started for it. */
export const WORKER_MARK = 'erapor-spreadsheet-reader';

if (parentPort && workerData === WORKER_MARK) {
  const port = parentPort;
  port.on('message', (job: ReadJob) => {
    read(job).then(
      (reply) => port.postMessage(reply),
      (err) =>
        port.postMessage({ id: job.id, ok: false, code: 'unreadable', why: String(err) } satisfies ReadReply),
    );
  });
  port.postMessage({ ready: true });
}

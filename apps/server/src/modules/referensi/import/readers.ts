import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import { loadExcelJS } from '../../../lib/exceljs';
import { readZipFileDirectory, type ZipBudget, ZipRefused } from '../../../lib/spreadsheet/zip-budget';

export type SourceRow = Record<string, unknown>;

/** One record of a source file; `rowNumber` is 1-based (the array position, or the worksheet row). */
export interface NumberedRow {
  rowNumber: number;
  row: SourceRow;
}

/**
 * Files up to this size are parsed whole with JSON.parse (one file at a time: the national parts
 * are ~250 kB, the largest single file 3.5 MB); bigger ones are streamed element by element. Both
 * keep memory bounded by one file, never the ~80 MB folder. JSON.parse is ~15× faster than the
 * streaming tokenizer here, which is what keeps the full import within its time budget.
 */
export const JSON_WHOLE_FILE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The elements of a file holding one top-level JSON array, one at a time, with 1-based numbers.
 * Non-object elements are passed on as they are for the caller to reject; a file that is not an
 * array is an error.
 */
export async function* readJsonArray(
  file: string,
  wholeFileMaxBytes = JSON_WHOLE_FILE_MAX_BYTES,
): AsyncGenerator<NumberedRow> {
  if ((await stat(file)).size <= wholeFileMaxBytes) {
    const data: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (!Array.isArray(data)) throw new Error('isi berkas bukan larik JSON (array)');
    for (let i = 0; i < data.length; i++) yield { rowNumber: i + 1, row: data[i] as SourceRow };
    return;
  }
  // streamValues: false — only whole values are needed, not their pieces as they arrive.
  const stream = createReadStream(file).pipe(streamArray.withParserAsStream({ streamValues: false }));
  for await (const item of stream as AsyncIterable<{ key: number; value: unknown }>) {
    yield { rowNumber: item.key + 1, row: item.value as SourceRow };
  }
}

/** The streaming reader gave a string cell without its text (see readWorkbook). */
export class SharedStringsMissingError extends Error {
  constructor() {
    super('Tabel teks (sharedStrings) workbook tidak terbaca');
    this.name = 'SharedStringsMissingError';
  }
}

/** A cell as a plain value: rich text flattened, formulas replaced by their result, errors as null. */
export function cellValue(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'object' || v instanceof Date) return v;
  const o = v as Record<string, unknown>;
  if ('sharedString' in o) throw new SharedStringsMissingError();
  if (Array.isArray(o.richText)) {
    return (o.richText as { text?: string }[]).map((r) => r.text ?? '').join('');
  }
  if ('result' in o) return cellValue(o.result);
  if ('text' in o) return cellValue(o.text);
  if ('error' in o) return null;
  return null;
}

export interface SheetRow extends NumberedRow {
  sheet: string;
}

const MB = 1024 * 1024;

/**
 * What a published reference workbook may be, declared in its zip directory, checked before the
 * streaming reader inflates anything (decision 018). The largest published one, ref_cp_2.xlsx, is
 * 0.95 MB inflated in 11 parts (its sheet 0.52 MB): room for 30 times that, not for a zip bomb.
 */
export const REFERENCE_WORKBOOK_BUDGET: ZipBudget = {
  maxPartBytes: 32 * MB,
  maxTotalBytes: 64 * MB,
  maxEntries: 200,
};

/** The file's zip directory against the budget; a refusal is an error for that file, in Indonesian. */
async function checkWorkbookBudget(file: string, budget: ZipBudget): Promise<void> {
  try {
    await readZipFileDirectory(file, budget);
  } catch (err) {
    if (!(err instanceof ZipRefused)) throw err;
    const p = err.problem;
    if (p.kind === 'too-big') {
      const mb = (n: number) => (Math.round((n / MB) * 10) / 10).toLocaleString('id-ID');
      throw new Error(
        `isi workbook terlalu besar (${mb(p.bytes)} MB setelah dibuka, batas ${mb(p.limit)} MB)`,
      );
    }
    if (p.kind === 'too-many-parts')
      throw new Error(`workbook berisi ${p.entries} bagian (batas ${p.limit})`);
    if (p.kind === 'encrypted') throw new Error('workbook dilindungi kata sandi');
    throw new Error('bukan workbook .xlsx yang dapat dibaca');
  }
}

/**
 * The rows of every worksheet, read with exceljs' streaming reader (the workbook is never held as a
 * whole). Row 1 of each sheet is the header: its cells are the field names, as published (the
 * national files use them as such, typos included: `kede elemen`). Empty rows are skipped; cells
 * past the header (unnamed) are dropped. The zip's directory is held against `budget` first.
 */
export async function* readWorkbook(
  file: string,
  budget: ZipBudget = REFERENCE_WORKBOOK_BUDGET,
): AsyncGenerator<SheetRow> {
  await checkWorkbookBudget(file, budget);
  // exceljs 4.4's streaming reader now and then misses the sharedStrings entry of the zip (about
  // one read in ten here): every text cell then comes without its text. That shows in the first
  // header cell, before anything is yielded, so the read is simply started again.
  for (let attempt = 1; ; attempt++) {
    let yielded = false;
    try {
      for await (const row of readWorkbookOnce(file)) {
        yielded = true;
        yield row;
      }
      return;
    } catch (err) {
      if (!(err instanceof SharedStringsMissingError) || yielded || attempt >= 5) throw err;
    }
  }
}

async function* readWorkbookOnce(file: string): AsyncGenerator<SheetRow> {
  const reader = new (await loadExcelJS()).stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    worksheets: 'emit',
    styles: 'ignore',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  for await (const worksheet of reader) {
    const sheet = (worksheet as unknown as { name: string }).name;
    let header: (string | null)[] | null = null;
    for await (const row of worksheet) {
      const values = (row.values as unknown[]).slice(1).map(cellValue);
      if (!header) {
        header = values.map((v) => (v === null || v === '' ? null : String(v).trim()));
        continue;
      }
      if (values.every((v) => v === null || v === '')) continue;
      const record: SourceRow = {};
      header.forEach((name, i) => {
        if (name) record[name] = values[i] ?? null;
      });
      yield { sheet, rowNumber: row.number, row: record };
    }
  }
}

import { SPREADSHEET_MESSAGES } from '@erapor/contract/spreadsheet';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeSpreadsheetReader,
  configureSpreadsheetReader,
  readWorkbook,
  SpreadsheetRefused,
  spreadsheetWorkersStarted,
  UPLOAD_BUDGET,
  warmSpreadsheetReader,
} from './read';
import { countCells } from './read-worker';
import { bombWorkbook, buildZip, deflated, smallWorkbook, workbookParts } from './test-zips';
import { workbookToModel } from './to-model';

async function refusal(p: Promise<unknown>): Promise<SpreadsheetRefused> {
  try {
    await p;
  } catch (err) {
    if (err instanceof SpreadsheetRefused) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

/** A workbook of `rows` × `cols` numbers: 10,000 × 19 = 190,000 cells, inside the cell budget. */
const grid = (rows: number, cols: number) =>
  smallWorkbook(Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => r * 100 + c)));

afterAll(async () => {
  await closeSpreadsheetReader();
});

describe('readWorkbook', () => {
  beforeAll(async () => {
    await configureSpreadsheetReader({});
    await warmSpreadsheetReader();
  });

  it('reads a workbook in the worker exactly as exceljs reads it in process', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sumatif Lingkup Materi');
    ws.addRow(['No', 'Nama', 'TP 1', 'TP 2']);
    ws.addRow([1, { richText: [{ text: 'Bu' }, { text: 'di' }] }, 85.5, new Date(Date.UTC(2026, 6, 1))]);
    ws.addRow([2, 'Siti', { formula: '1/0', result: { error: '#DIV/0!' } }, { formula: 'C3+1' }]);
    ws.mergeCells('E1:F1');
    ws.getCell('E1').value = 'gabung';
    wb.addWorksheet('erapor', { state: 'veryHidden' }).addRow(['mark', 'x']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());

    const inProcess = new ExcelJS.Workbook();
    await inProcess.xlsx.load(data as unknown as ArrayBuffer);
    const read = await readWorkbook(data, 'nilai.xlsx');
    expect(read).toEqual(workbookToModel(inProcess));
    expect(read.sheets[0]?.rows[2]).toEqual([
      2,
      'Siti',
      { kind: 'error', error: '#DIV/0!' },
      { kind: 'formula', formula: 'C3+1' },
    ]);
    expect(read.sheets[1]?.state).toBe('veryHidden');
  });

  it('lists merged ranges in the model, the first value repeated across each (as exceljs shows it)', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Nilai');
    ws.addRow(['Nama', 'TP 1', 'TP 2', 'TP 3']);
    ws.addRow(['Adi', 97, 63, 80]);
    ws.mergeCells('C2:D2');
    ws.mergeCells('A3:A4');
    ws.getCell('A3').value = 'Budi';
    const read = await readWorkbook(Buffer.from(await wb.xlsx.writeBuffer()), 'nilai.xlsx');
    const sheet = read.sheets[0];
    expect(sheet?.rows.slice(0, 2)).toEqual([
      ['Nama', 'TP 1', 'TP 2', 'TP 3'],
      ['Adi', 97, 63, 63],
    ]);
    expect(sheet?.merges).toEqual([
      { top: 2, left: 3, bottom: 2, right: 4 },
      { top: 3, left: 1, bottom: 4, right: 1 },
    ]);
  });

  it('refuses a NUL character in any cell by its sheet and address', async () => {
    // exceljs writes "_x0000_" as typed; every reader of the format (exceljs included) decodes it to NUL.
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Petunjuk').addRow(['ok']);
    const ws = wb.addWorksheet('Nilai');
    ws.addRow(['Nama', 'TP 1']);
    ws.addRow(['Adi', 90]);
    ws.getCell('B3').value = { richText: [{ text: 'Bu' }, { text: 'di_x0000_' }] };
    const err = await refusal(readWorkbook(Buffer.from(await wb.xlsx.writeBuffer()), 'nilai.xlsx'));
    expect([err.code, err.statusCode, err.message]).toEqual([
      'nul',
      422,
      SPREADSHEET_MESSAGES.nulChar('Nilai', 'B3'),
    ]);
  });

  it('refuses what is not an xlsx by name or by its first bytes', async () => {
    const csv = await refusal(readWorkbook(Buffer.from('a,b\n1,2'), 'nilai.xlsx'));
    expect([csv.code, csv.message, csv.statusCode]).toEqual(['not-xlsx', SPREADSHEET_MESSAGES.notXlsx, 422]);
    const named = await refusal(readWorkbook(smallWorkbook([['a']]), 'nilai.xls'));
    expect(named.code).toBe('not-xlsx');
  });

  it('refuses a zip bomb (1.5 MB inflating to 600 MB) from its directory, in well under a second, memory flat', async () => {
    const bomb = bombWorkbook(600);
    expect(bomb.data.length).toBeLessThan(2 * 1024 * 1024);
    expect(bomb.realSize).toBeGreaterThan(500 * 1024 * 1024);
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    const err = await refusal(readWorkbook(bomb.data, 'bom.xlsx'));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * 1024 * 1024);
    expect([err.code, err.statusCode]).toEqual(['too-big', 413]);
    expect(err.message).toBe(SPREADSHEET_MESSAGES.tooBig(600, 16));
  });

  it('refuses a bomb whose directory lies about its size when the worker inflates it, memory flat', async () => {
    const liar = bombWorkbook(600, { declaredSize: 300_000 });
    expect(liar.data.length).toBeLessThan(2 * 1024 * 1024);
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    const err = await refusal(readWorkbook(liar.data, 'bom.xlsx'));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * 1024 * 1024);
    expect([err.code, err.statusCode, err.message]).toEqual([
      'unreadable',
      422,
      SPREADSHEET_MESSAGES.unreadable,
    ]);
    // A part that inflates to less than it claims is as broken.
    const short = bombWorkbook(1, { declaredSize: 2 * 1024 * 1024 });
    expect((await refusal(readWorkbook(short.data, 'x.xlsx'))).code).toBe('unreadable');
  });

  it('refuses over-budget totals, too many parts, encrypted and broken zips with their messages', async () => {
    const MB = 1024 * 1024;
    const claims = ['a', 'b', 'c'].map((n) => ({
      name: `xl/${n}.xml`,
      compressed: Buffer.alloc(0),
      crc: 0,
      size: 12 * MB,
    }));
    const total = await refusal(readWorkbook(buildZip([...workbookParts(), ...claims]), 'x.xlsx'));
    expect([total.code, total.statusCode]).toEqual(['too-big', 413]);
    const declared = (557 + 295 + 283 + 296) / MB + 36;
    expect(total.message).toBe(SPREADSHEET_MESSAGES.tooBig(Math.round(declared * 10) / 10, 32));

    const many = Array.from({ length: 201 }, (_, i) => deflated(`xl/x${i}.xml`, '<a/>'));
    const parts = await refusal(readWorkbook(buildZip(many), 'x.xlsx'));
    expect([parts.code, parts.statusCode, parts.message]).toEqual([
      'too-many-parts',
      413,
      SPREADSHEET_MESSAGES.tooManyParts,
    ]);

    const sheet = deflated('xl/worksheets/sheet1.xml', '<worksheet/>');
    const locked = await refusal(
      readWorkbook(buildZip([...workbookParts(), { ...sheet, flags: 1 }]), 'x.xlsx'),
    );
    expect([locked.code, locked.statusCode, locked.message]).toEqual([
      'encrypted',
      422,
      SPREADSHEET_MESSAGES.encrypted,
    ]);

    const whole = smallWorkbook([['a']]);
    for (const broken of [
      whole.subarray(0, whole.length - 5), // no end record
      buildZip([...workbookParts(), sheet, sheet]), // a part named twice
      buildZip([...workbookParts(), sheet], { zip64Locator: true }),
    ]) {
      const err = await refusal(readWorkbook(broken, 'x.xlsx'));
      expect([err.code, err.statusCode, err.message]).toEqual([
        'unreadable',
        422,
        SPREADSHEET_MESSAGES.unreadable,
      ]);
    }
  });

  it('counts the cells of the worksheets against the cell budget before exceljs sees them', async () => {
    expect(
      countCells(Buffer.from('<row><c r="A1"><v>1</v></c><c/><x:c r="B1"></x:c><col/><cfRule/></row>')),
    ).toBe(3);
    // A merged range costs every cell it covers (exceljs makes each): 2 + 300 × 1,000.
    expect(
      countCells(Buffer.from('<c r="A1"/><c r="B1"/><mergeCells><mergeCell ref="A1:KN1000"/></mergeCells>')),
    ).toBe(2 + 300 * 1000);
    const sheetXml =
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      '<sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData>' +
      '<mergeCells count="1"><mergeCell ref="A1:XFD1048576"/></mergeCells></worksheet>';
    const whole = await refusal(
      readWorkbook(buildZip([...workbookParts(), deflated('xl/worksheets/sheet1.xml', sheetXml)]), 'x.xlsx'),
    );
    expect([whole.code, whole.statusCode]).toEqual(['too-many-cells', 413]);
    expect(whole.message).toBe(
      SPREADSHEET_MESSAGES.tooManyCells(1 + 16384 * 1048576, UPLOAD_BUDGET.maxCells),
    );
    const over = grid(10_001, 20);
    const err = await refusal(readWorkbook(over, 'x.xlsx'));
    expect([err.code, err.statusCode]).toEqual(['too-many-cells', 413]);
    expect(err.message).toBe(SPREADSHEET_MESSAGES.tooManyCells(10_001 * 20, UPLOAD_BUDGET.maxCells));
  });
});

describe('the read worker', () => {
  afterAll(async () => {
    await configureSpreadsheetReader({});
  });

  it('stops a file that takes longer than the time limit and reads the next one with a fresh worker', async () => {
    await configureSpreadsheetReader({ timeoutMs: 200 });
    // 190,000 cells take 0.8–2.5 s to read; a 200 ms limit stops them on any machine (a 1 s limit
    // raced a fast CI machine). The limit counts from the moment the worker has the file, not from
    // the worker's start; the small file after it takes ~10 ms.
    const slow = grid(10_000, 19);
    const err = await refusal(readWorkbook(slow, 'lambat.xlsx'));
    expect([err.code, err.statusCode, err.message]).toEqual(['timeout', 413, SPREADSHEET_MESSAGES.timeout]);
    const before = spreadsheetWorkersStarted();
    expect((await readWorkbook(smallWorkbook([['ok']]), 'a.xlsx')).sheets[0]?.rows).toEqual([['ok']]);
    expect(spreadsheetWorkersStarted()).toBe(before + 1);
  });

  it('refuses a file that runs the worker out of memory, and replaces the worker', async () => {
    // A generous time limit: on a busy machine the read must still reach the memory limit first.
    await configureSpreadsheetReader({ maxOldGenerationMb: 48, timeoutMs: 300_000 });
    const heavy = grid(10_000, 19);
    const err = await refusal(readWorkbook(heavy, 'berat.xlsx'));
    expect([err.code, err.statusCode, err.message]).toEqual([
      'too-heavy',
      413,
      SPREADSHEET_MESSAGES.tooHeavy,
    ]);
    expect((await readWorkbook(smallWorkbook([[1]]), 'a.xlsx')).sheets[0]?.rows).toEqual([[1]]);
    expect(spreadsheetWorkersStarted()).toBe(2);
  });

  it('queues a few files and refuses more as busy (503)', async () => {
    await configureSpreadsheetReader({ maxQueue: 1, timeoutMs: 300_000 });
    const medium = grid(2_000, 10);
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => readWorkbook(medium, 'a.xlsx')));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected']);
    for (const r of results.slice(2)) {
      const err = (r as PromiseRejectedResult).reason as SpreadsheetRefused;
      expect([err.code, err.statusCode, err.message]).toEqual(['busy', 503, SPREADSHEET_MESSAGES.busy]);
    }
    // Once the queue drains, the reader takes files again.
    expect((await readWorkbook(medium, 'a.xlsx')).sheets[0]?.rows).toHaveLength(2_000);
  });
});

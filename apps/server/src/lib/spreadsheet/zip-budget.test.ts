import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { bombWorkbook, buildZip, deflated, type RawEntry, smallWorkbook, workbookParts } from './test-zips';
import { readZipDirectory, type ZipBudget, ZipRefused } from './zip-budget';

const BUDGET: ZipBudget = {
  maxPartBytes: 16 * 1024 * 1024,
  maxTotalBytes: 32 * 1024 * 1024,
  maxEntries: 200,
};

function problemOf(data: Buffer, budget = BUDGET) {
  try {
    readZipDirectory(data, budget);
  } catch (err) {
    if (err instanceof ZipRefused) return err.problem;
    throw err;
  }
  return null;
}

/** A stored part that declares `size` bytes (the data itself is not there: the check never inflates). */
const claiming = (name: string, size: number): RawEntry => ({
  name,
  compressed: Buffer.alloc(0),
  crc: 0,
  size,
});

describe('the central directory of a zip', () => {
  it('lists the parts of a workbook exceljs wrote, with their sizes, without inflating anything', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Nilai').addRow(['Budi', 90]);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const entries = readZipDirectory(data, BUDGET);
    expect(entries.map((e) => e.name)).toContain('xl/worksheets/sheet1.xml');
    for (const e of entries) {
      expect([0, 8]).toContain(e.method);
      expect(e.localHeaderOffset).toBeLessThan(data.length);
    }
  });

  it('reads a hand-made workbook and its comment-free end record', () => {
    const entries = readZipDirectory(smallWorkbook([['a', 1]]), BUDGET);
    expect(entries.map((e) => e.name)).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/worksheets/sheet1.xml',
    ]);
  });

  it('refuses a part or a total over the budget by its declared size', () => {
    const bomb = bombWorkbook(40);
    expect(bomb.data.length).toBeLessThan(200_000);
    expect(problemOf(bomb.data)).toEqual({
      kind: 'too-big',
      bytes: bomb.realSize,
      limit: BUDGET.maxPartBytes,
      part: 'xl/worksheets/sheet1.xml',
    });
    const three = buildZip([
      claiming('a.xml', 12 * 1024 * 1024),
      claiming('b.xml', 12 * 1024 * 1024),
      claiming('c.xml', 12 * 1024 * 1024),
    ]);
    // Stored entries must declare equal sizes; these are "deflated" parts claiming 12 MB each.
    expect(problemOf(three)).toEqual({
      kind: 'too-big',
      bytes: 36 * 1024 * 1024,
      limit: BUDGET.maxTotalBytes,
    });
  });

  it('refuses too many parts, counted from the end record before the directory is walked', () => {
    const many = Array.from({ length: 201 }, (_, i) => deflated(`x/${i}.xml`, '<a/>'));
    expect(problemOf(buildZip(many))).toEqual({ kind: 'too-many-parts', entries: 201, limit: 200 });
    expect(problemOf(buildZip(many.slice(0, 200)))).toBeNull();
  });

  it('refuses encrypted, zip64, duplicate-name and unknown-method parts, and a zip without its end record', () => {
    const parts = workbookParts();
    const sheet = deflated('xl/worksheets/sheet1.xml', '<worksheet/>');
    expect(problemOf(buildZip([...parts, { ...sheet, flags: 1 }]))).toEqual({ kind: 'encrypted' });
    expect(problemOf(buildZip([...parts, { ...sheet, flags: 0x40 }]))).toEqual({ kind: 'encrypted' });

    const zip64Extra = Buffer.alloc(12);
    zip64Extra.writeUInt16LE(0x0001, 0);
    zip64Extra.writeUInt16LE(8, 2);
    expect(problemOf(buildZip([...parts, { ...sheet, extra: zip64Extra }]))).toMatchObject({
      kind: 'unreadable',
      why: 'zip64 entry',
    });
    expect(problemOf(buildZip([...parts, { ...sheet, size: 0xffffffff }]))).toMatchObject({
      why: 'zip64 entry',
    });
    expect(problemOf(buildZip([...parts, sheet], { zip64Locator: true }))).toMatchObject({ why: 'zip64' });

    expect(problemOf(buildZip([...parts, sheet, sheet]))).toMatchObject({
      kind: 'unreadable',
      why: 'duplicate part xl/worksheets/sheet1.xml',
    });
    // Readers differ on case and on a leading slash: the same part by another spelling is a duplicate too.
    expect(
      problemOf(buildZip([...parts, sheet, { ...sheet, name: '/XL/worksheets/Sheet1.xml' }])),
    ).toMatchObject({
      kind: 'unreadable',
    });

    const bzip2 = { ...sheet, method: 12 as 0 };
    expect(problemOf(buildZip([...parts, bzip2]))).toMatchObject({ why: 'compression method 12' });

    const whole = buildZip([...parts, sheet]);
    expect(problemOf(whole.subarray(0, whole.length - 10))).toEqual({
      kind: 'unreadable',
      why: 'no end of central directory',
    });
    expect(problemOf(Buffer.from('PK\u0003\u0004 not really a zip'))).toMatchObject({ kind: 'unreadable' });
  });

  it('sees an end record behind a file comment, and not a look-alike inside the data', () => {
    const data = smallWorkbook([['a']]);
    const comment = Buffer.from('dibuat oleh e-Rapor');
    const withComment = Buffer.concat([data, comment]);
    withComment.writeUInt16LE(comment.length, data.length - 2);
    expect(readZipDirectory(withComment, BUDGET)).toHaveLength(5);
    // A stored part holding an end-record signature does not confuse the search.
    const fake = Buffer.alloc(22);
    fake.writeUInt32LE(0x06054b50, 0);
    const stored: RawEntry = { name: 'x.bin', compressed: fake, method: 0, crc: crc32(fake), size: 22 };
    expect(readZipDirectory(buildZip([stored]), BUDGET).map((e) => e.name)).toEqual(['x.bin']);
  });
});

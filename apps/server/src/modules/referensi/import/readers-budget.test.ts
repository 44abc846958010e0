import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bombWorkbook } from '../../../lib/spreadsheet/test-zips';
import { readZipFileDirectory } from '../../../lib/spreadsheet/zip-budget';
import { PUBLISHED_DIR } from '../../../test/reference-fixtures';
import { REFERENCE_WORKBOOK_BUDGET, readWorkbook } from './readers';

const dir = mkdtempSync(join(tmpdir(), 'erapor-ref-budget-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function drain(file: string): Promise<number> {
  let n = 0;
  for await (const _ of readWorkbook(file)) n++;
  return n;
}

describe('reference workbooks: the zip directory against a budget before streaming', () => {
  it('every published workbook is well inside the budget', async () => {
    const files = readdirSync(join(PUBLISHED_DIR, 'xlsx')).filter((f) => f.endsWith('.xlsx'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const entries = await readZipFileDirectory(join(PUBLISHED_DIR, 'xlsx', f), REFERENCE_WORKBOOK_BUDGET);
      const total = entries.reduce((s, e) => s + e.uncompressedSize, 0);
      expect(total, f).toBeLessThan(REFERENCE_WORKBOOK_BUDGET.maxTotalBytes / 30);
    }
  });

  it('refuses a zip bomb by its declared size before anything inflates, and a file that is no zip', async () => {
    const bomb = join(dir, 'ref_cp.xlsx');
    writeFileSync(bomb, bombWorkbook(600).data);
    const started = performance.now();
    await expect(drain(bomb)).rejects.toThrow(
      'isi workbook terlalu besar (600 MB setelah dibuka, batas 32 MB)',
    );
    expect(performance.now() - started).toBeLessThan(1000);
    const notZip = join(dir, 'kkm.xlsx');
    writeFileSync(notZip, 'no,zip\n1,2\n');
    await expect(drain(notZip)).rejects.toThrow('bukan workbook .xlsx yang dapat dibaca');
  });
});

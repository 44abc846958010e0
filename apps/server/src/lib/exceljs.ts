import type * as ExcelJS from 'exceljs';

/**
 * exceljs, loaded the first time a workbook is written or read (decision 060): importing it costs
 * ~35 MB and ~1 s of every start, and most requests never touch a spreadsheet.
 */
export async function loadExcelJS(): Promise<typeof ExcelJS> {
  const m = (await import('exceljs')) as typeof ExcelJS & { default?: typeof ExcelJS };
  return m.default ?? m;
}

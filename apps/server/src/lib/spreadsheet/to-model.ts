import type ExcelJS from 'exceljs';
import type { Cell, MergedRange, SheetData, WorkbookData } from './model';

/** exceljs' cell value → the plain model (model.ts), never guessing at errors or missing results. */
export function toCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? null : { kind: 'date', iso: value.toISOString().slice(0, 10) };
  }
  if (typeof value === 'object') {
    const v = value as unknown as Record<string, unknown>;
    if (Array.isArray(v.richText)) {
      const text = (v.richText as { text?: string }[]).map((r) => r.text ?? '').join('');
      return text === '' ? null : text;
    }
    if ('error' in v && typeof v.error === 'string') return { kind: 'error', error: v.error };
    if ('formula' in v || 'sharedFormula' in v) {
      if (v.result === undefined || v.result === null) {
        return { kind: 'formula', formula: String(v.formula ?? v.sharedFormula ?? '') };
      }
      return toCell(v.result as ExcelJS.CellValue);
    }
    if ('text' in v) return toCell(v.text as ExcelJS.CellValue);
  }
  return null;
}

/**
 * The sheet's merged ranges. exceljs keeps them only in its internal `_merges` (master address →
 * range); `sheet.model.merges` would build the whole sheet model a second time. read.test.ts pins it.
 */
function mergesOf(sheet: ExcelJS.Worksheet): MergedRange[] {
  const internal = (sheet as unknown as { _merges?: Record<string, MergedRange> })._merges ?? {};
  return Object.values(internal).map(({ top, left, bottom, right }) => ({ top, left, bottom, right }));
}

export function sheetToModel(sheet: ExcelJS.Worksheet): SheetData {
  const rows: Cell[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, r) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: false }, (cell, c) => {
      cells[c - 1] = toCell(cell.value);
    });
    for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = null;
    rows[r - 1] = cells;
  });
  for (let i = 0; i < rows.length; i++) if (rows[i] === undefined) rows[i] = [];
  // Trailing blank cells and rows carry nothing.
  while (rows.length > 0 && (rows[rows.length - 1] as Cell[]).every((c) => c === null)) rows.pop();
  const state = sheet.state === 'hidden' || sheet.state === 'veryHidden' ? sheet.state : 'visible';
  return { name: sheet.name, state, rows, merges: mergesOf(sheet) };
}

export function workbookToModel(workbook: ExcelJS.Workbook): WorkbookData {
  return { sheets: workbook.worksheets.map(sheetToModel) };
}

/*
 * A workbook as plain data: what every reader of an uploaded spreadsheet works on. It is made in
 * the read worker (read.ts) and crosses the thread boundary by structured clone, so it holds no
 * class instances. Cells say what the teacher sees, and never guess:
 *   - `null`            a truly blank cell (nothing typed, or emptied);
 *   - number / string / boolean   a value, or a formula's stored result;
 *   - { kind: 'date' }  a date-formatted number, as yyyy-mm-dd (time of day dropped);
 *   - { kind: 'error' } a formula whose result is an error (#DIV/0!, #NAME?, #VALUE!, #N/A, #REF!);
 *   - { kind: 'formula' } a formula without a stored result (files written by scripts).
 * Rich text is flattened, hyperlinks give their text. A merged range reads its first cell's value in
 * every cell of the range (so every row of a merged pupil block names the pupil), and `merges` lists
 * the ranges: a reader that takes cells as values does so through ValueCells (value-cells.ts), which
 * refuses a range that would copy one value into another cell (docs/decisions/052-merged-cells.md).
 * Text never holds a NUL (read.ts refuses the file by the cell's address).
 */

export interface CellDate {
  kind: 'date';
  /** yyyy-mm-dd */
  iso: string;
}
export interface CellError {
  kind: 'error';
  /** as the spreadsheet shows it: "#DIV/0!" */
  error: string;
}
export interface CellFormula {
  kind: 'formula';
  formula: string;
}
export type Cell = null | number | string | boolean | CellDate | CellError | CellFormula;

export interface SheetData {
  name: string;
  state: 'visible' | 'hidden' | 'veryHidden';
  /** rows[r - 1][c - 1] is the cell at row r, column c (1-based, as spreadsheets number them). */
  rows: Cell[][];
  /** Merged ranges, 1-based and inclusive, as the file declares them. */
  merges: MergedRange[];
}

export interface MergedRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface WorkbookData {
  sheets: SheetData[];
}

/** The cell at 1-based row r and column c, or null outside the used range. */
export function cellAt(sheet: SheetData, r: number, c: number): Cell {
  return sheet.rows[r - 1]?.[c - 1] ?? null;
}

export const rowCount = (sheet: SheetData): number => sheet.rows.length;
export const columnCount = (sheet: SheetData): number =>
  sheet.rows.reduce((max, row) => Math.max(max, row.length), 0);

export const isErrorCell = (cell: Cell): cell is CellError =>
  typeof cell === 'object' && cell !== null && cell.kind === 'error';
export const isFormulaCell = (cell: Cell): cell is CellFormula =>
  typeof cell === 'object' && cell !== null && cell.kind === 'formula';

/**
 * A cell as the text a person reads, trimmed: numbers as written ("85", "85.5"), dates yyyy-mm-dd,
 * booleans TRUE/FALSE, blank "". Error and formula-without-result cells have no text: callers that
 * take values must check them first (isErrorCell / isFormulaCell) and refuse them by name.
 */
export function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'string') return cell.trim();
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  if (cell.kind === 'date') return cell.iso;
  return '';
}

/** "E13" for row 13, column 5. */
export function cellAddress(r: number, c: number): string {
  let letters = '';
  for (let n = c; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return `${letters}${r}`;
}

/** "D5:F5". */
export const rangeAddress = (m: MergedRange): string =>
  `${cellAddress(m.top, m.left)}:${cellAddress(m.bottom, m.right)}`;

/** The first text cell holding a NUL character (PostgreSQL cannot store one), or null. */
export function findNul(workbook: WorkbookData): { sheet: string; address: string } | null {
  for (const sheet of workbook.sheets) {
    for (let r = 0; r < sheet.rows.length; r++) {
      const row = sheet.rows[r] ?? [];
      for (let c = 0; c < row.length; c++) {
        const cell = row[c];
        if (typeof cell === 'string' && cell.includes('\u0000'))
          return { sheet: sheet.name, address: cellAddress(r + 1, c + 1) };
      }
    }
  }
  return null;
}

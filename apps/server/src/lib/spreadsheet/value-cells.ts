import { SPREADSHEET_MESSAGES } from '@erapor/contract/spreadsheet';
import {
  type Cell,
  cellAddress,
  cellAt,
  cellText,
  isErrorCell,
  isFormulaCell,
  type MergedRange,
  rangeAddress,
  type SheetData,
} from './model';

/*
 * The one way a template reader takes a cell as a value (a score, a ketercapaian, a TP), so every
 * reader refuses the same cells by their address (decisions 021 and 052):
 *  - an error value (#DIV/0!) or a formula without a stored result: it has no value to read;
 *  - a merged range over more than one value cell: the spreadsheet shows the first cell's value
 *    across the range and the file carries it in the first cell only, so reading it into every cell
 *    would write one pupil's or one TP's score over the others (a TP score 97 became 63);
 *  - a value cell that is not the first cell of its merged range: what it shows is another cell's.
 * A merged range over label cells only (names, a pupil block, headings) is never asked about.
 */
export class ValueCells {
  readonly problems: string[] = [];
  /** Ranges by row, for the rows of the sheet (a range beyond its last row covers no value). */
  private readonly byRow = new Map<number, MergedRange[]>();
  private readonly taken = new Map<MergedRange, number>();
  private readonly refused = new Set<MergedRange>();

  constructor(readonly sheet: SheetData) {
    // The worker counted every covered cell against the cell budget, so this stays small.
    const last = sheet.rows.length;
    for (const m of sheet.merges) {
      for (let r = m.top; r <= Math.min(m.bottom, last); r++) {
        const list = this.byRow.get(r);
        if (list) list.push(m);
        else this.byRow.set(r, [m]);
      }
    }
  }

  private mergeAt(r: number, c: number): MergedRange | undefined {
    return this.byRow.get(r)?.find((m) => c >= m.left && c <= m.right);
  }

  /**
   * The cell at 1-based (r, c) as a value, or undefined when it has none of its own (the problem is
   * recorded in `problems`, each merged range once).
   */
  cell(r: number, c: number): Cell | undefined {
    const merge = this.mergeAt(r, c);
    if (merge) {
      const n = (this.taken.get(merge) ?? 0) + 1;
      this.taken.set(merge, n);
      const first = r === merge.top && c === merge.left;
      if ((n > 1 || !first) && !this.refused.has(merge)) {
        this.refused.add(merge);
        this.problems.push(SPREADSHEET_MESSAGES.merged(rangeAddress(merge)));
      }
      if (!first) return undefined;
    }
    const cell = cellAt(this.sheet, r, c);
    if (isErrorCell(cell)) {
      this.problems.push(SPREADSHEET_MESSAGES.formulaError(cellAddress(r, c), cell.error));
      return undefined;
    }
    if (isFormulaCell(cell)) {
      this.problems.push(SPREADSHEET_MESSAGES.formulaNoResult(cellAddress(r, c)));
      return undefined;
    }
    return cell;
  }

  /** The value's text as a person reads it ('' for a blank cell or one without a value). */
  text(r: number, c: number): string {
    const cell = this.cell(r, c);
    return cell === undefined ? '' : cellText(cell);
  }
}

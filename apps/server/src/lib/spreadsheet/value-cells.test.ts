import { SPREADSHEET_MESSAGES } from '@erapor/contract/spreadsheet';
import { describe, expect, it } from 'vitest';
import type { Cell, MergedRange, SheetData } from './model';
import { ValueCells } from './value-cells';

/*
 * A grade sheet as the model gives it after exceljs read a merged file: the first cell's value is
 * repeated across each range (exceljs does that), `merges` lists the ranges. Row 1 holds labels,
 * rows 2–3 scores in C..E; A is a pupil block merged over rows 2–3 (labels only).
 */
const range = (top: number, left: number, bottom: number, right: number): MergedRange => ({
  top,
  left,
  bottom,
  right,
});

function sheet(rows: Cell[][], merges: MergedRange[]): SheetData {
  return { name: 'Nilai', state: 'visible', rows, merges };
}

describe('ValueCells', () => {
  it('reads unmerged value cells as they are and never asks about label merges', () => {
    const s = sheet(
      [
        ['Nama', null, 'TP 1', 'TP 2', 'TP 3'],
        ['Adi', null, 97, 63, 80],
        ['Adi', null, 70, null, '85,5'],
      ],
      [range(2, 1, 3, 1), range(1, 1, 1, 2)],
    );
    const cells = new ValueCells(s);
    expect([2, 3].flatMap((r) => [3, 4, 5].map((c) => cells.text(r, c)))).toEqual([
      '97',
      '63',
      '80',
      '70',
      '',
      '85,5',
    ]);
    expect(cells.problems).toEqual([]);
  });

  it('refuses a merged range over several value cells once, by its address, and never reads the copies', () => {
    // D2:E2 merged: exceljs repeats 63 into E2, which held 80 before the merge.
    const s = sheet(
      [
        ['Nama', null, 'TP 1', 'TP 2', 'TP 3'],
        ['Adi', null, 97, 63, 63],
        ['Budi', null, 1, 1, 1],
      ],
      [range(2, 4, 2, 5), range(3, 3, 3, 5)],
    );
    const cells = new ValueCells(s);
    expect([cells.text(2, 3), cells.text(2, 4), cells.text(2, 5)]).toEqual(['97', '63', '']);
    expect([cells.cell(3, 3), cells.cell(3, 4), cells.cell(3, 5)]).toEqual([1, undefined, undefined]);
    expect(cells.problems).toEqual([
      SPREADSHEET_MESSAGES.merged('D2:E2'),
      SPREADSHEET_MESSAGES.merged('C3:E3'),
    ]);
  });

  it('refuses a value cell that is not the first of its range, even when the range holds one value cell', () => {
    // B2:C2: the name column merged into TP 1, so C2 shows "Adi".
    const s = sheet(
      [
        ['Nama', 'x', 'TP 1'],
        [null, 'Adi', 'Adi'],
      ],
      [range(2, 2, 2, 3)],
    );
    const cells = new ValueCells(s);
    expect(cells.cell(2, 3)).toBeUndefined();
    expect(cells.problems).toEqual([SPREADSHEET_MESSAGES.merged('B2:C2')]);
    // Its first cell taken as the only value cell of a range is its own value.
    const own = new ValueCells(sheet([[null, 90, 90]], [range(1, 2, 1, 3)]));
    expect([own.text(1, 2), own.problems]).toEqual(['90', []]);
  });

  it('refuses error values and formulas without a result by address', () => {
    const s = sheet(
      [
        [
          { kind: 'error', error: '#DIV/0!' },
          { kind: 'formula', formula: 'A1+1' },
          { kind: 'date', iso: '2026-07-01' },
        ],
      ],
      [],
    );
    const cells = new ValueCells(s);
    expect([cells.cell(1, 1), cells.cell(1, 2), cells.text(1, 3)]).toEqual([
      undefined,
      undefined,
      '2026-07-01',
    ]);
    expect(cells.problems).toEqual([
      SPREADSHEET_MESSAGES.formulaError('A1', '#DIV/0!'),
      SPREADSHEET_MESSAGES.formulaNoResult('B1'),
    ]);
  });
});

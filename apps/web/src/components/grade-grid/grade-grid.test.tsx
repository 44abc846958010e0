import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { GradeGrid } from './grade-grid';
import type { GradeGridColumn, GradeGridRow, RowHeaderColumn } from './grade-grid-types';
import { changes, createDraft, type GridDraft } from './grid-model';
import { validateScore } from './validators';

/** Calls of the TP 3 validator: a row validates its cells when it renders (memoisation test). */
let tp3Checks = 0;
const countedScore = (value: string) => {
  tp3Checks++;
  return validateScore(value);
};

const COLUMNS: GradeGridColumn[] = [
  { id: 'tp1', label: 'TP 1' },
  { id: 'tp2', label: 'TP 2' },
  { id: 'tp3', label: 'TP 3', validate: countedScore },
  { id: 'capaian', label: 'Capaian', kind: 'choice', options: ['Tercapai', 'Tidak tercapai'] },
];
const HEADERS: RowHeaderColumn[] = [
  { label: 'No', width: 40 },
  { label: 'Nama', width: 200 },
  { label: 'NISN', width: 110 },
];
const PUPILS = ['Ani', 'Budi', 'Citra', 'Dewi'];

let latest: GridDraft;

function Harness({ readOnly = false }: { readOnly?: boolean }) {
  const rows = useMemo<GradeGridRow[]>(
    () =>
      PUPILS.map((name, i) => ({
        id: `ar-${i}`,
        name,
        header: [i + 1, name, `00${i}123456`],
      })),
    [],
  );
  const [draft, setDraft] = useState(() =>
    createDraft(
      rows.map((r) => r.id),
      COLUMNS,
      { 'ar-0': { tp1: 70, tp2: 75 } },
    ),
  );
  latest = draft;
  return (
    <MantineProvider env="test">
      <GradeGrid
        columns={COLUMNS}
        rowHeaderColumns={HEADERS}
        rows={rows}
        draft={draft}
        onChange={setDraft}
        readOnly={readOnly}
      />
    </MantineProvider>
  );
}

const cell = (row: number, col: number) => {
  const el = document.querySelector<HTMLInputElement>(`[data-row="${row}"][data-col="${col}"]`);
  if (!el) throw new Error(`no cell ${row},${col}`);
  return el;
};
const type = (row: number, col: number, value: string) =>
  fireEvent.change(cell(row, col), { target: { value } });
const summary = () => screen.getByTestId('grade-grid-summary').textContent;
const paste = (row: number, col: number, text: string) =>
  fireEvent.paste(cell(row, col), { clipboardData: { getData: () => text } });

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('<GradeGrid>', () => {
  it('labels every cell "{Nama} — {column}", numeric keyboard for scores, values from the draft', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Ani — TP 2') as HTMLInputElement;
    expect(input).toBe(cell(0, 1));
    expect(input.value).toBe('75');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByLabelText('Dewi — Capaian').tagName).toBe('SELECT');
    expect(screen.getByText('NISN')).toBeTruthy();
    expect(summary()).toBe('');
  });

  it('typing marks the cell dirty and counts unsaved changes; typing it back clears that', () => {
    render(<Harness />);
    type(1, 0, '85');
    expect(cell(1, 0).closest('td')?.getAttribute('data-dirty')).toBe('true');
    expect(cell(0, 0).closest('td')?.hasAttribute('data-dirty')).toBe(false);
    expect(summary()).toBe('1 unsaved change');
    type(0, 0, '71');
    expect(summary()).toBe('2 unsaved changes');
    expect(changes(latest)).toEqual([
      { rowId: 'ar-0', columnId: 'tp1', value: '71' },
      { rowId: 'ar-1', columnId: 'tp1', value: '85' },
    ]);
    type(0, 0, '70');
    expect(summary()).toBe('1 unsaved change');
  });

  it('a bad value is aria-invalid with its message as title, and the summary counts it', () => {
    render(<Harness />);
    type(2, 1, '101');
    expect(cell(2, 1).getAttribute('aria-invalid')).toBe('true');
    expect(cell(2, 1).title).toBe('The grade cannot be above 100 (one hundred)!');
    expect(cell(2, 0).hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByTestId('grade-grid-invalid').textContent).toBe('1 value is not valid');
    type(3, 2, '85,5');
    expect(cell(3, 2).title).toBe('The grade must be a whole number (no decimals)!');
    expect(screen.getByTestId('grade-grid-invalid').textContent).toBe('2 values are not valid');
    // The count is a button to the first invalid cell.
    fireEvent.click(screen.getByTestId('grade-grid-invalid'));
    expect(document.activeElement).toBe(cell(2, 1));
    type(2, 1, '100');
    expect(cell(2, 1).hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByTestId('grade-grid-invalid').textContent).toBe('1 value is not valid');
  });

  it('shows the messages and counts in Indonesian', async () => {
    render(<Harness />);
    await act(() => i18n.changeLanguage('id'));
    type(0, 0, '-5');
    type(1, 0, 'abc');
    type(2, 0, '150');
    expect(cell(0, 0).title).toBe('Nilai tidak boleh di bawah 0 (nol)!');
    expect(cell(1, 0).title).toBe('Nilai harus berupa angka!');
    expect(cell(2, 0).title).toBe('Nilai tidak boleh di atas 100 (seratus)!');
    expect(screen.getByTestId('grade-grid-invalid').textContent).toBe('3 nilai belum valid');
    expect(screen.getByTestId('grade-grid-unsaved').textContent).toBe('3 perubahan belum disimpan');
  });

  it('a pasted 3×2 block fills the cells from the focused one', () => {
    render(<Harness />);
    paste(1, 1, '80\t81\r\n82\t83\r\n84\t85\r\n');
    const grid = latest.values.map((r) => r.slice(0, 3));
    expect(grid).toEqual([
      ['70', '75', ''],
      ['', '80', '81'],
      ['', '82', '83'],
      ['', '84', '85'],
    ]);
    expect(cell(3, 2).value).toBe('85');
    expect(screen.getByTestId('grade-grid-pasted').textContent).toBe('Pasted: 6 cells filled, 0 ignored');
    expect(screen.getByTestId('grade-grid-unsaved').textContent).toBe('6 unsaved changes');
  });

  it('a block running past the edge is clipped, and a bad pasted value shows as invalid', () => {
    render(<Harness />);
    paste(2, 2, '90\tTercapai\t1\n85,5\ttidak tercapai\t2\n7\t8\t9\n');
    expect(latest.values[2]).toEqual(['', '', '90', 'Tercapai']);
    expect(latest.values[3]).toEqual(['', '', '85,5', 'tidak tercapai']);
    expect(screen.getByTestId('grade-grid-pasted').textContent).toBe('Pasted: 4 cells filled, 5 ignored');
    expect(cell(3, 2).getAttribute('aria-invalid')).toBe('true');
    expect(cell(3, 3).getAttribute('aria-invalid')).toBe('true'); // not one of the options
  });

  it('arrows, Enter, Shift+Enter, Tab, Shift+Tab, Home and End move the focus', () => {
    render(<Harness />);
    const key = (key: string, extra: Record<string, boolean> = {}) =>
      fireEvent.keyDown(document.activeElement as Element, { key, ...extra });
    const at = () => {
      const el = document.activeElement as HTMLElement;
      return [Number(el.dataset.row), Number(el.dataset.col)];
    };
    act(() => cell(0, 0).focus());
    key('ArrowRight');
    expect(at()).toEqual([0, 1]);
    key('ArrowDown');
    expect(at()).toEqual([1, 1]);
    key('Enter');
    expect(at()).toEqual([2, 1]);
    key('Enter', { shiftKey: true });
    expect(at()).toEqual([1, 1]);
    key('ArrowLeft');
    key('ArrowLeft'); // stays at the edge
    expect(at()).toEqual([1, 0]);
    key('Tab', { shiftKey: true });
    expect(at()).toEqual([0, 3]); // wraps to the end of the previous row
    key('Tab');
    expect(at()).toEqual([1, 0]); // and back to the start of the next
    key('End');
    expect(at()).toEqual([1, 3]);
    key('ArrowUp'); // a select cell: the arrow moves, it does not change the choice
    expect(at()).toEqual([0, 3]);
    key('Home');
    expect(at()).toEqual([0, 0]);
    key('End', { ctrlKey: true });
    expect(at()).toEqual([3, 3]);
    // Tab from the last cell is left to the browser (focus leaves the grid).
    expect(fireEvent.keyDown(cell(3, 3), { key: 'Tab' })).toBe(true);
    expect(fireEvent.keyDown(cell(0, 0), { key: 'ArrowDown' })).toBe(false);
  });

  it('focusing a cell selects its text so typing replaces it', () => {
    render(<Harness />);
    const input = cell(0, 1);
    act(() => input.focus());
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 2]);
  });

  it('Delete clears a cell', () => {
    render(<Harness />);
    fireEvent.keyDown(cell(0, 1), { key: 'Delete' });
    expect(cell(0, 1).value).toBe('');
    expect(latest.values[0]?.[1]).toBe('');
    expect(summary()).toBe('1 unsaved change');
  });

  it('read-only: nothing can be typed, pasted or deleted, but the focus still moves', () => {
    render(<Harness readOnly />);
    expect(cell(0, 0).readOnly).toBe(true);
    type(0, 0, '99');
    paste(1, 0, '1\t2\n');
    fireEvent.keyDown(cell(0, 1), { key: 'Delete' });
    expect(latest.values[0]).toEqual(['70', '75', '', '']);
    expect(latest.values[1]).toEqual(['', '', '', '']);
    act(() => cell(0, 0).focus());
    fireEvent.keyDown(cell(0, 0), { key: 'Enter' });
    expect(document.activeElement).toBe(cell(1, 0));
  });

  it('re-renders only the row being typed in', () => {
    render(<Harness />);
    // Per keystroke: the summary checks all 4 rows once, plus 1 for the one row that re-renders
    // (without memoised rows it would be 4 + 4).
    tp3Checks = 0;
    type(1, 2, '90');
    expect(tp3Checks).toBe(PUPILS.length + 1);
    tp3Checks = 0;
    type(3, 0, '60'); // another column: row 3 re-renders and checks its TP 3 cell once
    expect(tp3Checks).toBe(PUPILS.length + 1);
  });
});

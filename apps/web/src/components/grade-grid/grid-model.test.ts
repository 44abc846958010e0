import { describe, expect, it } from 'vitest';
import {
  applyPaste,
  changes,
  createDraft,
  dirtyCount,
  type GridColumnSpec,
  hasErrors,
  isCellDirty,
  isDirty,
  listIssues,
  markSaved,
  resetDraft,
  setCell,
  setCells,
  validatorOf,
} from './grid-model';
import { choiceNormalizer } from './validators';

const columns: GridColumnSpec[] = [
  { id: 'tp1' },
  { id: 'tp2' },
  { id: 'na', readOnly: true },
  {
    id: 'capaian',
    kind: 'choice',
    options: ['Tercapai', 'Tidak tercapai'],
    normalize: choiceNormalizer(['Tercapai', 'Tidak tercapai']),
  },
  { id: 'catatan', kind: 'text' },
];
const rowIds = ['ar-1', 'ar-2', 'ar-3'];
const fresh = () =>
  createDraft(rowIds, columns, {
    'ar-1': { tp1: 80, tp2: '75', na: 78, capaian: 'Tercapai' },
    'ar-2': { tp1: null },
  });

describe('draft and dirty tracking', () => {
  it('loads values as text, missing and null as empty, nothing dirty', () => {
    const d = fresh();
    expect(d.values).toEqual([
      ['80', '75', '78', 'Tercapai', ''],
      ['', '', '', '', ''],
      ['', '', '', '', ''],
    ]);
    expect(d.columnIds).toEqual(['tp1', 'tp2', 'na', 'capaian', 'catatan']);
    expect(isDirty(d)).toBe(false);
    expect(changes(d)).toEqual([]);
  });

  it('marks a changed cell dirty and copies only the row it touches', () => {
    const d = fresh();
    const e = setCell(d, { row: 1, col: 0 }, '90');
    expect(isCellDirty(e, 1, 0)).toBe(true);
    expect(isCellDirty(e, 0, 0)).toBe(false);
    expect(dirtyCount(e)).toBe(1);
    expect(e.values[0]).toBe(d.values[0]);
    expect(e.values[1]).not.toBe(d.values[1]);
    expect(d.values[1]?.[0]).toBe(''); // the old draft is untouched
  });

  it('returns the same draft for a no-op and is clean again when the value is typed back', () => {
    const d = fresh();
    expect(setCell(d, { row: 0, col: 0 }, '80')).toBe(d);
    expect(setCell(d, { row: 9, col: 0 }, '1')).toBe(d);
    const back = setCell(setCell(d, { row: 0, col: 0 }, '8'), { row: 0, col: 0 }, '80');
    expect(isDirty(back)).toBe(false);
  });

  it('lists changes since load with row and column ids, row by row', () => {
    let d = fresh();
    d = setCells(d, [
      { row: 2, col: 1, value: '60' },
      { row: 0, col: 0, value: '' },
      { row: 0, col: 4, value: 'rajin' },
    ]);
    expect(changes(d)).toEqual([
      { rowId: 'ar-1', columnId: 'tp1', value: '' },
      { rowId: 'ar-1', columnId: 'catatan', value: 'rajin' },
      { rowId: 'ar-3', columnId: 'tp2', value: '60' },
    ]);
    expect(dirtyCount(d)).toBe(3);
  });

  it('resets to what was loaded', () => {
    const d = setCell(fresh(), { row: 1, col: 1 }, '55');
    const r = resetDraft(d);
    expect(isDirty(r)).toBe(false);
    expect(r.values[1]?.[1]).toBe('');
  });

  it('after a save, the saved values become the originals; later typing stays dirty', () => {
    let d = setCells(fresh(), [
      { row: 0, col: 0, value: '81' },
      { row: 1, col: 1, value: '70' },
    ]);
    const sent = changes(d);
    d = setCell(d, { row: 2, col: 0 }, '66'); // typed while the request was on its way
    d = markSaved(d, sent);
    expect(changes(d)).toEqual([{ rowId: 'ar-3', columnId: 'tp1', value: '66' }]);
    expect(d.original[0]?.[0]).toBe('81');
    expect(isDirty(markSaved(d))).toBe(false);
  });

  it('a cell changed again after being sent stays dirty with its newer value', () => {
    let d = setCell(fresh(), { row: 0, col: 1 }, '76');
    const sent = changes(d);
    d = setCell(d, { row: 0, col: 1 }, '77');
    d = markSaved(d, sent);
    expect(changes(d)).toEqual([{ rowId: 'ar-1', columnId: 'tp2', value: '77' }]);
    expect(d.original[0]?.[1]).toBe('76');
  });
});

describe('validation', () => {
  it('uses the default validator of the column kind unless the column brings its own', () => {
    expect(validatorOf({ id: 'a' })?.('101')?.code).toBe('aboveMax');
    expect(validatorOf({ id: 'b', kind: 'choice', options: ['Ya'] })?.('Tidak')?.code).toBe('notAnOption');
    expect(validatorOf({ id: 'c', kind: 'text' })).toBeUndefined();
    const own = () => ({ code: 'x', message: 'X' });
    expect(validatorOf({ id: 'd', validate: own })?.('50')?.code).toBe('x');
  });

  it('lists invalid cells with their message and says whether there are errors', () => {
    const d = setCells(fresh(), [
      { row: 0, col: 0, value: '85,5' },
      { row: 1, col: 1, value: '-4' },
      { row: 2, col: 3, value: 'Lulus' },
      { row: 2, col: 4, value: 'anything goes 123' },
      { row: 2, col: 0, value: '100' },
    ]);
    expect(hasErrors(d, columns)).toBe(true);
    expect(listIssues(d, columns).map((i) => [i.rowId, i.columnId, i.issue.message])).toEqual([
      ['ar-1', 'tp1', 'Nilai harus berupa bilangan bulat (tanpa koma)!'],
      ['ar-2', 'tp2', 'Nilai tidak boleh di bawah 0 (nol)!'],
      ['ar-3', 'capaian', 'Pilih salah satu: Tercapai, Tidak tercapai!'],
    ]);
    expect(hasErrors(fresh(), columns)).toBe(false);
  });
});

describe('applyPaste', () => {
  it('fills a block from the focused cell', () => {
    const r = applyPaste(fresh(), columns, '90\t91\r\n92\t93\r\n', { row: 1, col: 0 });
    expect(r.filled).toBe(4);
    expect(r.ignored).toBe(0);
    expect(r.draft.values.map((row) => row.slice(0, 2))).toEqual([
      ['80', '75'],
      ['90', '91'],
      ['92', '93'],
    ]);
  });

  it('clips at the grid edge and counts what was ignored', () => {
    const r = applyPaste(fresh(), columns, '1\t2\n3\t4\n5\t6\n', { row: 2, col: 0 });
    expect(r.filled).toBe(2);
    expect(r.ignored).toBe(4);
    expect(r.draft.values[2]?.slice(0, 2)).toEqual(['1', '2']);

    const wide = applyPaste(fresh(), columns, 'a\tb\tc\n', { row: 0, col: 4 });
    expect(wide).toMatchObject({ filled: 1, ignored: 2 });
    expect(wide.draft.values[0]?.[4]).toBe('a');
  });

  it('skips read-only columns without shifting the block and normalises per column', () => {
    const r = applyPaste(fresh(), columns, '70\t99\ttercapai\n', { row: 1, col: 1 });
    expect(r).toMatchObject({ filled: 2, ignored: 1 });
    expect(r.draft.values[1]).toEqual(['', '70', '', 'Tercapai', '']);
  });

  it('keeps invalid text so it shows as an error (decimal comma is never rounded)', () => {
    const r = applyPaste(fresh(), columns, '85,5\t\n', { row: 0, col: 0 });
    expect(r.draft.values[0]?.slice(0, 2)).toEqual(['85,5', '']); // the empty cell clears 75
    expect(r.filled).toBe(2);
    expect(listIssues(r.draft, columns)[0]?.issue.code).toBe('notWhole');
  });

  it('pastes a multi-line quoted cell into one text cell', () => {
    const r = applyPaste(fresh(), columns, '"Baik,\nrajin"\r\n', { row: 0, col: 4 });
    expect(r.draft.values[0]?.[4]).toBe('Baik,\nrajin');
    expect(r.filled).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { keyLeavesTextCell, type NavKey, nextPosition } from './navigation';

const size = { rows: 3, cols: 4 };
const go = (row: number, col: number, key: string | NavKey) =>
  nextPosition({ row, col }, typeof key === 'string' ? { key } : key, size);

describe('nextPosition', () => {
  it('moves one cell with the arrows and stops at the edges', () => {
    expect(go(1, 1, 'ArrowUp')).toEqual({ row: 0, col: 1 });
    expect(go(1, 1, 'ArrowDown')).toEqual({ row: 2, col: 1 });
    expect(go(1, 1, 'ArrowLeft')).toEqual({ row: 1, col: 0 });
    expect(go(1, 1, 'ArrowRight')).toEqual({ row: 1, col: 2 });
    expect(go(0, 0, 'ArrowUp')).toEqual({ row: 0, col: 0 });
    expect(go(0, 0, 'ArrowLeft')).toEqual({ row: 0, col: 0 });
    expect(go(2, 3, 'ArrowDown')).toEqual({ row: 2, col: 3 });
    expect(go(2, 3, 'ArrowRight')).toEqual({ row: 2, col: 3 });
  });

  it('jumps to the edge with Ctrl/⌘ + arrow', () => {
    expect(go(1, 1, { key: 'ArrowDown', ctrlKey: true })).toEqual({ row: 2, col: 1 });
    expect(go(1, 1, { key: 'ArrowLeft', metaKey: true })).toEqual({ row: 1, col: 0 });
    expect(go(1, 1, { key: 'ArrowRight', ctrlKey: true })).toEqual({ row: 1, col: 3 });
    expect(go(2, 2, { key: 'ArrowUp', ctrlKey: true })).toEqual({ row: 0, col: 2 });
  });

  it('Enter goes down and Shift+Enter up, staying in the column', () => {
    expect(go(0, 2, 'Enter')).toEqual({ row: 1, col: 2 });
    expect(go(2, 2, 'Enter')).toEqual({ row: 2, col: 2 });
    expect(go(1, 2, { key: 'Enter', shiftKey: true })).toEqual({ row: 0, col: 2 });
    expect(go(1, 2, { key: 'Enter', ctrlKey: true })).toBeNull();
  });

  it('Tab and Shift+Tab go right/left, wrap to the next/previous row and leave at the ends', () => {
    expect(go(0, 1, 'Tab')).toEqual({ row: 0, col: 2 });
    expect(go(0, 3, 'Tab')).toEqual({ row: 1, col: 0 });
    expect(go(1, 0, { key: 'Tab', shiftKey: true })).toEqual({ row: 0, col: 3 });
    expect(go(1, 2, { key: 'Tab', shiftKey: true })).toEqual({ row: 1, col: 1 });
    expect(go(2, 3, 'Tab')).toBeNull();
    expect(go(0, 0, { key: 'Tab', shiftKey: true })).toBeNull();
  });

  it('Home/End go to the ends of the row, with Ctrl to the first/last cell', () => {
    expect(go(1, 2, 'Home')).toEqual({ row: 1, col: 0 });
    expect(go(1, 2, 'End')).toEqual({ row: 1, col: 3 });
    expect(go(1, 2, { key: 'Home', ctrlKey: true })).toEqual({ row: 0, col: 0 });
    expect(go(1, 2, { key: 'End', ctrlKey: true })).toEqual({ row: 2, col: 3 });
  });

  it('ignores other keys, Alt combinations and an empty grid', () => {
    expect(go(1, 1, '5')).toBeNull();
    expect(go(1, 1, 'Delete')).toBeNull();
    expect(go(1, 1, { key: 'ArrowDown', altKey: true })).toBeNull();
    expect(nextPosition({ row: 0, col: 0 }, { key: 'ArrowDown' }, { rows: 0, cols: 4 })).toBeNull();
  });

  it('works on a one-column grid', () => {
    const one = { rows: 3, cols: 1 };
    expect(nextPosition({ row: 0, col: 0 }, { key: 'Tab' }, one)).toEqual({ row: 1, col: 0 });
    expect(nextPosition({ row: 1, col: 0 }, { key: 'ArrowRight' }, one)).toEqual({ row: 1, col: 0 });
  });
});

describe('keyLeavesTextCell', () => {
  const caret = (start: number, end: number, length = 5) => ({ start, end, length });

  it('lets ←/→ move the caret inside the text and leave only from the edge', () => {
    expect(keyLeavesTextCell({ key: 'ArrowLeft' }, caret(2, 2))).toBe(false);
    expect(keyLeavesTextCell({ key: 'ArrowLeft' }, caret(0, 0))).toBe(true);
    expect(keyLeavesTextCell({ key: 'ArrowRight' }, caret(2, 2))).toBe(false);
    expect(keyLeavesTextCell({ key: 'ArrowRight' }, caret(5, 5))).toBe(true);
    expect(keyLeavesTextCell({ key: 'ArrowRight' }, caret(0, 5))).toBe(true); // all selected
    expect(keyLeavesTextCell({ key: 'ArrowLeft' }, caret(0, 3))).toBe(false);
  });

  it('keeps Home/End for the caret unless Ctrl is held; ↑/↓/Enter/Tab always leave', () => {
    expect(keyLeavesTextCell({ key: 'Home' }, caret(2, 2))).toBe(false);
    expect(keyLeavesTextCell({ key: 'End', ctrlKey: true }, caret(2, 2))).toBe(true);
    for (const key of ['ArrowUp', 'ArrowDown', 'Enter', 'Tab'])
      expect(keyLeavesTextCell({ key }, caret(2, 2))).toBe(true);
  });
});

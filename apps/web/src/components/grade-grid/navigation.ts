/**
 * Keyboard movement in the grade grid, as pure functions of (position, key, grid size), like a
 * spreadsheet: arrows move one cell (Ctrl/⌘ + arrow to the edge), Enter goes down and Shift+Enter
 * up, Tab/Shift+Tab go right/left and wrap to the next/previous row, Home/End go to the first/last
 * column of the row (Ctrl/⌘ + Home/End to the first/last cell). Moves stop at the grid's edges.
 */
export interface GridPosition {
  row: number;
  col: number;
}

export interface GridSize {
  rows: number;
  cols: number;
}

export interface NavKey {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), Math.max(max, 0));

/**
 * Where `key` moves the focus from `pos`; null when the key is not a movement (typing, Alt+↓ to
 * open a select…) or when Tab would go past the first/last cell: then the browser's own Tab
 * takes the focus out of the grid, to the buttons before or after it.
 */
export function nextPosition(pos: GridPosition, key: NavKey, size: GridSize): GridPosition | null {
  if (key.altKey || size.rows <= 0 || size.cols <= 0) return null;
  const jump = Boolean(key.ctrlKey || key.metaKey);
  const lastRow = size.rows - 1;
  const lastCol = size.cols - 1;
  const at = (row: number, col: number) => ({ row: clamp(row, lastRow), col: clamp(col, lastCol) });

  switch (key.key) {
    case 'ArrowUp':
      return at(jump ? 0 : pos.row - 1, pos.col);
    case 'ArrowDown':
      return at(jump ? lastRow : pos.row + 1, pos.col);
    case 'ArrowLeft':
      return at(pos.row, jump ? 0 : pos.col - 1);
    case 'ArrowRight':
      return at(pos.row, jump ? lastCol : pos.col + 1);
    case 'Enter':
      if (jump) return null;
      return at(pos.row + (key.shiftKey ? -1 : 1), pos.col);
    case 'Tab': {
      if (jump) return null;
      const index = pos.row * size.cols + pos.col + (key.shiftKey ? -1 : 1);
      if (index < 0 || index > lastRow * size.cols + lastCol) return null;
      return { row: Math.floor(index / size.cols), col: index % size.cols };
    }
    case 'Home':
      return jump ? at(0, 0) : at(pos.row, 0);
    case 'End':
      return jump ? at(lastRow, lastCol) : at(pos.row, lastCol);
    default:
      return null;
  }
}

export interface Caret {
  start: number | null;
  end: number | null;
  length: number;
}

/**
 * In a free-text cell, ←/→ and Home/End first move the caret inside the text; ← and → leave the
 * cell only from its edge (or when the whole text is selected, as it is right after focusing),
 * Home/End only with Ctrl/⌘. Score and choice cells are short: every movement key moves.
 */
export function keyLeavesTextCell(key: NavKey, caret: Caret): boolean {
  const { start, end, length } = caret;
  if (start === null || end === null) return true;
  const allSelected = start === 0 && end === length;
  switch (key.key) {
    case 'ArrowLeft':
      return allSelected || end === 0;
    case 'ArrowRight':
      return allSelected || start === length;
    case 'Home':
    case 'End':
      return Boolean(key.ctrlKey || key.metaKey);
    default:
      return true;
  }
}

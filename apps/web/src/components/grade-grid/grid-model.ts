import { parseClipboard } from './clipboard';
import type { GridPosition } from './navigation';
import { type CellIssue, type CellValidator, choiceValidator, validateScore } from './validators';

/**
 * The draft of a grade grid: rows (pupils) × columns (learning goals, tes/non-tes, final grade),
 * every cell the text as typed, next to what was loaded. Pure and immutable: an edit copies only
 * the row it touches, so a memoised row component re-renders only when its own cells change.
 */
export interface GridDraft {
  readonly rowIds: readonly string[];
  readonly columnIds: readonly string[];
  /** What the server holds (as text), [row][col]. */
  readonly original: readonly (readonly string[])[];
  /** What is on screen, [row][col]. */
  readonly values: readonly (readonly string[])[];
}

/**
 * What kind of value a column holds decides its default validator: `score` (the default) an
 * integer 0–100, `choice` one of `options`, `text` anything. `validate` replaces the default.
 */
export interface GridColumnSpec {
  id: string;
  kind?: 'score' | 'choice' | 'text';
  options?: readonly string[];
  validate?: CellValidator;
  /** Applied to pasted text before it lands in the cell (e.g. choiceNormalizer). */
  normalize?: (value: string) => string;
  /** Computed or locked columns: shown, never typed or pasted into. */
  readOnly?: boolean;
}

/** One changed cell, as the save request needs it. */
export interface CellChange {
  rowId: string;
  columnId: string;
  value: string;
}

export type LoadedValue = string | number | null | undefined;
/** Loaded grades keyed by row id, then column id; missing and null are empty cells. */
export type LoadedGrid = Readonly<Record<string, Readonly<Record<string, LoadedValue>> | undefined>>;

const asText = (v: LoadedValue): string => (v === null || v === undefined ? '' : String(v));

export function createDraft(
  rowIds: readonly string[],
  columns: readonly Pick<GridColumnSpec, 'id'>[],
  loaded: LoadedGrid = {},
): GridDraft {
  const columnIds = columns.map((c) => c.id);
  const original = rowIds.map((r) => columnIds.map((c) => asText(loaded[r]?.[c])));
  return { rowIds: [...rowIds], columnIds, original, values: original };
}

export const cellValue = (d: GridDraft, row: number, col: number): string => d.values[row]?.[col] ?? '';

/** Sets cells; returns the same draft when nothing changes (no re-render for a no-op). */
export function setCells(
  draft: GridDraft,
  updates: readonly (GridPosition & { value: string })[],
): GridDraft {
  const changedRows = new Map<number, string[]>();
  for (const { row, col, value } of updates) {
    const current = draft.values[row];
    if (!current || col < 0 || col >= current.length) continue;
    const copy = changedRows.get(row);
    if ((copy ?? current)[col] === value) continue;
    const target = copy ?? [...current];
    target[col] = value;
    changedRows.set(row, target);
  }
  if (changedRows.size === 0) return draft;
  const values = draft.values.map((r, i) => changedRows.get(i) ?? r);
  return { ...draft, values };
}

export const setCell = (draft: GridDraft, pos: GridPosition, value: string): GridDraft =>
  setCells(draft, [{ ...pos, value }]);

export const isCellDirty = (d: GridDraft, row: number, col: number): boolean =>
  d.values[row]?.[col] !== d.original[row]?.[col];

export function dirtyCount(d: GridDraft): number {
  let n = 0;
  d.values.forEach((row, r) => {
    if (row === d.original[r]) return; // untouched rows share the loaded array
    row.forEach((_, c) => {
      if (isCellDirty(d, r, c)) n++;
    });
  });
  return n;
}

export const isDirty = (d: GridDraft): boolean => dirtyCount(d) > 0;

/** The cells that differ from what was loaded, row by row, for the save request. */
export function changes(d: GridDraft): CellChange[] {
  const out: CellChange[] = [];
  d.values.forEach((row, r) => {
    row.forEach((value, c) => {
      if (isCellDirty(d, r, c))
        out.push({ rowId: d.rowIds[r] as string, columnId: d.columnIds[c] as string, value });
    });
  });
  return out;
}

/** Throws away every edit. */
export const resetDraft = (d: GridDraft): GridDraft => ({ ...d, values: d.original });

/**
 * After a successful save the saved values become the new originals. Pass the changes that were
 * sent: a cell typed into while the request was on its way stays dirty (it was not saved).
 * Without `saved`, everything on screen counts as saved.
 */
export function markSaved(d: GridDraft, saved?: readonly CellChange[]): GridDraft {
  if (!saved) return { ...d, original: d.values };
  const rowIndex = new Map(d.rowIds.map((id, i) => [id, i]));
  const colIndex = new Map(d.columnIds.map((id, i) => [id, i]));
  const rows = new Map<number, string[]>();
  for (const ch of saved) {
    const r = rowIndex.get(ch.rowId);
    const c = colIndex.get(ch.columnId);
    const source = r === undefined ? undefined : d.original[r];
    if (r === undefined || c === undefined || !source) continue;
    const copy = rows.get(r) ?? [...source];
    copy[c] = ch.value;
    rows.set(r, copy);
  }
  // A row whose cells all match the screen again shares its array with `values` (cheap dirtyCount).
  const original = d.original.map((row, r) => {
    const next = rows.get(r);
    if (!next) return row;
    const current = d.values[r];
    return current && next.every((v, c) => v === current[c]) ? current : next;
  });
  return { ...d, original };
}

/** The column's validator: its own, else the default of its kind. */
export function validatorOf(column: GridColumnSpec | undefined): CellValidator | undefined {
  if (!column) return undefined;
  if (column.validate) return column.validate;
  switch (column.kind ?? 'score') {
    case 'score':
      return validateScore;
    case 'choice':
      return choiceValidator(column.options ?? []);
    default:
      return undefined;
  }
}

/** Validators per column index (build once per column set, reuse for every cell). */
export const validatorsOf = (columns: readonly GridColumnSpec[]): (CellValidator | undefined)[] =>
  columns.map(validatorOf);

export interface GridIssue extends GridPosition {
  rowId: string;
  columnId: string;
  issue: CellIssue;
}

/** Every invalid cell, row by row. */
export function listIssues(d: GridDraft, columns: readonly GridColumnSpec[]): GridIssue[] {
  const validators = validatorsOf(columns);
  const out: GridIssue[] = [];
  d.values.forEach((row, r) => {
    row.forEach((value, c) => {
      const issue = validators[c]?.(value);
      if (issue)
        out.push({ row: r, col: c, rowId: d.rowIds[r] as string, columnId: d.columnIds[c] as string, issue });
    });
  });
  return out;
}

export const hasErrors = (d: GridDraft, columns: readonly GridColumnSpec[]): boolean =>
  listIssues(d, columns).length > 0;

export interface PasteResult {
  draft: GridDraft;
  /** Cells written (an empty pasted cell clears its target and counts too). */
  filled: number;
  /** Pasted cells that fell outside the grid or on a read-only column. */
  ignored: number;
}

/**
 * Pastes a clipboard block with its top-left cell at `at`, clipped at the grid's edges.
 * Read-only columns keep their value (the block is not shifted past them: a copied sheet keeps
 * its column alignment).
 */
export function applyPaste(
  d: GridDraft,
  columns: readonly GridColumnSpec[],
  text: string,
  at: GridPosition,
): PasteResult {
  const updates: (GridPosition & { value: string })[] = [];
  let ignored = 0;
  parseClipboard(text).forEach((cells, i) => {
    cells.forEach((raw, j) => {
      const row = at.row + i;
      const col = at.col + j;
      const column = columns[col];
      if (row >= d.rowIds.length || col >= d.columnIds.length || !column || column.readOnly) {
        ignored++;
        return;
      }
      updates.push({ row, col, value: column.normalize ? column.normalize(raw) : raw });
    });
  });
  return { draft: setCells(d, updates), filled: updates.length, ignored };
}

import './grade-grid.css';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import {
  type ClipboardEvent,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../../lib/i18n';
import {
  DEFAULT_WIDTH,
  type GradeGridColumn,
  type GradeGridRow,
  type RowHeaderColumn,
} from './grade-grid-types';
import { applyPaste, dirtyCount, type GridDraft, setCell, validatorsOf } from './grid-model';
import { GridRow, stickyCell } from './grid-row';
import { type GridPosition, keyLeavesTextCell, nextPosition } from './navigation';
import { useStickyColumns } from './sticky-columns';
import type { CellValidator } from './validators';

export interface GradeGridProps {
  /** Grade columns, in the order of the draft's columns. Keep the array stable (module constant or useMemo). */
  columns: readonly GradeGridColumn[];
  /** The sticky columns left of the grades (No, Nama, NISN). */
  rowHeaderColumns: readonly RowHeaderColumn[];
  /** Pupils, in the order of the draft's rows. */
  rows: readonly GradeGridRow[];
  /** The draft (grid-model.ts); the screen owns it and decides when to save. */
  draft: GridDraft;
  /** Receives an update function: pass a state setter (`setDraft`) straight in. */
  onChange: (update: (prev: GridDraft) => GridDraft) => void;
  readOnly?: boolean;
  /** Accessible name of the table (e.g. the subject and class). */
  label?: string;
  /** Height of the scroll area; header and row headers stay in view. */
  maxHeight?: number | string;
  testId?: string;
  /**
   * Shows a cell's Riwayat Perubahan Nilai on demand: a right click on the cell, or the "Riwayat"
   * button under the grid for the cell last focused. Without it the grid offers no history.
   */
  onHistory?: (cell: GridCellRef) => void;
}

/** A cell as the history names it. */
export interface GridCellRef {
  rowId: string;
  rowName: string;
  columnId: string;
  columnLabel: string;
}

interface PasteInfo {
  filled: number;
  ignored: number;
}

/** The grid position of a cell element (its data-row / data-col), or null for anything else. */
function cellPosition(target: EventTarget): GridPosition | null {
  if (!(target instanceof HTMLElement)) return null;
  const { row, col } = target.dataset;
  return row === undefined || col === undefined ? null : { row: Number(row), col: Number(col) };
}

/**
 * The spreadsheet-like grade grid of every grade-entry screen: one input per cell, arrows /
 * Enter / Tab / Home / End move, Delete clears, a block pasted from Excel fills from the focused
 * cell, invalid cells are red with their message, changed cells are marked, and a summary counts
 * both. Controlled: the screen holds the draft and saves `changes(draft)` when it wants.
 */
export function GradeGrid({
  columns,
  rowHeaderColumns,
  rows,
  draft,
  onChange,
  readOnly = false,
  label,
  maxHeight = '70vh',
  testId = 'grade-grid',
  onHistory,
}: GradeGridProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [pasted, setPasted] = useState<PasteInfo | null>(null);
  const [focused, setFocused] = useState<GridPosition | null>(null);
  const cellRef = (pos: GridPosition | null): GridCellRef | null => {
    const row = pos ? rows[pos.row] : undefined;
    const col = pos ? columns[pos.col] : undefined;
    return row && col ? { rowId: row.id, rowName: row.name, columnId: col.id, columnLabel: col.label } : null;
  };
  const focusedCell = cellRef(focused);

  // Event handlers read the newest props through a ref, so the callback handed to every row
  // stays the same object and memoised rows are not re-rendered by it.
  const latest = useRef({ draft, columns, onChange, readOnly });
  useLayoutEffect(() => {
    latest.current = { draft, columns, onChange, readOnly };
  });

  const validators = useMemo(() => validatorsOf(columns), [columns]);
  const widths = useMemo(() => rowHeaderColumns.map((c) => c.width), [rowHeaderColumns]);
  const sticky = useStickyColumns(widths);

  const onCell = useCallback((row: number, col: number, value: string) => {
    const { readOnly: locked, columns: cols, onChange: change } = latest.current;
    if (locked || cols[col]?.readOnly) return;
    change((d) => setCell(d, { row, col }, value));
  }, []);

  const focusCell = useCallback((pos: GridPosition) => {
    scrollRef.current?.querySelector<HTMLElement>(`[data-row="${pos.row}"][data-col="${pos.col}"]`)?.focus();
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const pos = cellPosition(e.target);
    if (!pos || e.nativeEvent.isComposing) return;
    const kind = columns[pos.col]?.kind ?? 'score';
    if (e.key === 'Delete' && kind !== 'text') {
      e.preventDefault();
      onCell(pos.row, pos.col, '');
      return;
    }
    const el = e.target;
    if (
      kind === 'text' &&
      el instanceof HTMLInputElement &&
      !keyLeavesTextCell(e, { start: el.selectionStart, end: el.selectionEnd, length: el.value.length })
    )
      return;
    const next = nextPosition(pos, e, { rows: draft.rowIds.length, cols: columns.length });
    if (!next) return;
    e.preventDefault();
    focusCell(next);
  };

  // Keyboard focus selects the cell's text, so typing replaces it, as in a spreadsheet.
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const pos = cellPosition(e.target);
    if (pos && onHistory) setFocused(pos);
    if (e.target instanceof HTMLInputElement && pos) e.target.select();
  };

  const onContextMenu = (e: MouseEvent<HTMLDivElement>) => {
    const cell = onHistory ? cellRef(cellPosition(e.target)) : null;
    if (!cell || !onHistory) return;
    e.preventDefault();
    onHistory(cell);
  };

  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    const pos = cellPosition(e.target);
    if (!pos) return;
    const text = e.clipboardData.getData('text/plain');
    // One plain value into a text cell goes in at the caret, like any text box.
    if (columns[pos.col]?.kind === 'text' && !/[\t\r\n]/.test(text)) return;
    e.preventDefault();
    if (readOnly) return;
    const { filled, ignored } = applyPaste(draft, columns, text, pos);
    onChange((d) => applyPaste(d, columns, text, pos).draft);
    setPasted({ filled, ignored });
  };

  const { invalid, firstInvalid } = countInvalid(draft, validators);
  const unsaved = dirtyCount(draft);

  return (
    <Stack gap={6} className="er-grid" data-testid={testId}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: delegation only; the cells are the inputs. */}
      <div
        ref={scrollRef}
        className="er-grid__scroll"
        // The designated horizontal scroller (decision 024): the grid scrolls here, not the page.
        data-scroll-x=""
        style={
          {
            maxHeight,
            scrollPaddingTop: 40,
            '--er-grid-sticky': `${sticky.total}px`,
            '--er-grid-sticky-compact': `${sticky.compact}px`,
          } as CSSProperties
        }
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onPaste={onPaste}
        onContextMenu={onContextMenu}
      >
        <table className="er-grid__table" aria-label={label}>
          <thead>
            <tr ref={sticky.headRef}>
              {rowHeaderColumns.map((h, i) => (
                <th key={h.label} scope="col" {...stickyCell(i, sticky.offsets, widths)}>
                  {h.label}
                </th>
              ))}
              {columns.map((c) => (
                <th
                  key={c.id}
                  scope="col"
                  title={c.description}
                  style={{ minWidth: c.width ?? DEFAULT_WIDTH[c.kind ?? 'score'] }}
                >
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <GridRow
                key={row.id}
                index={r}
                row={row}
                values={draft.values[r] ?? EMPTY}
                original={draft.original[r] ?? EMPTY}
                columns={columns}
                validators={validators}
                stickyOffsets={sticky.offsets}
                stickyWidths={widths}
                readOnly={readOnly}
                t={t}
                onCell={onCell}
              />
            ))}
          </tbody>
        </table>
      </div>
      <Group gap="md" role="status" data-testid={`${testId}-summary`} mih={20}>
        {firstInvalid ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            c="red"
            data-testid={`${testId}-invalid`}
            onClick={() => focusCell(firstInvalid)}
          >
            {t('grid.invalid', { count: invalid })}
          </Anchor>
        ) : null}
        {unsaved > 0 ? (
          <Text size="sm" c="orange" data-testid={`${testId}-unsaved`}>
            {t('grid.unsaved', { count: unsaved })}
          </Text>
        ) : null}
        {onHistory ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            disabled={!focusedCell}
            c={focusedCell ? undefined : 'dimmed'}
            data-testid={`${testId}-history`}
            onClick={() => focusedCell && onHistory(focusedCell)}
          >
            {focusedCell
              ? t('grid.historyOf', { cell: `${focusedCell.rowName} — ${focusedCell.columnLabel}` })
              : t('grid.history')}
          </Anchor>
        ) : null}
        {pasted ? (
          <Text size="sm" c="dimmed" data-testid={`${testId}-pasted`}>
            {t('grid.pasted', { filled: pasted.filled, ignored: pasted.ignored })}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}

const EMPTY: readonly string[] = [];

/** ~430 cells per render: cheap next to rendering, and always in step with what is on screen. */
function countInvalid(draft: GridDraft, validators: readonly (CellValidator | undefined)[]) {
  let invalid = 0;
  let firstInvalid: GridPosition | null = null;
  for (const [r, row] of draft.values.entries()) {
    for (const [c, value] of row.entries()) {
      if (!validators[c]?.(value)) continue;
      invalid++;
      firstInvalid ??= { row: r, col: c };
    }
  }
  return { invalid, firstInvalid };
}

import { type CSSProperties, memo } from 'react';
import type { TFunction } from '../../lib/i18n';
import type { GradeGridColumn, GradeGridRow } from './grade-grid-types';
import { issueText } from './issue-text';
import type { CellValidator } from './validators';

export interface GridRowProps {
  index: number;
  row: GradeGridRow;
  values: readonly string[];
  original: readonly string[];
  columns: readonly GradeGridColumn[];
  validators: readonly (CellValidator | undefined)[];
  /** inset-inline-start of each sticky header cell, and their widths. */
  stickyOffsets: readonly number[];
  stickyWidths: readonly number[];
  readOnly: boolean;
  t: TFunction;
  onCell: (row: number, col: number, value: string) => void;
}

/**
 * One pupil's row. Memoised on the row's own value arrays (the model copies only the row that
 * changes), so a keystroke re-renders one row of ~12 inputs, not all ~430 cells.
 */
export const GridRow = memo(function GridRow({
  index,
  row,
  values,
  original,
  columns,
  validators,
  stickyOffsets,
  stickyWidths,
  readOnly,
  t,
  onCell,
}: GridRowProps) {
  return (
    <tr data-row-id={row.id}>
      {row.header.map((cell, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: header cells are positional (No, Nama, NISN).
        <td key={i} {...stickyCell(i, stickyOffsets, stickyWidths)}>
          {cell}
        </td>
      ))}
      {columns.map((column, c) => {
        const value = values[c] ?? '';
        const issue = validators[c]?.(value) ?? null;
        const message = issue ? issueText(issue, t) : undefined;
        const locked = readOnly || Boolean(column.readOnly);
        const shared = {
          className: 'er-grid__input',
          'data-row': index,
          'data-col': c,
          'data-kind': column.kind ?? 'score',
          'aria-label': `${row.name} — ${column.label}`,
          'aria-invalid': issue ? ('true' as const) : undefined,
          title: message,
        };
        return (
          <td key={column.id} data-dirty={value !== original[c] ? 'true' : undefined}>
            {column.kind === 'choice' && !locked ? (
              <select {...shared} value={value} onChange={(e) => onCell(index, c, e.currentTarget.value)}>
                <option value="">—</option>
                {/* A pasted value that is not an option stays visible (and red) until corrected. */}
                {value !== '' && !column.options?.includes(value) ? (
                  <option value={value}>{value}</option>
                ) : null}
                {column.options?.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...shared}
                type="text"
                autoComplete="off"
                spellCheck={column.kind === 'text'}
                inputMode={(column.kind ?? 'score') === 'score' ? 'numeric' : undefined}
                readOnly={locked}
                value={value}
                onChange={(e) => onCell(index, c, e.currentTarget.value)}
              />
            )}
          </td>
        );
      })}
    </tr>
  );
}, sameRow);

/**
 * Props of the i-th sticky row-header cell (th and td alike): its offset and width as CSS variables,
 * so a narrow grid can narrow the name and let the columns after it scroll (grade-grid.css).
 */
export function stickyCell(i: number, offsets: readonly number[], widths: readonly number[]) {
  return {
    className: 'er-grid__sticky',
    'data-sticky': i === 0 ? 'first' : i === 1 ? 'name' : 'rest',
    style: { '--er-sticky-x': `${offsets[i]}px`, '--er-sticky-w': `${widths[i]}px` } as CSSProperties,
  };
}

/** Like React's shallow compare, but a row object rebuilt with the same id, name and header is the same. */
function sameRow(a: GridRowProps, b: GridRowProps): boolean {
  for (const key of Object.keys(a) as (keyof GridRowProps)[]) {
    if (key === 'row') continue;
    if (a[key] !== b[key]) return false;
  }
  const x = a.row;
  const y = b.row;
  return (
    x === y ||
    (x.id === y.id &&
      x.name === y.name &&
      x.header.length === y.header.length &&
      x.header.every((cell, i) => cell === y.header[i]))
  );
}

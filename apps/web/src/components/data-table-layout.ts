import type { DataTableColumn } from 'mantine-datatable';

/*
 * How every server table fits the screen (decision 024). The table scrolls sideways inside its own
 * card — the library's ScrollArea viewport, marked as the designated scroller `data-scroll-x` and
 * with its scrollbar shown whenever there is more to see — with the first (name) column pinned.
 * Column titles wrap (styles/data-table.css) instead of widening the table.
 */

/**
 * A column's `width` becomes its minimum width: the column keeps the width the screen asked for but
 * grows when its content (a button's label in another language, a title's longest word) needs more,
 * so nothing spills out of its cell or is cut at the table's edge. Ellipsis columns keep the fixed
 * width their truncation needs.
 */
export function fitColumn<T>(column: DataTableColumn<T>): DataTableColumn<T> {
  const { width } = column;
  if (width === undefined || column.ellipsis) return column;
  const min = { minWidth: width };
  const { cellsStyle, titleStyle } = column;
  return {
    ...column,
    width: undefined,
    titleStyle: titleStyle ? [min, titleStyle] : min,
    cellsStyle: cellsStyle ? (record, index) => [min, cellsStyle(record, index)] : () => min,
  } as DataTableColumn<T>;
}

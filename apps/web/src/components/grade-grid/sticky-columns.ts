import { useLayoutEffect, useMemo, useRef, useState } from 'react';

/** The widest the name column gets on a narrow grid: keep in step with grade-grid.css (8.5rem). */
const COMPACT_NAME_WIDTH = 136;

export interface StickyColumns {
  /** inset-inline-start of each sticky column. */
  offsets: readonly number[];
  /** The sticky columns' widths: wide-grid scroll padding (`total`) and a phone's (No + Nama). */
  total: number;
  compact: number;
}

/** Offsets from widths: each sticky column sticks where the ones before it end. */
export function stickyLayout(widths: readonly number[], compactName = widths[1] ?? 0): StickyColumns {
  const offsets = widths.map((_, i) => widths.slice(0, i).reduce((a, b) => a + b, 0));
  return {
    offsets,
    total: widths.reduce((a, b) => a + b, 0),
    compact: (widths[0] ?? 0) + compactName,
  };
}

/**
 * Where the sticky row-header columns stick (issue #26 item 1; decision 055). A column's declared
 * width is only its floor: a button (Rapor P5's "Cetak") or a long word makes the table's column
 * wider, and offsets summed from the declared widths then laid each sticky column over part of the
 * next (34 px in P5 Penilaian, 55 px over PKL's Nilai at 1366 px). So the offsets are the rendered
 * widths of the header row's sticky cells, measured again whenever one is resized (a narrower grid,
 * fonts loaded, a longer label); the declared widths stand until the first measurement (and where
 * nothing is laid out, as in jsdom).
 */
export function useStickyColumns(declared: readonly number[]) {
  const headRef = useRef<HTMLTableRowElement>(null);
  const [measured, setMeasured] = useState<readonly number[] | null>(null);
  useLayoutEffect(() => {
    const row = headRef.current;
    if (!row) return;
    const cells = Array.from(row.cells).slice(0, declared.length);
    const measure = () => {
      const widths = cells.map((c) => c.getBoundingClientRect().width);
      if (widths.some((w) => w === 0)) return;
      setMeasured((old) =>
        old && old.length === widths.length && old.every((w, i) => Math.abs(w - (widths[i] ?? 0)) < 0.5)
          ? old
          : widths,
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    for (const cell of cells) observer.observe(cell);
    return () => observer.disconnect();
  }, [declared]);
  const layout = useMemo(
    () =>
      measured
        ? stickyLayout(measured)
        : stickyLayout(declared, Math.min(declared[1] ?? 0, COMPACT_NAME_WIDTH)),
    [measured, declared],
  );
  return { headRef, ...layout };
}

import type { ReactNode } from 'react';
import type { GridColumnSpec } from './grid-model';

/** A grade column: the model's spec (id, kind, options, validator, readOnly) plus what is shown. */
export interface GradeGridColumn extends GridColumnSpec {
  /** Header text, also the second half of each cell's accessible name ("{Nama} — {label}"). */
  label: string;
  /** Longer text for the header's tooltip (e.g. the full learning goal). */
  description?: string;
  /** Width in px; defaults by kind (score 72, choice 150, text 240). */
  width?: number;
}

/** A sticky column on the left holding the caller's row header cells (No, Nama, NISN). */
export interface RowHeaderColumn {
  label: string;
  /** Width in px: fixed, so the next sticky column knows where to stick. */
  width: number;
}

/** A pupil. `header` holds one cell per RowHeaderColumn, in order. */
export interface GradeGridRow {
  id: string;
  /** The pupil's name, the first half of each cell's accessible name. */
  name: string;
  header: readonly ReactNode[];
}

export const DEFAULT_WIDTH: Record<NonNullable<GridColumnSpec['kind']>, number> = {
  score: 72,
  choice: 150,
  text: 240,
};

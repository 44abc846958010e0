import { type Bahasa, formatDesimal, formatTanggalTabel } from '@erapor/contract/format';
import type ExcelJS from 'exceljs';

/**
 * A cell as the screen shows it, to compare an export with its table: numbers and dates stay
 * numbers and dates in the workbook (issue #27 item 1), so a '0.0' cell holding 25 reads
 * "25,0" in Indonesian, "25.0" in English, and a date cell "03-08-2026".
 */
export function shownAs(cell: ExcelJS.Cell, lng: Bahasa): string {
  const v = cell.value;
  if (typeof v === 'number' && cell.numFmt === '0.0') return formatDesimal(v, 1, lng);
  if (v instanceof Date) return formatTanggalTabel(v.toISOString(), lng);
  return String(v ?? '');
}

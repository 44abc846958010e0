import {
  EXCEL_COLUMNS,
  EXCEL_DUDI_HEADER,
  emptyGtkInput,
  GTK_KIND_LABEL,
  GTK_MESSAGES,
  type GtkField,
  type GtkInput,
  type LocalGtkKind,
  MAX_IMPORT_ROWS,
} from '@erapor/contract/referensi/gtk';
import { SPREADSHEET_MESSAGES } from '@erapor/contract/spreadsheet';
import { fieldError } from '../../../lib/errors';
import { loadExcelJS } from '../../../lib/exceljs';
import {
  type Cell,
  cellAddress,
  cellAt,
  isErrorCell,
  isFormulaCell,
  cellText as modelCellText,
  rowCount,
  type SheetData,
  type WorkbookData,
} from '../../../lib/spreadsheet/model';
import { readWorkbook, SpreadsheetRefused } from '../../../lib/spreadsheet/read';

/**
 * The instruktur / asesor workbooks (format_excel_instruktur.xlsx, format_excel_asesor.xlsx):
 * one sheet, headers in row 1 (No., Nama, NUPTK, ... Email), one person per row from row 2.
 *
 * The two national files are identical apart from their dates, so nothing in them tells an
 * assessor list from an instructor list. Our own templates do: the sheet is named after the
 * kind, and the asesor template has an 18th column "DUDI". A workbook that carries the other
 * kind's marks is refused with a message saying so (docs/decisions/011-gtk-excel-import.md).
 */

export interface ParsedRow {
  row: number;
  values: GtkInput;
  /** Problems found while reading (unknown agama, unknown DUDI, bad date, a formula error). */
  errors: Partial<Record<GtkField, string>>;
}

export interface Lookups {
  /** Normalised agama name → agama_id. */
  agama: (name: string) => number | null;
  /** DUDI name (or id) → dudi_id of the school. */
  dudi: (nameOrId: string) => string | null;
}

/** Text of a cell of the workbook model: like model.cellText, but whole numbers never in exponent form. */
export function cellText(cell: Cell): string {
  // Long numbers (NIK, NIP typed without a leading ') must not become 3.2e+21.
  if (typeof cell === 'number' && Number.isInteger(cell)) return BigInt(cell).toString();
  return modelCellText(cell);
}

function isoDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}`;
}

/** A birth date as typed: an Excel date, dd/mm/yyyy, dd-mm-yyyy or yyyy-mm-dd → YYYY-MM-DD (or as is). */
export function dateText(cell: Cell): string {
  if (typeof cell === 'number' && cell > 0 && cell < 100000) {
    // An Excel serial day number in a cell without a date format.
    return isoDate(new Date(Date.UTC(1899, 11, 30) + Math.round(cell) * 86_400_000));
  }
  const text = cellText(cell);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (dmy) return `${dmy[3]}-${dmy[2]?.padStart(2, '0')}-${dmy[1]?.padStart(2, '0')}`;
  const ymd = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(text);
  if (ymd) return `${ymd[1]}-${ymd[2]?.padStart(2, '0')}-${ymd[3]?.padStart(2, '0')}`;
  return text;
}

function jenisKelaminText(value: string): string {
  const v = value.trim().toUpperCase();
  if (v === 'LAKI-LAKI' || v === 'LAKI LAKI' || v === 'LAKI') return 'L';
  if (v === 'PEREMPUAN' || v === 'WANITA') return 'P';
  return v;
}

/** The upload through the bounded reader (lib/spreadsheet, decision 018); a refused file is a 4xx on file_excel. */
async function loadWorkbook(data: Buffer, filename: string): Promise<WorkbookData> {
  try {
    return await readWorkbook(data, filename);
  } catch (err) {
    if (!(err instanceof SpreadsheetRefused)) throw err;
    // This screen's own wording for the two everyday cases; the budget refusals say what was too big.
    if (err.code === 'not-xlsx') throw fieldError('file_excel', GTK_MESSAGES.fileType);
    if (err.code === 'unreadable') throw fieldError('file_excel', GTK_MESSAGES.fileUnreadable);
    throw fieldError('file_excel', err.message, err.statusCode);
  }
}

/** A cell that holds something, even if it has no text (a formula error, a formula without result). */
const filled = (cell: Cell) => cell !== null && (typeof cell === 'object' || cellText(cell) !== '');

/** Why a cell cannot be taken as a value (a formula error, a formula without a stored result), or null. */
function cellProblem(cell: Cell, r: number, c: number): string | null {
  if (isErrorCell(cell)) return SPREADSHEET_MESSAGES.formulaError(cellAddress(r, c), cell.error);
  if (isFormulaCell(cell)) return SPREADSHEET_MESSAGES.formulaNoResult(cellAddress(r, c));
  return null;
}

/** Which kind a workbook says it is, from our templates' marks; null for the national files. */
function markedKind(sheet: SheetData): LocalGtkKind | null {
  const name = sheet.name.trim().toLowerCase();
  if (cellText(cellAt(sheet, 1, EXCEL_COLUMNS.length + 1)).toUpperCase() === EXCEL_DUDI_HEADER)
    return 'asesor';
  if (name === 'asesor') return 'asesor';
  if (name === 'instruktur') return 'instruktur';
  return null;
}

const colLetter = (i: number) => String.fromCharCode(64 + i);

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Parses an uploaded workbook. Throws a 4xx on file_excel naming what is wrong with the file itself. */
export async function parseGtkWorkbook(
  data: Buffer,
  filename: string,
  kind: LocalGtkKind,
  lookups: Lookups,
): Promise<ParsedRow[]> {
  const workbook = await loadWorkbook(data, filename);
  const sheet = workbook.sheets.find(
    (ws) => ws.state === 'visible' && ws.rows.some((row) => row.some(filled)),
  );
  if (!sheet) throw fieldError('file_excel', GTK_MESSAGES.fileEmpty);

  const marked = markedKind(sheet);
  if (marked && marked !== kind) throw fieldError('file_excel', GTK_MESSAGES.wrongKind(marked, kind));
  EXCEL_COLUMNS.forEach((col, i) => {
    const found = cellText(cellAt(sheet, 1, i + 1));
    if (norm(found) !== norm(col.header)) {
      throw fieldError('file_excel', GTK_MESSAGES.wrongHeader(`${colLetter(i + 1)}1`, col.header, found));
    }
  });
  const hasDudiColumn = kind === 'asesor' && marked === 'asesor';
  const dudiCol = EXCEL_COLUMNS.length + 1;

  const rows: ParsedRow[] = [];
  for (let r = 2; r <= rowCount(sheet); r++) {
    const cells = EXCEL_COLUMNS.map((_, i) => cellAt(sheet, r, i + 1));
    // Only the person's columns count: a row with just a number in "No." is an empty template row.
    if (!cells.slice(1).some(filled)) continue;
    if (rows.length >= MAX_IMPORT_ROWS)
      throw fieldError('file_excel', GTK_MESSAGES.tooManyRows(MAX_IMPORT_ROWS));
    const values = emptyGtkInput();
    const errors: ParsedRow['errors'] = {};
    EXCEL_COLUMNS.forEach((col, i) => {
      const field = col.field;
      if (!field) return;
      const raw = cells[i] as Cell;
      // A formula error or a formula without result is said as such, never taken as an empty cell.
      const problem = cellProblem(raw, r, i + 1);
      if (problem) {
        errors[field] = problem;
        return;
      }
      if (field === 'tanggal_lahir') values.tanggal_lahir = dateText(raw);
      else if (field === 'agama_id') {
        const name = cellText(raw);
        values.agama_id = name ? lookups.agama(name) : null;
        if (name && values.agama_id === null) errors.agama_id = `${GTK_MESSAGES.agamaNotFound} (${name})`;
      } else if (field === 'jenis_kelamin') values.jenis_kelamin = jenisKelaminText(cellText(raw));
      else values[field] = cellText(raw);
    });
    if (hasDudiColumn) {
      const raw = cellAt(sheet, r, dudiCol);
      const problem = cellProblem(raw, r, dudiCol);
      const name = cellText(raw);
      values.dudi_id = name ? lookups.dudi(name) : null;
      if (problem) errors.dudi_id = problem;
      else if (name && !values.dudi_id) errors.dudi_id = `${GTK_MESSAGES.dudiNotFound} (${name})`;
    }
    rows.push({ row: r, values, errors });
  }
  if (rows.length === 0) throw fieldError('file_excel', GTK_MESSAGES.fileEmpty);
  return rows;
}

/** Our template: the national header row, L/P and agama lists, a date prompt; asesor adds DUDI. */
export async function buildTemplate(
  kind: LocalGtkKind,
  agamaNames: readonly string[],
  dudiNames: readonly string[],
): Promise<Buffer> {
  const workbook = new (await loadExcelJS()).Workbook();
  workbook.creator = 'e-Rapor SMK';
  const sheet = workbook.addWorksheet(GTK_KIND_LABEL[kind]);
  const headers: string[] = EXCEL_COLUMNS.map((c) => c.header);
  if (kind === 'asesor') headers.push(EXCEL_DUDI_HEADER);
  sheet.addRow(headers).font = { bold: true };
  sheet.columns.forEach((c, i) => {
    c.width = i === 0 ? 5 : [1, 16, 17].includes(i) ? 28 : 16;
  });
  // NIK, NUPTK, NIP as text so Excel keeps all 16 digits.
  for (const col of [3, 4, 5]) sheet.getColumn(col).numFmt = '@';
  const list = (values: readonly string[]) => `"${values.join(',').slice(0, 250)}"`;
  for (let r = 2; r <= 501; r++) {
    sheet.getCell(`F${r}`).dataValidation = { type: 'list', allowBlank: true, formulae: ['"L,P"'] };
    sheet.getCell(`I${r}`).dataValidation = { type: 'list', allowBlank: true, formulae: [list(agamaNames)] };
    // exceljs types lack 'any' (a prompt without a rule), which Excel itself writes.
    sheet.getCell(`H${r}`).dataValidation = {
      type: 'any' as 'custom',
      formulae: [],
      allowBlank: true,
      showInputMessage: true,
      promptTitle: 'Format Tanggal Lahir',
      prompt: 'dd/mm/yyyy',
    };
    if (kind === 'asesor' && dudiNames.length && dudiNames.join(',').length < 250) {
      sheet.getCell(`R${r}`).dataValidation = { type: 'list', allowBlank: true, formulae: [list(dudiNames)] };
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Agama names as people type them → the reference's spelling ("Budha" → "Buddha"). */
const AGAMA_ALIASES: Record<string, string> = {
  budha: 'buddha',
  katolik: 'katholik',
  konghucu: 'konghuchu',
  khonghucu: 'konghuchu',
  kepercayaan: 'kepercayaankpdtuhanyme',
  kepercayaankepadatuhanyme: 'kepercayaankpdtuhanyme',
};

export function agamaLookup(rows: readonly { id: number; nama: string }[]): (name: string) => number | null {
  const byName = new Map(rows.map((r) => [norm(r.nama), r.id]));
  return (name) => {
    const key = norm(name);
    return byName.get(key) ?? byName.get(AGAMA_ALIASES[key] ?? '') ?? null;
  };
}

import { normalizeText, TP_MAX_LENGTH, TP_MAX_ROWS } from '@erapor/contract/kurikulum/common';
import { TP_MESSAGES, TP_TEMPLATE, TP_TEMPLATE_PARTS } from '@erapor/contract/kurikulum/tp';
import { SPREADSHEET_MESSAGES } from '@erapor/contract/spreadsheet';
import { fieldError } from '../../lib/errors';
import { loadExcelJS } from '../../lib/exceljs';
import {
  type Cell,
  cellAddress,
  cellAt,
  cellText,
  isErrorCell,
  isFormulaCell,
  rowCount,
  type SheetData,
} from '../../lib/spreadsheet/model';
import { readUploadedWorkbook } from '../../lib/spreadsheet/upload-field';
import { ValueCells } from '../../lib/spreadsheet/value-cells';

/*
 * Template TP (reference-domain §9). The header names the subject, the CP or KD, their codes and
 * the class; the upload is accepted only when the codes are the ones of the request, so a template
 * of another subject or CP, or a workbook made by hand, never lands TPs under the wrong CP (e-Rapor
 * silently did nothing; we say what is wrong).
 *
 * Teachers edit the file in Excel or LibreOffice: the reader is tolerant of layout and exact about
 * meaning. The sheet, the labels and the "Tujuan Pembelajaran" column are found by their text (any
 * sheet name or position, rows or columns inserted or deleted above or before them); a value is the
 * first filled cell right of its label. Only text is a TP: a formula error, a formula without a
 * stored result, a merged range over TP rows (which showed one TP and dropped the others under it),
 * or a number / date / TRUE-FALSE in the TP column refuses the file, naming the cell.
 * Test files as teachers' programs write them: corpus/ (make-corpus.ts).
 */

export interface TpTemplateInfo {
  mapelNama: string;
  mapelKode: number;
  jenis: 'cp' | 'kd';
  /** The CP's elemen + description, or the KD's code + text. */
  sumberTeks: string;
  /** cp_id or kompetensi_dasar_id. */
  sumberKode: string;
  rombel: string;
}

const L = TP_TEMPLATE.labels;
const FIELD = 'template_excel';
const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

export async function buildTpTemplate(info: TpTemplateInfo): Promise<Buffer> {
  const wb = new (await loadExcelJS()).Workbook();
  wb.creator = 'e-Rapor SMK';
  const ws = wb.addWorksheet(TP_TEMPLATE.sheetName);
  ws.columns = [{ width: 24 }, { width: 2 }, { width: 100 }];
  const { labelColumn: A, valueColumn: C, rows } = TP_TEMPLATE;

  ws.mergeCells(1, 1, 1, 3);
  ws.getCell(1, 1).value = TP_TEMPLATE.title;
  ws.getCell(1, 1).font = { bold: true, size: 14 };
  const header: [number, string, string | number][] = [
    [rows.mapelNama, L.mapelNama, info.mapelNama],
    [rows.mapelKode, L.mapelKode, info.mapelKode],
    [rows.sumberTeks, info.jenis === 'cp' ? L.cpTeks : L.kdTeks, info.sumberTeks],
    [rows.sumberKode, info.jenis === 'cp' ? L.cpKode : L.kdKode, info.sumberKode],
    [rows.rombel, L.rombel, info.rombel],
  ];
  for (const [r, label, value] of header) {
    ws.getCell(r, A).value = label;
    ws.getCell(r, A + 1).value = ':';
    const cell = ws.getCell(r, C);
    cell.value = value;
    cell.alignment = { wrapText: true, vertical: 'top', horizontal: 'left' };
  }
  // The codes are what the import checks: keep them as typed.
  ws.getCell(rows.mapelKode, C).numFmt = '0';

  const head = ws.getRow(TP_TEMPLATE.headerRow);
  head.getCell(A).value = L.no;
  head.getCell(C).value = L.tp;
  head.font = { bold: true };
  for (const col of [A, C]) {
    head.getCell(col).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E1F2' } };
    head.getCell(col).border = { bottom: { style: 'thin' } };
  }
  for (let i = 0; i < TP_TEMPLATE.emptyRows; i++) {
    const r = TP_TEMPLATE.firstRow + i;
    ws.getCell(r, A).value = i + 1;
    ws.getCell(r, A).alignment = { horizontal: 'center', vertical: 'top' };
    const cell = ws.getCell(r, C);
    cell.alignment = { wrapText: true, vertical: 'top' };
    cell.dataValidation = {
      type: 'textLength',
      operator: 'lessThanOrEqual',
      allowBlank: true,
      formulae: [TP_MAX_LENGTH],
      showErrorMessage: true,
      errorTitle: L.tp,
      error: TP_MESSAGES.deskripsiMax,
    };
  }
  ws.views = [{ state: 'frozen', ySplit: TP_TEMPLATE.headerRow }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export interface TpTemplateExpectation {
  mapelKode: number;
  jenis: 'cp' | 'kd';
  sumberKode: string;
}

/** What an uploaded Template TP holds. */
export interface TpWorkbook {
  /** The TPs, cleaned (normalizeText), in order, each once. */
  tp: string[];
  /** The class its header names ('' when the row is missing or empty). */
  rombel: string;
}

interface Place {
  r: number;
  c: number;
}
interface Layout {
  sheet: SheetData;
  mapelKode?: Place;
  sumberKode?: Place & { jenis: 'cp' | 'kd' };
  rombel?: Place;
  /** The "Tujuan Pembelajaran" headings of the first row below the labels that has one. */
  headings: Place[];
}

const N = {
  mapelKode: norm(L.mapelKode),
  cpKode: norm(L.cpKode),
  kdKode: norm(L.kdKode),
  rombel: norm(L.rombel),
  tp: norm(L.tp),
};

/** Where the template's labels and TP heading are on a sheet (first `searchRows` rows). */
function scan(sheet: SheetData): Layout {
  const layout: Layout = { sheet, headings: [] };
  const headings: Place[] = [];
  const last = Math.min(TP_TEMPLATE.searchRows, rowCount(sheet));
  for (let r = 1; r <= last; r++) {
    const row = sheet.rows[r - 1] ?? [];
    for (let c = 1; c <= row.length; c++) {
      const cell = row[c - 1] ?? null;
      if (typeof cell !== 'string') continue;
      const t = norm(cell);
      if (t === N.mapelKode) layout.mapelKode ??= { r, c };
      else if (t === N.cpKode || t === N.kdKode)
        layout.sumberKode ??= { r, c, jenis: t === N.cpKode ? 'cp' : 'kd' };
      else if (t === N.rombel) layout.rombel ??= { r, c };
      else if (t === N.tp) headings.push({ r, c });
    }
  }
  const below = Math.max(layout.mapelKode?.r ?? 0, layout.sumberKode?.r ?? 0);
  const first = headings.find((h) => h.r > below);
  if (first) {
    // A heading merged over several columns reads in each of them: adjacent ones are one heading.
    const row = headings.filter((h) => h.r === first.r);
    layout.headings = row.filter((h, i) => i === 0 || h.c !== (row[i - 1] as Place).c + 1);
  }
  return layout;
}

const missingParts = (l: Layout): string[] => [
  ...(l.mapelKode ? [] : [TP_TEMPLATE_PARTS.mapelKode]),
  ...(l.sumberKode ? [] : [TP_TEMPLATE_PARTS.sumberKode]),
  ...(l.headings.length ? [] : [TP_TEMPLATE_PARTS.tp]),
];

/** A cell's text, refusing the two cells that have none (formula error, formula without result). */
function textOf(cell: Cell, r: number, c: number): string {
  if (isErrorCell(cell))
    throw fieldError(FIELD, SPREADSHEET_MESSAGES.formulaError(cellAddress(r, c), cell.error));
  if (isFormulaCell(cell)) throw fieldError(FIELD, SPREADSHEET_MESSAGES.formulaNoResult(cellAddress(r, c)));
  return cellText(cell);
}

/** The value of a header label: the first filled cell right of it (a ":" and a merged label skipped). */
function labelValue(sheet: SheetData, at: Place): string {
  const row = sheet.rows[at.r - 1] ?? [];
  const label = norm(cellText(cellAt(sheet, at.r, at.c)));
  for (let c = at.c + 1; c <= row.length; c++) {
    const cell = row[c - 1] ?? null;
    if (cell === null) continue;
    if (typeof cell === 'string' && (/^[\s:]*$/.test(cell) || norm(cell) === label)) continue;
    return textOf(cell, at.r, c);
  }
  return '';
}

/**
 * The text of a TP cell, taken through ValueCells (an error, a formula without result, a merged
 * range over TP rows refuse the file by address); anything but text (or blank) too.
 */
function tpText(cells: ValueCells, r: number, c: number): string {
  const cell = cells.cell(r, c);
  const problem = cells.problems[0];
  if (problem !== undefined || cell === undefined) throw fieldError(FIELD, problem ?? '');
  const sel = cellAddress(r, c);
  if (typeof cell === 'number')
    throw fieldError(FIELD, TP_MESSAGES.tpNotText(sel, 'angka', cell.toLocaleString('id-ID')));
  if (typeof cell === 'boolean')
    throw fieldError(FIELD, TP_MESSAGES.tpNotText(sel, 'nilai logika', cellText(cell)));
  if (cell !== null && typeof cell === 'object' && cell.kind === 'date')
    throw fieldError(FIELD, TP_MESSAGES.tpNotText(sel, 'tanggal', cell.iso));
  return normalizeText(cellText(cell));
}

/**
 * Reads an uploaded Template TP: finds the template's sheet, checks its codes against `expected`,
 * and reads each non-empty cell of the TP column below the heading, cleaned (normalizeText), a
 * repeated TP kept once. Throws a 422 on `template_excel` naming what is wrong (the file, which label
 * or heading is missing on which sheet, another subject or CP/KD, the cell that is not a TP, nothing
 * filled in); the reader's own refusals keep their status (413 too big, 503 busy).
 */
export async function parseTpWorkbook(
  data: Buffer,
  filename: string,
  expected: TpTemplateExpectation,
): Promise<TpWorkbook> {
  const workbook = await readUploadedWorkbook(data, filename, FIELD);
  const layouts = workbook.sheets.filter((s) => s.state === 'visible').map(scan);
  const complete = layouts.filter((l) => missingParts(l).length === 0);
  if (complete.length > 1)
    throw fieldError(FIELD, TP_MESSAGES.twoTemplates(complete.map((l) => l.sheet.name)));
  const layout = complete[0];
  if (!layout) {
    const closest = layouts
      .map((l) => ({ l, missing: missingParts(l) }))
      .sort((a, b) => a.missing.length - b.missing.length)[0];
    if (!closest || closest.missing.length === 3) throw fieldError(FIELD, TP_MESSAGES.noTemplateSheet);
    throw fieldError(FIELD, TP_MESSAGES.templateIncomplete(closest.l.sheet.name, closest.missing));
  }
  const { sheet, rombel, headings } = layout;
  // Both labels are there: missingParts(layout) is empty.
  const mapelKode = layout.mapelKode as Place;
  const sumberKode = layout.sumberKode as NonNullable<Layout['sumberKode']>;
  if (headings.length > 1) {
    throw fieldError(
      FIELD,
      TP_MESSAGES.twoTpColumns(
        sheet.name,
        headings.map((h) => cellAddress(h.r, h.c)),
      ),
    );
  }

  if (sumberKode.jenis !== expected.jenis)
    throw fieldError(FIELD, TP_MESSAGES.wrongJenis(expected.jenis.toUpperCase()));
  const mapel = labelValue(sheet, mapelKode);
  if (mapel !== String(expected.mapelKode))
    throw fieldError(FIELD, TP_MESSAGES.wrongMapel(mapel, String(expected.mapelKode)));
  const sumber = labelValue(sheet, sumberKode);
  if (sumber.toLowerCase() !== expected.sumberKode.toLowerCase()) {
    throw fieldError(FIELD, TP_MESSAGES.wrongSumber(expected.jenis.toUpperCase(), sumber));
  }
  const kelas = rombel ? normalizeText(labelValue(sheet, rombel)) : '';

  const heading = headings[0] as Place;
  const cells = new ValueCells(sheet);
  const seen = new Set<string>();
  const tp: string[] = [];
  for (let r = heading.r + 1; r <= rowCount(sheet); r++) {
    const value = tpText(cells, r, heading.c);
    if (!value || seen.has(value)) continue;
    if (value.length > TP_MAX_LENGTH)
      throw fieldError(FIELD, TP_MESSAGES.tooLongCell(cellAddress(r, heading.c)));
    seen.add(value);
    tp.push(value);
    if (tp.length > TP_MAX_ROWS) throw fieldError(FIELD, TP_MESSAGES.tooMany);
  }
  if (tp.length === 0) throw fieldError(FIELD, TP_MESSAGES.fileEmpty);
  return { tp, rombel: kelas };
}

/**
 * Notices for an accepted upload: a template made for another class still saves its TPs (the codes
 * of subject and CP/KD are what count, decision 013) — the teacher is told which class they go to.
 */
export function tpImportNotices(read: TpWorkbook, rombel: string): string[] {
  if (read.rombel && norm(read.rombel) !== norm(rombel))
    return [TP_MESSAGES.otherRombel(read.rombel, rombel)];
  return [];
}

import { normalizeText, TP_MAX_LENGTH, TP_MAX_ROWS } from '@erapor/contract/kurikulum/common';
import { TP_MESSAGES, TP_TEMPLATE } from '@erapor/contract/kurikulum/tp';
import ExcelJS from 'exceljs';
import { fieldError } from '../../plugins/errors';
import { cellText } from '../referensi/gtk/excel';

/*
 * Template TP (reference-domain §9). The header names the subject, the CP or KD, and their codes
 * in column C of rows 3 and 5; the upload is accepted only when those codes are the ones of the
 * request, so a template of another subject or CP, or a workbook made by hand, never lands TPs
 * under the wrong CP (e-Rapor silently did nothing; we say what is wrong).
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
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const startsWith = (data: Buffer, magic: number[]) => magic.every((b, i) => data[i] === b);
const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

export async function buildTpTemplate(info: TpTemplateInfo): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
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

/**
 * Reads the TPs of an uploaded Template TP: each non-empty cell of column C from the first TP row
 * on, cleaned (normalizeText), a repeated TP kept once. Throws a 422 on `template_excel` naming what
 * is wrong with the file (type, layout, another subject or CP/KD, a TP too long, nothing filled in).
 */
export async function parseTpWorkbook(
  data: Buffer,
  filename: string,
  expected: TpTemplateExpectation,
): Promise<string[]> {
  if (!/\.xlsx$/i.test(filename) || !startsWith(data, ZIP_MAGIC))
    throw fieldError(FIELD, TP_MESSAGES.fileType);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw fieldError(FIELD, TP_MESSAGES.fileUnreadable);
  }
  const ws = wb.worksheets.find((s) => s.state !== 'hidden');
  if (!ws) throw fieldError(FIELD, TP_MESSAGES.formatWrong);
  const { labelColumn: A, valueColumn: C, rows } = TP_TEMPLATE;
  const text = (r: number, c: number) => cellText(ws.getCell(r, c).value);

  const kodeLabel = norm(text(rows.sumberKode, A));
  const jenis = kodeLabel === norm(L.cpKode) ? 'cp' : kodeLabel === norm(L.kdKode) ? 'kd' : null;
  if (
    norm(text(rows.mapelKode, A)) !== norm(L.mapelKode) ||
    !jenis ||
    norm(text(TP_TEMPLATE.headerRow, C)) !== norm(L.tp)
  ) {
    throw fieldError(FIELD, TP_MESSAGES.formatWrong);
  }
  if (jenis !== expected.jenis) throw fieldError(FIELD, TP_MESSAGES.wrongJenis(expected.jenis.toUpperCase()));
  const mapel = text(rows.mapelKode, C);
  if (mapel !== String(expected.mapelKode))
    throw fieldError(FIELD, TP_MESSAGES.wrongMapel(mapel, String(expected.mapelKode)));
  const sumber = text(rows.sumberKode, C);
  if (sumber.toLowerCase() !== expected.sumberKode.toLowerCase()) {
    throw fieldError(FIELD, TP_MESSAGES.wrongSumber(expected.jenis.toUpperCase(), sumber));
  }

  const seen = new Set<string>();
  const tp: string[] = [];
  for (let r = TP_TEMPLATE.firstRow; r <= ws.rowCount; r++) {
    const value = normalizeText(text(r, C));
    if (!value || seen.has(value)) continue;
    if (value.length > TP_MAX_LENGTH)
      throw fieldError(FIELD, `${TP_MESSAGES.lineTooLong(tp.length + 1)} (sel C${r})`);
    seen.add(value);
    tp.push(value);
    if (tp.length > TP_MAX_ROWS) throw fieldError(FIELD, TP_MESSAGES.tooMany);
  }
  if (tp.length === 0) throw fieldError(FIELD, TP_MESSAGES.fileEmpty);
  return tp;
}

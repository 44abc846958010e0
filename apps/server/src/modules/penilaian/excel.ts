import {
  ASESMEN_MESSAGES,
  JENIS_LABEL,
  type JenisTemplate,
  type TpColumn,
} from '@erapor/contract/penilaian/asesmen';
import ExcelJS from 'exceljs';
import { fieldError } from '../../plugins/errors';
import type { Pupil } from './roster';

/*
 * The Excel round trip of the grade screens (reference-domain §9), laid out as the national
 * templates but carrying, hidden, what an upload must check: a very hidden sheet "erapor" with the
 * template kind, the pembelajaran and rombel ids and their names; the anggota_rombel id of every
 * pupil in the hidden PD_ID column; the TP ids (or tes / non-tes keys) in a hidden row above the
 * headings (the TP_ID column in the nilai-akhir layout). An upload is read back into values for
 * the grid — nothing is saved until the teacher presses Simpan.
 */

const META_SHEET = 'erapor';
const META_MARK = 'e-Rapor SMK template nilai';
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

/** Rows of the SLM / SAS layout: hidden column keys, headings, first pupil. */
const KEY_ROW = 8;
const HEAD_ROW = 9;
const FIRST_ROW = 10;
const FIRST_VALUE_COL = 5;
/** Rows of the nilai-akhir layout. */
const NA_HEAD_ROW = 12;
const NA_FIRST_ROW = 13;
const NA_HEADINGS = [
  'NO',
  'PD_ID',
  'NAMA',
  'NISN',
  'NILAI AKHIR',
  'TP_ID',
  'KETERCAPAIAN KOMPETENSI',
  'DESKRIPSI TP',
] as const;
const HEADINGS = ['No', 'PD_ID', 'Nama', 'NISN'] as const;

const SHEET_NAME: Record<JenisTemplate, string> = {
  'lingkup-materi': 'Sumatif Lingkup Materi',
  'akhir-semester': 'Sumatif Akhir Semester',
  'nilai-akhir': 'Nilai Akhir',
};

export interface TemplateInput {
  jenis: JenisTemplate;
  pembelajaranId: string;
  rombonganBelajarId: string;
  mapel: string;
  kelas: string;
  tahunPelajaran: string;
  pupils: readonly Pupil[];
  tp: readonly TpColumn[];
  /** Stored values to prefill, keyed `anggota#column` (column = tp id, 'tes', 'non-tes', 'nilai_akhir'). */
  values: ReadonlyMap<string, number>;
}

const bold = { bold: true } as const;
const thin: Partial<ExcelJS.Borders> = {
  top: { style: 'thin' },
  left: { style: 'thin' },
  bottom: { style: 'thin' },
  right: { style: 'thin' },
};

function writeMeta(workbook: ExcelJS.Workbook, t: TemplateInput): void {
  const meta = workbook.addWorksheet(META_SHEET, { state: 'veryHidden' });
  const rows: [string, string][] = [
    ['mark', META_MARK],
    ['jenis', t.jenis],
    ['pembelajaran_id', t.pembelajaranId],
    ['rombongan_belajar_id', t.rombonganBelajarId],
    ['mapel', t.mapel],
    ['kelas', t.kelas],
    ['sheet', SHEET_NAME[t.jenis]],
  ];
  for (const r of rows) meta.addRow(r);
}

function header(sheet: ExcelJS.Worksheet, title: string, lines: [string, string][]): void {
  sheet.getCell('A1').value = title;
  sheet.getCell('A1').font = { bold: true, size: 14 };
  lines.forEach(([label, value], i) => {
    sheet.getCell(`A${3 + i}`).value = label;
    sheet.getCell(`A${3 + i}`).font = bold;
    sheet.getCell(`C${3 + i}`).value = `: ${value}`;
  });
}

function headingRow(row: ExcelJS.Row, labels: readonly string[]): void {
  labels.forEach((label, i) => {
    const cell = row.getCell(i + 1);
    cell.value = label;
    cell.font = bold;
    cell.border = thin;
    cell.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E1F2' } };
  });
}

/** SLM and SAS: one row per pupil, one column per TP (or non-tes / tes). */
function scoreSheet(workbook: ExcelJS.Workbook, t: TemplateInput): void {
  const sheet = workbook.addWorksheet(SHEET_NAME[t.jenis]);
  const columns =
    t.jenis === 'lingkup-materi'
      ? t.tp.map((tp) => ({ key: tp.tp_id, label: tp.label }))
      : [
          { key: 'non-tes', label: 'NILAI_NON_TES' },
          { key: 'tes', label: 'NILAI_TES' },
        ];
  header(
    sheet,
    t.jenis === 'lingkup-materi'
      ? 'FORMAT EXCEL SUMATIF LINGKUP MATERI'
      : 'FORMAT EXCEL SUMATIF AKHIR SEMESTER',
    [
      ['Mata Pelajaran', t.mapel],
      ['Kelas', t.kelas],
      ['Tahun Pelajaran', t.tahunPelajaran],
    ],
  );
  sheet.getCell('A7').value =
    t.jenis === 'lingkup-materi'
      ? `MASUKKAN NILAI BERUPA ANGKA (0-100) DIKOLOM ${columns.map((c) => c.label).join(', ')}`
      : 'MASUKKAN NILAI BERUPA ANGKA (0-100) DIKOLOM NILAI_NON_TES DAN NILAI_TES';
  sheet.getCell('A7').font = { bold: true, color: { argb: 'FFC00000' } };
  const keys = sheet.getRow(KEY_ROW);
  columns.forEach((c, i) => {
    keys.getCell(FIRST_VALUE_COL + i).value = c.key;
  });
  keys.hidden = true;
  headingRow(sheet.getRow(HEAD_ROW), [...HEADINGS, ...columns.map((c) => c.label)]);
  t.pupils.forEach((p, i) => {
    const row = sheet.getRow(FIRST_ROW + i);
    row.values = [
      i + 1,
      p.anggota_rombel_id,
      p.nama,
      p.nisn ?? '',
      ...columns.map((c) => t.values.get(`${p.anggota_rombel_id}#${c.key}`) ?? null),
    ];
    for (let c = 1; c <= HEADINGS.length + columns.length; c++) row.getCell(c).border = thin;
  });
  // Whole numbers 0–100 only, as the grid accepts them.
  for (let r = FIRST_ROW; r < FIRST_ROW + t.pupils.length; r++) {
    for (let c = 0; c < columns.length; c++) {
      sheet.getRow(r).getCell(FIRST_VALUE_COL + c).dataValidation = {
        type: 'whole',
        operator: 'between',
        allowBlank: true,
        formulae: [0, 100],
        showErrorMessage: true,
        errorTitle: 'Nilai tidak valid',
        error: 'Nilai harus berupa angka bulat 0 sampai 100',
      };
    }
  }
  sheet.getColumn(1).width = 5;
  sheet.getColumn(2).hidden = true;
  sheet.getColumn(2).width = 38;
  sheet.getColumn(3).width = 36;
  sheet.getColumn(4).width = 14;
  for (let c = 0; c < columns.length; c++) sheet.getColumn(FIRST_VALUE_COL + c).width = 14;
  sheet.views = [{ state: 'frozen', xSplit: 3, ySplit: HEAD_ROW }];

  if (t.jenis === 'lingkup-materi' && t.tp.length > 0) {
    const legend = workbook.addWorksheet('Tujuan Pembelajaran');
    headingRow(legend.addRow([]), ['TP', 'Deskripsi Tujuan Pembelajaran']);
    for (const tp of t.tp) legend.addRow([tp.label, tp.deskripsi]);
    legend.getColumn(1).width = 8;
    legend.getColumn(2).width = 100;
  }
}

/** Nilai akhir: one row per pupil and TP; the pupil's cells merged; TP_ID hidden. */
function nilaiAkhirSheet(workbook: ExcelJS.Workbook, t: TemplateInput): void {
  const sheet = workbook.addWorksheet(SHEET_NAME[t.jenis]);
  header(sheet, 'Template Nilai Akhir', [
    ['Mata Pelajaran', t.mapel],
    ['Kelas', t.kelas],
    ['Kode Rombel', t.rombonganBelajarId],
    ['Kode Mapel', t.pembelajaranId],
  ]);
  sheet.getCell('A8').value = 'Petunjuk:';
  sheet.getCell('A8').font = bold;
  sheet.getCell('A9').value = 'Kolom NILAI AKHIR diisi angka bulat 0-100 (kosongkan jika belum dinilai).';
  sheet.getCell('A10').value =
    'Kolom KETERCAPAIAN KOMPETENSI: isi angka 1 jika TERCAPAI, 0 jika TIDAK TERCAPAI, kosongkan jika tidak dinilai.';
  headingRow(sheet.getRow(NA_HEAD_ROW), NA_HEADINGS);
  let r = NA_FIRST_ROW;
  t.pupils.forEach((p, i) => {
    const span = Math.max(1, t.tp.length);
    const final = t.values.get(`${p.anggota_rombel_id}#nilai_akhir`) ?? null;
    for (let j = 0; j < span; j++) {
      const tp = t.tp[j];
      const row = sheet.getRow(r + j);
      row.values = [
        i + 1,
        p.anggota_rombel_id,
        p.nama,
        p.nisn ?? '',
        j === 0 ? final : null,
        tp?.tp_id ?? '',
        tp ? (t.values.get(`${p.anggota_rombel_id}#${tp.tp_id}`) ?? null) : null,
        tp ? `${tp.label}: ${tp.deskripsi}` : '',
      ];
      for (let c = 1; c <= NA_HEADINGS.length; c++) row.getCell(c).border = thin;
      row.getCell(5).dataValidation = {
        type: 'whole',
        operator: 'between',
        allowBlank: true,
        formulae: [0, 100],
        showErrorMessage: true,
        error: 'Nilai harus berupa angka bulat 0 sampai 100',
      };
      row.getCell(7).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: ['"1,0"'],
        showErrorMessage: true,
        error: 'Isi 1 (Tercapai), 0 (Tidak tercapai) atau kosongkan',
      };
    }
    if (span > 1) {
      for (const c of ['A', 'B', 'C', 'D', 'E']) sheet.mergeCells(`${c}${r}:${c}${r + span - 1}`);
    }
    for (const c of ['A', 'C', 'D', 'E']) sheet.getCell(`${c}${r}`).alignment = { vertical: 'middle' };
    r += span;
  });
  sheet.getColumn(1).width = 5;
  sheet.getColumn(2).hidden = true;
  sheet.getColumn(2).width = 38;
  sheet.getColumn(3).width = 34;
  sheet.getColumn(4).width = 14;
  sheet.getColumn(5).width = 12;
  sheet.getColumn(6).hidden = true;
  sheet.getColumn(6).width = 38;
  sheet.getColumn(7).width = 16;
  sheet.getColumn(8).width = 80;
  sheet.views = [{ state: 'frozen', ySplit: NA_HEAD_ROW }];
}

export async function buildTemplate(t: TemplateInput): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'e-Rapor SMK';
  if (t.jenis === 'nilai-akhir') nilaiAkhirSheet(workbook, t);
  else scoreSheet(workbook, t);
  writeMeta(workbook, t);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// --- reading -------------------------------------------------------------------------------

/** Text of a cell whatever exceljs made of it (number, rich text, formula result). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value).trim();
}

const startsWith = (data: Buffer, magic: number[]) => magic.every((b, i) => data[i] === b);
const formatSalah = () => fieldError('file_excel', ASESMEN_MESSAGES.formatSalah);

export interface UploadTarget {
  jenis: JenisTemplate;
  pembelajaranId: string;
  /** The grid's pupils and column keys today (a file's others are skipped). */
  pupils: readonly Pupil[];
  columns: ReadonlySet<string>;
}

export interface ParsedUpload {
  rows: { anggota_rombel_id: string; values: Record<string, string> }[];
  catatan: string[];
}

async function loadWorkbook(data: Buffer, filename: string): Promise<ExcelJS.Workbook> {
  if (!/\.xlsx$/i.test(filename) || startsWith(data, OLE_MAGIC) || !startsWith(data, ZIP_MAGIC)) {
    throw fieldError('file_excel', ASESMEN_MESSAGES.fileType);
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw formatSalah();
  }
  return workbook;
}

function readMeta(workbook: ExcelJS.Workbook): Map<string, string> | null {
  const meta = workbook.getWorksheet(META_SHEET);
  if (!meta) return null;
  const map = new Map<string, string>();
  meta.eachRow((row) => {
    map.set(cellText(row.getCell(1).value), cellText(row.getCell(2).value));
  });
  return map.get('mark') === META_MARK ? map : null;
}

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * Reads an uploaded template back. Refuses (422 on file_excel) a non-xlsx file, a workbook we
 * did not make ("Format Import salah…"), our template of another kind or of another
 * pembelajaran (naming what it is), and a template whose layout was broken.
 */
export async function parseUpload(
  data: Buffer,
  filename: string,
  target: UploadTarget,
): Promise<ParsedUpload> {
  const workbook = await loadWorkbook(data, filename);
  const meta = readMeta(workbook);
  if (!meta) throw formatSalah();
  const jenis = meta.get('jenis') as JenisTemplate | undefined;
  if (!jenis || !(jenis in JENIS_LABEL)) throw formatSalah();
  if (jenis !== target.jenis)
    throw fieldError('file_excel', ASESMEN_MESSAGES.otherJenis(jenis, target.jenis));
  if (meta.get('pembelajaran_id') !== target.pembelajaranId) {
    throw fieldError(
      'file_excel',
      ASESMEN_MESSAGES.otherPembelajaran(meta.get('mapel') ?? '?', meta.get('kelas') ?? '?'),
    );
  }
  const sheet = workbook.getWorksheet(meta.get('sheet') ?? SHEET_NAME[jenis]);
  if (!sheet) throw formatSalah();
  return jenis === 'nilai-akhir' ? readNilaiAkhir(sheet, target) : readScores(sheet, target);
}

function result(
  byPupil: Map<string, Record<string, string>>,
  target: UploadTarget,
  skippedPupils: number,
  skippedColumns: number,
): ParsedUpload {
  const catatan: string[] = [];
  if (skippedPupils > 0) catatan.push(ASESMEN_MESSAGES.uploadPdUnknown(skippedPupils));
  if (skippedColumns > 0) catatan.push(ASESMEN_MESSAGES.uploadTpUnknown(skippedColumns));
  const missing = target.pupils.filter((p) => !byPupil.has(p.anggota_rombel_id)).length;
  if (missing > 0) catatan.push(ASESMEN_MESSAGES.uploadPdMissing(missing));
  return {
    rows: target.pupils
      .filter((p) => byPupil.has(p.anggota_rombel_id))
      .map((p) => ({
        anggota_rombel_id: p.anggota_rombel_id,
        values: byPupil.get(p.anggota_rombel_id) ?? {},
      })),
    catatan,
  };
}

function readScores(sheet: ExcelJS.Worksheet, target: UploadTarget): ParsedUpload {
  const head = sheet.getRow(HEAD_ROW);
  if (!HEADINGS.every((h, i) => same(cellText(head.getCell(i + 1).value), h))) throw formatSalah();
  const keyRow = sheet.getRow(KEY_ROW);
  const columns: { col: number; key: string }[] = [];
  let skippedColumns = 0;
  for (let c = FIRST_VALUE_COL; c <= Math.max(sheet.columnCount, FIRST_VALUE_COL); c++) {
    const key = cellText(keyRow.getCell(c).value);
    if (!key) break;
    if (target.columns.has(key)) columns.push({ col: c, key });
    else skippedColumns++;
  }
  if (target.jenis === 'akhir-semester' && columns.length !== 2) throw formatSalah();
  const known = new Set(target.pupils.map((p) => p.anggota_rombel_id));
  const byPupil = new Map<string, Record<string, string>>();
  let skippedPupils = 0;
  for (let r = FIRST_ROW; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const id = cellText(row.getCell(2).value);
    if (!id) continue;
    if (!known.has(id) || byPupil.has(id)) {
      skippedPupils++;
      continue;
    }
    const values: Record<string, string> = {};
    for (const { col, key } of columns) values[key] = cellText(row.getCell(col).value);
    byPupil.set(id, values);
  }
  return result(byPupil, target, skippedPupils, skippedColumns);
}

function readNilaiAkhir(sheet: ExcelJS.Worksheet, target: UploadTarget): ParsedUpload {
  const head = sheet.getRow(NA_HEAD_ROW);
  if (!NA_HEADINGS.every((h, i) => same(cellText(head.getCell(i + 1).value), h))) throw formatSalah();
  const known = new Set(target.pupils.map((p) => p.anggota_rombel_id));
  const byPupil = new Map<string, Record<string, string>>();
  const unknownPupils = new Set<string>();
  const unknownTp = new Set<string>();
  for (let r = NA_FIRST_ROW; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    // Merged cells read as their first cell's value, so every TP row names its pupil.
    const id = cellText(row.getCell(2).value);
    if (!id) continue;
    if (!known.has(id)) {
      unknownPupils.add(id);
      continue;
    }
    const values = byPupil.get(id) ?? {};
    if (!('nilai_akhir' in values)) values.nilai_akhir = cellText(row.getCell(5).value);
    const tp = cellText(row.getCell(6).value);
    if (tp) {
      if (target.columns.has(tp)) values[tp] = cellText(row.getCell(7).value);
      else unknownTp.add(tp);
    }
    byPupil.set(id, values);
  }
  return result(byPupil, target, unknownPupils.size, unknownTp.size);
}

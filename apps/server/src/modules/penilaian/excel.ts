import type { JenisTemplate, TpColumn } from '@erapor/contract/penilaian/asesmen';
import type * as ExcelJS from 'exceljs';
import { loadExcelJS } from '../../lib/exceljs';
import {
  FIRST_ROW,
  FIRST_VALUE_COL,
  HEAD_ROW,
  HEADINGS,
  KEY_ROW,
  META_MARK,
  META_SHEET,
  NA_FIRST_ROW,
  NA_HEAD_ROW,
  NA_HEADINGS,
  SHEET_NAME,
} from './excel-layout';
import type { Pupil } from './roster';

/*
 * The Excel round trip of the grade screens (reference-domain §9), laid out as the national
 * templates but carrying, hidden, what an upload must check: a very hidden sheet "erapor" with the
 * template kind, the pembelajaran and rombel ids and their names; the anggota_rombel id of every
 * pupil in the hidden PD_ID column; the TP ids (or tes / non-tes keys) in a hidden row above the
 * headings (the TP_ID column in the nilai-akhir layout). An upload is read back by excel-upload.ts
 * into values for the grid — nothing is saved until the teacher presses Simpan.
 */

export interface TemplateInput {
  jenis: JenisTemplate;
  pembelajaranId: string;
  rombonganBelajarId: string;
  mapel: string;
  kelas: string;
  tahunPelajaran: string;
  semesterId: string;
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
    ['semester_id', t.semesterId],
    ['semester', t.tahunPelajaran],
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
  const workbook = new (await loadExcelJS()).Workbook();
  workbook.creator = 'e-Rapor SMK';
  if (t.jenis === 'nilai-akhir') nilaiAkhirSheet(workbook, t);
  else scoreSheet(workbook, t);
  writeMeta(workbook, t);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

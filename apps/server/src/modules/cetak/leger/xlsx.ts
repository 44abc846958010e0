import type { Writable } from 'node:stream';
import type { LegerResponse } from '@erapor/contract/cetak/leger';
import { EXCEL_FORMAT } from '@erapor/contract/format';
import type * as ExcelJS from 'exceljs';
import { loadExcelJS } from '../../../lib/exceljs';

/*
 * The ledger as an xlsx, written row by row into `out` (exceljs' streaming WorkbookWriter), so a
 * large class never sits in memory as a whole workbook. Layout (reference-domain §8.3):
 *   1      LEGER NILAI PESERTA DIDIK
 *   2–5    Sekolah | NPSN | Kelas | Tahun Pelajaran, label in A and value in C
 *   7      No | NAMA PESERTA DIDIK | NISN | subjects… | S | I | A [| JUMLAH | RATA-RATA | PERINGKAT]
 *   8…     one row per pupil: grades and days as numbers, "-" where there is no grade
 */

export const LEGER_HEADER_ROW = 7;
export const LEGER_SHEET = 'Leger Nilai';

export function legerColumns(leger: LegerResponse): string[] {
  return [
    'No',
    'NAMA PESERTA DIDIK',
    'NISN',
    ...leger.mapel.map((m) => m.nama),
    'S',
    'I',
    'A',
    ...(leger.ringkasan ? ['JUMLAH', 'RATA-RATA', 'PERINGKAT'] : []),
  ];
}

export async function writeLegerXlsx(leger: LegerResponse, out: Writable): Promise<void> {
  const wb = new (await loadExcelJS()).stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = 'e-Rapor SMK';
  const ws = wb.addWorksheet(LEGER_SHEET, {
    views: [{ state: 'frozen', xSplit: 3, ySplit: LEGER_HEADER_ROW }],
  });
  const headers = legerColumns(leger);
  ws.columns = headers.map((h, i) => ({
    width: i === 0 ? 5 : i === 1 ? 32 : i === 2 ? 13 : Math.max(6, Math.min(h.length + 2, 18)),
  }));

  const title = ws.addRow(['LEGER NILAI PESERTA DIDIK']);
  title.font = { bold: true, size: 13 };
  title.commit();
  for (const [label, value] of [
    ['Sekolah', leger.sekolah],
    ['NPSN', leger.npsn],
    ['Kelas', leger.kelas],
    ['Tahun Pelajaran', leger.tahun_pelajaran],
  ] as const) {
    ws.addRow([label, ':', value]).commit();
  }
  ws.addRow([]).commit();

  const border: Partial<ExcelJS.Borders> = {
    top: { style: 'thin' },
    left: { style: 'thin' },
    bottom: { style: 'thin' },
    right: { style: 'thin' },
  };
  const head = ws.addRow(headers);
  head.eachCell((cell) => {
    cell.font = { bold: true };
    cell.border = border;
    cell.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
  });
  head.commit();

  leger.rows.forEach((r, i) => {
    const values: (string | number)[] = [
      i + 1,
      r.nama,
      r.nisn ?? '-',
      ...r.nilai.map((v) => v ?? '-'),
      r.sakit,
      r.izin,
      r.alpa,
    ];
    if (leger.ringkasan) values.push(r.jumlah ?? '-', r.rata_rata ?? '-', r.peringkat ?? '-');
    const row = ws.addRow(values);
    row.eachCell((cell, col) => {
      cell.border = border;
      if (col !== 2) cell.alignment = { horizontal: 'center' };
    });
    // One decimal shown even for a whole mean (85 → "85.0"); the cell keeps the number.
    if (leger.ringkasan && r.rata_rata !== null && r.rata_rata !== undefined) {
      row.getCell(headers.length - 1).numFmt = EXCEL_FORMAT.desimal1;
    }
    row.commit();
  });
  ws.commit();
  await wb.commit();
}

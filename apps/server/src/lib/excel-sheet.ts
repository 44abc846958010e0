import { EXCEL_FORMAT, excelWaktu } from '@erapor/contract/format';
import { PROGRESS_STATUS_LABELS } from '@erapor/contract/monitoring/counting';
import type { MonitoringFilter } from '@erapor/contract/monitoring/filters';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../actor';
import type { Db } from '../db/client';
import { guru, jurusanSp, rombonganBelajar } from '../db/tables/referensi';
import { sekolah, semester } from '../db/tables/sekolah';
import { loadExcelJS } from './exceljs';

/*
 * "Unduh Excel" of every monitoring screen (issue #14 item 1): the filtered table as one sheet,
 * below a title block — the screen's title, Sekolah, NPSN, Tahun Pelajaran, the filters applied
 * ("Semua" when none) and the time it was made — so a printed copy says what it shows.
 */

export interface MonitoringSheet {
  title: string;
  sekolah: string;
  npsn: string;
  periode: string;
  /** Filter label → the value chosen, e.g. ["Tingkat", "Kelas 10"]. */
  filters: readonly (readonly [string, string])[];
  dibuat: Date;
  /** `numFmt` (EXCEL_FORMAT) for a column of numbers or dates: the cells stay numbers, never text. */
  columns: readonly { header: string; width: number; numFmt?: string }[];
  rows: readonly (readonly (string | number | Date | null)[])[];
}

/** The row (1-based) where the table's header starts: after the title block and one blank line. */
export function headerRowOf(sheet: Pick<MonitoringSheet, 'filters'>): number {
  return 5 + sheet.filters.length + 2;
}

export async function monitoringWorkbook(sheet: MonitoringSheet): Promise<Buffer> {
  const wb = new (await loadExcelJS()).Workbook();
  const ws = wb.addWorksheet('Monitoring');
  ws.addRow([sheet.title]).font = { bold: true, size: 14 };
  ws.addRow(['Sekolah', sheet.sekolah]);
  ws.addRow(['NPSN', sheet.npsn]);
  ws.addRow(['Tahun Pelajaran', sheet.periode]);
  for (const [label, value] of sheet.filters) ws.addRow([label, value]);
  // A date-time cell with the school's wall clock (Excel has no time zones).
  ws.addRow(['Dibuat', excelWaktu(sheet.dibuat, 'Asia/Jakarta')]).getCell(2).numFmt = EXCEL_FORMAT.waktu;
  ws.addRow([]);
  const header = ws.addRow(sheet.columns.map((c) => c.header));
  header.font = { bold: true };
  sheet.columns.forEach((c, i) => {
    ws.getColumn(i + 1).width = c.width;
  });
  for (const r of sheet.rows) {
    const row = ws.addRow(r.map((v) => (v === null ? '-' : v)));
    sheet.columns.forEach((c, i) => {
      const v = r[i];
      if (c.numFmt && (typeof v === 'number' || v instanceof Date)) row.getCell(i + 1).numFmt = c.numFmt;
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The title block's Sekolah, NPSN and Tahun Pelajaran of the login. */
export async function sheetContext(
  db: Db,
  actor: Actor,
): Promise<Pick<MonitoringSheet, 'sekolah' | 'npsn' | 'periode'>> {
  const [school] = await db
    .select({ nama: sekolah.nama, npsn: sekolah.npsn })
    .from(sekolah)
    .where(eq(sekolah.sekolahId, actor.sekolahId));
  const [sem] = await db
    .select({ nama: semester.nama })
    .from(semester)
    .where(eq(semester.semesterId, actor.semesterId));
  return { sekolah: school?.nama ?? '', npsn: school?.npsn ?? '', periode: sem?.nama ?? actor.semesterId };
}

/** A teacher filter as the title block shows it: the name, "Semua" when none. */
export async function guruLabel(db: Db, actor: Actor, id: string | undefined): Promise<string> {
  if (!id) return 'Semua';
  const [row] = await db
    .select({ v: guru.nama })
    .from(guru)
    .where(and(eq(guru.guruId, id), eq(guru.sekolahId, actor.sekolahId)));
  return row?.v ?? 'Semua';
}

/** A class filter as the title block shows it: the name, "Semua" when none. */
export async function rombelLabel(db: Db, actor: Actor, id: string | undefined): Promise<string> {
  if (!id) return 'Semua';
  const [row] = await db
    .select({ v: rombonganBelajar.nama })
    .from(rombonganBelajar)
    .where(and(eq(rombonganBelajar.rombonganBelajarId, id), eq(rombonganBelajar.sekolahId, actor.sekolahId)));
  return row?.v ?? 'Semua';
}

/** A programme filter as the title block shows it: the name, "Semua" when none. */
export async function jurusanLabel(db: Db, actor: Actor, id: string | undefined): Promise<string> {
  if (!id) return 'Semua';
  const [row] = await db
    .select({ v: jurusanSp.namaJurusanSp })
    .from(jurusanSp)
    .where(and(eq(jurusanSp.jurusanSpId, id), eq(jurusanSp.sekolahId, actor.sekolahId)));
  return row?.v ?? 'Semua';
}

/**
 * The title block's filters of a screen with the class filters: Tingkat, Program, Rombel, the
 * teacher (named as the screen names it), Status and Cari — names, never ids.
 */
export async function kelasFilterLabels(
  db: Db,
  actor: Actor,
  q: Partial<MonitoringFilter> & { q?: string | undefined },
  guruTitle: string,
): Promise<[string, string][]> {
  const [jurusan, rombel, guruName] = await Promise.all([
    jurusanLabel(db, actor, q.jurusan_sp_id),
    rombelLabel(db, actor, q.rombongan_belajar_id),
    guruLabel(db, actor, q.guru_id),
  ]);
  return [
    ['Tingkat', q.tingkat === undefined ? 'Semua' : `Kelas ${q.tingkat}`],
    ['Program/Konsentrasi Keahlian', jurusan],
    ['Rombongan Belajar', rombel],
    [guruTitle, guruName],
    ['Status', q.status ? PROGRESS_STATUS_LABELS[q.status] : 'Semua'],
    ['Cari', q.q?.trim() || '-'],
  ];
}

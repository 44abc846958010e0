import { EXCEL_FORMAT, excelTanggal } from '@erapor/contract/format';
import { PROGRESS_STATUS_LABELS } from '@erapor/contract/monitoring/counting';
import { type MonitoringPklQuery, PKL_MONITORING_TEXT } from '@erapor/contract/pkl/monitoring';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { guruLabel, monitoringWorkbook, rombelLabel, sheetContext } from '../../lib/excel-sheet';
import { allMonitoringPkl } from './monitoring';

/** Column headers of the export, in the table's order (the e2e test compares them with the screen). */
export const PKL_EXCEL_COLUMNS = [
  { header: 'Kelas', width: 16 },
  { header: 'DUDI', width: 30 },
  { header: 'PKS', width: 30 },
  { header: 'Tanggal Mulai', width: 14, numFmt: EXCEL_FORMAT.tanggal },
  { header: 'Tanggal Selesai', width: 14, numFmt: EXCEL_FORMAT.tanggal },
  { header: 'Guru Pembimbing', width: 28 },
  { header: 'JML Peserta', width: 10 },
  { header: 'Dinilai', width: 10 },
  { header: '%', width: 8, numFmt: EXCEL_FORMAT.desimal1 },
  { header: 'Status', width: 14 },
] as const;

/** "Unduh Excel" of Nilai PKL: every filtered plan, lowest % first. */
export async function excelPkl(
  db: Db,
  actor: Actor,
  query: MonitoringPklQuery,
): Promise<{ data: Buffer; filename: string }> {
  const rows = await allMonitoringPkl(db, actor, query);
  const data = await monitoringWorkbook({
    title: PKL_MONITORING_TEXT.excelTitle,
    ...(await sheetContext(db, actor)),
    filters: [
      ['Tingkat', query.tingkat === undefined ? 'Semua' : `Kelas ${query.tingkat}`],
      ['Rombongan Belajar', await rombelLabel(db, actor, query.rombongan_belajar_id)],
      ['Guru Pembimbing', await guruLabel(db, actor, query.guru_id)],
      ['Status', query.status ? PROGRESS_STATUS_LABELS[query.status] : 'Semua'],
      ['Cari', query.q?.trim() || '-'],
    ],
    dibuat: new Date(),
    columns: PKL_EXCEL_COLUMNS,
    rows: rows.map((r) => [
      r.kelas,
      r.nama_dudi,
      r.judul_akt_pd,
      excelTanggal(r.tanggal_mulai),
      excelTanggal(r.tanggal_selesai),
      r.nama_pembimbing,
      r.jml_peserta,
      r.jml_dinilai,
      r.percent,
      r.status ? PROGRESS_STATUS_LABELS[r.status] : '-',
    ]),
  });
  return { data, filename: `monitoring-nilai-pkl-${actor.semesterId}.xlsx` };
}

import { EXCEL_FORMAT } from '@erapor/contract/format';
import { PROGRESS_STATUS_LABELS } from '@erapor/contract/monitoring/counting';
import type { MonitoringPenilaianQuery } from '@erapor/contract/monitoring/penilaian';
import { PENILAIAN_MONITORING_MESSAGES } from '@erapor/contract/monitoring/penilaian';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { kelasFilterLabels, monitoringWorkbook, sheetContext } from '../../lib/excel-sheet';
import { allPenilaianRows } from './penilaian';

/** Column headers of the export, in the table's order (the e2e test compares them with the screen). */
export const PENILAIAN_EXCEL_COLUMNS = [
  { header: 'Rombel', width: 16 },
  { header: 'Mata Pelajaran', width: 36 },
  { header: 'Guru Mata Pelajaran', width: 30 },
  { header: 'Jumlah Peserta Didik', width: 12 },
  { header: 'Jml Peserta Didik Dinilai', width: 12 },
  { header: 'Capaian', width: 10 },
  { header: '%', width: 8, numFmt: EXCEL_FORMAT.desimal1 },
  { header: 'Status', width: 14 },
] as const;

/** "Unduh Excel" of Nilai Akademik: every filtered row, lowest % first. */
export async function excelPenilaian(
  db: Db,
  actor: Actor,
  query: MonitoringPenilaianQuery,
): Promise<{ data: Buffer; filename: string }> {
  const rows = await allPenilaianRows(db, actor, query);
  const data = await monitoringWorkbook({
    title: PENILAIAN_MONITORING_MESSAGES.excelTitle,
    ...(await sheetContext(db, actor)),
    filters: await kelasFilterLabels(db, actor, query, 'Guru'),
    dibuat: new Date(),
    columns: PENILAIAN_EXCEL_COLUMNS,
    rows: rows.map((r) => [
      r.rombel,
      r.mata_pelajaran,
      r.guru ?? '-',
      r.expected,
      r.dinilai,
      r.capaian,
      r.percent,
      r.status ? PROGRESS_STATUS_LABELS[r.status] : '-',
    ]),
  });
  return { data, filename: `monitoring-nilai-akademik-${actor.semesterId}.xlsx` };
}

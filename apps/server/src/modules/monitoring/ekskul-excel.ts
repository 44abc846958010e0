import { EXCEL_FORMAT } from '@erapor/contract/format';
import { PROGRESS_STATUS_LABELS } from '@erapor/contract/monitoring/counting';
import { EKSKUL_MONITORING_MESSAGES, type MonitoringEkskulQuery } from '@erapor/contract/monitoring/ekskul';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { guruLabel, monitoringWorkbook, sheetContext } from '../../lib/excel-sheet';
import { allEkskulRows } from './ekskul';

/** Column headers of the export, in the table's order (the e2e test compares them with the screen). */
export const EKSKUL_EXCEL_COLUMNS = [
  { header: 'Nama Ekstrakurikuler', width: 30 },
  { header: 'Guru Pembina', width: 30 },
  { header: 'Jumlah Anggota', width: 12 },
  { header: 'Jml Anggota Dinilai', width: 12 },
  { header: '%', width: 8, numFmt: EXCEL_FORMAT.desimal1 },
  { header: 'Status', width: 14 },
] as const;

/** "Unduh Excel" of Nilai Ekstrakurikuler: every filtered row, lowest % first. */
export async function excelEkskul(
  db: Db,
  actor: Actor,
  query: MonitoringEkskulQuery,
): Promise<{ data: Buffer; filename: string }> {
  const rows = await allEkskulRows(db, actor, query);
  const data = await monitoringWorkbook({
    title: EKSKUL_MONITORING_MESSAGES.excelTitle,
    ...(await sheetContext(db, actor)),
    filters: [
      ['Guru Pembina', await guruLabel(db, actor, query.guru_id)],
      ['Status', query.status ? PROGRESS_STATUS_LABELS[query.status] : 'Semua'],
      ['Cari', query.q?.trim() || '-'],
    ],
    dibuat: new Date(),
    columns: EKSKUL_EXCEL_COLUMNS,
    rows: rows.map((r) => [
      r.nama_ekskul,
      r.guru ?? '-',
      r.expected,
      r.dinilai,
      r.percent,
      r.status ? PROGRESS_STATUS_LABELS[r.status] : '-',
    ]),
  });
  return { data, filename: `monitoring-nilai-ekskul-${actor.semesterId}.xlsx` };
}

import { EXCEL_FORMAT } from '@erapor/contract/format';
import { PROGRESS_STATUS_LABELS } from '@erapor/contract/monitoring/counting';
import { type MonitoringUkkQuery, UKK_MONITORING_MESSAGES } from '@erapor/contract/monitoring/ukk';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { kelasFilterLabels, monitoringWorkbook, sheetContext } from '../../lib/excel-sheet';
import { allUkkRows } from './ukk';

/** Column headers of the export, in the table's order (the e2e test compares them with the screen). */
export const UKK_EXCEL_COLUMNS = [
  { header: 'Program/Kompetensi Keahlian', width: 30 },
  { header: 'Rombel', width: 16 },
  { header: 'Kode Paket', width: 10 },
  { header: 'Nama Paket', width: 36 },
  { header: 'Penguji Internal', width: 28 },
  { header: 'Jumlah PD', width: 10 },
  { header: 'Dinilai', width: 10 },
  { header: 'Kompeten', width: 10 },
  { header: 'Belum Kompeten', width: 10 },
  { header: '%', width: 8, numFmt: EXCEL_FORMAT.desimal1 },
  { header: 'Status', width: 14 },
] as const;

/** "Unduh Excel" of Nilai UKK: every filtered plan, lowest % first. */
export async function excelUkk(
  db: Db,
  actor: Actor,
  query: MonitoringUkkQuery,
): Promise<{ data: Buffer; filename: string }> {
  const rows = await allUkkRows(db, actor, query);
  const data = await monitoringWorkbook({
    title: UKK_MONITORING_MESSAGES.excelTitle,
    ...(await sheetContext(db, actor)),
    filters: await kelasFilterLabels(db, actor, query, 'Penguji Internal'),
    dibuat: new Date(),
    columns: UKK_EXCEL_COLUMNS,
    rows: rows.map((r) => [
      r.program ?? '-',
      r.rombel,
      r.nomor_paket,
      r.nama_paket,
      r.guru ?? '-',
      r.expected,
      r.dinilai,
      r.kompeten,
      r.belum_kompeten,
      r.percent,
      r.status ? PROGRESS_STATUS_LABELS[r.status] : '-',
    ]),
  });
  return { data, filename: `monitoring-nilai-ukk-${actor.semesterId}.xlsx` };
}

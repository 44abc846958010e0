import { EXCEL_FORMAT } from '@erapor/contract/format';
import { PROGRESS_STATUS_LABELS } from '@erapor/contract/monitoring/counting';
import {
  type MonitoringProjekQuery,
  type MonitoringProjekRow,
  PROJEK_MONITORING_MESSAGES,
  type ProjekMonitoringMode,
} from '@erapor/contract/monitoring/projek';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { kelasFilterLabels, monitoringWorkbook, sheetContext } from '../../lib/excel-sheet';
import { allProjekRows } from './projek';

/** Column headers of the export per regime, in the table's order (the e2e test compares them). */
export const PROJEK_EXCEL_COLUMNS: Record<
  ProjekMonitoringMode,
  readonly { header: string; width: number; numFmt?: string }[]
> = {
  p5: [
    { header: 'Rombel', width: 16 },
    { header: 'Koord Projek', width: 30 },
    { header: 'Jumlah Tema', width: 10 },
    { header: 'Jumlah Projek', width: 10 },
    { header: 'Jumlah Sub Elemen', width: 10 },
    { header: '%', width: 8, numFmt: EXCEL_FORMAT.desimal1 },
    { header: 'Status', width: 18 },
  ],
  kokurikuler: [
    { header: 'Rombel', width: 16 },
    { header: 'Wali Kelas', width: 30 },
    { header: 'Jumlah Peserta Didik', width: 12 },
    { header: 'Kokurikuler Terisi', width: 12 },
    { header: '%', width: 8, numFmt: EXCEL_FORMAT.desimal1 },
    { header: 'Status', width: 18 },
  ],
};

/** The Status cell as on screen: a Merdeka class without a project says so. */
export const projekStatusText = (r: MonitoringProjekRow): string =>
  r.tanpa_projek ? 'Belum ada projek' : r.status ? PROGRESS_STATUS_LABELS[r.status] : '-';

/** "Unduh Excel" of Nilai Projek: every filtered row, lowest % first. */
export async function excelProjek(
  db: Db,
  actor: Actor,
  query: MonitoringProjekQuery,
): Promise<{ data: Buffer; filename: string }> {
  const { mode, rows } = await allProjekRows(db, actor, query);
  const data = await monitoringWorkbook({
    title:
      mode === 'p5'
        ? PROJEK_MONITORING_MESSAGES.excelTitle
        : PROJEK_MONITORING_MESSAGES.excelTitleKokurikuler,
    ...(await sheetContext(db, actor)),
    filters: await kelasFilterLabels(db, actor, query, mode === 'p5' ? 'Koord Projek' : 'Wali Kelas'),
    dibuat: new Date(),
    columns: PROJEK_EXCEL_COLUMNS[mode],
    rows: rows.map((r) =>
      mode === 'p5'
        ? [
            r.rombel,
            r.guru ?? '-',
            r.jumlah_tema,
            r.jumlah_projek,
            r.jumlah_sub_elemen,
            r.percent,
            projekStatusText(r),
          ]
        : [r.rombel, r.guru ?? '-', r.expected, r.dinilai, r.percent, projekStatusText(r)],
    ),
  });
  return { data, filename: `monitoring-nilai-projek-${actor.semesterId}.xlsx` };
}

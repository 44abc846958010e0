import { formatPercent, PROGRESS_STATUS_LABELS } from '@erapor/contract/monitoring/counting';
import type { MonitoringPenilaianQuery } from '@erapor/contract/monitoring/penilaian';
import { PENILAIAN_MONITORING_MESSAGES } from '@erapor/contract/monitoring/penilaian';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { guru, jurusanSp, rombonganBelajar } from '../referensi/tables';
import { monitoringWorkbook, sheetContext } from './excel';
import { allPenilaianRows } from './penilaian';

/** Column headers of the export, in the table's order (the e2e test compares them with the screen). */
export const PENILAIAN_EXCEL_COLUMNS = [
  { header: 'Rombel', width: 16 },
  { header: 'Mata Pelajaran', width: 36 },
  { header: 'Guru Mata Pelajaran', width: 30 },
  { header: 'Jumlah Peserta Didik', width: 12 },
  { header: 'Jml Peserta Didik Dinilai', width: 12 },
  { header: 'Capaian', width: 10 },
  { header: '%', width: 8 },
  { header: 'Status', width: 14 },
] as const;

/** The filters as the title block shows them: names, not ids. */
async function filterLabels(db: Db, actor: Actor, q: MonitoringPenilaianQuery) {
  const name = async (id: string | undefined, table: 'rombel' | 'jurusan' | 'guru') => {
    if (!id) return 'Semua';
    const [row] =
      table === 'rombel'
        ? await db
            .select({ v: rombonganBelajar.nama })
            .from(rombonganBelajar)
            .where(
              and(
                eq(rombonganBelajar.rombonganBelajarId, id),
                eq(rombonganBelajar.sekolahId, actor.sekolahId),
              ),
            )
        : table === 'jurusan'
          ? await db
              .select({ v: jurusanSp.namaJurusanSp })
              .from(jurusanSp)
              .where(and(eq(jurusanSp.jurusanSpId, id), eq(jurusanSp.sekolahId, actor.sekolahId)))
          : await db
              .select({ v: guru.nama })
              .from(guru)
              .where(and(eq(guru.guruId, id), eq(guru.sekolahId, actor.sekolahId)));
    return row?.v ?? 'Semua';
  };
  return [
    ['Tingkat', q.tingkat === undefined ? 'Semua' : `Kelas ${q.tingkat}`],
    ['Program/Konsentrasi Keahlian', await name(q.jurusan_sp_id, 'jurusan')],
    ['Rombongan Belajar', await name(q.rombongan_belajar_id, 'rombel')],
    ['Guru', await name(q.guru_id, 'guru')],
    ['Status', q.status ? PROGRESS_STATUS_LABELS[q.status] : 'Semua'],
    ['Cari', q.q?.trim() || '-'],
  ] as const;
}

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
    filters: await filterLabels(db, actor, query),
    dibuat: new Date(),
    columns: PENILAIAN_EXCEL_COLUMNS,
    rows: rows.map((r) => [
      r.rombel,
      r.mata_pelajaran,
      r.guru ?? '-',
      r.expected,
      r.dinilai,
      r.capaian,
      formatPercent(r.percent),
      r.status ? PROGRESS_STATUS_LABELS[r.status] : '-',
    ]),
  });
  return { data, filename: `monitoring-nilai-akademik-${actor.semesterId}.xlsx` };
}

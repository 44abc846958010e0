import type { LingkupMateriGrid, LingkupMateriSave } from '@erapor/contract/penilaian/asesmen';
import { useMemo } from 'react';
import type { GradeGridColumn } from '../../../../components/grade-grid/grade-grid-types';
import { useTranslation } from '../../../../lib/i18n';
import { saveGrid } from '../../api/asesmen-api';
import { GradePanel, type PanelSpec } from './grade-panel';
import {
  before,
  GridLoading,
  loadedOf,
  NoTpAlert,
  pupilRows,
  rowHeaderColumns,
  useGridQuery,
} from './grid-common';

const loadedFrom = (g: LingkupMateriGrid) => loadedOf(g.siswa, (s) => s.nilai);

/** Sumatif Lingkup Materi (reference-screens §7.1 grid A): one score column per mapped TP. */
export function LingkupMateriPanel({ pembelajaranId }: { pembelajaranId: string }) {
  const { t } = useTranslation();
  const query = useGridQuery(pembelajaranId, 'lingkup-materi');
  const { data, refetch } = query;
  const spec = useMemo<PanelSpec | null>(() => {
    if (!data) return null;
    const columns: GradeGridColumn[] = data.tp.map((tp) => ({
      id: tp.tp_id,
      kind: 'score',
      label: tp.label,
      description: tp.deskripsi,
    }));
    return {
      context: data.context,
      columns,
      rowHeaderColumns: rowHeaderColumns(t),
      rows: pupilRows(data.siswa),
      loaded: loadedFrom(data),
      toBody: (cells) => ({
        rows: cells.map((c) => ({
          anggota_rombel_id: c.rowId,
          tp_id: c.columnId,
          nilai: c.value,
          sebelumnya: before(c.before),
        })),
        cells,
      }),
      save: (body) =>
        saveGrid(pembelajaranId, 'lingkup-materi', {
          rows: body.rows as LingkupMateriSave['rows'],
          sumber: body.sumber,
        }),
      reload: async () => {
        const r = await refetch();
        return r.data ? loadedFrom(r.data) : undefined;
      },
      excel: { jenis: 'lingkup-materi', toCell: (key, text) => ({ columnId: key, value: text }) },
      testId: 'panel-lingkup-materi',
      label: `${data.context.nama_mata_pelajaran} — ${data.context.rombel}`,
    };
  }, [data, t, pembelajaranId, refetch]);

  if (!data || !spec) return <GridLoading query={query} />;
  if (data.tp.length === 0) return <NoTpAlert />;
  return <GradePanel spec={spec} />;
}

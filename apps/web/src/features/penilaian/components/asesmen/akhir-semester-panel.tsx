import type { AkhirSemesterGrid, AkhirSemesterSave } from '@erapor/contract/penilaian/asesmen';
import { nilaiSumatifAkhirSemester } from '@erapor/contract/penilaian/rules';
import { useMemo } from 'react';
import type { GradeGridColumn } from '../../../../components/grade-grid/grade-grid-types';
import type { GridDraft } from '../../../../components/grade-grid/grid-model';
import { parseScore } from '../../../../components/grade-grid/validators';
import { useTranslation } from '../../../../lib/i18n';
import { saveGrid } from '../../api/asesmen-api';
import { GradePanel, type PanelSpec } from './grade-panel';
import { before, GridLoading, loadedOf, pupilRows, rowHeaderColumns, useGridQuery } from './grid-common';

const NON_TES = 0;
const TES = 1;
const NA = 2;

const loadedFrom = (g: AkhirSemesterGrid) =>
  loadedOf(g.siswa, (s) => ({ 'non-tes': s.non_tes, tes: s.tes, na: s.na }));

/**
 * NA follows what is typed: the rounded mean of non-tes and tes (or whichever is there), the
 * same rule as the server's. It is shown, never sent, so it is written into both the loaded and
 * the typed values and never counts as an unsaved change.
 */
export function withNa(d: GridDraft): GridDraft {
  let values: (readonly string[])[] | null = null;
  let original: (readonly string[])[] | null = null;
  d.values.forEach((row, r) => {
    const na = nilaiSumatifAkhirSemester(parseScore(row[TES] ?? ''), parseScore(row[NON_TES] ?? ''));
    const text = na === null ? '' : String(na);
    if (row[NA] === text && d.original[r]?.[NA] === text) return;
    values ??= [...d.values];
    original ??= [...d.original];
    values[r] = row.map((v, c) => (c === NA ? text : v));
    original[r] = (d.original[r] ?? []).map((v, c) => (c === NA ? text : v));
  });
  return values && original ? { ...d, values, original } : d;
}

/** Sumatif Akhir Semester (reference-screens §7.1 grid B): Non Tes, Tes and the computed NA. */
export function AkhirSemesterPanel({ pembelajaranId }: { pembelajaranId: string }) {
  const { t } = useTranslation();
  const query = useGridQuery(pembelajaranId, 'akhir-semester');
  const { data, refetch } = query;
  const spec = useMemo<PanelSpec | null>(() => {
    if (!data) return null;
    const columns: GradeGridColumn[] = [
      { id: 'non-tes', kind: 'score', label: t('penilaian.asesmen.sas.nonTes') },
      { id: 'tes', kind: 'score', label: t('penilaian.asesmen.sas.tes') },
      { id: 'na', kind: 'score', label: t('penilaian.asesmen.sas.na'), readOnly: true, width: 150 },
    ];
    return {
      context: data.context,
      columns,
      rowHeaderColumns: rowHeaderColumns(t),
      rows: pupilRows(data.siswa),
      loaded: loadedFrom(data),
      derive: withNa,
      toBody: (cells) => ({
        rows: cells.map((c) => ({
          anggota_rombel_id: c.rowId,
          jenis: c.columnId,
          nilai: c.value,
          sebelumnya: before(c.before),
        })),
        cells,
      }),
      save: (body) =>
        saveGrid(pembelajaranId, 'akhir-semester', {
          rows: body.rows as AkhirSemesterSave['rows'],
          sumber: body.sumber,
        }),
      reload: async () => {
        const r = await refetch();
        return r.data ? loadedFrom(r.data) : undefined;
      },
      excel: {
        jenis: 'akhir-semester',
        toCell: (key, text) => (key === 'tes' || key === 'non-tes' ? { columnId: key, value: text } : null),
      },
      testId: 'panel-akhir-semester',
      label: `${data.context.nama_mata_pelajaran} — ${data.context.rombel}`,
    };
  }, [data, t, pembelajaranId, refetch]);

  if (!data || !spec) return <GridLoading query={query} />;
  return <GradePanel spec={spec} />;
}

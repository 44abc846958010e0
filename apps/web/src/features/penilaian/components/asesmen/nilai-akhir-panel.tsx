import type { NilaiAkhirGrid, NilaiAkhirSave } from '@erapor/contract/penilaian/asesmen';
import { Alert, Button, List, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { GradeGridColumn } from '../../../../components/grade-grid/grade-grid-types';
import { type GridDraft, setCells } from '../../../../components/grade-grid/grid-model';
import { type TFunction, useTranslation } from '../../../../lib/i18n';
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

const ASESMEN = 'nilai_asesmen';
const AKHIR = 'nilai_akhir';

/** The two verdicts in the user's language, and what a pasted or uploaded cell may say for them. */
export function kompetenOptions(t: TFunction) {
  const yes = t('penilaian.asesmen.na.tercapai');
  const no = t('penilaian.asesmen.na.tidakTercapai');
  const words = new Map<string, string>([
    ['1', yes],
    ['0', no],
    ['tercapai', yes],
    ['tidak tercapai', no],
    [yes.toLowerCase(), yes],
    [no.toLowerCase(), no],
  ]);
  return {
    options: [yes, no] as const,
    normalize: (v: string) => words.get(v.trim().toLowerCase()) ?? v,
    toNumber: (v: string) => (v === yes ? 1 : v === no ? 0 : v.trim() === '' ? null : v),
    fromNumber: (n: 0 | 1 | undefined) => (n === 1 ? yes : n === 0 ? no : ''),
  };
}

/**
 * Input Nilai Akhir (reference-screens §7.3): the suggested grade (Nilai Asesmen, read-only), the
 * final grade (editable; "Gunakan Nilai Asesmen" copies the suggestions in) and Ketercapaian
 * Kompetensi per mapped TP. One screen instead of the reference's "Bentuk Penilaian" switch.
 */
export function NilaiAkhirPanel({ pembelajaranId }: { pembelajaranId: string }) {
  const { t } = useTranslation();
  const query = useGridQuery(pembelajaranId, 'nilai-akhir');
  const { data, refetch } = query;
  const spec = useMemo<PanelSpec | null>(() => {
    if (!data) return null;
    const k = kompetenOptions(t);
    const loadedFrom = (g: NilaiAkhirGrid) =>
      loadedOf(g.siswa, (s) => ({
        [ASESMEN]: s.nilai_asesmen,
        [AKHIR]: s.nilai_akhir,
        ...Object.fromEntries(g.tp.map((tp) => [tp.tp_id, k.fromNumber(s.kompeten[tp.tp_id])])),
      }));
    const tpIds = new Set(data.tp.map((tp) => tp.tp_id));
    const columns: GradeGridColumn[] = [
      {
        id: ASESMEN,
        kind: 'score',
        label: t('penilaian.asesmen.na.asesmen'),
        description: t('penilaian.asesmen.na.asesmenHint'),
        readOnly: true,
        width: 110,
      },
      { id: AKHIR, kind: 'score', label: t('penilaian.asesmen.na.akhir'), width: 100 },
      ...data.tp.map<GradeGridColumn>((tp) => ({
        id: tp.tp_id,
        kind: 'choice',
        options: k.options,
        normalize: k.normalize,
        label: tp.label,
        description: tp.deskripsi,
        width: 150,
      })),
    ];
    const missing = data.siswa.filter((s) => s.kurang !== null);
    const byReason = (['sas', 'slm', 'keduanya'] as const)
      .map((r) => ({ r, n: missing.filter((s) => s.kurang === r).length }))
      .filter((x) => x.n > 0);
    const suggestionsButton = (draft: GridDraft, setDraft: (u: (d: GridDraft) => GridDraft) => void) => {
      const a = draft.columnIds.indexOf(ASESMEN);
      const f = draft.columnIds.indexOf(AKHIR);
      const updates = draft.values.flatMap((row, r) =>
        row[a] && row[a] !== row[f] ? [{ row: r, col: f, value: row[a] as string }] : [],
      );
      return (
        <Button
          variant="light"
          disabled={updates.length === 0}
          onClick={() => setDraft((d) => setCells(d, updates))}
          data-testid="asesmen-use-suggestions"
        >
          {t('penilaian.asesmen.na.useSuggestions')}
        </Button>
      );
    };
    return {
      context: data.context,
      columns,
      rowHeaderColumns: rowHeaderColumns(t, false),
      rows: pupilRows(data.siswa, false),
      loaded: loadedFrom(data),
      toBody: (cells) => ({
        rows: cells.map((c) =>
          c.columnId === AKHIR
            ? { anggota_rombel_id: c.rowId, tp_id: null, nilai: c.value, sebelumnya: before(c.before) }
            : {
                anggota_rombel_id: c.rowId,
                tp_id: c.columnId,
                nilai: k.toNumber(c.value),
                sebelumnya: k.toNumber(c.before) as number | null,
              },
        ),
        cells,
      }),
      save: (body) =>
        saveGrid(pembelajaranId, 'nilai-akhir', {
          rows: body.rows as NilaiAkhirSave['rows'],
          sumber: body.sumber,
        }),
      historyKey: (id) => (id === AKHIR ? 'nilai_akhir' : id === ASESMEN ? null : id),
      reload: async () => {
        const r = await refetch();
        return r.data ? loadedFrom(r.data) : undefined;
      },
      excel: {
        jenis: 'nilai-akhir',
        toCell: (key, text) =>
          key === AKHIR
            ? { columnId: AKHIR, value: text }
            : tpIds.has(key)
              ? { columnId: key, value: k.normalize(text) }
              : null,
      },
      tools: suggestionsButton,
      notes: (
        <>
          {!data.bobot_valid ? (
            <Alert color="orange" data-testid="asesmen-bobot">
              {t('penilaian.asesmen.na.bobotInvalid')}
            </Alert>
          ) : (
            <Text size="sm" c="dimmed" data-testid="asesmen-bobot">
              {t('penilaian.asesmen.na.bobot', {
                materi: data.context.bobot_sumatif_materi,
                akhir: data.context.bobot_sumatif_akhir,
              })}
            </Text>
          )}
          {data.bobot_valid && byReason.length > 0 ? (
            <Alert color="yellow" data-testid="asesmen-missing">
              <Text size="sm">{t('penilaian.asesmen.na.missing', { count: missing.length })}</Text>
              <List size="sm">
                {byReason.map(({ r, n }) => (
                  <List.Item key={r}>{t(`penilaian.asesmen.na.kurang.${r}`, { count: n })}</List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
        </>
      ),
      testId: 'panel-nilai-akhir',
      label: `${data.context.nama_mata_pelajaran} — ${data.context.rombel}`,
    };
  }, [data, t, pembelajaranId, refetch]);

  if (!data || !spec) return <GridLoading query={query} />;
  return (
    <>
      {data.tp.length === 0 ? <NoTpAlert /> : null}
      <GradePanel spec={spec} />
    </>
  );
}

import type { CapaianGrid, CapaianSave } from '@erapor/contract/penilaian/asesmen';
import { DESKRIPSI_MAX } from '@erapor/contract/penilaian/rules';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import type { GradeGridColumn } from '../../../../components/grade-grid/grade-grid-types';
import type { GridDraft } from '../../../../components/grade-grid/grid-model';
import { maxLengthValidator } from '../../../../components/grade-grid/validators';
import { httpErrorText } from '../../../../lib/http-errors';
import { serverText, useTranslation } from '../../../../lib/i18n';
import { toast } from '../../../../lib/toast';
import { resetCapaian, saveGrid } from '../../api/asesmen-api';
import { GradePanel, type PanelSpec, type SentCell } from './grade-panel';
import { GridLoading, loadedOf, rowHeaderColumns, useGridQuery } from './grid-common';

const NILAI = 'nilai_akhir';
const P = 'deskripsi_pengetahuan';
const K = 'deskripsi_keterampilan';
const validate = maxLengthValidator(DESKRIPSI_MAX);

const loadedFrom = (g: CapaianGrid) =>
  loadedOf(g.siswa, (s) => ({
    [NILAI]: s.nilai_akhir,
    [P]: s.deskripsi_pengetahuan,
    [K]: s.deskripsi_keterampilan,
  }));

const orNull = (v: string | undefined) => (v?.trim() ? v : null);

/**
 * Capaian Kompetensi (reference-screens §7.4): per pupil the achieved and the needs-improvement
 * text. Until saved they are generated from the ketercapaian (marked "otomatis"); Simpan saves
 * those too, so what is printed is what the teacher saw. "Reset" deletes every saved text.
 */
export function CapaianPanel({ pembelajaranId }: { pembelajaranId: string }) {
  const { t } = useTranslation();
  const query = useGridQuery(pembelajaranId, 'capaian-kompetensi');
  const { data, refetch } = query;
  // Rows whose texts are generated and not saved yet (cleared as they are saved).
  const [saved, setSaved] = useState<ReadonlySet<string>>(new Set());
  const [version, setVersion] = useState(0);
  const [confirmReset, setConfirmReset] = useState(false);
  const [resetting, setResetting] = useState(false);

  const spec = useMemo<PanelSpec | null>(() => {
    if (!data) return null;
    const generated = new Set(
      data.siswa
        .filter((s) => s.generated && !saved.has(s.anggota_rombel_id))
        .map((s) => s.anggota_rombel_id),
    );
    const columns: GradeGridColumn[] = [
      {
        id: NILAI,
        kind: 'score',
        label: t('penilaian.asesmen.capaian.nilaiAkhir'),
        readOnly: true,
        width: 90,
      },
      { id: P, kind: 'text', label: t('penilaian.asesmen.capaian.tercapai'), validate, width: 420 },
      { id: K, kind: 'text', label: t('penilaian.asesmen.capaian.perluDitingkatkan'), validate, width: 420 },
    ];
    const rows = data.siswa.map((s, i) => ({
      id: s.anggota_rombel_id,
      name: s.nama,
      header: [
        i + 1,
        generated.has(s.anggota_rombel_id) && (s.deskripsi_pengetahuan || s.deskripsi_keterampilan) ? (
          <Group gap={4} wrap="nowrap" key="n">
            <span>{s.nama}</span>
            <Badge size="xs" variant="light" color="gray" data-testid="capaian-generated">
              {t('penilaian.asesmen.capaian.generated')}
            </Badge>
          </Group>
        ) : (
          s.nama
        ),
      ],
    }));
    // Generated texts are saved with the edits, unchanged or not.
    const alwaysSend = (draft: GridDraft): SentCell[] =>
      draft.rowIds.flatMap((rowId, r) => {
        const p = draft.columnIds.indexOf(P);
        const k = draft.columnIds.indexOf(K);
        const values = draft.values[r] ?? [];
        return generated.has(rowId) && (orNull(values[p]) || orNull(values[k]))
          ? [{ rowId, columnId: P, value: values[p] ?? '', before: '' }]
          : [];
      });
    const toBody = (cells: readonly SentCell[], draft: GridDraft) => {
      const ids = [...new Set(cells.map((c) => c.rowId))];
      const p = draft.columnIds.indexOf(P);
      const k = draft.columnIds.indexOf(K);
      return {
        rows: ids.map((rowId) => {
          const r = draft.rowIds.indexOf(rowId);
          const now = draft.values[r] ?? [];
          const was = draft.original[r] ?? [];
          return {
            anggota_rombel_id: rowId,
            deskripsi_pengetahuan: orNull(now[p]),
            deskripsi_keterampilan: orNull(now[k]),
            sebelumnya: generated.has(rowId)
              ? null
              : { deskripsi_pengetahuan: orNull(was[p]), deskripsi_keterampilan: orNull(was[k]) },
          };
        }),
        cells: ids.map((rowId) => ({ rowId, columnId: P })),
      };
    };
    return {
      context: data.context,
      columns,
      rowHeaderColumns: rowHeaderColumns(t, false),
      rows,
      loaded: loadedFrom(data),
      alwaysSend,
      toBody,
      historyKey: (id) => (id === P || id === K ? 'deskripsi' : null),
      save: async (body) => {
        const res = await saveGrid(pembelajaranId, 'capaian-kompetensi', {
          rows: body.rows as CapaianSave['rows'],
          sumber: body.sumber,
        });
        const ids = (body.rows as CapaianSave['rows']).map((r) => r.anggota_rombel_id);
        setSaved((old) => new Set([...old, ...ids]));
        return res;
      },
      reload: async () => {
        const r = await refetch();
        return r.data ? loadedFrom(r.data) : undefined;
      },
      tools: () =>
        data.show_reset || saved.size > 0 ? (
          <Button
            variant="light"
            color="red"
            onClick={() => setConfirmReset(true)}
            data-testid="capaian-reset"
          >
            {t('penilaian.asesmen.capaian.reset')}
          </Button>
        ) : null,
      notes: (
        <Text size="sm" c="dimmed">
          {t('penilaian.asesmen.capaian.hint')}
        </Text>
      ),
      testId: 'panel-capaian',
      label: `${data.context.nama_mata_pelajaran} — ${data.context.rombel}`,
      version,
    };
  }, [data, t, pembelajaranId, saved, version, refetch]);

  const doReset = async () => {
    setResetting(true);
    try {
      const res = await resetCapaian(pembelajaranId);
      await query.refetch();
      setSaved(new Set());
      setVersion((v) => v + 1);
      toast.success(t('penilaian.asesmen.savedTitle'), serverText(res.message));
    } catch (e) {
      toast.error(t('penilaian.asesmen.capaian.resetFailed'), httpErrorText(e, t));
    } finally {
      setResetting(false);
      setConfirmReset(false);
    }
  };

  if (!data || !spec) return <GridLoading query={query} />;
  return (
    <>
      <GradePanel spec={spec} />
      <ConfirmDialog
        text={confirmReset ? t('penilaian.asesmen.capaian.resetConfirm') : null}
        busy={resetting}
        onConfirm={() => void doReset()}
        onCancel={() => setConfirmReset(false)}
      />
    </>
  );
}

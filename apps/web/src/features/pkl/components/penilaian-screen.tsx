import { CATATAN_PKL_MAX, DESKRIPSI_PKL_MAX, type NilaiPklSave } from '@erapor/contract/pkl/penilaian';
import { Alert, Anchor, Card, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { GradeGrid } from '../../../components/grade-grid/grade-grid';
import type {
  GradeGridColumn,
  GradeGridRow,
  RowHeaderColumn,
} from '../../../components/grade-grid/grade-grid-types';
import {
  changes,
  type GridDraft,
  hasErrors,
  isDirty,
  resetDraft,
} from '../../../components/grade-grid/grid-model';
import { rowProblems } from '../../../components/grade-grid/row-problems';
import { GateAlert, type Refusal, SaveBar, SaveRefusal } from '../../../components/grade-grid/save-feedback';
import { useUnsavedGuard } from '../../../components/grade-grid/use-unsaved-guard';
import { maxLengthValidator } from '../../../components/grade-grid/validators';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useView } from '../../../lib/view-search';
import { getNilaiPkl, listRencanaNilai, NILAI_PKL_KEY, saveNilaiPkl } from '../api/penilaian-api';
import {
  CATATAN_COL,
  catatanDraftOf,
  DESKRIPSI_COL,
  NILAI_COL,
  saveRows,
  scoreDraftOf,
} from './penilaian-draft';
import { usePlanCascade } from './plan-cascade';

const EMPTY = scoreDraftOf(undefined);
const EMPTY_CATATAN = catatanDraftOf(undefined);

/**
 * Input Penilaian PKL (/pkl/penilaian; issue #12 item 3): Tingkat → Rombel → DUDI (kept in the URL)
 * picks a plan the caller may score; its participants' scores per TP (Nilai, Deskripsi) in the shared
 * grade grid (typing, paste from Excel, bad cells marked before anything is sent) and a Catatan PKL
 * per pupil below; one Simpan saves both. A refused save keeps the typing on screen.
 */
export function PenilaianScreen() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [view, setView] = useView();
  const [draft, setDraft] = useState<GridDraft>(EMPTY);
  const [catatan, setCatatan] = useState<GridDraft>(EMPTY_CATATAN);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const plans = useQuery({ queryKey: [...NILAI_PKL_KEY, 'rencana'], queryFn: listRencanaNilai });
  const all = plans.data?.data ?? [];
  const { tingkatOptions, rombelOptions, dudiOptions, chosen } = usePlanCascade(
    plans.data?.data,
    view,
    setView,
    {
      tingkat: (n) => t('pkl.penilaian.tingkatOption', { n }),
      rombel: (p) => p.rombel,
    },
  );

  const grid = useQuery({
    queryKey: [...NILAI_PKL_KEY, chosen],
    queryFn: () => getNilaiPkl(chosen ?? ''),
    enabled: chosen !== null,
  });
  const data = chosen ? grid.data : undefined;
  const closed = data && !data.gate.open ? data.gate.message : null;
  const readOnly = !data?.can_edit;
  const dirty = isDirty(draft) || isDirty(catatan);
  const guard = useUnsavedGuard(dirty);
  const names = useMemo(() => new Map((data?.siswa ?? []).map((s) => [s.peserta_didik_id, s.nama])), [data]);
  useEffect(() => {
    setDraft(scoreDraftOf(data));
    setCatatan(catatanDraftOf(data?.siswa));
    setRefusal(null);
  }, [data]);

  const save = useMutation({
    mutationFn: (rows: NilaiPklSave['rows']) => saveNilaiPkl(chosen ?? '', { rows }),
    onSuccess: (res) => {
      toast.success(res.message);
      void qc.invalidateQueries({ queryKey: [...NILAI_PKL_KEY, chosen] });
    },
    onError: (e, rows) => {
      const err = toHttpError(e);
      const message = httpErrorMessage(e, t);
      const sent = rows.map((r) => ({ anggota_rombel_id: r.peserta_didik_id }));
      setRefusal({
        message,
        problems: rowProblems(err.details ?? {}, sent, names),
        stale: err.status === 409,
      });
      toast.error(message);
    },
  });

  const columns = useMemo<GradeGridColumn[]>(
    () => [
      { id: NILAI_COL, kind: 'score', label: t('pkl.penilaian.columns.nilai'), width: 90 },
      {
        id: DESKRIPSI_COL,
        kind: 'text',
        validate: maxLengthValidator(DESKRIPSI_PKL_MAX),
        label: t('pkl.penilaian.columns.deskripsi'),
        width: 360,
      },
    ],
    [t],
  );
  const catatanColumns = useMemo<GradeGridColumn[]>(
    () => [
      {
        id: CATATAN_COL,
        kind: 'text',
        validate: maxLengthValidator(CATATAN_PKL_MAX),
        label: t('pkl.penilaian.columns.catatan'),
        width: 520,
      },
    ],
    [t],
  );
  const headers = useMemo<RowHeaderColumn[]>(
    () => [
      { label: t('pkl.penilaian.columns.no'), width: 48 },
      { label: t('pkl.penilaian.columns.nama'), width: 220 },
      { label: t('pkl.penilaian.columns.nisn'), width: 120 },
      { label: t('pkl.penilaian.columns.tp'), width: 300 },
    ],
    [t],
  );
  const catatanHeaders = useMemo<RowHeaderColumn[]>(
    () => [
      { label: t('pkl.penilaian.columns.no'), width: 48 },
      { label: t('pkl.penilaian.columns.nama'), width: 220 },
      { label: t('pkl.penilaian.columns.nisn'), width: 120 },
    ],
    [t],
  );
  const rows = useMemo<GradeGridRow[]>(() => {
    const tp = data?.tp ?? [];
    return (data?.siswa ?? []).flatMap((s, i) =>
      tp.map((x, j) => ({
        id: `${s.peserta_didik_id}|${x.tp_id}`,
        name: `${s.nama} — ${x.deskripsi}`,
        header: [j === 0 ? i + 1 : '', j === 0 ? s.nama : '', j === 0 ? (s.nisn ?? '-') : '', x.deskripsi],
      })),
    );
  }, [data]);
  const catatanRows = useMemo<GradeGridRow[]>(
    () =>
      (data?.siswa ?? []).map((s, i) => ({
        id: s.peserta_didik_id,
        name: s.nama,
        header: [i + 1, s.nama, s.nisn ?? '-'],
      })),
    [data],
  );

  const submit = () => {
    if (!data) return;
    if (hasErrors(draft, columns) || hasErrors(catatan, catatanColumns)) {
      setRefusal({ message: t('pkl.penilaian.fixCells'), problems: [], stale: false });
      return;
    }
    const sent = saveRows(draft, changes(draft), changes(catatan), data.siswa);
    if (sent.length === 0) {
      toast.info(t('pkl.penilaian.nothingChanged'));
      return;
    }
    setRefusal(null);
    save.mutate(sent);
  };

  const noPlan = plans.isSuccess && all.length === 0;
  return (
    <Stack gap="md">
      {guard.modal}
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Group align="end" gap="sm" wrap="wrap">
            <Select
              label={t('pkl.penilaian.tingkat')}
              placeholder={t('pkl.penilaian.pilihTingkat')}
              data={tingkatOptions}
              value={view.tingkat ?? null}
              onChange={(v) => setView({ tingkat: v, rombel: null, dudi: null })}
              disabled={dirty}
              w={180}
              data-testid="penilaian-tingkat"
            />
            <Select
              label={t('pkl.penilaian.rombel')}
              placeholder={t('pkl.penilaian.pilihRombel')}
              data={rombelOptions}
              value={rombelOptions.some((o) => o.value === view.rombel) ? (view.rombel ?? null) : null}
              onChange={(v) => setView({ rombel: v, dudi: null })}
              disabled={dirty || !view.tingkat}
              w={220}
              data-testid="penilaian-rombel"
            />
            <Select
              label={t('pkl.penilaian.dudi')}
              placeholder={t('pkl.penilaian.pilihDudi')}
              data={dudiOptions}
              value={chosen}
              onChange={(v) => setView({ dudi: v })}
              disabled={dirty || !view.rombel}
              w={360}
              data-testid="penilaian-dudi"
            />
          </Group>
          {!data ? (
            <Text size="sm" c="dimmed">
              {t('pkl.penilaian.hint')}
            </Text>
          ) : null}
          {noPlan ? (
            <Alert color="yellow" data-testid="penilaian-no-plan">
              <Text size="sm">{t('pkl.penilaian.noPlan')}</Text>
              <Anchor component={Link} to="/pkl/perencanaan" size="sm">
                {t('pkl.penilaian.noPlanLink')}
              </Anchor>
            </Alert>
          ) : null}
        </Stack>
      </Card>
      {plans.isError ? <ErrorAlert error={plans.error} title={t('pkl.penilaian.loadFailed')} /> : null}
      {chosen && grid.isError ? (
        <ErrorAlert error={grid.error} title={t('pkl.penilaian.loadFailed')} />
      ) : null}
      {data ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <GateAlert closed={closed} testId="penilaian-gate" />
            <SaveRefusal
              refusal={refusal}
              title={t('pkl.penilaian.problems')}
              onReload={() => void grid.refetch()}
              testId="penilaian-refused"
            />
            {data.siswa.length === 0 || data.tp.length === 0 ? (
              <Text c="dimmed">{t('pkl.penilaian.empty')}</Text>
            ) : (
              <>
                <GradeGrid
                  columns={columns}
                  rowHeaderColumns={headers}
                  rows={rows}
                  draft={draft}
                  onChange={setDraft}
                  readOnly={readOnly || save.isPending}
                  label={`${data.rombel} — ${data.nama_dudi}`}
                  testId="penilaian-grid"
                />
                <Text fw={600} size="sm">
                  {t('pkl.penilaian.catatanTitle')}
                </Text>
                <GradeGrid
                  columns={catatanColumns}
                  rowHeaderColumns={catatanHeaders}
                  rows={catatanRows}
                  draft={catatan}
                  onChange={setCatatan}
                  readOnly={readOnly || save.isPending}
                  label={t('pkl.penilaian.catatanTitle')}
                  maxHeight="40vh"
                  testId="penilaian-catatan"
                />
              </>
            )}
            {data.can_edit ? (
              <SaveBar
                dirty={dirty}
                // can_edit already holds the gate: the bar shows only while saving is open.
                closed={false}
                saving={save.isPending}
                onUndo={() => {
                  setDraft(resetDraft);
                  setCatatan(resetDraft);
                }}
                onSave={submit}
                testId="penilaian"
              />
            ) : null}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}

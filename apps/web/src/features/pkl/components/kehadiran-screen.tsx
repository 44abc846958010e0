import type { KehadiranPklEdit } from '@erapor/contract/pkl/kehadiran';
import { checkHariPkl } from '@erapor/contract/pkl/kehadiran';
import { Alert, Card, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import type { CellValidator } from '../../../components/grade-grid/validators';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { type TFunction, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useView } from '../../../lib/view-search';
import {
  getKehadiranPkl,
  KEHADIRAN_PKL_KEY,
  listKehadiranRencana,
  saveKehadiranPkl,
} from '../api/kehadiran-api';
import { blankAsZero, draftOf, KEHADIRAN_COLUMNS, saveRows, sumProblems } from './kehadiran-draft';
import { usePlanCascade } from './plan-cascade';

const EMPTY_DRAFT = draftOf([]);

/** Whole days ≥ 0 (blank = 0) by the contract's rule, in the interface language. */
function hariValidator(t: TFunction): CellValidator {
  return (value) => {
    const checked = checkHariPkl(value);
    return checked.ok
      ? null
      : { code: `hari.${checked.code}`, message: t(`pkl.kehadiran.error.${checked.code}`) };
  };
}

/**
 * Kehadiran PKL (/pkl/kehadiran; issue #12 item 4): Tingkat → Rombel → DUDI (kept in the URL)
 * picks a plan; its participants' Sakit, Izin and Alpa in the shared grade grid, whole days whose
 * sum may not exceed the placement's days (checked before sending, and again by the server). The
 * class's wali and the Waka see the grid read-only. A refused save keeps the typing on screen.
 */
export function KehadiranScreen() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [view, setView] = useView();
  const [draft, setDraft] = useState<GridDraft>(EMPTY_DRAFT);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const plans = useQuery({ queryKey: [...KEHADIRAN_PKL_KEY, 'rencana'], queryFn: listKehadiranRencana });
  const all = plans.data?.data ?? [];
  const { tingkatOptions, rombelOptions, dudiOptions, chosen } = usePlanCascade(
    plans.data?.data,
    view,
    setView,
    {
      tingkat: (n) => t('pkl.kehadiran.tingkatOption', { n }),
      rombel: (p) => p.kelas,
    },
  );

  const grid = useQuery({
    queryKey: [...KEHADIRAN_PKL_KEY, chosen],
    queryFn: () => getKehadiranPkl(chosen ?? ''),
    enabled: chosen !== null,
  });
  const data = chosen ? grid.data : undefined;
  const closed = data?.penilaian_tertutup ?? null;
  const readOnly = !data?.bisa_ubah || !!closed;
  const dirty = isDirty(draft);
  const guard = useUnsavedGuard(dirty);
  const loaded = useMemo(() => new Map((data?.data ?? []).map((r) => [r.peserta_didik_id, r])), [data]);
  const names = useMemo(() => new Map((data?.data ?? []).map((r) => [r.peserta_didik_id, r.nama])), [data]);
  useEffect(() => {
    setDraft(data ? draftOf(data.data) : EMPTY_DRAFT);
    setRefusal(null);
  }, [data]);

  const save = useMutation({
    mutationFn: (rows: KehadiranPklEdit[]) => saveKehadiranPkl({ pkl_id: chosen ?? '', rows }),
    onSuccess: (res) => {
      toast.success(res.message);
      void qc.invalidateQueries({ queryKey: [...KEHADIRAN_PKL_KEY, chosen] });
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

  const columns = useMemo<GradeGridColumn[]>(() => {
    const validate = hariValidator(t);
    return KEHADIRAN_COLUMNS.map((id) => ({
      id,
      kind: 'score' as const,
      validate,
      normalize: blankAsZero,
      label: t(`pkl.kehadiran.columns.${id}`),
      width: 110,
    }));
  }, [t]);
  const headers = useMemo<RowHeaderColumn[]>(
    () => [
      { label: t('pkl.kehadiran.columns.no'), width: 48 },
      { label: t('pkl.kehadiran.columns.nama'), width: 260 },
      { label: t('pkl.kehadiran.columns.nisn'), width: 130 },
    ],
    [t],
  );
  const rows = useMemo<GradeGridRow[]>(
    () =>
      (data?.data ?? []).map((r, i) => ({
        id: r.peserta_didik_id,
        name: r.nama,
        header: [i + 1, r.nama, r.nisn ?? '-'],
      })),
    [data],
  );

  const submit = () => {
    if (!data) return;
    if (hasErrors(draft, columns)) {
      setRefusal({ message: t('pkl.kehadiran.fixCells'), problems: [], stale: false });
      return;
    }
    const sent = saveRows(draft, changes(draft), loaded);
    if (sent.length === 0) {
      toast.info(t('pkl.kehadiran.nothingChanged'));
      return;
    }
    const over = sumProblems(sent, data.rencana, names);
    if (over.length > 0) {
      setRefusal({ message: t('pkl.kehadiran.fixCells'), problems: over, stale: false });
      return;
    }
    setRefusal(null);
    save.mutate(sent);
  };

  return (
    <Stack gap="md">
      {guard.modal}
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Group align="end" gap="sm" wrap="wrap">
            <Select
              label={t('pkl.kehadiran.tingkat')}
              placeholder={t('pkl.kehadiran.pilihTingkat')}
              data={tingkatOptions}
              value={view.tingkat ?? null}
              onChange={(v) => setView({ tingkat: v, rombel: null, dudi: null })}
              disabled={dirty}
              w={180}
              data-testid="kehadiran-tingkat"
            />
            <Select
              label={t('pkl.kehadiran.rombel')}
              placeholder={t('pkl.kehadiran.pilihRombel')}
              data={rombelOptions}
              value={rombelOptions.some((o) => o.value === view.rombel) ? (view.rombel ?? null) : null}
              onChange={(v) => setView({ rombel: v, dudi: null })}
              disabled={dirty || !view.tingkat}
              w={220}
              data-testid="kehadiran-rombel"
            />
            <Select
              label={t('pkl.kehadiran.dudi')}
              placeholder={t('pkl.kehadiran.pilihDudi')}
              data={dudiOptions}
              value={chosen}
              onChange={(v) => setView({ dudi: v })}
              disabled={dirty || !view.rombel}
              w={360}
              data-testid="kehadiran-dudi"
            />
          </Group>
          <Text size="sm" c="dimmed">
            {data
              ? t('pkl.kehadiran.hintPlan', {
                  mulai: data.rencana.tanggal_mulai,
                  selesai: data.rencana.tanggal_selesai,
                  hari: data.rencana.hari,
                })
              : t('pkl.kehadiran.hint')}
          </Text>
          {plans.isSuccess && all.length === 0 ? (
            <Alert color="yellow" data-testid="kehadiran-no-plan">
              {t('pkl.kehadiran.noPlan')}
            </Alert>
          ) : null}
        </Stack>
      </Card>
      {plans.isError ? <ErrorAlert error={plans.error} title={t('pkl.kehadiran.loadFailed')} /> : null}
      {chosen && grid.isError ? (
        <ErrorAlert error={grid.error} title={t('pkl.kehadiran.loadFailed')} />
      ) : null}
      {data ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <GateAlert closed={closed} testId="kehadiran-gate" />
            <SaveRefusal
              refusal={refusal}
              title={t('pkl.kehadiran.problems')}
              onReload={() => void grid.refetch()}
              testId="kehadiran-refused"
            />
            {data.data.length === 0 ? (
              <Text c="dimmed">{t('pkl.kehadiran.empty')}</Text>
            ) : (
              <GradeGrid
                columns={columns}
                rowHeaderColumns={headers}
                rows={rows}
                draft={draft}
                onChange={setDraft}
                readOnly={readOnly || save.isPending}
                label={`${data.rencana.kelas} — ${data.rencana.nama_dudi}`}
                testId="kehadiran-grid"
              />
            )}
            {data.bisa_ubah ? (
              <SaveBar
                dirty={dirty}
                closed={!!closed}
                saving={save.isPending}
                onUndo={() => setDraft(resetDraft)}
                onSave={submit}
                testId="kehadiran"
              />
            ) : null}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}

import type { NilaiEkskulRow } from '@erapor/contract/penilaian/ekskul';
import { Alert, Button, Card, Group, List, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ErrorAlert } from '../../../../components/error-alert';
import { GradeGrid } from '../../../../components/grade-grid/grade-grid';
import type {
  GradeGridColumn,
  GradeGridRow,
  RowHeaderColumn,
} from '../../../../components/grade-grid/grade-grid-types';
import {
  changes,
  type GridDraft,
  hasErrors,
  isDirty,
  resetDraft,
} from '../../../../components/grade-grid/grid-model';
import { rowProblems } from '../../../../components/grade-grid/row-problems';
import { useUnsavedGuard } from '../../../../components/grade-grid/use-unsaved-guard';
import { choiceNormalizer, maxLengthValidator } from '../../../../components/grade-grid/validators';
import { useKnownChoice } from '../../../../components/known-choice';
import { httpErrorMessage, toHttpError } from '../../../../lib/http-errors';
import { useTranslation } from '../../../../lib/i18n';
import { useSession } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { useView } from '../../../../lib/view-search';
import {
  getEkskulPembina,
  getNilaiEkskul,
  NILAI_EKSKUL_KEY,
  resetNilaiEkskul,
  saveNilaiEkskul,
} from '../../api/ekskul-api';
import { ConfirmDialog } from '../sikap/confirm-dialog';
import {
  autoFillDeskripsi,
  DESKRIPSI_COL,
  draftOf,
  PREDIKAT_COL,
  PREDIKAT_OPTIONS,
  saveRows,
} from './ekskul-draft';

const EMPTY_DRAFT = draftOf([]);

/**
 * Penilaian Ekstrakurikuler (reference-screens §7.7): the pembina picks their ekskul (and
 * optionally a class), grades the members in the spreadsheet-like grid — choosing a predikat
 * fills the description — saves every change in one request, or resets the grades.
 */
export function EkskulScreen() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { userData } = useSession();
  // The ekskul and class live in the URL (lib/view-search).
  const [view, setView] = useView();
  const [draft, setDraft] = useState<GridDraft>(EMPTY_DRAFT);
  const [problems, setProblems] = useState<string[]>([]);
  const [confirmReset, setConfirmReset] = useState(false);

  const list = useQuery({ queryKey: [...NILAI_EKSKUL_KEY, 'list'], queryFn: getEkskulPembina });
  const ekskuls = list.data?.data ?? [];
  const ekskulOk = useKnownChoice(
    'ekskul',
    view.ekskul,
    list.data?.data.map((e) => e.ekstrakurikuler_id),
    setView,
    ['kelas'],
  );
  const ekskulId = ekskulOk ? (view.ekskul ?? null) : null;
  // One ekskul (the usual case): chosen at once.
  useEffect(() => {
    const only = list.data?.data.length === 1 ? list.data.data[0] : undefined;
    if (only && !view.ekskul) setView({ ekskul: only.ekstrakurikuler_id }, { replace: true });
  }, [list.data, view.ekskul, setView]);

  const grid = useQuery({
    queryKey: [...NILAI_EKSKUL_KEY, 'nilai', ekskulId, view.kelas ?? null],
    queryFn: () => getNilaiEkskul(ekskulId ?? '', view.kelas ?? null),
    enabled: !!ekskulId,
  });
  const data = grid.data;
  // A class that is not (or no longer) among the ekskul's members: the server refuses the filter.
  const kelasGone = grid.isError && !!toHttpError(grid.error).details.rombongan_belajar_id;
  useKnownChoice('kelas', view.kelas, kelasGone ? [] : data?.kelas.map((k) => k.value), setView);
  const kelas = view.kelas ?? null;
  // Fresh data from the server (other ekskul or class, after a save or reset) becomes the draft.
  useEffect(() => {
    setDraft(data ? draftOf(data.data) : EMPTY_DRAFT);
    setProblems([]);
  }, [data]);

  const nama = data?.ekskul.nama_ekskul ?? '';
  const closed = data?.penilaian_tertutup ?? null;
  const dirty = isDirty(draft);
  const guard = useUnsavedGuard(dirty);
  const loaded = useMemo(() => new Map((data?.data ?? []).map((r) => [r.anggota_rombel_id, r])), [data]);
  const names = useMemo(() => new Map((data?.data ?? []).map((r) => [r.anggota_rombel_id, r.nama])), [data]);

  const columns = useMemo<GradeGridColumn[]>(
    () => [
      {
        id: PREDIKAT_COL,
        kind: 'choice',
        options: PREDIKAT_OPTIONS,
        normalize: choiceNormalizer(PREDIKAT_OPTIONS),
        label: t('penilaian.ekskul.columns.predikat'),
        width: 150,
      },
      {
        id: DESKRIPSI_COL,
        kind: 'text',
        validate: maxLengthValidator(500),
        label: t('penilaian.ekskul.columns.deskripsi'),
        width: 420,
      },
    ],
    [t],
  );
  const headers = useMemo<RowHeaderColumn[]>(
    () => [
      { label: t('penilaian.ekskul.columns.no'), width: 48 },
      { label: t('penilaian.ekskul.columns.nama'), width: 240 },
      { label: t('penilaian.ekskul.columns.kelas'), width: 110 },
    ],
    [t],
  );
  const rows = useMemo<GradeGridRow[]>(
    () =>
      (data?.data ?? []).map((r: NilaiEkskulRow, i) => ({
        id: r.anggota_rombel_id,
        name: r.nama,
        header: [i + 1, r.nama, r.kelas ?? '-'],
      })),
    [data],
  );

  const save = useMutation({
    mutationFn: (sent: ReturnType<typeof saveRows>) => saveNilaiEkskul(ekskulId ?? '', sent),
    onSuccess: (r) => {
      toast.success(r.message);
      void qc.invalidateQueries({ queryKey: NILAI_EKSKUL_KEY });
    },
    onError: (e, sent) => {
      const err = toHttpError(e);
      setProblems(rowProblems(err.details, sent, names));
      toast.error(httpErrorMessage(e, t));
    },
  });
  const reset = useMutation({
    mutationFn: () => resetNilaiEkskul(ekskulId ?? '', kelas),
    onSuccess: (r) => {
      toast.success(r.message);
      void qc.invalidateQueries({ queryKey: NILAI_EKSKUL_KEY });
    },
    onError: (e) => toast.error(httpErrorMessage(e, t)),
    onSettled: () => setConfirmReset(false),
  });

  const submit = () => {
    if (hasErrors(draft, columns)) {
      toast.error(t('penilaian.ekskul.fixCells'));
      return;
    }
    const sent = saveRows(draft, changes(draft), loaded);
    if (sent.length === 0) {
      toast.info(t('penilaian.ekskul.nothingChanged'));
      return;
    }
    setProblems([]);
    save.mutate(sent);
  };

  const hasGrades = (data?.data ?? []).some((r) => r.nilai !== null);
  const kelasLabel = data?.kelas.find((k) => k.value === kelas)?.label;
  const selected = ekskuls.find((e) => e.ekstrakurikuler_id === ekskulId);

  return (
    <Stack gap="md">
      {guard.modal}
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Group align="end" gap="sm" wrap="wrap">
            <TextInput
              label={t('penilaian.ekskul.tahunPelajaran')}
              value={userData?.semester.nama ?? ''}
              readOnly
              w={200}
            />
            <Select
              label={t('penilaian.ekskul.ekskul')}
              placeholder={t('penilaian.ekskul.chooseEkskul')}
              data={ekskuls.map((e) => ({ value: e.ekstrakurikuler_id, label: e.nama_ekskul }))}
              value={ekskulId}
              onChange={(v) => setView({ ekskul: v, kelas: null })}
              disabled={dirty}
              w={260}
              data-testid="ekskul-select"
            />
            <Select
              label={t('penilaian.ekskul.kelas')}
              placeholder={t('penilaian.ekskul.allKelas')}
              data={data?.kelas ?? []}
              value={kelas}
              onChange={(v) => setView({ kelas: v })}
              clearable
              searchable
              disabled={!ekskulId || dirty}
              w={220}
              data-testid="ekskul-kelas"
            />
          </Group>
          {dirty ? (
            <Text size="sm" c="dimmed">
              {t('penilaian.ekskul.dirtyHint')}
            </Text>
          ) : null}
          {selected ? (
            <Text size="sm" c="dimmed" data-testid="ekskul-summary">
              {t('penilaian.ekskul.summary', {
                dinilai: selected.jumlah_dinilai,
                anggota: selected.jumlah_anggota,
              })}
            </Text>
          ) : null}
        </Stack>
      </Card>
      {list.isError ? <Alert color="red">{httpErrorMessage(list.error, t)}</Alert> : null}
      {list.data && ekskuls.length === 0 ? <Alert color="yellow">{t('penilaian.ekskul.none')}</Alert> : null}
      {grid.isError && !kelasGone ? (
        <ErrorAlert title={t('penilaian.ekskul.loadFailed')} error={grid.error} />
      ) : null}
      {ekskulId && grid.isPending ? <Loader /> : null}
      {data ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            {closed ? (
              <Alert color="red" data-testid="ekskul-gate">
                {closed}
              </Alert>
            ) : null}
            {problems.length ? (
              <Alert color="red" title={t('penilaian.ekskul.problems')} data-testid="ekskul-problems">
                <List size="sm">
                  {problems.map((p) => (
                    <List.Item key={p}>{p}</List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
            {data.data.length === 0 ? (
              <Text c="dimmed">{t('penilaian.ekskul.empty')}</Text>
            ) : (
              <GradeGrid
                columns={columns}
                rowHeaderColumns={headers}
                rows={rows}
                draft={draft}
                onChange={(update) => setDraft((prev) => autoFillDeskripsi(prev, update(prev), nama))}
                readOnly={!!closed || save.isPending}
                label={nama}
                testId="ekskul-grid"
              />
            )}
            <Group justify="space-between">
              <Group gap="sm">
                {hasGrades ? (
                  <Button
                    color="red"
                    variant="light"
                    disabled={!!closed || dirty}
                    onClick={() => setConfirmReset(true)}
                    data-testid="ekskul-reset"
                  >
                    {kelasLabel
                      ? t('penilaian.ekskul.resetKelas', { ekskul: nama, kelas: kelasLabel })
                      : t('penilaian.ekskul.reset', { ekskul: nama })}
                  </Button>
                ) : null}
                {dirty ? (
                  <Button variant="default" onClick={() => setDraft(resetDraft)} data-testid="ekskul-undo">
                    {t('penilaian.ekskul.undo')}
                  </Button>
                ) : null}
              </Group>
              <Button
                color="green"
                onClick={submit}
                loading={save.isPending}
                disabled={!!closed || !dirty}
                data-testid="ekskul-save"
              >
                {t('penilaian.ekskul.save')}
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : null}
      <ConfirmDialog
        text={
          !confirmReset
            ? null
            : kelasLabel
              ? t('penilaian.ekskul.resetConfirmKelas', { ekskul: nama, kelas: kelasLabel })
              : t('penilaian.ekskul.resetConfirm', { ekskul: nama })
        }
        busy={reset.isPending}
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => reset.mutate()}
      />
    </Stack>
  );
}

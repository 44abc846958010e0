import type { AbsensiEdit, HariIssue } from '@erapor/contract/wali-kelas/absensi';
import { Card, Loader, Stack, Text } from '@mantine/core';
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
import { useUnsavedGuard } from '../../../components/grade-grid/use-unsaved-guard';
import type { CellValidator } from '../../../components/grade-grid/validators';
import { useKnownChoice } from '../../../components/known-choice';
import { toHttpError } from '../../../lib/http-errors';
import { type TFunction, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useView } from '../../../lib/view-search';
import { ABSENSI_KEY, getAbsensi, saveAbsensi } from '../api/absensi-api';
import { ABSENSI_COLUMNS, blankAsZero, draftOf, hariIssue, saveRows } from './absensi-draft';
import { KelasHeader } from './kelas-header';
import { SaveBar } from './save-bar';
import { GateAlert, SaveRefusal, useSaveRefusal } from './save-refusal';

const EMPTY_DRAFT = draftOf([]);

/** The contract's rule (whole days 0–200, blank = 0) as a grid validator, in the interface language. */
function hariValidator(t: TFunction): CellValidator {
  const text = (code: HariIssue): string => {
    switch (code) {
      case 'notNumber':
        return t('wali-kelas.absensi.error.notNumber');
      case 'belowMin':
        return t('wali-kelas.absensi.error.belowMin');
      case 'aboveMax':
        return t('wali-kelas.absensi.error.aboveMax');
      default:
        return t('wali-kelas.absensi.error.notWhole');
    }
  };
  return (value) => {
    const code = hariIssue(value);
    return code ? { code: `hari.${code}`, message: text(code) } : null;
  };
}

/**
 * Ketidakhadiran (reference-screens §11): the wali kelas enters Sakit, Izin and Tanpa Keterangan
 * of every pupil of their class in the shared grade grid — typed or pasted from Excel, checked as
 * typed, saved in one request. A refused save (409, 422, 423) keeps the typing on screen.
 */
export function AbsensiScreen() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [view, setView] = useView();
  const [draft, setDraft] = useState<GridDraft>(EMPTY_DRAFT);
  const { refusal, refuse, hold, clear } = useSaveRefusal();

  const grid = useQuery({
    queryKey: [...ABSENSI_KEY, view.kelas ?? null],
    queryFn: () => getAbsensi(view.kelas ?? null),
  });
  const data = grid.data;
  // A class in the URL that is not (or no longer) the caller's: back to their own.
  const kelasGone = grid.isError && [403, 404].includes(toHttpError(grid.error).status ?? 0) && !!view.kelas;
  useKnownChoice('kelas', view.kelas, kelasGone ? [] : data?.kelas.map((k) => k.value), setView);
  useEffect(() => {
    setDraft(data ? draftOf(data.data) : EMPTY_DRAFT);
    clear();
  }, [data, clear]);

  const closed = data?.penilaian_tertutup ?? null;
  const dirty = isDirty(draft);
  const guard = useUnsavedGuard(dirty);
  const loaded = useMemo(() => new Map((data?.data ?? []).map((r) => [r.anggota_rombel_id, r])), [data]);
  const names = useMemo(() => new Map((data?.data ?? []).map((r) => [r.anggota_rombel_id, r.nama])), [data]);

  const columns = useMemo<GradeGridColumn[]>(() => {
    const validate = hariValidator(t);
    const label = {
      sakit: t('wali-kelas.absensi.columns.sakit'),
      izin: t('wali-kelas.absensi.columns.izin'),
      alpa: t('wali-kelas.absensi.columns.alpa'),
    };
    return ABSENSI_COLUMNS.map((id) => ({
      id,
      kind: 'score' as const,
      validate,
      normalize: blankAsZero,
      label: label[id],
      width: id === 'alpa' ? 150 : 110,
    }));
  }, [t]);
  const headers = useMemo<RowHeaderColumn[]>(
    () => [
      { label: t('wali-kelas.absensi.columns.no'), width: 48 },
      { label: t('wali-kelas.absensi.columns.nama'), width: 260 },
      { label: t('wali-kelas.absensi.columns.nisn'), width: 130 },
    ],
    [t],
  );
  const rows = useMemo<GradeGridRow[]>(
    () =>
      (data?.data ?? []).map((r, i) => ({
        id: r.anggota_rombel_id,
        name: r.nama,
        header: [i + 1, r.nama, r.nisn ?? '-'],
      })),
    [data],
  );

  const save = useMutation({
    mutationFn: (sent: AbsensiEdit[]) =>
      saveAbsensi({ rombongan_belajar_id: data?.rombel.rombongan_belajar_id ?? '', rows: sent }),
    onSuccess: () => {
      toast.success(t('wali-kelas.absensi.saved'));
      void qc.invalidateQueries({ queryKey: ABSENSI_KEY });
    },
    onError: (e, sent) => refuse(e, sent, names),
  });

  const submit = () => {
    if (hasErrors(draft, columns)) {
      hold(t('wali-kelas.absensi.fixCells'));
      return;
    }
    const sent = saveRows(draft, changes(draft), loaded);
    if (sent.length === 0) {
      toast.info(t('wali-kelas.absensi.nothingChanged'));
      return;
    }
    clear();
    save.mutate(sent);
  };

  return (
    <Stack gap="md">
      {guard.modal}
      <KelasHeader
        kelas={data?.kelas ?? []}
        value={data?.rombel.rombongan_belajar_id ?? null}
        onChange={(v) => setView({ kelas: v })}
        locked={dirty}
        hint={dirty ? t('wali-kelas.absensi.dirtyHint') : t('wali-kelas.absensi.hint')}
        testId="absensi-kelas"
      />
      {grid.isError && !kelasGone ? (
        <ErrorAlert title={t('wali-kelas.absensi.loadFailed')} error={grid.error} />
      ) : null}
      {grid.isPending ? <Loader /> : null}
      {data ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <GateAlert closed={closed} testId="absensi-gate" />
            <SaveRefusal
              refusal={refusal}
              title={t('wali-kelas.absensi.problems')}
              onReload={() => void grid.refetch()}
              testId="absensi-refused"
            />
            {data.data.length === 0 ? (
              <Text c="dimmed">{t('wali-kelas.absensi.empty')}</Text>
            ) : (
              <GradeGrid
                columns={columns}
                rowHeaderColumns={headers}
                rows={rows}
                draft={draft}
                onChange={setDraft}
                readOnly={!!closed || save.isPending}
                label={data.rombel.nama}
                testId="absensi-grid"
              />
            )}
            {data.pkl === null ? (
              <Text size="sm" c="dimmed" data-testid="absensi-pkl">
                {t('wali-kelas.absensi.pkl')}
              </Text>
            ) : null}
            <SaveBar
              dirty={dirty}
              closed={!!closed}
              saving={save.isPending}
              onUndo={() => setDraft(resetDraft)}
              onSave={submit}
              testId="absensi"
            />
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}

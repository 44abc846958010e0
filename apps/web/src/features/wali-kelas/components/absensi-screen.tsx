import type { HariIssue } from '@erapor/contract/wali-kelas/absensi';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
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
  setCells,
} from '../../../components/grade-grid/grid-model';
import { GateAlert, SaveBar, SaveRefusal } from '../../../components/grade-grid/save-feedback';
import { useUnsavedGuard } from '../../../components/grade-grid/use-unsaved-guard';
import type { CellValidator } from '../../../components/grade-grid/validators';
import { type TFunction, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { ABSENSI_KEY, getAbsensi, saveAbsensi } from '../api/absensi-api';
import { ABSENSI_COLUMNS, blankAsZero, draftOf, hariIssue, saveRows } from './absensi-draft';
import { pklCopyUpdates } from './absensi-pkl';
import { KelasHeader, KelasLoad, useKelasQuery } from './kelas-header';
import { useClassSave } from './save-refusal';

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
  const [draft, setDraft] = useState<GridDraft>(EMPTY_DRAFT);

  const { query, data, kelasGone, header } = useKelasQuery(ABSENSI_KEY, getAbsensi);
  const closed = data?.penilaian_tertutup ?? null;
  const dirty = isDirty(draft);
  const guard = useUnsavedGuard(dirty);
  const loaded = useMemo(() => new Map((data?.data ?? []).map((r) => [r.anggota_rombel_id, r])), [data]);
  const names = useMemo(() => new Map((data?.data ?? []).map((r) => [r.anggota_rombel_id, r.nama])), [data]);
  const { save, refusal, hold, clear } = useClassSave({
    rombelId: data?.rombel.rombongan_belajar_id,
    send: saveAbsensi,
    queryKey: ABSENSI_KEY,
    saved: t('wali-kelas.absensi.saved'),
    names,
  });
  useEffect(() => {
    setDraft(data ? draftOf(data.data) : EMPTY_DRAFT);
    clear();
  }, [data, clear]);

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
  // The PKL absences (issue #11 item 3) show beside each pupil as "S / I / A" when the class has PKL.
  const pkl = useMemo(
    () => (data?.pkl ? new Map(data.pkl.map((p) => [p.anggota_rombel_id, p])) : null),
    [data],
  );
  const headers = useMemo<RowHeaderColumn[]>(
    () => [
      { label: t('wali-kelas.absensi.columns.no'), width: 48 },
      { label: t('wali-kelas.absensi.columns.nama'), width: 260 },
      { label: t('wali-kelas.absensi.columns.nisn'), width: 130 },
      ...(pkl ? [{ label: t('wali-kelas.absensi.columns.pkl'), width: 120 }] : []),
    ],
    [t, pkl],
  );
  const rows = useMemo<GradeGridRow[]>(
    () =>
      (data?.data ?? []).map((r, i) => {
        const p = pkl?.get(r.anggota_rombel_id);
        const beside = pkl ? [p ? `${p.sakit} / ${p.izin} / ${p.alpa}` : '-'] : [];
        return { id: r.anggota_rombel_id, name: r.nama, header: [i + 1, r.nama, r.nisn ?? '-', ...beside] };
      }),
    [data, pkl],
  );

  /** "Salin dari PKL": the PKL days into the grid for review — unsaved until Simpan. */
  const copyPkl = () => {
    if (!pkl) return;
    setDraft((d) => setCells(d, pklCopyUpdates(d, pkl)));
    toast.info(t('wali-kelas.absensi.pklCopied'));
  };

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
        {...header}
        locked={dirty}
        hint={dirty ? t('wali-kelas.absensi.dirtyHint') : t('wali-kelas.absensi.hint')}
        testId="absensi-kelas"
      />
      <KelasLoad query={query} kelasGone={kelasGone} title={t('wali-kelas.absensi.loadFailed')} />
      {data ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <GateAlert closed={closed} testId="absensi-gate" />
            <SaveRefusal
              refusal={refusal}
              title={t('wali-kelas.absensi.problems')}
              onReload={() => void query.refetch()}
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
            ) : (
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="dimmed" data-testid="absensi-pkl">
                  {t('wali-kelas.absensi.pklBeside')}
                </Text>
                <Button
                  variant="light"
                  onClick={copyPkl}
                  disabled={!!closed || save.isPending || data.pkl.length === 0}
                  data-testid="absensi-salin-pkl"
                >
                  {t('wali-kelas.absensi.salinPkl')}
                </Button>
              </Group>
            )}
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

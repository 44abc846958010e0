import { type BobotEditInput, type BobotRow, checkBobot } from '@erapor/contract/kurikulum/bobot';
import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { GradeGrid } from '../../../components/grade-grid/grade-grid';
import type {
  GradeGridColumn,
  GradeGridRow,
  RowHeaderColumn,
} from '../../../components/grade-grid/grade-grid-types';
import {
  changes,
  createDraft,
  type GridDraft,
  hasErrors,
  isDirty,
  markSaved,
  resetDraft,
} from '../../../components/grade-grid/grid-model';
import { useUnsavedGuard } from '../../../components/grade-grid/use-unsaved-guard';
import type { CellValidator } from '../../../components/grade-grid/validators';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { getBobot, KURIKULUM_KEY, saveBobot } from '../api/kurikulum-api';

const MATERI = 'bobot_sumatif_materi';
const AKHIR = 'bobot_sumatif_akhir';
type Weights = Pick<BobotRow, typeof MATERI | typeof AKHIR>;

/** The contract's rule (whole number 1–100) as a grid cell validator; its message is shown as is. */
const validateBobot: CellValidator = (value) => {
  const message = checkBobot(value);
  return message ? { code: 'bobot', message } : null;
};

const draftOf = (rows: readonly BobotRow[]) =>
  createDraft(
    rows.map((r) => r.pembelajaran_id),
    [{ id: MATERI }, { id: AKHIR }],
    Object.fromEntries(rows.map((r) => [r.pembelajaran_id, { [MATERI]: r[MATERI], [AKHIR]: r[AKHIR] }])),
  );

/** `rows.<i>.<field>` answers of the server → "Mapel Rombel: message" lines. */
function detailLines(
  details: Record<string, string>,
  sent: readonly BobotEditInput[],
  rows: readonly BobotRow[],
) {
  return Object.entries(details).map(([key, message]) => {
    const i = Number(/^rows\.(\d+)\./.exec(key)?.[1] ?? -1);
    const row = rows.find((r) => r.pembelajaran_id === sent[i]?.pembelajaran_id);
    return row ? `${row.mata_pelajaran} ${row.rombel}: ${message}` : message;
  });
}

/**
 * Bobot Penilaian (reference-screens §6.10): the weights of Sumatif Lingkup Materi and Sumatif
 * Akhir Semester for each of the teacher's pembelajaran, in the spreadsheet-like grid (Enter goes
 * down, a block pasted from Excel fills), saved all at once with one "Simpan". Leaving with unsaved
 * changes asks first.
 */
export function BobotScreen() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: [...KURIKULUM_KEY, 'bobot'], queryFn: getBobot });
  return (
    <Card withBorder padding="md">
      {list.isLoading ? <Loader size="sm" /> : null}
      {list.isError ? (
        <Alert color="red" data-testid="bobot-load-error">
          {httpErrorMessage(list.error, t)}
        </Alert>
      ) : null}
      {list.data ? (
        <BobotGrid key={list.dataUpdatedAt} rows={list.data.data} reload={() => list.refetch()} />
      ) : null}
    </Card>
  );
}

function BobotGrid({ rows: initial, reload }: { rows: BobotRow[]; reload: () => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState(initial);
  const [draft, setDraft] = useState<GridDraft>(() => draftOf(initial));
  const [problems, setProblems] = useState<string[]>([]);
  const { modal } = useUnsavedGuard(isDirty(draft));

  const columns = useMemo<GradeGridColumn[]>(
    () => [
      { id: MATERI, label: t('kurikulum.bobot.materi'), validate: validateBobot, width: 150 },
      { id: AKHIR, label: t('kurikulum.bobot.akhir'), validate: validateBobot, width: 150 },
    ],
    [t],
  );
  const headers = useMemo<RowHeaderColumn[]>(
    () => [
      { label: t('kurikulum.columns.no'), width: 50 },
      { label: t('kurikulum.columns.mapel'), width: 260 },
      { label: t('kurikulum.columns.rombel'), width: 160 },
    ],
    [t],
  );
  const gridRows = useMemo<GradeGridRow[]>(
    () =>
      rows.map((r, i) => ({
        id: r.pembelajaran_id,
        name: `${r.mata_pelajaran} ${r.rombel}`,
        header: [i + 1, r.mata_pelajaran, r.rombel],
      })),
    [rows],
  );

  const save = useMutation({
    mutationFn: (sent: BobotEditInput[]) => saveBobot(sent),
    onSuccess: (r, sent) => {
      toast.success(r.message);
      setProblems([]);
      // What was sent becomes the saved state; a cell typed into meanwhile stays unsaved.
      const saved = sent.flatMap((s) =>
        [MATERI, AKHIR].map((columnId) => ({
          rowId: s.pembelajaran_id,
          columnId,
          value: String(s[columnId as typeof MATERI]),
        })),
      );
      setDraft((d) => markSaved(d, saved));
      setRows(r.data);
    },
    onError: (e, sent) => {
      const err = toHttpError(e);
      const lines = detailLines(err.details, sent, rows);
      setProblems([httpErrorMessage(e, t), ...lines]);
    },
  });

  const submit = () => {
    if (hasErrors(draft, columns)) {
      setProblems([t('kurikulum.bobot.fixFirst')]);
      return;
    }
    const changedRows = new Set(changes(draft).map((c) => c.rowId));
    if (changedRows.size === 0) {
      setProblems([]);
      toast.info(t('kurikulum.bobot.nothing'));
      return;
    }
    const loaded = new Map<string, Weights>(rows.map((r) => [r.pembelajaran_id, r]));
    const sent = draft.rowIds.flatMap((id, i): BobotEditInput[] => {
      const stored = loaded.get(id);
      if (!changedRows.has(id) || !stored) return [];
      return [
        {
          pembelajaran_id: id,
          [MATERI]: draft.values[i]?.[0] ?? '',
          [AKHIR]: draft.values[i]?.[1] ?? '',
          loaded: { [MATERI]: stored[MATERI], [AKHIR]: stored[AKHIR] },
        },
      ];
    });
    save.mutate(sent);
  };

  if (rows.length === 0) {
    return (
      <Text c="dimmed" data-testid="bobot-empty">
        {t('kurikulum.bobot.empty')}
      </Text>
    );
  }
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('kurikulum.bobot.hint')}
      </Text>
      {problems.length ? (
        <Alert color="red" data-testid="bobot-error">
          <Stack gap={2}>
            {problems.map((p) => (
              <Text key={p} size="sm">
                {p}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      <GradeGrid
        columns={columns}
        rowHeaderColumns={headers}
        rows={gridRows}
        draft={draft}
        onChange={setDraft}
        label={t('kurikulum.bobot.gridLabel')}
        testId="bobot-grid"
      />
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() => {
            setDraft(resetDraft);
            setProblems([]);
            reload();
          }}
          data-testid="bobot-reload"
        >
          {t('kurikulum.bobot.reload')}
        </Button>
        <Button loading={save.isPending} onClick={submit} data-testid="bobot-save">
          {t('kurikulum.form.save')}
        </Button>
      </Group>
      {modal}
    </Stack>
  );
}

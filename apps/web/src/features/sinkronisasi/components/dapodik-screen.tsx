import {
  isRunFinished,
  type SyncKind,
  type SyncKindResult,
  type SyncRun,
  type SyncStatusLabel,
} from '@erapor/contract/sinkronisasi';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Loader,
  Progress,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { cancelRun, followRun, getOverview, SINKRONISASI_KEY, startSync } from '../api/sinkronisasi-api';
import { progressOf } from './run-progress';

const STATUS_COLOR: Record<SyncStatusLabel, string> = { Belum: 'red', Kurang: 'yellow', Lengkap: 'green' };
const KIND_STATUS_COLOR: Record<SyncKindResult['status'], string> = {
  pending: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
  skipped: 'orange',
  cancelled: 'yellow',
};
const RUN_COLOR: Record<SyncRun['status'], string> = {
  queued: 'blue',
  running: 'blue',
  done: 'green',
  failed: 'red',
  cancelled: 'yellow',
};

/**
 * Ambil Data Dapodik (reference-screens §4.1): per data kind the count in Dapodik, in e-Rapor and
 * synced, a status chip, a button per kind and "Sinkronisasi Semua"; a run shows live progress
 * (Server-Sent Events) and then its real outcome per kind, never a blanket "Berhasil".
 */
export function DapodikScreen() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const overview = useQuery({ queryKey: SINKRONISASI_KEY, queryFn: getOverview });
  const [runId, setRunId] = useState<string | null>(null);
  const [run, setRun] = useState<SyncRun | null>(null);
  const running = !!run && !isRunFinished(run.status);

  // Resume a run that is still going (a refresh, another tab).
  const resume = overview.data?.running_run_id ?? null;
  useEffect(() => {
    if (resume && !runId) setRunId(resume);
  }, [resume, runId]);
  useEffect(() => {
    if (!run && overview.data?.last_run) setRun(overview.data.last_run);
  }, [overview.data?.last_run, run]);

  useEffect(() => {
    if (!runId) return;
    const controller = new AbortController();
    void followRun(
      runId,
      (r) => {
        setRun(r);
        if (isRunFinished(r.status)) void qc.invalidateQueries({ queryKey: SINKRONISASI_KEY });
      },
      controller.signal,
    );
    return () => controller.abort();
  }, [runId, qc]);

  const start = useMutation({
    mutationFn: (input: { kinds?: SyncKind[]; confirm?: boolean }) =>
      startSync({
        ...(input.kinds ? { kinds: input.kinds } : {}),
        ...(input.confirm ? { confirm_deletions: true } : {}),
      }),
    onSuccess: (r) => {
      setRun(null);
      setRunId(r.runId);
    },
    onError: (e) => toast.error(httpErrorMessage(e, t)),
  });
  const cancel = useMutation({
    mutationFn: (id: string) => cancelRun(id),
    onSuccess: (r) => toast.info(r.message),
    onError: (e) => toast.error(httpErrorMessage(e, t)),
  });

  if (overview.isPending) return <Loader />;
  if (overview.isError) return <Alert color="red">{httpErrorMessage(overview.error, t)}</Alert>;
  const data = overview.data;
  const busy = running || start.isPending;
  const current = run?.kinds.find((k) => k.status === 'running');

  return (
    <Stack gap="md">
      {data.service_window && !data.service_window.open ? (
        <Alert color="red" title={t('sinkronisasi.window.title')} data-testid="sync-window">
          {data.service_window.message ?? t('sinkronisasi.window.text')}
        </Alert>
      ) : null}
      {!data.configured ? (
        // Not configured yet (issue #26 item 4): nothing to compare with, so no row is "Lengkap".
        <Alert color="yellow" title={t('sinkronisasi.notConfigured.title')} data-testid="sync-not-configured">
          {t('sinkronisasi.notConfigured.text')}{' '}
          <Anchor component={Link} to="/setting/umum" data-testid="sync-setting-link">
            {t('sinkronisasi.notConfigured.link')}
          </Anchor>
        </Alert>
      ) : data.dapodik_error ? (
        <Alert
          color={data.configured ? 'red' : 'yellow'}
          title={t('sinkronisasi.dapodikError')}
          data-testid="sync-dapodik-error"
        >
          {data.dapodik_error}
        </Alert>
      ) : null}

      <Card withBorder padding="md">
        <Group justify="space-between" mb="sm">
          <Text size="sm" c="dimmed">
            {t('sinkronisasi.source', { url: data.url ?? '-', npsn: data.npsn, semester: data.semester_id })}
          </Text>
          <Button
            color="green"
            onClick={() => start.mutate({})}
            loading={start.isPending}
            disabled={!data.configured || busy}
            data-testid="sync-all"
          >
            {t('sinkronisasi.syncAll')}
          </Button>
        </Group>

        {run ? (
          <Stack gap="xs" mb="md" data-testid="sync-progress">
            <Group justify="space-between">
              <Text fw={600} data-testid="sync-run-message">
                {run.message}
              </Text>
              {running ? (
                <Button
                  size="compact-sm"
                  color="red"
                  variant="light"
                  onClick={() => cancel.mutate(run.id)}
                  loading={cancel.isPending}
                  data-testid="sync-cancel"
                >
                  {t('sinkronisasi.cancel')}
                </Button>
              ) : null}
            </Group>
            <Progress
              value={isRunFinished(run.status) ? 100 : progressOf(run)}
              color={RUN_COLOR[run.status]}
              animated={running}
              striped={running}
              aria-label={t('sinkronisasi.progress')}
              data-testid="sync-progress-bar"
            />
            {current ? (
              <Text size="sm" c="dimmed" data-testid="sync-current">
                {current.phase === 'fetch'
                  ? t('sinkronisasi.fetching', {
                      label: current.label,
                      n: current.fetched,
                      total: current.total ?? '?',
                    })
                  : t('sinkronisasi.applying', {
                      label: current.label,
                      n: current.processed,
                      total: current.total ?? current.fetched,
                    })}
              </Text>
            ) : null}
          </Stack>
        ) : null}

        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder data-testid="sync-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sinkronisasi.columns.data')}</Table.Th>
                <Table.Th ta="right">{t('sinkronisasi.columns.dapodik')}</Table.Th>
                <Table.Th ta="right">{t('sinkronisasi.columns.erapor')}</Table.Th>
                <Table.Th ta="right">{t('sinkronisasi.columns.sinkron')}</Table.Th>
                <Table.Th>{t('sinkronisasi.columns.status')}</Table.Th>
                <Table.Th>{t('sinkronisasi.columns.aksi')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.kinds.map((k) => (
                <Table.Tr key={k.kind} data-testid={`sync-row-${k.kind}`}>
                  <Table.Td>{k.label}</Table.Td>
                  <Table.Td ta="right">{k.dapodik ?? '-'}</Table.Td>
                  <Table.Td ta="right">{k.erapor}</Table.Td>
                  <Table.Td ta="right">{k.sinkron}</Table.Td>
                  <Table.Td>
                    {/* Without a Dapodik count there is nothing to compare the synced rows with. */}
                    {k.dapodik === null ? (
                      <Badge color="gray" variant="light" data-testid={`sync-status-${k.kind}`}>
                        {t('sinkronisasi.status.unknown')}
                      </Badge>
                    ) : (
                      <Badge color={STATUS_COLOR[k.status]} data-testid={`sync-status-${k.kind}`}>
                        {t(`sinkronisasi.status.${k.status}`)}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      color="green"
                      variant="light"
                      disabled={!data.configured || busy}
                      onClick={() => start.mutate({ kinds: [k.kind] })}
                      data-testid={`sync-kind-${k.kind}`}
                    >
                      {t('sinkronisasi.syncOne')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>

      {run && isRunFinished(run.status) ? (
        <RunResult
          run={run}
          busy={busy}
          onConfirmDeletions={(kinds) => start.mutate({ kinds, confirm: true })}
        />
      ) : null}
    </Stack>
  );
}

/** The honest outcome of a finished run, kind by kind. */
function RunResult({
  run,
  busy,
  onConfirmDeletions,
}: {
  run: SyncRun;
  busy: boolean;
  onConfirmDeletions: (kinds: SyncKind[]) => void;
}) {
  const { t } = useTranslation();
  const held = run.kinds.filter((k) => k.held > 0);
  return (
    <Card withBorder padding="md" data-testid="sync-result">
      <Alert color={RUN_COLOR[run.status]} title={t(`sinkronisasi.runStatus.${run.status}`)} mb="md">
        {run.message}
      </Alert>
      {held.length ? (
        <Alert color="orange" title={t('sinkronisasi.held.title')} mb="md" data-testid="sync-held">
          <Text size="sm" mb="xs">
            {t('sinkronisasi.held.text', {
              count: held.reduce((n, k) => n + k.held, 0),
              kinds: held.map((k) => k.label).join(', '),
            })}
          </Text>
          <Button
            size="compact-sm"
            color="orange"
            disabled={busy}
            onClick={() => onConfirmDeletions(held.map((k) => k.kind))}
            data-testid="sync-confirm-deletions"
          >
            {t('sinkronisasi.held.confirm')}
          </Button>
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={880}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('sinkronisasi.columns.data')}</Table.Th>
              <Table.Th>{t('sinkronisasi.columns.status')}</Table.Th>
              <Table.Th ta="right">{t('sinkronisasi.result.inserted')}</Table.Th>
              <Table.Th ta="right">{t('sinkronisasi.result.updated')}</Table.Th>
              <Table.Th ta="right">{t('sinkronisasi.result.unchanged')}</Table.Th>
              <Table.Th ta="right">{t('sinkronisasi.result.revived')}</Table.Th>
              <Table.Th ta="right">{t('sinkronisasi.result.removed')}</Table.Th>
              <Table.Th ta="right">{t('sinkronisasi.result.skipped')}</Table.Th>
              <Table.Th ta="right">{t('sinkronisasi.result.warnings')}</Table.Th>
              <Table.Th ta="right">{t('sinkronisasi.result.errors')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {run.kinds.map((k) => (
              <Table.Tr key={k.kind} data-testid={`sync-result-${k.kind}`}>
                <Table.Td>
                  <Text size="sm">{k.label}</Text>
                  {k.error ? (
                    <Text size="xs" c="red">
                      {k.error}
                    </Text>
                  ) : null}
                  {k.messages.length ? (
                    <List size="xs" c="dimmed">
                      {k.messages.slice(0, 5).map((m) => (
                        <List.Item key={m}>{m}</List.Item>
                      ))}
                    </List>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Badge
                    color={KIND_STATUS_COLOR[k.status]}
                    variant="light"
                    data-testid={`sync-result-status-${k.kind}`}
                  >
                    {t(`sinkronisasi.kindStatus.${k.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{k.inserted}</Table.Td>
                <Table.Td ta="right">{k.updated}</Table.Td>
                <Table.Td ta="right">{k.unchanged}</Table.Td>
                <Table.Td ta="right">{k.revived}</Table.Td>
                <Table.Td ta="right">{k.removed}</Table.Td>
                <Table.Td ta="right">{k.skipped}</Table.Td>
                <Table.Td ta="right">{k.warnings}</Table.Td>
                <Table.Td ta="right">{k.errors}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

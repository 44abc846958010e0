import { Alert, Button, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import type { useCetakSemuaJob } from './use-cetak-semua';

type JobState = ReturnType<typeof useCetakSemuaJob>;

/** The i18n keys of a screen's Cetak Semua texts (each feature keeps them in its own area). */
export interface CetakSemuaLabels {
  cancel: string;
  download: string;
  /** With {{progress}} and {{total}}. */
  progress: string;
  /** With {{file}}. */
  done: string;
  cancelled: string;
  failed: string;
}

/** "Batal" while the job runs, "Unduh lagi" once it is done: beside the screen's own start button. */
export function CetakSemuaButtons({
  state,
  testId,
  labels,
}: {
  state: JobState;
  testId: string;
  labels: CetakSemuaLabels;
}) {
  const { t } = useTranslation();
  const { job, running, cancel, download } = state;
  return (
    <>
      {running ? (
        <Button variant="default" color="red" onClick={() => void cancel()} data-testid={`${testId}-cancel`}>
          {t(labels.cancel)}
        </Button>
      ) : null}
      {job?.status === 'done' ? (
        <Button variant="light" onClick={() => void download(job.id)} data-testid={`${testId}-download`}>
          {t(labels.download)}
        </Button>
      ) : null}
    </>
  );
}

/**
 * The job's progress (pupils done of all, with the job's message) while it runs, then what became
 * of it: the file downloaded (`doneMessage`: also the job's closing message, e.g. the pupils left
 * out), cancelled, or the failure.
 */
export function CetakSemuaStatus({
  state,
  testId,
  labels,
  doneMessage = false,
}: {
  state: JobState;
  testId: string;
  labels: CetakSemuaLabels;
  doneMessage?: boolean;
}) {
  const { t } = useTranslation();
  const { job, running, file, error } = state;
  const total = job?.total ?? 0;
  const progress = job?.progress ?? 0;
  return (
    <>
      {running ? (
        <Stack gap={4} data-testid={`${testId}-progress`}>
          <Progress value={total > 0 ? (100 * progress) / total : 0} animated striped />
          <Text size="sm">
            {t(labels.progress, { progress, total })}
            {job?.message ? ` · ${job.message}` : ''}
          </Text>
        </Stack>
      ) : null}
      {job?.status === 'done' && file ? (
        <Alert color="green" data-testid={`${testId}-done`}>
          {t(labels.done, { file })}
          {doneMessage && job.message ? ` ${job.message}` : ''}
        </Alert>
      ) : null}
      {job?.status === 'cancelled' ? <Alert color="yellow">{t(labels.cancelled)}</Alert> : null}
      {error ? (
        <Alert color="red" title={t(labels.failed)} data-testid={`${testId}-error`}>
          {error}
        </Alert>
      ) : null}
    </>
  );
}

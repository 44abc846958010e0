import type { Job } from '@erapor/contract/jobs';
import { Alert, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

/** A backup or restore job while it runs, and how it ended. */
export function JobProgress({ job, testId }: { job: Job; testId: string }) {
  const { t } = useTranslation();
  const percent = job.total ? Math.round((job.progress / job.total) * 100) : 0;
  if (job.status === 'failed' || job.status === 'cancelled') {
    return (
      <Alert color="red" data-testid={`${testId}-gagal`} title={t('cadangan.gagal')}>
        {job.message}
      </Alert>
    );
  }
  if (job.status === 'done') {
    return (
      <Alert color="green" data-testid={`${testId}-selesai`}>
        {job.message}
      </Alert>
    );
  }
  return (
    <Stack gap={4} data-testid={`${testId}-progress`}>
      <Progress value={percent} animated aria-label={t('cadangan.kemajuan')} />
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {percent}% {job.message ?? ''}
      </Text>
    </Stack>
  );
}

import type { RaporSemuaOutput } from '@erapor/contract/cetak/rapor-semua';
import { Alert, Button, Group, Progress, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useCetakSemuaJob } from '../../cetak/components/use-cetak-semua';
import { startSertifikatSemua } from '../api/rencana-api';

/**
 * "Cetak Semua" of a UKK plan's certificates (issue #13 item 6; decisions 033, 038): every scored
 * pupil with a NISN as one PDF or a ZIP, printed by the report cards' bulk job under its own kind;
 * the progress, "Batal" and the download are that job's. Shown only for plans whose certificate the
 * school prints (Pola UKK: sekolah or dunia kerja).
 */
export function CetakSemuaSertifikat({ rencanaUkkId }: { rencanaUkkId: string }) {
  const { t } = useTranslation();
  const [output, setOutput] = useState<RaporSemuaOutput>('pdf');
  const { job, error, starting, file, running, start, cancel, download } = useCetakSemuaJob({
    failed: 'ukk.semua.failed',
    downloadFailed: 'ukk.semua.downloadFailed',
  });
  const total = job?.total ?? 0;
  const progress = job?.progress ?? 0;
  return (
    <Stack gap="xs" data-testid="sertifikat-semua">
      <Group align="end" gap="md" wrap="wrap">
        <Radio.Group
          label={t('ukk.semua.output')}
          value={output}
          onChange={(v) => setOutput(v as RaporSemuaOutput)}
        >
          <Group gap="md" mt={6}>
            <Radio value="pdf" label={t('ukk.semua.pdf')} disabled={running} />
            <Radio value="zip" label={t('ukk.semua.zip')} disabled={running} />
          </Group>
        </Radio.Group>
        <Button
          onClick={() => void start(() => startSertifikatSemua({ rencana_ukk_id: rencanaUkkId, output }))}
          loading={starting}
          disabled={running}
          data-testid="sertifikat-semua-start"
        >
          {t('ukk.semua.start')}
        </Button>
        {running ? (
          <Button
            variant="default"
            color="red"
            onClick={() => void cancel()}
            data-testid="sertifikat-semua-cancel"
          >
            {t('ukk.semua.cancel')}
          </Button>
        ) : null}
        {job?.status === 'done' ? (
          <Button
            variant="light"
            onClick={() => void download(job.id)}
            data-testid="sertifikat-semua-download"
          >
            {t('ukk.semua.downloadAgain')}
          </Button>
        ) : null}
      </Group>
      {running ? (
        <Stack gap={4} data-testid="sertifikat-semua-progress">
          <Progress value={total > 0 ? (100 * progress) / total : 0} animated striped />
          <Text size="sm">
            {t('ukk.semua.progress', { progress, total })}
            {job?.message ? ` · ${job.message}` : ''}
          </Text>
        </Stack>
      ) : null}
      {job?.status === 'done' && file ? (
        <Alert color="green" data-testid="sertifikat-semua-done">
          {t('ukk.semua.done', { file })}
          {job.message ? ` ${job.message}` : ''}
        </Alert>
      ) : null}
      {job?.status === 'cancelled' ? <Alert color="yellow">{t('ukk.semua.cancelled')}</Alert> : null}
      {error ? (
        <Alert color="red" title={t('ukk.semua.failed')} data-testid="sertifikat-semua-error">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

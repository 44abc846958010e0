import type { RaporSemuaOutput } from '@erapor/contract/cetak/rapor-semua';
import { Button, Group, Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { startSertifikatSemua } from '../../lib/ukk-rencana-api';
import {
  CetakSemuaButtons,
  type CetakSemuaLabels,
  CetakSemuaStatus,
} from '../cetak-semua/cetak-semua-status';
import { useCetakSemuaJob } from '../cetak-semua/use-cetak-semua';

const LABELS: CetakSemuaLabels = {
  cancel: 'ukk.semua.cancel',
  download: 'ukk.semua.downloadAgain',
  progress: 'ukk.semua.progress',
  done: 'ukk.semua.done',
  cancelled: 'ukk.semua.cancelled',
  failed: 'ukk.semua.failed',
};

/**
 * "Cetak Semua" of a UKK plan's certificates (issue #13 item 6; decisions 033, 038): every scored
 * pupil with a NISN as one PDF or a ZIP, printed by the report cards' bulk job under its own kind;
 * the progress, "Batal" and the download are that job's. Shown only for plans whose certificate the
 * school prints (Pola UKK: sekolah or dunia kerja).
 */
export function CetakSemuaSertifikat({ rencanaUkkId }: { rencanaUkkId: string }) {
  const { t } = useTranslation();
  const [output, setOutput] = useState<RaporSemuaOutput>('pdf');
  const cetak = useCetakSemuaJob({
    failed: 'ukk.semua.failed',
    downloadFailed: 'ukk.semua.downloadFailed',
  });
  const { running, starting, start } = cetak;
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
        <CetakSemuaButtons state={cetak} testId="sertifikat-semua" labels={LABELS} />
      </Group>
      <CetakSemuaStatus state={cetak} testId="sertifikat-semua" labels={LABELS} doneMessage />
    </Stack>
  );
}

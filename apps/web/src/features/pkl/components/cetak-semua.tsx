import type { RaporSemuaOutput } from '@erapor/contract/cetak/rapor-semua';
import { Button, Card, Group, Radio, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  CetakSemuaButtons,
  type CetakSemuaLabels,
  CetakSemuaStatus,
} from '../../../components/cetak-semua/cetak-semua-status';
import { useCetakSemuaJob } from '../../../components/cetak-semua/use-cetak-semua';
import { useTranslation } from '../../../lib/i18n';
import { startRaporPklSemua } from '../api/cetak-api';

const LABELS: CetakSemuaLabels = {
  cancel: 'pkl.cetak.cancel',
  download: 'pkl.cetak.downloadAgain',
  progress: 'pkl.cetak.progress',
  done: 'pkl.cetak.done',
  cancelled: 'pkl.cetak.cancelled',
  failed: 'pkl.cetak.failed',
};

/**
 * Cetak Semua of the PKL reports (issue #12 item 7): a plan's (or the chosen class's) reports as one
 * PDF or a ZIP, printed by the report cards' bulk job (decision 033) under its own kind; its status,
 * cancel and download are the same job addresses. The report cards' component chooses documents and
 * scopes that do not apply here, so this one keeps only the plan and the output; the job itself is
 * the shared `useCetakSemuaJob`.
 */
export function CetakSemuaPkl({
  rombelId,
  rencana,
}: {
  rombelId: string | null;
  rencana: { pkl_id: string; kelas: string; nama_dudi: string; peserta: number }[];
}) {
  const { t } = useTranslation();
  const ALL = 'semua';
  const [scope, setScope] = useState<string>(rencana.length === 1 ? (rencana[0]?.pkl_id ?? ALL) : ALL);
  const [output, setOutput] = useState<RaporSemuaOutput>('pdf');
  const cetak = useCetakSemuaJob({
    failed: 'pkl.cetak.failed',
    downloadFailed: 'pkl.cetak.downloadFailed',
  });
  const { running, starting, start } = cetak;
  const options = [
    ...(rombelId && rencana.length > 1 ? [{ value: ALL, label: t('pkl.cetak.semuaRencana') }] : []),
    ...rencana.map((r) => ({ value: r.pkl_id, label: `${r.kelas} - ${r.nama_dudi} (${r.peserta})` })),
  ];
  // What the select shows is what is printed: without a class there is no "all plans" option, and
  // picking the plan already shown fires no change, so the state may still hold ALL.
  const shown = options.some((o) => o.value === scope) ? scope : (options[0]?.value ?? null);
  const begin = () =>
    startRaporPklSemua(
      shown === ALL && rombelId
        ? { rombongan_belajar_id: rombelId, output }
        : { pkl_id: shown ?? '', output },
    );
  return (
    <Card withBorder radius="md" padding="lg" data-testid="pkl-semua">
      <Stack gap="sm">
        <div>
          <Text fw={600}>{t('pkl.cetak.semuaTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('pkl.cetak.semuaHint')}
          </Text>
        </div>
        <Group align="end" gap="xl" wrap="wrap">
          <Select
            label={t('pkl.cetak.rencana')}
            data={options}
            value={shown}
            onChange={(v) => v && setScope(v)}
            allowDeselect={false}
            disabled={running}
            w={360}
            data-testid="pkl-semua-rencana"
          />
          <Radio.Group
            label={t('pkl.cetak.output')}
            value={output}
            onChange={(v) => setOutput(v as RaporSemuaOutput)}
          >
            <Group gap="md" mt={6}>
              <Radio value="pdf" label={t('pkl.cetak.pdf')} disabled={running} />
              <Radio value="zip" label={t('pkl.cetak.zip')} disabled={running} />
            </Group>
          </Radio.Group>
        </Group>
        <Group gap="sm">
          <Button
            onClick={() => void start(begin)}
            loading={starting}
            disabled={running || options.length === 0}
            data-testid="pkl-semua-start"
          >
            {t('pkl.cetak.semuaStart')}
          </Button>
          <CetakSemuaButtons state={cetak} testId="pkl-semua" labels={LABELS} />
        </Group>
        <CetakSemuaStatus state={cetak} testId="pkl-semua" labels={LABELS} />
      </Stack>
    </Card>
  );
}

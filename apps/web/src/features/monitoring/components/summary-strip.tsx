import type { MonitoringSummary } from '@erapor/contract/monitoring/filters';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatNumber, formatPercent } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** The summary strip of every monitoring screen: % done, items complete / total, items not started. */
export function SummaryStrip({ summary }: { summary: MonitoringSummary | undefined }) {
  const { t } = useTranslation();
  const tile = (testId: string, label: string, value: string) => (
    <Paper withBorder p="sm" radius="md" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`${testId}-value`}>
        {value}
      </Text>
    </Paper>
  );
  const s = summary;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="monitoring-summary">
      {tile(
        'summary-percent',
        t('monitoring.summary.percent'),
        s ? `${formatPercent(s.percent)}${s.percent === null ? '' : ' %'}` : '…',
      )}
      {tile(
        'summary-lengkap',
        t('monitoring.summary.lengkap'),
        s ? `${formatNumber(s.items_lengkap)} / ${formatNumber(s.items_total)}` : '…',
      )}
      {tile('summary-belum', t('monitoring.summary.belum'), s ? formatNumber(s.items_belum) : '…')}
    </SimpleGrid>
  );
}

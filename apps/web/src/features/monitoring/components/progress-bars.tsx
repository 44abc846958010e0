import { formatPercent } from '@erapor/contract/monitoring/counting';
import { Badge, Box, Group, Stack, Switch, Table, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { percentColor } from './percent-color';

export interface ProgressBar {
  id: string;
  label: string;
  expected: number;
  dinilai: number;
  percent: number | null;
  /** A small badge after the label (e.g. "Dikunci"). */
  badge?: string | undefined;
}

/**
 * Bars of our own (plain CSS, no chart library, so nothing extra loads with the app — decision
 * 003): one button per group with its label and "45,5 % (5 / 11)" as text, so the bar is read
 * and not only seen. Tab reaches each bar; click or Enter filters the table (`onSelect`); the
 * chosen one is pressed (aria-pressed). "Tampilkan tabel" shows the same numbers as a table.
 */
export function ProgressBars({
  title,
  bars,
  selected,
  onSelect,
  testId,
}: {
  title: string;
  bars: readonly ProgressBar[];
  selected: string | undefined;
  onSelect: (id: string | null) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  return (
    <Stack gap="xs" data-testid={testId}>
      <Group justify="space-between">
        <Text fw={600}>{title}</Text>
        <Switch
          size="xs"
          label={t('monitoring.chart.asTable')}
          checked={asTable}
          onChange={(e) => setAsTable(e.currentTarget.checked)}
        />
      </Group>
      {bars.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('monitoring.chart.empty')}
        </Text>
      ) : null}
      {asTable ? (
        <Table withTableBorder striped data-testid={`${testId}-table`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('monitoring.chart.group')}</Table.Th>
              <Table.Th>{t('monitoring.columns.dinilai')}</Table.Th>
              <Table.Th>{t('monitoring.columns.expected')}</Table.Th>
              <Table.Th>%</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bars.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td>{b.label}</Table.Td>
                <Table.Td>{b.dinilai}</Table.Td>
                <Table.Td>{b.expected}</Table.Td>
                <Table.Td>{formatPercent(b.percent)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Stack gap={4}>
          {bars.map((b) => {
            const pressed = selected === b.id;
            return (
              <UnstyledButton
                key={b.id}
                aria-pressed={pressed}
                aria-label={`${b.label}: ${formatPercent(b.percent)} % (${b.dinilai} / ${b.expected})`}
                onClick={() => onSelect(pressed ? null : b.id)}
                data-testid={`${testId}-bar`}
                data-id={b.id}
                style={{
                  borderRadius: 4,
                  padding: '2px 4px',
                  outlineOffset: 2,
                  background: pressed ? 'var(--mantine-color-blue-light)' : undefined,
                }}
              >
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" w={120} truncate="end">
                    {b.label}
                  </Text>
                  <Box
                    style={{
                      flex: 1,
                      height: 14,
                      background: 'var(--mantine-color-gray-2)',
                      borderRadius: 3,
                      overflow: 'hidden',
                    }}
                    aria-hidden
                  >
                    <Box
                      style={{
                        width: `${b.percent ?? 0}%`,
                        height: '100%',
                        background: percentColor(b.percent),
                      }}
                    />
                  </Box>
                  <Text size="sm" w={130} ta="right">
                    {formatPercent(b.percent)} % ({b.dinilai} / {b.expected})
                  </Text>
                  {b.badge ? (
                    <Badge size="xs" color="gray" variant="light">
                      {b.badge}
                    </Badge>
                  ) : null}
                </Group>
              </UnstyledButton>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

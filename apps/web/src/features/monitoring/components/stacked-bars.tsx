import { formatPercent } from '@erapor/contract/monitoring/counting';
import { Box, Group, Stack, Switch, Table, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

export interface StackedBar {
  id: string;
  label: string;
  /** The parts in order, each with its count; their sum is the bar's whole. */
  parts: readonly number[];
  percent: number | null;
}

/**
 * Stacked bars of our own (no chart library; decision 003), e.g. per programme Kompeten / Belum
 * Kompeten / Belum dinilai. Each bar is a button carrying every part as text (label and count), so
 * it is read and not only seen; click or Enter filters (`onSelect`), the chosen one is pressed. A
 * legend names the colours, and "Tampilkan tabel" shows the same numbers as a table.
 */
export function StackedBars({
  title,
  legend,
  colors,
  bars,
  selected,
  onSelect,
  testId,
}: {
  title: string;
  legend: readonly string[];
  colors: readonly string[];
  bars: readonly StackedBar[];
  selected: string | undefined;
  onSelect: (id: string | null) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const text = (b: StackedBar) => legend.map((l, i) => `${l} ${b.parts[i] ?? 0}`).join(', ');
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
      <Group gap="md" aria-hidden>
        {legend.map((l, i) => (
          <Group key={l} gap={4}>
            <Box w={12} h={12} style={{ background: colors[i], borderRadius: 2 }} />
            <Text size="xs">{l}</Text>
          </Group>
        ))}
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
              {legend.map((l) => (
                <Table.Th key={l}>{l}</Table.Th>
              ))}
              <Table.Th>%</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bars.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td>{b.label}</Table.Td>
                {legend.map((l, i) => (
                  <Table.Td key={l}>{b.parts[i] ?? 0}</Table.Td>
                ))}
                <Table.Td>{formatPercent(b.percent)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Stack gap={4}>
          {bars.map((b) => {
            const pressed = selected === b.id;
            const whole = b.parts.reduce((s, n) => s + n, 0);
            return (
              <UnstyledButton
                key={b.id}
                aria-pressed={pressed}
                aria-label={`${b.label}: ${formatPercent(b.percent)} % (${text(b)})`}
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
                  <Text size="sm" w={160} truncate="end">
                    {b.label}
                  </Text>
                  <Box
                    style={{
                      flex: 1,
                      height: 14,
                      display: 'flex',
                      background: 'var(--mantine-color-gray-2)',
                      borderRadius: 3,
                      overflow: 'hidden',
                    }}
                    aria-hidden
                  >
                    {b.parts.map((n, i) => (
                      <Box
                        // biome-ignore lint/suspicious/noArrayIndexKey: the parts are positional
                        key={i}
                        style={{ width: whole ? `${(100 * n) / whole}%` : 0, background: colors[i] }}
                      />
                    ))}
                  </Box>
                  <Text size="sm" w={220} ta="right">
                    {formatPercent(b.percent)} % ({b.parts.join(' / ')})
                  </Text>
                </Group>
              </UnstyledButton>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

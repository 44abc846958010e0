import { Box, Group, Stack, Switch, Table, Text, UnstyledButton } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

export interface ChartBar {
  id: string;
  label: string;
}

/**
 * The one bar chart of the monitoring screens, of our own (plain CSS, no chart library, so nothing
 * extra loads with the app — decision 003). Each bar is a button carrying its numbers as text
 * (`ariaLabel`, and `value` beside the bar), so it is read and not only seen; Tab reaches each,
 * click or Enter filters the table (`onSelect`), the chosen one is pressed (aria-pressed).
 * "Tampilkan tabel" shows the same numbers as a table. `track` draws what fills a bar (one part
 * or several), `legend` names the colours of a stacked one.
 */
export function BarChart<B extends ChartBar>({
  title,
  bars,
  selected,
  onSelect,
  testId,
  legend,
  tableHead,
  tableCells,
  ariaLabel,
  track,
  value,
  after,
  labelWidth,
  valueWidth,
}: {
  title: string;
  bars: readonly B[];
  selected: string | undefined;
  onSelect: (id: string | null) => void;
  testId: string;
  legend?: readonly { label: string; color: string }[];
  /** The table's columns after the group's name, and a bar's cells under them. */
  tableHead: readonly string[];
  tableCells: (bar: B) => readonly ReactNode[];
  ariaLabel: (bar: B) => string;
  track: (bar: B) => ReactNode;
  value: (bar: B) => ReactNode;
  after?: (bar: B) => ReactNode;
  labelWidth: number;
  valueWidth: number;
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
      {legend ? (
        <Group gap="md" aria-hidden>
          {legend.map((l) => (
            <Group key={l.label} gap={4}>
              <Box w={12} h={12} style={{ background: l.color, borderRadius: 2 }} />
              <Text size="xs">{l.label}</Text>
            </Group>
          ))}
        </Group>
      ) : null}
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
              {tableHead.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bars.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td>{b.label}</Table.Td>
                {tableCells(b).map((cell, i) => (
                  <Table.Td key={tableHead[i]}>{cell}</Table.Td>
                ))}
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
                aria-label={ariaLabel(b)}
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
                  <Text size="sm" w={labelWidth} truncate="end">
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
                    {track(b)}
                  </Box>
                  <Text size="sm" w={valueWidth} ta="right">
                    {value(b)}
                  </Text>
                  {after?.(b)}
                </Group>
              </UnstyledButton>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

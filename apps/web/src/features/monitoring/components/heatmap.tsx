import type { MonitoringPenilaianRingkasan } from '@erapor/contract/monitoring/penilaian';
import { Table, Text, UnstyledButton } from '@mantine/core';
import { formatPercent } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { percentColor } from './percent-color';

/**
 * Class × subject heat-map (Nilai Akademik): each cell coloured by its % and showing it as text;
 * "-" where nothing is expected, empty where the class has no such subject. A cell is a button
 * (Tab, Enter) that filters the table to the class and the subject.
 */
export function Heatmap({
  data,
  onSelect,
}: {
  data: MonitoringPenilaianRingkasan;
  onSelect: (rombelId: string, mapel: string) => void;
}) {
  const { t } = useTranslation();
  const cells = new Map(
    data.heatmap.cells.map((c) => [`${c.rombongan_belajar_id}#${c.mata_pelajaran_id}`, c]),
  );
  const kelas = [...data.kelas].sort((a, b) => a.label.localeCompare(b.label));
  if (kelas.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={400} data-testid="monitoring-heatmap">
      <Table withTableBorder withColumnBorders fz="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('monitoring.columns.rombel')}</Table.Th>
            {data.heatmap.mapel.map((m) => (
              <Table.Th key={m.id} title={m.label}>
                <Text size="xs" lineClamp={2} maw={90}>
                  {m.label}
                </Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {kelas.map((k) => (
            <Table.Tr key={k.id}>
              <Table.Th>{k.label}</Table.Th>
              {data.heatmap.mapel.map((m) => {
                const c = cells.get(`${k.id}#${m.id}`);
                if (!c) return <Table.Td key={m.id} />;
                return (
                  <Table.Td key={m.id} p={0} style={{ background: percentColor(c.percent) }}>
                    <UnstyledButton
                      w="100%"
                      p={4}
                      ta="center"
                      fz="xs"
                      // Black reads at 4.5:1 or better on every fill of percentColor (white did not on green or red).
                      c="black"
                      aria-label={`${k.label}, ${m.label}: ${formatPercent(c.percent)} %`}
                      onClick={() => onSelect(k.id, m.label)}
                      data-testid="heatmap-cell"
                    >
                      {formatPercent(c.percent)}
                    </UnstyledButton>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Badge, Box } from '@mantine/core';
import { formatPercent } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { BarChart } from './bar-chart';
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
 * Progress per group: one bar filled to its %, coloured by it, with "45,5 % (5 / 11)" as text
 * (the shared BarChart: pressable bars, table equivalent).
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
  return (
    <BarChart
      title={title}
      bars={bars}
      selected={selected}
      onSelect={onSelect}
      testId={testId}
      tableHead={[t('monitoring.columns.dinilai'), t('monitoring.columns.expected'), '%']}
      tableCells={(b) => [b.dinilai, b.expected, formatPercent(b.percent)]}
      ariaLabel={(b) => `${b.label}: ${formatPercent(b.percent)} % (${b.dinilai} / ${b.expected})`}
      track={(b) => (
        <Box style={{ width: `${b.percent ?? 0}%`, height: '100%', background: percentColor(b.percent) }} />
      )}
      value={(b) => `${formatPercent(b.percent)} % (${b.dinilai} / ${b.expected})`}
      after={(b) =>
        b.badge ? (
          <Badge size="xs" color="gray" variant="light">
            {b.badge}
          </Badge>
        ) : null
      }
      labelWidth={120}
      valueWidth={130}
    />
  );
}

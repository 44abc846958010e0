import { Box } from '@mantine/core';
import { formatPercent } from '../../../lib/format';
import { BarChart } from './bar-chart';

export interface StackedBar {
  id: string;
  label: string;
  /** The parts in order, each with its count; their sum is the bar's whole. */
  parts: readonly number[];
  percent: number | null;
}

/**
 * Stacked bars, e.g. per programme Kompeten / Belum Kompeten / Belum dinilai: every part carried
 * as text (label and count), a legend naming the colours (the shared BarChart: pressable bars,
 * table equivalent).
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
  const text = (b: StackedBar) => legend.map((l, i) => `${l} ${b.parts[i] ?? 0}`).join(', ');
  return (
    <BarChart
      title={title}
      bars={bars}
      selected={selected}
      onSelect={onSelect}
      testId={testId}
      legend={legend.map((label, i) => ({ label, color: colors[i] ?? 'gray' }))}
      tableHead={[...legend, '%']}
      tableCells={(b) => [...legend.map((_, i) => b.parts[i] ?? 0), formatPercent(b.percent)]}
      ariaLabel={(b) => `${b.label}: ${formatPercent(b.percent)} % (${text(b)})`}
      track={(b) => {
        const whole = b.parts.reduce((s, n) => s + n, 0);
        return b.parts.map((n, i) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts are positional
            key={i}
            style={{ width: whole ? `${(100 * n) / whole}%` : 0, background: colors[i] }}
          />
        ));
      }}
      value={(b) => `${formatPercent(b.percent)} % (${b.parts.join(' / ')})`}
      labelWidth={160}
      valueWidth={220}
    />
  );
}

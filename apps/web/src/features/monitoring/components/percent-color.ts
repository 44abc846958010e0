/**
 * The colour of a %: red (nothing yet) through orange and yellow to green (complete); grey when
 * nothing is expected. Text always states the number too, so colour never carries it alone.
 */
export function percentColor(percent: number | null): string {
  if (percent === null) return 'var(--mantine-color-gray-4)';
  if (percent >= 100) return 'var(--mantine-color-green-6)';
  if (percent >= 75) return 'var(--mantine-color-lime-6)';
  if (percent >= 50) return 'var(--mantine-color-yellow-6)';
  if (percent > 0) return 'var(--mantine-color-orange-6)';
  return 'var(--mantine-color-red-6)';
}

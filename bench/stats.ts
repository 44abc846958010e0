import { availableParallelism, loadavg } from 'node:os';

/** Nearest-rank percentile. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

/** Times `runs` GETs of `url` (each body read whole) after three that warm the caches and the JIT. */
export async function timedGets(
  url: string,
  headers: Record<string, string>,
  runs: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString()}`);
    if (i >= 3) times.push(performance.now() - start);
  }
  return times;
}

/**
 * How busy the machine is, said the same way by every bench so a missed budget can be judged:
 * "load average 1.2 / 0.9 / 0.7 (1/5/15 min) on 2 cores".
 */
export function loadAverage(): string {
  const [one, five, fifteen] = loadavg().map((n) => n.toFixed(1));
  return `load average ${one} / ${five} / ${fifteen} (1/5/15 min) on ${availableParallelism()} cores`;
}

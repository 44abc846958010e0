import type { SyncRun } from '@erapor/contract/sinkronisasi';

/**
 * Share of a run done, 0–100: each kind counts one step; the running kind counts half for fetching
 * (by rows received) and half for saving (by rows processed).
 */
export function progressOf(run: SyncRun): number {
  if (!run.kinds.length) return 0;
  let done = 0;
  for (const k of run.kinds) {
    if (k.status === 'pending') continue;
    if (k.status !== 'running') done += 1;
    else {
      const total = k.total ?? k.fetched;
      const fetch = total ? Math.min(1, k.fetched / total) : 0;
      const apply = total ? Math.min(1, k.processed / total) : 0;
      done += k.phase === 'fetch' ? fetch * 0.5 : 0.5 + apply * 0.5;
    }
  }
  return Math.round((done / run.kinds.length) * 100);
}

/**
 * Splits a Server-Sent Events buffer into complete events; returns the data of `progress` events
 * and what is left for the next chunk.
 */
export function takeProgressEvents(buffer: string): { events: string[]; rest: string } {
  const events: string[] = [];
  let rest = buffer;
  let end = rest.indexOf('\n\n');
  while (end >= 0) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    const data = block
      .split('\n')
      .find((line) => line.startsWith('data: '))
      ?.slice(6);
    if (block.startsWith('event: progress') && data) events.push(data);
    end = rest.indexOf('\n\n');
  }
  return { events, rest };
}

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

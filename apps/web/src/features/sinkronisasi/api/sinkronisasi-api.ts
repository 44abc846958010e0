import {
  isRunFinished,
  type StartSync,
  type SyncOverview,
  type SyncRun,
} from '@erapor/contract/sinkronisasi';
import { api } from '../../../lib/api-client';
import { readString, STORAGE_KEYS } from '../../../lib/storage';
import { takeProgressEvents } from '../components/run-progress';

/** Ambil Data Dapodik calls (packages/contract/src/sinkronisasi.ts has the shapes). */
export const SINKRONISASI_KEY = ['sinkronisasi', 'dapodik'] as const;

export async function getOverview(): Promise<SyncOverview> {
  return (await api.get<SyncOverview>('/sinkronisasi/dapodik')).data;
}

export async function startSync(input: StartSync): Promise<{ runId: string; message: string }> {
  return (await api.post<{ runId: string; message: string }>('/sinkronisasi/dapodik', input)).data;
}

export async function getRun(runId: string): Promise<SyncRun> {
  return (await api.get<SyncRun>(`/sinkronisasi/runs/${runId}`)).data;
}

export async function cancelRun(runId: string): Promise<{ message: string }> {
  return (await api.post<{ message: string }>(`/sinkronisasi/runs/${runId}/cancel`, {})).data;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Follows a run until it ends: the Server-Sent Events stream (read with fetch, because it needs
 * the Bearer header), and when that breaks (expired token, proxy), polling the run every second
 * through the API client (which refreshes the token).
 */
export async function followRun(
  runId: string,
  onRun: (run: SyncRun) => void,
  signal: AbortSignal,
): Promise<void> {
  let finished = false;
  const seen = (run: SyncRun) => {
    onRun(run);
    if (isRunFinished(run.status)) finished = true;
  };
  try {
    const res = await fetch(`/api/sinkronisasi/runs/${runId}/events`, {
      headers: { authorization: `Bearer ${readString(STORAGE_KEYS.accessToken) ?? ''}` },
      signal,
    });
    if (res.ok && res.body) {
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const taken = takeProgressEvents(buffer + value);
        buffer = taken.rest;
        for (const data of taken.events) seen(JSON.parse(data) as SyncRun);
      }
    }
  } catch {
    // Fall back to polling below.
  }
  while (!finished && !signal.aborted) {
    try {
      seen(await getRun(runId));
    } catch {
      // Keep trying while the screen is open.
    }
    if (!finished) await sleep(1000, signal);
  }
}

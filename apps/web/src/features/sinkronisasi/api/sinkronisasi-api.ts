import {
  isRunFinished,
  type StartSync,
  type SyncOverview,
  type SyncRun,
} from '@erapor/contract/sinkronisasi';
import { api } from '../../../lib/api-client';
import { followEvents } from '../../../lib/follow-events';

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

/** Follows a run until it ends (SSE, else polling: lib/follow-events.ts). */
export function followRun(runId: string, onRun: (run: SyncRun) => void, signal: AbortSignal): Promise<void> {
  return followEvents({
    url: `/api/sinkronisasi/runs/${runId}/events`,
    event: 'progress',
    poll: () => getRun(runId),
    finished: (run) => isRunFinished(run.status),
    onItem: onRun,
    signal,
  });
}

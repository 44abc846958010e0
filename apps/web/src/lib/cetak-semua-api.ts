import { isFinished, type Job } from '@erapor/contract/jobs';
import { api } from './api-client';
import { downloadFile } from './download';
import { followEvents } from './follow-events';

/**
 * A Cetak Semua job's own addresses (decision 033): its status, cancel, download and events. Every
 * document kind (report cards, transcripts, P5 and PKL reports, UKK certificates) shares them;
 * only the start differs, and each feature keeps its start call.
 */
export async function getRaporSemua(jobId: string): Promise<Job> {
  return (await api.get<Job>(`/cetak/rapor-semua/${jobId}`)).data;
}

export async function cancelRaporSemua(jobId: string): Promise<Job> {
  return (await api.post<Job>(`/cetak/rapor-semua/${jobId}/batal`)).data;
}

/** Saves the finished file under the server's name; resolves with that name. */
export function downloadRaporSemua(jobId: string): Promise<string> {
  return downloadFile(`/cetak/rapor-semua/${jobId}/unduh`, { fallbackName: 'rapor.pdf' });
}

/** Follows a job until it ends (SSE, else polling: lib/follow-events.ts). */
export function followRaporSemua(
  jobId: string,
  onJob: (job: Job) => void,
  signal: AbortSignal,
): Promise<void> {
  return followEvents({
    url: `/api/cetak/rapor-semua/${jobId}/events`,
    event: 'job',
    poll: () => getRaporSemua(jobId),
    finished: (job) => isFinished(job.status),
    onItem: onJob,
    signal,
  });
}

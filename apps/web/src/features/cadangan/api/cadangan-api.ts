import type {
  CadanganDaftar,
  CadanganJadwal,
  CadanganPeriksa,
  CadanganPulihkan,
} from '@erapor/contract/cadangan';
import { isFinished, type Job } from '@erapor/contract/jobs';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { followEvents } from '../../../lib/follow-events';

/** Pengaturan › Cadangan Data (packages/contract/src/cadangan.ts has the shapes). */
export const CADANGAN_KEY = ['cadangan'] as const;

export async function getDaftar(): Promise<CadanganDaftar> {
  return (await api.get<CadanganDaftar>('/cadangan')).data;
}

export async function startBackup(): Promise<Job> {
  return (await api.post<Job>('/cadangan', {})).data;
}

export async function uploadArchive(file: File): Promise<CadanganPeriksa> {
  const form = new FormData();
  form.append('berkas', file);
  return (await api.post<CadanganPeriksa>('/cadangan/unggah', form, { timeout: 0 })).data;
}

export async function startRestore(body: CadanganPulihkan): Promise<Job> {
  return (await api.post<Job>('/cadangan/pulihkan', body, { timeout: 0 })).data;
}

export async function getJob(id: string): Promise<Job> {
  return (await api.get<Job>(`/cadangan/jobs/${id}`)).data;
}

export function downloadArchive(name: string): Promise<string> {
  return downloadFile(`/cadangan/berkas/${encodeURIComponent(name)}`, { fallbackName: name, name });
}

/** Follows a backup or restore job until it ends (SSE, else polling). */
export function followJob(id: string, onJob: (job: Job) => void, signal: AbortSignal): Promise<void> {
  return followEvents({
    url: `/api/cadangan/jobs/${id}/events`,
    event: 'job',
    poll: () => getJob(id),
    finished: (job) => isFinished(job.status),
    onItem: onJob,
    signal,
  });
}

export async function saveJadwal(body: CadanganJadwal): Promise<CadanganJadwal> {
  return (await api.put<CadanganJadwal>('/cadangan/jadwal', body)).data;
}

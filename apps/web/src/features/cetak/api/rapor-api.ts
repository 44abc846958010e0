import type { CetakRaporResponse, RaporDokumen } from '@erapor/contract/cetak/rapor';
import type { RaporSemuaRequestInput } from '@erapor/contract/cetak/rapor-semua';
import { isFinished, type Job } from '@erapor/contract/jobs';
import { api } from '../../../lib/api-client';
import { blobFailure, downloadFile } from '../../../lib/download';
import { followEvents } from '../../../lib/follow-events';

/** Cetak Rapor calls (packages/contract/src/cetak/rapor.ts has the API table). */
export const CETAK_RAPOR_KEY = ['cetak', 'rapor'] as const;

/** The print page of a class (none: the wali's own class, or the first class for the Waka). */
export async function getCetakRapor(rombelId: string | null): Promise<CetakRaporResponse> {
  const params = rombelId ? { rombongan_belajar_id: rombelId } : {};
  return (await api.get<CetakRaporResponse>('/cetak/rapor', { params })).data;
}

/**
 * Opens one of a pupil's documents in a new tab. The PDF needs the Bearer token, so it is fetched
 * and shown from a blob (a link to the PDF would carry no token, and a bookmark of it would skip
 * the print page). The tab is opened at the click, before the fetch, because browsers block
 * windows opened later; it is closed again when the fetch fails.
 */
export async function openRaporPdf(dokumen: RaporDokumen, anggotaRombelId: string): Promise<void> {
  const tab = window.open('', '_blank');
  let blob: Blob;
  try {
    blob = (await api.get<Blob>(`/cetak/rapor-${dokumen}/${anggotaRombelId}`, { responseType: 'blob' })).data;
  } catch (error) {
    tab?.close();
    throw await blobFailure(error);
  }
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
  if (tab) tab.location.href = url;
  else window.location.assign(url);
  // The tab has loaded the document long before this; the object URL is then let go.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// --- Cetak Semua (docs/decisions/033-cetak-semua.md) ---

export async function startRaporSemua(input: RaporSemuaRequestInput): Promise<Job> {
  return (await api.post<Job>('/cetak/rapor-semua', input)).data;
}

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

import type { Job } from '@erapor/contract/jobs';
import type { CetakPklResponse, RaporPklSemuaRequest } from '@erapor/contract/pkl/cetak';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

/** Cetak Rapor PKL calls (packages/contract/src/pkl/cetak.ts; issue #12 item 7). */
export const CETAK_PKL_KEY = ['pkl', 'cetak'] as const;

/** The pupils with a placement the caller may print, of one class or of all their classes. */
export async function getCetakPkl(rombelId: string | null): Promise<CetakPklResponse> {
  const params = rombelId ? { rombongan_belajar_id: rombelId } : {};
  return (await api.get<CetakPklResponse>('/cetak/rapor-pkl', { params })).data;
}

/** Saves one pupil's PKL report of a placement (fetched with the token as a blob); resolves with its name. */
export function downloadRaporPkl(pklId: string, pesertaDidikId: string): Promise<string> {
  return downloadFile(`/cetak/rapor-pkl/${pklId}/${pesertaDidikId}`, { fallbackName: 'rapor-pkl.pdf' });
}

/** Starts the Cetak Semua job of a plan's or a class's PKL reports (decision 033, its own kind). */
export async function startRaporPklSemua(input: RaporPklSemuaRequest): Promise<Job> {
  return (await api.post<Job>('/cetak/rapor-pkl-semua', input)).data;
}

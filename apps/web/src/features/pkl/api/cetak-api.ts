import type { Job } from '@erapor/contract/jobs';
import type { RaporPklSemuaRequest } from '@erapor/contract/pkl/cetak';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

export { getCetakPkl } from '../../../lib/pilihan-api';

/** Cetak Rapor PKL calls (packages/contract/src/pkl/cetak.ts; issue #12 item 7). */
export const CETAK_PKL_KEY = ['pkl', 'cetak'] as const;

/** Saves one pupil's PKL report of a placement (fetched with the token as a blob); resolves with its name. */
export function downloadRaporPkl(pklId: string, pesertaDidikId: string): Promise<string> {
  return downloadFile(`/cetak/rapor-pkl/${pklId}/${pesertaDidikId}`, { fallbackName: 'rapor-pkl.pdf' });
}

/** Starts the Cetak Semua job of a plan's or a class's PKL reports (decision 033, its own kind). */
export async function startRaporPklSemua(input: RaporPklSemuaRequest): Promise<Job> {
  return (await api.post<Job>('/cetak/rapor-pkl-semua', input)).data;
}

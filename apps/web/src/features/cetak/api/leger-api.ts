import type { LegerKelasResponse, LegerResponse } from '@erapor/contract/cetak/leger';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

/** Unduh Leger calls (packages/contract/src/cetak/leger.ts has the API table). */
export const LEGER_KEY = ['cetak', 'leger'] as const;

export async function getLegerKelas(): Promise<LegerKelasResponse> {
  return (await api.get<LegerKelasResponse>('/cetak/leger')).data;
}

export async function getLeger(rombelId: string, ringkasan: boolean): Promise<LegerResponse> {
  const params = ringkasan ? { ringkasan: '1' } : {};
  return (await api.get<LegerResponse>(`/cetak/leger/${rombelId}`, { params })).data;
}

/** "Unduh Legger": the xlsx, saved under the server's name. Resolves with that name. */
export async function downloadLeger(rombelId: string, ringkasan: boolean): Promise<string> {
  return downloadFile(`/unduhan/leger-nilai/${rombelId}`, {
    params: ringkasan ? { ringkasan: '1' } : {},
    fallbackName: 'Leger Nilai.xlsx',
  });
}

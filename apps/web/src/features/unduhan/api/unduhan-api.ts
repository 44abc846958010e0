import type { TautanList, UnduhanEntry, UnduhanValues } from '@erapor/contract/unduhan/katalog';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

export const UNDUHAN_KEY = ['unduhan'] as const;

export async function getTautan(): Promise<TautanList> {
  return (await api.get<TautanList>('/unduhan/tautan')).data;
}

export async function saveTautan(body: TautanList): Promise<TautanList & { message: string }> {
  return (await api.put<TautanList & { message: string }>('/unduhan/tautan', body)).data;
}

/** Downloads an entry from the feature's own address (the same file the feature screen gives). */
export function downloadEntry(entry: UnduhanEntry, values: Required<UnduhanValues>): Promise<string> {
  const { path, query } = entry.request(values);
  return downloadFile(path, { params: query, fallbackName: entry.fallbackName });
}

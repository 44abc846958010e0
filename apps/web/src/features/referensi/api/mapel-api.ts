import type { ListQuery, ListResponse } from '@erapor/contract/list';
import type { MapelRow } from '@erapor/contract/referensi/mapel';
import { api } from '../../../lib/api-client';

export const MAPEL_KEY = ['referensi', 'mapel'] as const;

export async function listMapel(query: ListQuery): Promise<ListResponse<MapelRow>> {
  return (await api.get<ListResponse<MapelRow>>('/referensi/mata-pelajaran', { params: query })).data;
}

import type { ListQuery, ListResponse } from '@erapor/contract/list';
import type { EkskulRow } from '@erapor/contract/referensi/ekskul';
import { api } from '../../../lib/api-client';

export const EKSKUL_KEY = ['referensi', 'ekskul'] as const;

export async function listEkskul(query: ListQuery): Promise<ListResponse<EkskulRow>> {
  return (await api.get<ListResponse<EkskulRow>>('/referensi/ekstrakurikuler', { params: query })).data;
}

import type { ListQuery, ListResponse } from '@erapor/contract/list';
import type { AnggotaAktPdList, DudiDetail, DudiRow } from '@erapor/contract/referensi/dudi';
import { api } from '../../../lib/api-client';

/** DUDI calls (packages/contract/src/referensi/dudi.ts has the API table). */
export const DUDI_KEY = ['dudi'] as const;

export async function listDudi(query: ListQuery): Promise<ListResponse<DudiRow>> {
  return (await api.get<ListResponse<DudiRow>>('/dudi', { params: query })).data;
}

export async function getDudi(dudiId: string): Promise<DudiDetail> {
  return (await api.get<DudiDetail>(`/dudi/${dudiId}`)).data;
}

export async function listAnggotaAktPd(aktPdId: string): Promise<AnggotaAktPdList> {
  return (await api.get<AnggotaAktPdList>(`/dudi/akt-pd/${aktPdId}/anggota`)).data;
}

export async function removeAnggotaAktPd(anggotaAktPdId: string): Promise<{ message: string }> {
  return (await api.delete<{ message: string }>(`/dudi/anggota-akt-pd/${anggotaAktPdId}`)).data;
}

import type { ListQuery } from '@erapor/contract/list';
import type {
  ProjekPilihan,
  ProjekPilihanQuery,
  RencanaProjekDetail,
  RencanaProjekList,
  RencanaProjekSaved,
  SubElemenList,
} from '@erapor/contract/projek/perencanaan';
import { api } from '../../../lib/api-client';

/** P5 calls (packages/contract/src/projek/). */
export const PROJEK_KEY = ['projek'] as const;

export async function listRencana(query: ListQuery): Promise<RencanaProjekList> {
  return (await api.get<RencanaProjekList>('/projek/rencana', { params: query })).data;
}

export async function getRencana(id: string): Promise<RencanaProjekDetail> {
  return (await api.get<RencanaProjekDetail>(`/projek/rencana/${id}`)).data;
}

export async function getPilihan(query: ProjekPilihanQuery): Promise<ProjekPilihan> {
  return (await api.get<ProjekPilihan>('/projek/pilihan', { params: query })).data;
}

export async function getSubElemen(): Promise<SubElemenList> {
  return (await api.get<SubElemenList>('/projek/sub-elemen')).data;
}

export async function createRencana(body: unknown): Promise<RencanaProjekSaved> {
  return (await api.post<RencanaProjekSaved>('/projek/rencana', body)).data;
}

export async function updateRencana(id: string, body: unknown): Promise<RencanaProjekSaved> {
  return (await api.put<RencanaProjekSaved>(`/projek/rencana/${id}`, body)).data;
}

export async function deleteRencana(id: string, konfirmasi?: number): Promise<{ message: string }> {
  const params = konfirmasi === undefined ? {} : { konfirmasi_hapus_nilai: konfirmasi };
  return (await api.delete<{ message: string }>(`/projek/rencana/${id}`, { params })).data;
}

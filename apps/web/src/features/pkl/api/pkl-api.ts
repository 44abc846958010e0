import type { ListQuery } from '@erapor/contract/list';
import type {
  PilihanQuery,
  PilihanResponse,
  RencanaPklDetail,
  RencanaPklList,
  RencanaPklSaved,
  RencanaPklSaveInput,
} from '@erapor/contract/pkl/perencanaan';
import { api } from '../../../lib/api-client';

/** PKL calls (packages/contract/src/pkl/perencanaan.ts). */
export const PKL_KEY = ['pkl'] as const;

export async function listRencana(query: ListQuery): Promise<RencanaPklList> {
  return (await api.get<RencanaPklList>('/pkl/rencana', { params: query })).data;
}

export async function getRencana(pklId: string): Promise<RencanaPklDetail> {
  return (await api.get<RencanaPklDetail>(`/pkl/rencana/${pklId}`)).data;
}

export async function getPilihan(query: PilihanQuery): Promise<PilihanResponse> {
  return (await api.get<PilihanResponse>('/pkl/pilihan', { params: query })).data;
}

export async function createRencana(body: RencanaPklSaveInput): Promise<RencanaPklSaved> {
  return (await api.post<RencanaPklSaved>('/pkl/rencana', body)).data;
}

export async function updateRencana(pklId: string, body: RencanaPklSaveInput): Promise<RencanaPklSaved> {
  return (await api.put<RencanaPklSaved>(`/pkl/rencana/${pklId}`, body)).data;
}

export async function deleteRencana(pklId: string, konfirmasi?: number): Promise<{ message: string }> {
  const params = konfirmasi === undefined ? {} : { konfirmasi_hapus_nilai: konfirmasi };
  return (await api.delete<{ message: string }>(`/pkl/rencana/${pklId}`, { params })).data;
}

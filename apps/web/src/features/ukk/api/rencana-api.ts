import type { ListQuery } from '@erapor/contract/list';
import type { NilaiUkkGrid, NilaiUkkSave, PenilaianRencana } from '@erapor/contract/ukk/nilai';
import type {
  RencanaList,
  RencanaPilihan,
  RencanaPilihanQuery,
  RencanaSaveInput,
} from '@erapor/contract/ukk/rencana';
import { api } from '../../../lib/api-client';

export { getRencana } from '../../../lib/ukk-rencana-api';

/** Rencana Penilaian UKK calls (packages/contract/src/ukk/rencana.ts). */
type Saved = { message: string; rencana_ukk_id: string };

export async function listRencana(query: ListQuery): Promise<RencanaList> {
  return (await api.get<RencanaList>('/ukk/rencana', { params: query })).data;
}

export async function getRencanaPilihan(query: RencanaPilihanQuery): Promise<RencanaPilihan> {
  return (await api.get<RencanaPilihan>('/ukk/rencana/pilihan', { params: query })).data;
}

export async function createRencana(body: RencanaSaveInput): Promise<Saved> {
  return (await api.post<Saved>('/ukk/rencana', body)).data;
}

export async function updateRencana(id: string, body: RencanaSaveInput): Promise<Saved> {
  return (await api.put<Saved>(`/ukk/rencana/${id}`, body)).data;
}

export async function deleteRencana(id: string, konfirmasi?: number): Promise<{ message: string }> {
  const params = konfirmasi === undefined ? {} : { konfirmasi_hapus_nilai: konfirmasi };
  return (await api.delete<{ message: string }>(`/ukk/rencana/${id}`, { params })).data;
}

export async function listPenilaianRencana(): Promise<PenilaianRencana> {
  return (await api.get<PenilaianRencana>('/ukk/penilaian/rencana')).data;
}

export async function getNilaiUkk(id: string): Promise<NilaiUkkGrid> {
  return (await api.get<NilaiUkkGrid>(`/ukk/rencana/${id}/nilai`)).data;
}

export async function saveNilaiUkk(
  id: string,
  body: NilaiUkkSave,
): Promise<{ message: string; saved: number; deleted: number }> {
  return (
    await api.put<{ message: string; saved: number; deleted: number }>(`/ukk/rencana/${id}/nilai`, body)
  ).data;
}

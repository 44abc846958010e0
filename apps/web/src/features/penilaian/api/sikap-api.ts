import type { ListQuery, ListResponse } from '@erapor/contract/list';
import type {
  SikapCreateInput,
  SikapDetail,
  SikapPdResponse,
  SikapReferensi,
  SikapRombel,
  SikapRow,
  SikapSaved,
  SikapUpdateInput,
} from '@erapor/contract/penilaian/sikap';
import { api } from '../../../lib/api-client';

/** Penilaian Sikap calls (packages/contract/src/penilaian/sikap.ts has the API table). */
export const SIKAP_KEY = ['penilaian', 'sikap'] as const;

export async function getSikapReferensi(): Promise<SikapReferensi> {
  return (await api.get<SikapReferensi>('/penilaian/sikap/referensi')).data;
}

export async function getSikapRombel(): Promise<SikapRombel[]> {
  return (await api.get<{ data: SikapRombel[] }>('/penilaian/sikap/rombel')).data.data;
}

export async function getSikapPesertaDidik(rombelId: string): Promise<SikapPdResponse['data']> {
  return (await api.get<SikapPdResponse>(`/penilaian/sikap/rombel/${rombelId}/peserta-didik`)).data.data;
}

export async function listSikap(
  query: ListQuery & { rombongan_belajar_id?: string },
): Promise<ListResponse<SikapRow>> {
  return (await api.get<ListResponse<SikapRow>>('/penilaian/sikap', { params: query })).data;
}

export async function getSikap(id: string): Promise<SikapDetail> {
  return (await api.get<SikapDetail>(`/penilaian/sikap/${id}`)).data;
}

export async function createSikap(input: SikapCreateInput): Promise<SikapSaved> {
  return (await api.post<SikapSaved>('/penilaian/sikap', input)).data;
}

export async function updateSikap(id: string, input: SikapUpdateInput): Promise<SikapSaved> {
  return (await api.put<SikapSaved>(`/penilaian/sikap/${id}`, input)).data;
}

export async function deleteSikap(id: string): Promise<{ message: string }> {
  return (await api.delete<{ message: string }>(`/penilaian/sikap/${id}`)).data;
}

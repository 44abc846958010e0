import type { ListQuery, ListResponse } from '@erapor/contract/list';
import type {
  PdDetail,
  PdDetailResponse,
  PdFilterOptions,
  PdRow,
  PdUpdateInput,
} from '@erapor/contract/referensi/peserta-didik';
import { api } from '../../../lib/api-client';

/** Peserta didik calls (packages/contract/src/referensi/peserta-didik.ts has the API table). */
export const PD_KEY = ['referensi', 'peserta-didik'] as const;

export type PdListParams = {
  status: 'aktif' | 'keluar';
  tingkat?: string;
  jurusan_sp_id?: string;
  rombongan_belajar_id?: string;
};

export async function listPd(query: ListQuery & PdListParams): Promise<ListResponse<PdRow>> {
  return (await api.get<ListResponse<PdRow>>('/referensi/peserta-didik', { params: query })).data;
}

export async function getPdFilter(params: {
  tingkat?: string;
  jurusan_sp_id?: string;
}): Promise<PdFilterOptions> {
  return (await api.get<PdFilterOptions>('/referensi/peserta-didik/filter', { params })).data;
}

export async function getPd(id: string): Promise<PdDetailResponse> {
  return (await api.get<PdDetailResponse>(`/referensi/peserta-didik/${id}`)).data;
}

export async function updatePd(
  id: string,
  body: PdUpdateInput,
): Promise<{ message: string; data: PdDetail }> {
  return (await api.put<{ message: string; data: PdDetail }>(`/referensi/peserta-didik/${id}`, body)).data;
}

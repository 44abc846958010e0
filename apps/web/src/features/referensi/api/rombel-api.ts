import type { ListQuery, ListResponse } from '@erapor/contract/list';
import type { Option } from '@erapor/contract/referensi/peserta-didik';
import type {
  AnggotaResponse,
  PembelajaranEditInput,
  PembelajaranResponse,
  PembelajaranRow,
  RombelRow,
} from '@erapor/contract/referensi/rombel';
import { api } from '../../../lib/api-client';

/** Rombel calls (packages/contract/src/referensi/rombel.ts has the API table). */
export const ROMBEL_KEY = ['referensi', 'rombel'] as const;

export type RombelListParams = { jenis_rombel: 1 | 16; tingkat?: string; jurusan_sp_id?: string };

export async function listRombel(query: ListQuery & RombelListParams): Promise<ListResponse<RombelRow>> {
  return (await api.get<ListResponse<RombelRow>>('/referensi/rombongan-belajar', { params: query })).data;
}

export async function getRombelFilter(params: {
  jenis_rombel: 1 | 16;
  tingkat?: string;
}): Promise<{ tingkat: Option[]; jurusan: Option[] }> {
  return (await api.get('/referensi/rombongan-belajar/filter', { params })).data;
}

export async function getAnggota(rombelId: string, query: ListQuery): Promise<AnggotaResponse> {
  return (
    await api.get<AnggotaResponse>(`/referensi/rombongan-belajar/${rombelId}/anggota`, { params: query })
  ).data;
}

export async function removeAnggota(anggotaRombelId: string): Promise<{ message: string }> {
  return (await api.delete<{ message: string }>(`/referensi/anggota-rombel/${anggotaRombelId}`)).data;
}

export async function getPembelajaran(rombelId: string): Promise<PembelajaranResponse> {
  return (await api.get<PembelajaranResponse>(`/referensi/rombongan-belajar/${rombelId}/pembelajaran`)).data;
}

export async function savePembelajaran(
  rombelId: string,
  rows: PembelajaranEditInput[],
): Promise<{ message: string; data: PembelajaranRow[] }> {
  return (await api.put(`/referensi/rombongan-belajar/${rombelId}/pembelajaran`, { rows })).data;
}

export async function resetPembelajaran(id: string): Promise<{ message: string; data: PembelajaranRow }> {
  return (await api.post(`/referensi/pembelajaran/${id}/reset`)).data;
}

import type {
  EkskulPembinaResponse,
  NilaiEkskulEditInput,
  NilaiEkskulResponse,
  NilaiEkskulSaved,
} from '@erapor/contract/penilaian/ekskul';
import { api } from '../../../lib/api-client';

/** Penilaian Ekstrakurikuler calls (packages/contract/src/penilaian/ekskul.ts has the API table). */
export const NILAI_EKSKUL_KEY = ['penilaian', 'ekskul'] as const;

export async function getEkskulPembina(): Promise<EkskulPembinaResponse> {
  return (await api.get<EkskulPembinaResponse>('/penilaian/ekstrakurikuler')).data;
}

export async function getNilaiEkskul(
  ekskulId: string,
  rombelId?: string | null,
): Promise<NilaiEkskulResponse> {
  const params = rombelId ? { rombongan_belajar_id: rombelId } : {};
  return (await api.get<NilaiEkskulResponse>(`/penilaian/ekstrakurikuler/${ekskulId}/nilai`, { params }))
    .data;
}

export async function saveNilaiEkskul(
  ekskulId: string,
  rows: NilaiEkskulEditInput[],
): Promise<NilaiEkskulSaved> {
  return (await api.put<NilaiEkskulSaved>(`/penilaian/ekstrakurikuler/${ekskulId}/nilai`, { rows })).data;
}

export async function resetNilaiEkskul(
  ekskulId: string,
  rombelId?: string | null,
): Promise<{ message: string; deleted: number }> {
  const params = rombelId ? { rombongan_belajar_id: rombelId } : {};
  return (await api.delete(`/penilaian/ekstrakurikuler/${ekskulId}/nilai`, { params })).data;
}

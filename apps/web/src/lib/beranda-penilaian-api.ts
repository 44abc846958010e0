import type {
  BerandaDetailResponse,
  BerandaGuruResponse,
  BerandaWaliResponse,
} from '@erapor/contract/penilaian/beranda';
import type { SubMapelGenerated } from '@erapor/contract/penilaian/sub-mapel';
import type { PklGenerated } from '@erapor/contract/pkl/penilaian';
import { api } from './api-client';

/** The teacher's and homeroom teacher's Beranda (packages/contract/src/penilaian/beranda.ts). */
export const BERANDA_GURU_KEY = ['beranda', 'guru'] as const;
export const BERANDA_WALI_KEY = ['beranda', 'wali'] as const;

export async function getBerandaGuru(): Promise<BerandaGuruResponse> {
  return (await api.get<BerandaGuruResponse>('/beranda/guru')).data;
}

export async function getBerandaDetail(pembelajaranId: string): Promise<BerandaDetailResponse> {
  return (await api.get<BerandaDetailResponse>(`/beranda/pembelajaran/${pembelajaranId}`)).data;
}

export async function getBerandaWali(): Promise<BerandaWaliResponse> {
  return (await api.get<BerandaWaliResponse>('/beranda/wali')).data;
}

export async function setKunciNilai(
  rombelId: string,
  kunci: boolean,
): Promise<{ message: string; kunci_nilai: boolean }> {
  return (await api.put(`/beranda/rombel/${rombelId}/kunci-nilai`, { kunci_nilai: kunci })).data;
}

/** "Generate Nilai" of a parent subject (the class's wali kelas). */
export async function generateSubMapel(pembelajaranId: string): Promise<SubMapelGenerated> {
  return (await api.post<SubMapelGenerated>(`/beranda/pembelajaran/${pembelajaranId}/generate-nilai`)).data;
}

/** "Generate Nilai" of the PKL subject (its Pembimbing PKL; decision 034). */
export async function generateNilaiPkl(pembelajaranId: string): Promise<PklGenerated> {
  return (await api.post<PklGenerated>(`/pkl/pembelajaran/${pembelajaranId}/generate-nilai`)).data;
}

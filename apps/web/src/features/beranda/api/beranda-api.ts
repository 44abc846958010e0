import type { BerandaAdminResponse, StatusPenilaian } from '@erapor/contract/sekolah';
import { api } from '../../../lib/api-client';

export const BERANDA_KEY = ['beranda'] as const;

export async function getBerandaAdmin(): Promise<BerandaAdminResponse> {
  return (await api.get<BerandaAdminResponse>('/beranda/admin')).data;
}

export async function setStatusPenilaian(status: boolean): Promise<StatusPenilaian & { message: string }> {
  return (await api.put<StatusPenilaian & { message: string }>('/status-penilaian', { status })).data;
}

import type { ListQuery, ListResponse } from '@erapor/contract/list';
import type { PasswordPdItem, ResetPasswordResponse } from '@erapor/contract/pengguna';
import { api } from '../../../lib/api-client';

/** Password PD calls (packages/contract/src/pengguna.ts). Wali kelas: own class only (server). */
export const PASSWORD_PD_KEY = ['password-pd'] as const;

export async function listPasswordPd(
  query: ListQuery & { rombongan_belajar_id?: string },
): Promise<ListResponse<PasswordPdItem>> {
  return (await api.get<ListResponse<PasswordPdItem>>('/password-pd', { params: query })).data;
}

export async function listPasswordPdRombel(): Promise<{ value: string; label: string }[]> {
  return (await api.get<{ data: { value: string; label: string }[] }>('/password-pd/rombel')).data.data;
}

export async function resetPupilPassword(pesertaDidikId: string): Promise<ResetPasswordResponse> {
  return (await api.post<ResetPasswordResponse>(`/password-pd/${pesertaDidikId}/reset`)).data;
}

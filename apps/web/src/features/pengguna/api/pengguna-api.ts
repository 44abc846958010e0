import type { ListQuery, ListResponse } from '@erapor/contract/list';
import type {
  GeneratePenggunaResponse,
  ResetPasswordResponse,
  UserDetail,
  UserListItem,
} from '@erapor/contract/pengguna';
import type { RoleName } from '@erapor/contract/roles';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

/** Akses Pengguna calls (packages/contract/src/pengguna.ts). */
export const USERS_KEY = ['users'] as const;

/** Generating ~1,500 pupil accounts hashes every password (docs/decisions/008): allow minutes. */
const GENERATE_TIMEOUT_MS = 10 * 60_000;

export async function listUsers(query: ListQuery & { role?: string }): Promise<ListResponse<UserListItem>> {
  return (await api.get<ListResponse<UserListItem>>('/users', { params: query })).data;
}

export async function getUser(userId: string): Promise<UserDetail> {
  return (await api.get<UserDetail>(`/users/${userId}`)).data;
}

export async function addRole(userId: string, role: RoleName): Promise<UserDetail> {
  return (await api.post<UserDetail>(`/users/${userId}/roles`, { role })).data;
}

export async function removeRole(userId: string, role: RoleName): Promise<UserDetail> {
  return (await api.delete<UserDetail>(`/users/${userId}/roles/${role}`)).data;
}

export async function resetPassword(userId: string): Promise<ResetPasswordResponse> {
  return (await api.post<ResetPasswordResponse>(`/users/${userId}/reset-password`)).data;
}

export async function generatePengguna(aksi: 'ptk' | 'pd'): Promise<GeneratePenggunaResponse> {
  return (
    await api.post<GeneratePenggunaResponse>('/users/generate', { aksi }, { timeout: GENERATE_TIMEOUT_MS })
  ).data;
}

/** The printable slips of a generation, saved as a file (only while the server still holds them). */
export async function downloadSlip(slipId: string, fileName: string): Promise<void> {
  await downloadFile(`/users/slip/${encodeURIComponent(slipId)}`, { fallbackName: fileName, name: fileName });
}

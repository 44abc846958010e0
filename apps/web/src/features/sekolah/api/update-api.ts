import type { ChangelogResponse, UpdateCheckResponse } from '@erapor/contract/update-check';
import { api } from '../../../lib/api-client';

/** Daftar Perubahan (GET /api/setting/changelog). */
export const CHANGELOG_KEY = ['setting', 'changelog'] as const;

export async function getChangelog(): Promise<ChangelogResponse> {
  return (await api.get<ChangelogResponse>('/setting/changelog')).data;
}

/** Cek Pembaharuan: the server's last answer (cached an hour) or a first check. */
export const UPDATE_CHECK_KEY = ['setting', 'check-update'] as const;

export async function getUpdateCheck(): Promise<UpdateCheckResponse> {
  return (await api.get<UpdateCheckResponse>('/setting/check-update')).data;
}

/** "Periksa lagi": the server asks the feed now. */
export async function checkUpdateNow(): Promise<UpdateCheckResponse> {
  return (await api.post<UpdateCheckResponse>('/setting/check-update')).data;
}

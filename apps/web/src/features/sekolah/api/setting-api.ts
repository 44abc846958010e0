import type { SettingsResponse, UpdateSettingsRequest } from '@erapor/contract/sekolah';
import { api } from '../../../lib/api-client';

/** Pengaturan Umum (GET/POST /api/setting). */
export const SETTING_KEY = ['setting'] as const;

export async function getSettings(): Promise<SettingsResponse> {
  return (await api.get<SettingsResponse>('/setting')).data;
}

/** One request: the form as JSON in `data` and, when chosen, the logo file. Nothing half-saved. */
export async function saveSettings(
  form: UpdateSettingsRequest,
  logo: File | null,
): Promise<SettingsResponse> {
  const body = new FormData();
  body.append('data', JSON.stringify(form));
  if (logo) body.append('logo', logo);
  return (await api.post<SettingsResponse>('/setting', body)).data;
}

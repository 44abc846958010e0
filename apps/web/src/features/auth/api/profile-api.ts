import type { Profile } from '@erapor/contract/auth';
import { api } from '../../../lib/api-client';

/** Profile calls of the signed-in user (axios client: Bearer + refresh). */
export const PROFILE_KEY = ['profile'] as const;

export async function getProfile(): Promise<Profile> {
  return (await api.get<Profile>('/profile')).data;
}

export async function updateProfile(body: { name: string; email: string }): Promise<Profile> {
  return (await api.put<Profile>('/profile', body)).data;
}

export async function uploadPhoto(file: File): Promise<Profile> {
  const form = new FormData();
  form.append('photo', file);
  return (await api.post<Profile>('/profile/photo', form)).data;
}

export async function changePassword(body: {
  current_password: string;
  password: string;
  password_confirmation: string;
}): Promise<{ message: string }> {
  return (await api.put<{ message: string }>('/profile/password', body)).data;
}

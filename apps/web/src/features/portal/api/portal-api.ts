import type { PortalDetil, PortalNilai, PortalProfil } from '@erapor/contract/portal/portal';
import { api } from '../../../lib/api-client';

export const PORTAL_KEY = ['portal'] as const;

export async function getProfil(): Promise<PortalProfil> {
  return (await api.get<PortalProfil>('/portal/profil')).data;
}

export async function getNilai(semesterId: string): Promise<PortalNilai> {
  return (await api.get<PortalNilai>(`/portal/nilai/${encodeURIComponent(semesterId)}`)).data;
}

export async function getDetil(pembelajaranId: string): Promise<PortalDetil> {
  return (await api.get<PortalDetil>(`/portal/detil-nilai/${encodeURIComponent(pembelajaranId)}`)).data;
}

import type { PortalDetil, PortalNilai, PortalProfil } from '@erapor/contract/portal/portal';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

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

/** The pupil's own Transkrip Nilai (docs/decisions/040-transkrip.md), saved under the server's name. */
export function downloadTranskrip(anggotaRombelId: string): Promise<string> {
  return downloadFile(`/cetak/transkrip/${encodeURIComponent(anggotaRombelId)}`, {
    fallbackName: 'transkrip-nilai.pdf',
  });
}

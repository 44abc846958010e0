import type { BiodataUsulanInput, PortalBiodata, Usulan } from '@erapor/contract/portal/biodata';
import type { PortalDetil, PortalNilai, PortalProfil, TemanSekelas } from '@erapor/contract/portal/portal';
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

export async function getBiodata(): Promise<PortalBiodata> {
  return (await api.get<PortalBiodata>('/portal/biodata')).data;
}

/** "Perbaharui": a proposal; nothing recorded changes until the wali kelas or admin approves it. */
export async function proposeBiodata(body: BiodataUsulanInput): Promise<{ message: string; usulan: Usulan }> {
  return (await api.post<{ message: string; usulan: Usulan }>('/portal/biodata', body)).data;
}

export async function getTemanSekelas(semesterId: string): Promise<TemanSekelas> {
  return (await api.get<TemanSekelas>(`/portal/teman-sekelas/${encodeURIComponent(semesterId)}`)).data;
}

export async function uploadFoto(file: File): Promise<{ message: string; foto_url: string | null }> {
  const form = new FormData();
  form.append('foto', file);
  return (await api.post<{ message: string; foto_url: string | null }>('/portal/foto', form)).data;
}

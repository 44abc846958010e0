import type { Job } from '@erapor/contract/jobs';
import type { RencanaDetail } from '@erapor/contract/ukk/rencana';
import type { SertifikatSemuaRequest } from '@erapor/contract/ukk/sertifikat';
import { api } from './api-client';

/**
 * A UKK plan's detail and its certificates' Cetak Semua (packages/contract/src/ukk/rencana.ts):
 * the Kaprog's Rencana/Nilai UKK screens and the Waka's Monitoring › Nilai UKK show the same
 * "Detil Rencana Penilaian UKK" (components/ukk-rencana/).
 */
export const UKK_KEY = ['ukk'] as const;

export async function getRencana(id: string): Promise<RencanaDetail> {
  return (await api.get<RencanaDetail>(`/ukk/rencana/${id}`)).data;
}

/** Cetak Semua of a plan's certificates (decisions 033, 038): the bulk job under its own kind. */
export async function startSertifikatSemua(input: SertifikatSemuaRequest): Promise<Job> {
  return (await api.post<Job>('/cetak/sertifikat-semua', input)).data;
}

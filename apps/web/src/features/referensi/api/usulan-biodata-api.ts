import type { UsulanRow } from '@erapor/contract/portal/biodata';
import { api } from '../../../lib/api-client';

/** Pupils' proposed Biodata corrections (contract portal/biodata; decision 046). */
export const USULAN_KEY = ['usulan-biodata'] as const;

export async function listUsulan(): Promise<UsulanRow[]> {
  return (await api.get<UsulanRow[]>('/usulan-biodata')).data;
}

export async function decideUsulan(
  id: string,
  keputusan: 'setujui' | 'tolak',
  alasan?: string,
): Promise<{ message: string }> {
  const url = `/usulan-biodata/${encodeURIComponent(id)}/${keputusan}`;
  return (await api.post<{ message: string }>(url, keputusan === 'tolak' ? { alasan: alasan ?? '' } : {}))
    .data;
}

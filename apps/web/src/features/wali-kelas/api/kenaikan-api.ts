import type { KenaikanResponse, KenaikanSave, KenaikanSaved } from '@erapor/contract/wali-kelas/kenaikan';
import { api } from '../../../lib/api-client';

/* Kenaikan Kelas (packages/contract/src/wali-kelas/kenaikan.ts has the API table). */

export const KENAIKAN_KEY = ['wali-kelas', 'kenaikan-kelas'] as const;
const PATH = '/wali-kelas/kenaikan-kelas';

export async function getKenaikan(rombelId?: string | null): Promise<KenaikanResponse> {
  return (
    await api.get<KenaikanResponse>(PATH, { params: rombelId ? { rombongan_belajar_id: rombelId } : {} })
  ).data;
}

export async function saveKenaikan(body: KenaikanSave): Promise<KenaikanSaved> {
  return (await api.put<KenaikanSaved>(PATH, body)).data;
}

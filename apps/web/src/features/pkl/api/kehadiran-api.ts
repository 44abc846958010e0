import type {
  KehadiranPklRencanaList,
  KehadiranPklResponse,
  KehadiranPklSave,
  KehadiranPklSaved,
} from '@erapor/contract/pkl/kehadiran';
import { api } from '../../../lib/api-client';

/** Kehadiran PKL calls (packages/contract/src/pkl/kehadiran.ts). */
export const KEHADIRAN_PKL_KEY = ['pkl', 'kehadiran'] as const;

export async function listKehadiranRencana(): Promise<KehadiranPklRencanaList> {
  return (await api.get<KehadiranPklRencanaList>('/pkl/kehadiran/rencana')).data;
}

export async function getKehadiranPkl(pklId: string): Promise<KehadiranPklResponse> {
  return (await api.get<KehadiranPklResponse>('/pkl/kehadiran', { params: { pkl_id: pklId } })).data;
}

export async function saveKehadiranPkl(body: KehadiranPklSave): Promise<KehadiranPklSaved> {
  return (await api.put<KehadiranPklSaved>('/pkl/kehadiran', body)).data;
}

import type {
  NilaiPklGrid,
  NilaiPklSave,
  NilaiPklSaved,
  RencanaNilaiList,
} from '@erapor/contract/pkl/penilaian';
import { api } from '../../../lib/api-client';

/** Input Penilaian PKL calls (packages/contract/src/pkl/penilaian.ts). */
export const NILAI_PKL_KEY = ['pkl', 'nilai'] as const;

export async function listRencanaNilai(): Promise<RencanaNilaiList> {
  return (await api.get<RencanaNilaiList>('/pkl/penilaian/rencana')).data;
}

export async function getNilaiPkl(pklId: string): Promise<NilaiPklGrid> {
  return (await api.get<NilaiPklGrid>(`/pkl/rencana/${pklId}/nilai`)).data;
}

export async function saveNilaiPkl(pklId: string, body: NilaiPklSave): Promise<NilaiPklSaved> {
  return (await api.put<NilaiPklSaved>(`/pkl/rencana/${pklId}/nilai`, body)).data;
}

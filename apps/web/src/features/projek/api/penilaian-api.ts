import type {
  NilaiProjekGrid,
  NilaiProjekSaved,
  NilaiProjekSaveInput,
  P5RombelList,
} from '@erapor/contract/projek/penilaian';
import { api } from '../../../lib/api-client';

/** Proses Penilaian P5 calls (packages/contract/src/projek/penilaian.ts). */
export const NILAI_PROJEK_KEY = ['projek', 'nilai'] as const;

export async function listRombel(): Promise<P5RombelList> {
  return (await api.get<P5RombelList>('/projek/penilaian/rombel')).data;
}

export async function getGrid(rombelId: string): Promise<NilaiProjekGrid> {
  return (await api.get<NilaiProjekGrid>(`/projek/penilaian/${rombelId}`)).data;
}

export async function saveGrid(rombelId: string, body: NilaiProjekSaveInput): Promise<NilaiProjekSaved> {
  return (await api.put<NilaiProjekSaved>(`/projek/penilaian/${rombelId}`, body)).data;
}

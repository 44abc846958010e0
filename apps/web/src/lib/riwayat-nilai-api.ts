import type { ListQuery } from '@erapor/contract/list';
import type { RiwayatNilaiList, RiwayatNilaiOpsi } from '@erapor/contract/riwayat-nilai';
import { api } from './api-client';
import { downloadFile } from './download';

/** Riwayat Perubahan Nilai (packages/contract/src/riwayat-nilai.ts). */
export const RIWAYAT_NILAI_KEY = ['riwayat-nilai'] as const;

export type RiwayatParams = Record<string, string | undefined>;

const defined = (params: RiwayatParams) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string
  >;

export async function listRiwayat(query: ListQuery & Record<string, unknown>): Promise<RiwayatNilaiList> {
  return (await api.get<RiwayatNilaiList>('/riwayat-nilai', { params: query })).data;
}

export async function getOpsiRiwayat(rombel: string | undefined): Promise<RiwayatNilaiOpsi> {
  return (
    await api.get<RiwayatNilaiOpsi>('/riwayat-nilai/opsi', {
      params: defined({ rombongan_belajar_id: rombel }),
    })
  ).data;
}

export function downloadRiwayatExcel(params: RiwayatParams): Promise<string> {
  return downloadFile('/riwayat-nilai/excel', {
    fallbackName: 'riwayat-perubahan-nilai.xlsx',
    params: defined(params),
  });
}

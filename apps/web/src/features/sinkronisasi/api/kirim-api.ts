import type {
  CekKoneksi,
  CekKoneksiResponse,
  GenerateMatevResult,
  KirimDataOverview,
  KirimDataResult,
  KirimNilaiItem,
  KirimNilaiOverview,
  KirimNilaiResult,
} from '@erapor/contract/sinkronisasi-kirim';
import { api } from '../../../lib/api-client';

/** Kirim Nilai ke Dapodik and Kirim Data e-Rapor (packages/contract/src/sinkronisasi-kirim.ts). */
export const KIRIM_NILAI_KEY = ['sinkronisasi', 'kirim-nilai'] as const;
export const KIRIM_DATA_KEY = ['sinkronisasi', 'kirim-data'] as const;

/** Sending a class's grades posts one request per pupil and subject to Dapodik: allow minutes. */
const LONG = { timeout: 15 * 60_000 };

export async function getKirimNilai(): Promise<KirimNilaiOverview> {
  return (await api.get<KirimNilaiOverview>('/sinkronisasi/kirim-nilai')).data;
}

export async function cekKoneksi(input: CekKoneksi): Promise<CekKoneksiResponse> {
  return (await api.post<CekKoneksiResponse>('/sinkronisasi/kirim-nilai/cek-koneksi', input)).data;
}

export async function generateMatev(rombelId: string): Promise<GenerateMatevResult> {
  return (await api.post<GenerateMatevResult>(`/sinkronisasi/kirim-nilai/rombel/${rombelId}/matev`, {}, LONG))
    .data;
}

export async function kirimNilai(rombelId: string): Promise<KirimNilaiResult> {
  return (await api.post<KirimNilaiResult>(`/sinkronisasi/kirim-nilai/rombel/${rombelId}/kirim`, {}, LONG))
    .data;
}

export async function kirimNilaiItems(rombelId: string): Promise<KirimNilaiItem[]> {
  return (await api.get<{ items: KirimNilaiItem[] }>(`/sinkronisasi/kirim-nilai/rombel/${rombelId}/items`))
    .data.items;
}

export async function getKirimData(): Promise<KirimDataOverview> {
  return (await api.get<KirimDataOverview>('/sinkronisasi/kirim-data')).data;
}

export async function saveKirimDataSettings(url_erapor: string): Promise<{ message: string }> {
  return (await api.put<{ message: string }>('/sinkronisasi/kirim-data/pengaturan', { url_erapor })).data;
}

export async function kirimData(): Promise<KirimDataResult> {
  return (await api.post<KirimDataResult>('/sinkronisasi/kirim-data', {}, LONG)).data;
}

import type { ListQuery } from '@erapor/contract/list';
import type {
  MonitoringPenilaianList,
  MonitoringPenilaianOpsi,
  MonitoringPenilaianRingkasan,
} from '@erapor/contract/monitoring/penilaian';
import type { BerandaDetailResponse } from '@erapor/contract/penilaian/beranda';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

/** Monitoring › Nilai Akademik (packages/contract/src/monitoring/penilaian.ts). */
export const MONITORING_PENILAIAN_KEY = ['monitoring', 'penilaian'] as const;

/** The filters as the API names them. */
export type MonitoringParams = Record<string, string | undefined>;

export async function listPenilaian(
  query: ListQuery & Record<string, unknown>,
): Promise<MonitoringPenilaianList> {
  return (await api.get<MonitoringPenilaianList>('/progress/penilaian', { params: query })).data;
}

export async function getRingkasanPenilaian(params: MonitoringParams): Promise<MonitoringPenilaianRingkasan> {
  return (await api.get<MonitoringPenilaianRingkasan>('/progress/penilaian/ringkasan', { params })).data;
}

export async function getOpsiPenilaian(): Promise<MonitoringPenilaianOpsi> {
  return (await api.get<MonitoringPenilaianOpsi>('/progress/penilaian/opsi')).data;
}

export async function getDetailPenilaian(pembelajaranId: string): Promise<BerandaDetailResponse> {
  return (await api.get<BerandaDetailResponse>(`/progress/penilaian/${pembelajaranId}`)).data;
}

/** "Unduh Excel": the filtered table as the server writes it. */
export function downloadPenilaianExcel(params: MonitoringParams): Promise<string> {
  const defined = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  return downloadFile('/progress/penilaian/excel', {
    fallbackName: 'monitoring-nilai-akademik.xlsx',
    params: defined,
  });
}

import type { ListQuery } from '@erapor/contract/list';
import type {
  MonitoringEkskulDetail,
  MonitoringEkskulList,
  MonitoringEkskulOpsi,
  MonitoringEkskulRingkasan,
} from '@erapor/contract/monitoring/ekskul';
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

/** "Unduh Excel" of a monitoring screen (`path` under /progress): the filtered table as the server writes it. */
function downloadMonitoringExcel(
  path: string,
  fallbackName: string,
  params: MonitoringParams,
): Promise<string> {
  const defined = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  return downloadFile(`/progress/${path}/excel`, { fallbackName, params: defined });
}

export function downloadPenilaianExcel(params: MonitoringParams): Promise<string> {
  return downloadMonitoringExcel('penilaian', 'monitoring-nilai-akademik.xlsx', params);
}

/** Monitoring › Nilai Ekstrakurikuler (packages/contract/src/monitoring/ekskul.ts). */
export const MONITORING_EKSKUL_KEY = ['monitoring', 'nilai-ekskul'] as const;

export async function listEkskulProgress(
  query: ListQuery & Record<string, unknown>,
): Promise<MonitoringEkskulList> {
  return (await api.get<MonitoringEkskulList>('/progress/nilai-ekskul', { params: query })).data;
}

export async function getRingkasanEkskul(params: MonitoringParams): Promise<MonitoringEkskulRingkasan> {
  return (await api.get<MonitoringEkskulRingkasan>('/progress/nilai-ekskul/ringkasan', { params })).data;
}

export async function getOpsiEkskul(): Promise<MonitoringEkskulOpsi> {
  return (await api.get<MonitoringEkskulOpsi>('/progress/nilai-ekskul/opsi')).data;
}

export async function getDetailEkskul(ekstrakurikulerId: string): Promise<MonitoringEkskulDetail> {
  return (await api.get<MonitoringEkskulDetail>(`/progress/nilai-ekskul/${ekstrakurikulerId}`)).data;
}

export function downloadEkskulExcel(params: MonitoringParams): Promise<string> {
  return downloadMonitoringExcel('nilai-ekskul', 'monitoring-nilai-ekskul.xlsx', params);
}

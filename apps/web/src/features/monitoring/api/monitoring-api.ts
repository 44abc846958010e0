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
import type {
  MonitoringProjekDetail,
  MonitoringProjekList,
  MonitoringProjekNilai,
  MonitoringProjekOpsi,
  MonitoringProjekRingkasan,
} from '@erapor/contract/monitoring/projek';
import type {
  MonitoringUkkDetail,
  MonitoringUkkList,
  MonitoringUkkOpsi,
  MonitoringUkkRingkasan,
} from '@erapor/contract/monitoring/ukk';
import type { BerandaDetailResponse } from '@erapor/contract/penilaian/beranda';
import type {
  MonitoringPklDetail,
  MonitoringPklList,
  MonitoringPklOpsi,
  MonitoringPklRingkasan,
} from '@erapor/contract/pkl/monitoring';
import { api } from '../../../lib/api-client';
import { downloadFile, openPdf } from '../../../lib/download';

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

/** Monitoring › Nilai PKL (packages/contract/src/pkl/monitoring.ts). */
export const MONITORING_PKL_KEY = ['monitoring', 'nilai-pkl'] as const;

export async function listPklProgress(
  query: ListQuery & Record<string, unknown>,
): Promise<MonitoringPklList> {
  return (await api.get<MonitoringPklList>('/progress/nilai-pkl', { params: query })).data;
}

export async function getRingkasanPkl(params: MonitoringParams): Promise<MonitoringPklRingkasan> {
  return (await api.get<MonitoringPklRingkasan>('/progress/nilai-pkl/ringkasan', { params })).data;
}

export async function getOpsiPkl(): Promise<MonitoringPklOpsi> {
  return (await api.get<MonitoringPklOpsi>('/progress/nilai-pkl/opsi')).data;
}

export async function getDetailPkl(pklId: string): Promise<MonitoringPklDetail> {
  return (await api.get<MonitoringPklDetail>(`/progress/nilai-pkl/${pklId}`)).data;
}

export function downloadPklExcel(params: MonitoringParams): Promise<string> {
  return downloadMonitoringExcel('nilai-pkl', 'monitoring-nilai-pkl.xlsx', params);
}

/** A participant's PKL report, through the PKL report's own print endpoint. */
export function printRaporPkl(pklId: string, pesertaDidikId: string): Promise<void> {
  return openPdf(`/cetak/rapor-pkl/${pklId}/${pesertaDidikId}`);
}

/** Monitoring › Nilai Projek (packages/contract/src/monitoring/projek.ts). */
export const MONITORING_PROJEK_KEY = ['monitoring', 'nilai-projek'] as const;

export async function listProjekProgress(
  query: ListQuery & Record<string, unknown>,
): Promise<MonitoringProjekList> {
  return (await api.get<MonitoringProjekList>('/progress/nilai-projek', { params: query })).data;
}

export async function getRingkasanProjek(params: MonitoringParams): Promise<MonitoringProjekRingkasan> {
  return (await api.get<MonitoringProjekRingkasan>('/progress/nilai-projek/ringkasan', { params })).data;
}

export async function getOpsiProjek(): Promise<MonitoringProjekOpsi> {
  return (await api.get<MonitoringProjekOpsi>('/progress/nilai-projek/opsi')).data;
}

export async function getDetailProjekKelas(rombelId: string): Promise<MonitoringProjekDetail> {
  return (await api.get<MonitoringProjekDetail>(`/progress/nilai-projek/${rombelId}`)).data;
}

export async function getDetailProjekNilai(rencanaId: string): Promise<MonitoringProjekNilai> {
  return (await api.get<MonitoringProjekNilai>(`/progress/nilai-projek/projek/${rencanaId}`)).data;
}

export function downloadProjekExcel(params: MonitoringParams): Promise<string> {
  return downloadMonitoringExcel('nilai-projek', 'monitoring-nilai-projek.xlsx', params);
}

/** Monitoring › Nilai UKK (packages/contract/src/monitoring/ukk.ts). */
export const MONITORING_UKK_KEY = ['monitoring', 'nilai-ukk'] as const;

export async function listUkkProgress(
  query: ListQuery & Record<string, unknown>,
): Promise<MonitoringUkkList> {
  return (await api.get<MonitoringUkkList>('/progress/nilai-ukk', { params: query })).data;
}

export async function getRingkasanUkk(params: MonitoringParams): Promise<MonitoringUkkRingkasan> {
  return (await api.get<MonitoringUkkRingkasan>('/progress/nilai-ukk/ringkasan', { params })).data;
}

export async function getOpsiUkk(): Promise<MonitoringUkkOpsi> {
  return (await api.get<MonitoringUkkOpsi>('/progress/nilai-ukk/opsi')).data;
}

export async function getDetailUkk(rencanaUkkId: string): Promise<MonitoringUkkDetail> {
  return (await api.get<MonitoringUkkDetail>(`/progress/nilai-ukk/${rencanaUkkId}`)).data;
}

export function downloadUkkExcel(params: MonitoringParams): Promise<string> {
  return downloadMonitoringExcel('nilai-ukk', 'monitoring-nilai-ukk.xlsx', params);
}

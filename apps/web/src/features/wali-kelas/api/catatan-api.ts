import type {
  CatatanResponse,
  CatatanSave,
  CatatanSaved,
  JenisCatatan,
} from '@erapor/contract/wali-kelas/catatan';
import type {
  CatatanSikapResponse,
  CatatanSikapSave,
  CatatanSikapSaved,
} from '@erapor/contract/wali-kelas/catatan-sikap';
import type { EkskulWaliResponse, PklWaliResponse } from '@erapor/contract/wali-kelas/ekskul';
import { api } from '../../../lib/api-client';

/*
 * The homeroom's notes and read-only views (packages/contract/src/wali-kelas/catatan.ts,
 * catatan-sikap.ts and ekskul.ts have the API tables).
 */

export const CATATAN_PATH: Record<JenisCatatan, string> = {
  catatan_walas: '/wali-kelas/catatan-wali-kelas',
  kokurikuler: '/wali-kelas/kokurikuler',
};
export const catatanKey = (jenis: JenisCatatan) => ['wali-kelas', jenis] as const;
export const CATATAN_SIKAP_KEY = ['wali-kelas', 'catatan-sikap'] as const;
export const EKSKUL_WALI_KEY = ['wali-kelas', 'nilai-ekstrakurikuler'] as const;
export const PKL_WALI_KEY = ['wali-kelas', 'praktik-kerja-lapangan'] as const;

const params = (rombelId?: string | null) => (rombelId ? { rombongan_belajar_id: rombelId } : {});

export async function getCatatan(jenis: JenisCatatan, rombelId?: string | null): Promise<CatatanResponse> {
  return (await api.get<CatatanResponse>(CATATAN_PATH[jenis], { params: params(rombelId) })).data;
}

export async function saveCatatan(jenis: JenisCatatan, body: CatatanSave): Promise<CatatanSaved> {
  return (await api.put<CatatanSaved>(CATATAN_PATH[jenis], body)).data;
}

export async function getCatatanSikap(rombelId?: string | null): Promise<CatatanSikapResponse> {
  return (await api.get<CatatanSikapResponse>('/wali-kelas/catatan-sikap', { params: params(rombelId) }))
    .data;
}

export async function saveCatatanSikap(body: CatatanSikapSave): Promise<CatatanSikapSaved> {
  return (await api.put<CatatanSikapSaved>('/wali-kelas/catatan-sikap', body)).data;
}

export async function getEkskulWali(rombelId?: string | null): Promise<EkskulWaliResponse> {
  return (
    await api.get<EkskulWaliResponse>('/wali-kelas/nilai-ekstrakurikuler', { params: params(rombelId) })
  ).data;
}

export async function getPklWali(rombelId?: string | null): Promise<PklWaliResponse> {
  return (await api.get<PklWaliResponse>('/wali-kelas/praktik-kerja-lapangan', { params: params(rombelId) }))
    .data;
}

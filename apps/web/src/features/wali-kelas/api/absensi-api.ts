import type { AbsensiResponse, AbsensiSave, AbsensiSaved } from '@erapor/contract/wali-kelas/absensi';
import { api } from '../../../lib/api-client';

/** Ketidakhadiran calls (packages/contract/src/wali-kelas/absensi.ts has the API table). */
export const ABSENSI_KEY = ['wali-kelas', 'ketidakhadiran'] as const;

export async function getAbsensi(rombelId?: string | null): Promise<AbsensiResponse> {
  const params = rombelId ? { rombongan_belajar_id: rombelId } : {};
  return (await api.get<AbsensiResponse>('/wali-kelas/ketidakhadiran', { params })).data;
}

export async function saveAbsensi(body: AbsensiSave): Promise<AbsensiSaved> {
  return (await api.put<AbsensiSaved>('/wali-kelas/ketidakhadiran', body)).data;
}

import type { CetakRaporResponse } from '@erapor/contract/cetak/rapor';
import type { TpSumber } from '@erapor/contract/kurikulum/tp';
import type { MapelPickerResponse, RombelPickerRow } from '@erapor/contract/penilaian/asesmen';
import type { CetakPklResponse } from '@erapor/contract/pkl/cetak';
import type { SertifikatPilihan } from '@erapor/contract/ukk/sertifikat';
import { api } from './api-client';

/**
 * The lists a user picks from that more than one screen shows: the feature screen that owns them
 * and the Pusat Unduhan (decision 043), which picks the same class, pupil, plan or CP before it
 * downloads the feature's own file. One call each, so both screens share the query cache.
 */

/** The grade-entry header's key (penilaian › asesmen; the same query on every grade screen). */
export const ASESMEN_KEY = ['penilaian', 'asesmen'] as const;

export async function getRombelPicker(tingkat: string, jenisRombel: string): Promise<RombelPickerRow[]> {
  const res = await api.get<{ data: RombelPickerRow[] }>('/penilaian/rombel', {
    params: { tingkat, jenis_rombel: jenisRombel },
  });
  return res.data.data;
}

export async function getMapelPicker(rombelId: string): Promise<MapelPickerResponse> {
  return (await api.get<MapelPickerResponse>(`/penilaian/rombel/${rombelId}/pembelajaran`)).data;
}

/** The print page of a class (none: the wali's own class, or the first class for the Waka). */
export async function getCetakRapor(rombelId: string | null): Promise<CetakRaporResponse> {
  const params = rombelId ? { rombongan_belajar_id: rombelId } : {};
  return (await api.get<CetakRaporResponse>('/cetak/rapor', { params })).data;
}

/** The pupils with a placement the caller may print, of one class or of all their classes. */
export async function getCetakPkl(rombelId: string | null): Promise<CetakPklResponse> {
  const params = rombelId ? { rombongan_belajar_id: rombelId } : {};
  return (await api.get<CetakPklResponse>('/cetak/rapor-pkl', { params })).data;
}

/** The plans whose certificates the caller prints and the chosen plan's scored pupils (Pusat Unduhan). */
export async function getSertifikatPilihan(rencanaUkkId: string | null): Promise<SertifikatPilihan> {
  const params = rencanaUkkId ? { rencana_ukk_id: rencanaUkkId } : {};
  return (await api.get<SertifikatPilihan>('/cetak/sertifikat', { params })).data;
}

/** A subject's CP or KD, the source of its TP (kurikulum › TP; the Template TP needs one). */
export async function getTpSumber(pembelajaranId: string): Promise<TpSumber> {
  return (await api.get<TpSumber>('/kurikulum/tp/sumber', { params: { pembelajaran_id: pembelajaranId } }))
    .data;
}

import type { BobotEditInput, BobotResponse } from '@erapor/contract/kurikulum/bobot';
import type { FilterOptions, KurikulumKind } from '@erapor/contract/kurikulum/common';
import type { CpCreateInput, CpRow } from '@erapor/contract/kurikulum/cp';
import type { KdCreateInput, KdRow } from '@erapor/contract/kurikulum/kd';
import type { TpCreateInput, TpMapelResponse, TpRow, TpSaved } from '@erapor/contract/kurikulum/tp';
import type { ListQuery, ListResponse } from '@erapor/contract/list';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

export { getTpSumber } from '../../../lib/pilihan-api';

/** Curriculum calls (the API tables are in packages/contract/src/kurikulum/*.ts). */
export const KURIKULUM_KEY = ['kurikulum'] as const;

type Message = { message: string };

/** The filter row's choice: each one narrows the next. */
export interface FilterValue {
  tingkat?: string;
  rombongan_belajar_id?: string;
  pembelajaran_id?: string;
}

export async function getFilterOptions(params: {
  kurikulum?: KurikulumKind;
  tingkat?: string;
  rombongan_belajar_id?: string;
}): Promise<FilterOptions> {
  return (await api.get<FilterOptions>('/kurikulum/filter', { params })).data;
}

export async function listKd(query: ListQuery & FilterValue): Promise<ListResponse<KdRow>> {
  return (await api.get<ListResponse<KdRow>>('/kurikulum/kd', { params: query })).data;
}

export async function createKd(body: KdCreateInput): Promise<Message> {
  return (await api.post<Message>('/kurikulum/kd', body)).data;
}

export async function setKdAlias(id: string, alias: string): Promise<Message> {
  return (await api.put<Message>(`/kurikulum/kd/${id}/alias`, { kompetensi_dasar_alias: alias })).data;
}

export async function resetKdAlias(id: string): Promise<Message> {
  return (await api.delete<Message>(`/kurikulum/kd/${id}/alias`)).data;
}

export async function setKdStatus(id: string, aktif: boolean): Promise<Message> {
  return (await api.put<Message>(`/kurikulum/kd/${id}/status`, { aktif })).data;
}

export async function hapusKdGanda(id: string): Promise<Message & { jumlah: number }> {
  return (await api.post<Message & { jumlah: number }>(`/kurikulum/kd/${id}/hapus-ganda`)).data;
}

export async function listCp(query: ListQuery & FilterValue): Promise<ListResponse<CpRow>> {
  return (await api.get<ListResponse<CpRow>>('/kurikulum/cp', { params: query })).data;
}

export async function createCp(body: CpCreateInput): Promise<Message> {
  return (await api.post<Message>('/kurikulum/cp', body)).data;
}

export async function setCpStatus(id: number, aktif: boolean): Promise<Message> {
  return (await api.put<Message>(`/kurikulum/cp/${id}/status`, { aktif })).data;
}

export async function listTp(query: ListQuery & FilterValue): Promise<ListResponse<TpRow>> {
  return (await api.get<ListResponse<TpRow>>('/kurikulum/tp', { params: query })).data;
}

export async function createTp(body: TpCreateInput): Promise<TpSaved> {
  return (await api.post<TpSaved>('/kurikulum/tp', body)).data;
}

export async function updateTp(id: string, deskripsi: string): Promise<Message> {
  return (await api.put<Message>(`/kurikulum/tp/${id}`, { deskripsi })).data;
}

export async function deleteTp(id: string, force = false): Promise<Message> {
  return (await api.delete<Message>(`/kurikulum/tp/${id}`, { params: force ? { force: 'true' } : {} })).data;
}

export async function getTpMapel(id: string): Promise<TpMapelResponse> {
  return (await api.get<TpMapelResponse>(`/kurikulum/tp/${id}/mapel`)).data;
}

export async function mapTp(id: string, pembelajaranIds: string[]): Promise<Message> {
  return (await api.post<Message>(`/kurikulum/tp/${id}/mapel`, { pembelajaran_ids: pembelajaranIds })).data;
}

export async function unmapTp(id: string, pembelajaranId: string, force = false): Promise<Message> {
  return (
    await api.delete<Message>(`/kurikulum/tp/${id}/mapel/${pembelajaranId}`, {
      params: force ? { force: 'true' } : {},
    })
  ).data;
}

/** Which CP/KD and class a template or an upload is for. */
export interface TpTarget {
  pembelajaran_id: string;
  cp_id?: string;
  kd_id?: string;
}

/** Downloads the Template TP (the call needs the Bearer token, so no plain link). */
export async function downloadTpTemplate(target: TpTarget): Promise<void> {
  const params = Object.fromEntries(Object.entries(target).filter(([, v]) => v !== undefined));
  await downloadFile('/kurikulum/tp/template', { params, fallbackName: 'template_tp.xlsx' });
}

export async function importTp(target: TpTarget, file: File): Promise<TpSaved> {
  const form = new FormData();
  form.append('template_excel', file);
  return (await api.post<TpSaved>('/kurikulum/tp/import', form, { params: target })).data;
}

export async function getBobot(): Promise<BobotResponse> {
  return (await api.get<BobotResponse>('/kurikulum/bobot')).data;
}

export async function saveBobot(rows: BobotEditInput[]): Promise<BobotResponse & Message> {
  return (await api.put<BobotResponse & Message>('/kurikulum/bobot', { rows })).data;
}

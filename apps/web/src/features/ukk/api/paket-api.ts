import type { ListQuery } from '@erapor/contract/list';
import type {
  PaketCreateInput,
  PaketDetail,
  PaketList,
  PaketPilihan,
  PaketUpdateInput,
  UnitAddInput,
} from '@erapor/contract/ukk/paket';
import type { TemplateResponse, TemplateSaveInput } from '@erapor/contract/ukk/template';
import { api } from '../../../lib/api-client';
import { openPdfPreview } from '../../../lib/download';

/** Paket UKK calls (packages/contract/src/ukk/paket.ts). */
export { UKK_KEY } from '../../../lib/ukk-rencana-api';

type Message = { message: string };

export async function listPaket(query: ListQuery): Promise<PaketList> {
  return (await api.get<PaketList>('/ukk/paket', { params: query })).data;
}

export async function getPaketPilihan(): Promise<PaketPilihan> {
  return (await api.get<PaketPilihan>('/ukk/paket/pilihan')).data;
}

export async function getPaket(id: string): Promise<PaketDetail> {
  return (await api.get<PaketDetail>(`/ukk/paket/${id}`)).data;
}

export async function createPaket(body: PaketCreateInput): Promise<Message> {
  return (await api.post<Message>('/ukk/paket', body)).data;
}

export async function updatePaket(id: string, body: PaketUpdateInput): Promise<Message> {
  return (await api.put<Message>(`/ukk/paket/${id}`, body)).data;
}

export async function setPaketStatus(id: string, status: 0 | 1): Promise<Message> {
  return (await api.put<Message>(`/ukk/paket/${id}/status`, { status })).data;
}

export async function addUnits(id: string, body: UnitAddInput): Promise<Message> {
  return (await api.post<Message>(`/ukk/paket/${id}/unit`, body)).data;
}

export async function deletePaket(id: string): Promise<Message> {
  return (await api.delete<Message>(`/ukk/paket/${id}`)).data;
}

export async function getTemplate(): Promise<TemplateResponse> {
  return (await api.get<TemplateResponse>('/ukk/template')).data;
}

export async function saveTemplate(body: TemplateSaveInput): Promise<Message> {
  return (await api.put<Message>('/ukk/template', body)).data;
}

export async function resetTemplate(): Promise<Message> {
  return (await api.delete<Message>('/ukk/template')).data;
}

/** The background image of the certificate (JPG/PNG ≤ 1 MB; the server reads its header). */
export async function uploadLatar(file: File): Promise<Message> {
  const body = new FormData();
  body.append('latar', file);
  return (await api.put<Message>('/ukk/template/latar', body)).data;
}

export async function removeLatar(): Promise<Message> {
  return (await api.delete<Message>('/ukk/template/latar')).data;
}

/**
 * "Pratinjau": the sample certificate of the form as it stands (saved or not), shown from a blob in
 * a tab opened at the click (a later window would be blocked); a refusal closes it and rejects with
 * the server's message and field details.
 */
export function openPratinjau(body: TemplateSaveInput): Promise<void> {
  return openPdfPreview('/ukk/template/pratinjau', body);
}

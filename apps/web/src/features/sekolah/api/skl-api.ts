import type { SklTemplateResponse, SklTemplateSaveInput } from '@erapor/contract/cetak/skl';
import { api } from '../../../lib/api-client';
import { blobFailure } from '../../../lib/download';

/** Surat Keterangan Lulus in Pengaturan (packages/contract/src/cetak/skl.ts has the API table). */
export const SKL_KEY = ['setting', 'skl'] as const;

export async function getSklTemplate(): Promise<SklTemplateResponse> {
  return (await api.get<SklTemplateResponse>('/setting/skl')).data;
}

export async function saveSklTemplate(body: SklTemplateSaveInput): Promise<{ message: string }> {
  return (await api.put<{ message: string }>('/setting/skl', body)).data;
}

export async function resetSklTemplate(): Promise<{ message: string }> {
  return (await api.delete<{ message: string }>('/setting/skl')).data;
}

/**
 * "Pratinjau": a sample letter of the form as it stands, in a new tab from a blob (the tab is
 * opened at the click, as browsers block later windows, and closed again when the server refuses).
 */
export async function openSklPratinjau(body: SklTemplateSaveInput): Promise<void> {
  const tab = window.open('', '_blank');
  let blob: Blob;
  try {
    blob = (await api.post<Blob>('/setting/skl/pratinjau', body, { responseType: 'blob' })).data;
  } catch (error) {
    tab?.close();
    throw await blobFailure(error);
  }
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
  if (tab) tab.location.href = url;
  else window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

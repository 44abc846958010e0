import type { SklTemplateResponse, SklTemplateSaveInput } from '@erapor/contract/cetak/skl';
import { api } from '../../../lib/api-client';
import { openPdfPreview } from '../../../lib/download';

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
export function openSklPratinjau(body: SklTemplateSaveInput): Promise<void> {
  return openPdfPreview('/setting/skl/pratinjau', body);
}

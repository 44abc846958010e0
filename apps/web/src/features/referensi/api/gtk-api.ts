import type { ListQuery, ListResponse } from '@erapor/contract/list';
import type {
  GtkDetail,
  GtkInput,
  GtkKind,
  GtkOptions,
  GtkRow,
  ImportPreview,
  LocalGtkKind,
  UpdateGelar,
} from '@erapor/contract/referensi/gtk';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

/** GTK calls (packages/contract/src/referensi/gtk.ts has the API table). */
export const GTK_KEY = ['gtk'] as const;

export async function listGtk(kind: GtkKind, query: ListQuery): Promise<ListResponse<GtkRow>> {
  return (await api.get<ListResponse<GtkRow>>(`/gtk/${kind}`, { params: query })).data;
}

export async function getGtkOptions(): Promise<GtkOptions> {
  return (await api.get<GtkOptions>('/gtk/options')).data;
}

export async function getGtk(guruId: string): Promise<GtkDetail> {
  return (await api.get<GtkDetail>(`/gtk/ptk/${guruId}`)).data;
}

export async function updateGelar(guruId: string, body: UpdateGelar): Promise<{ message: string }> {
  return (await api.put<{ message: string }>(`/gtk/ptk/${guruId}/gelar`, body)).data;
}

export async function createGtk(kind: LocalGtkKind, body: GtkInput): Promise<{ message: string }> {
  return (await api.post<{ message: string }>(`/gtk/${kind}`, body)).data;
}

export async function updateGtk(guruId: string, body: GtkInput): Promise<{ message: string }> {
  return (await api.put<{ message: string }>(`/gtk/ptk/${guruId}`, body)).data;
}

export async function deleteGtk(guruId: string): Promise<{ message: string }> {
  return (await api.delete<{ message: string }>(`/gtk/ptk/${guruId}`)).data;
}

export async function previewImport(kind: LocalGtkKind, file: File): Promise<ImportPreview> {
  const form = new FormData();
  form.append('file_excel', file);
  return (await api.post<ImportPreview>(`/gtk/${kind}/import/preview`, form)).data;
}

export async function saveImport(
  kind: LocalGtkKind,
  rows: GtkInput[],
): Promise<{ message: string; saved: number }> {
  return (await api.post<{ message: string; saved: number }>(`/gtk/${kind}/import`, { rows })).data;
}

/** Downloads the Excel template (the call needs the Bearer token, so no plain link). */
export async function downloadTemplate(kind: LocalGtkKind): Promise<void> {
  const name = `format_excel_${kind}.xlsx`;
  await downloadFile(`/gtk/${kind}/template`, { fallbackName: name, name });
}

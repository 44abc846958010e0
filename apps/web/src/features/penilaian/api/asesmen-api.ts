import type {
  AkhirSemesterGrid,
  AkhirSemesterSave,
  CapaianGrid,
  CapaianSave,
  JenisTemplate,
  LingkupMateriGrid,
  LingkupMateriSave,
  MapelPickerResponse,
  NilaiAkhirGrid,
  NilaiAkhirSave,
  RombelPickerRow,
  SaveResult,
  UploadResult,
} from '@erapor/contract/penilaian/asesmen';
import { api } from '../../../lib/api-client';
import { apiFailure } from '../../../lib/http-errors';

/** Asesmen, nilai akhir and capaian calls (packages/contract/src/penilaian/asesmen.ts has the API table). */
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

export interface GridTypes {
  'lingkup-materi': { grid: LingkupMateriGrid; save: LingkupMateriSave };
  'akhir-semester': { grid: AkhirSemesterGrid; save: AkhirSemesterSave };
  'nilai-akhir': { grid: NilaiAkhirGrid; save: NilaiAkhirSave };
  'capaian-kompetensi': { grid: CapaianGrid; save: CapaianSave };
}
export type GridPart = keyof GridTypes;

export async function getGrid<P extends GridPart>(
  pembelajaranId: string,
  part: P,
): Promise<GridTypes[P]['grid']> {
  return (await api.get<GridTypes[P]['grid']>(`/penilaian/pembelajaran/${pembelajaranId}/${part}`)).data;
}

export async function saveGrid<P extends GridPart>(
  pembelajaranId: string,
  part: P,
  body: GridTypes[P]['save'],
): Promise<SaveResult> {
  return (await api.put<SaveResult>(`/penilaian/pembelajaran/${pembelajaranId}/${part}`, body)).data;
}

export async function resetCapaian(pembelajaranId: string): Promise<SaveResult> {
  return (await api.post<SaveResult>(`/penilaian/pembelajaran/${pembelajaranId}/capaian-kompetensi/reset`))
    .data;
}

/** A failed blob request carries its JSON error as a Blob: read it so the message shows. */
async function blobFailure(error: unknown): Promise<unknown> {
  const e = error as { response?: { status: number; data: unknown } };
  if (e.response?.data instanceof Blob) {
    try {
      return apiFailure(e.response.status, JSON.parse(await e.response.data.text()));
    } catch {
      return error;
    }
  }
  return error;
}

/** "Unduh Template" (the call needs the Bearer token, so no plain link). */
export async function downloadTemplate(pembelajaranId: string, jenis: JenisTemplate): Promise<void> {
  let res: Awaited<ReturnType<typeof api.get<Blob>>>;
  try {
    res = await api.get<Blob>(`/penilaian/pembelajaran/${pembelajaranId}/template/${jenis}`, {
      responseType: 'blob',
    });
  } catch (error) {
    throw await blobFailure(error);
  }
  const disposition = String(res.headers['content-disposition'] ?? '');
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const name = encoded
    ? decodeURIComponent(encoded)
    : (/filename="([^"]+)"/.exec(disposition)?.[1] ?? `${jenis}.xlsx`);
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Reads a filled template into values for the grid (nothing is saved). */
export async function uploadTemplate(
  pembelajaranId: string,
  jenis: JenisTemplate,
  file: File,
): Promise<UploadResult> {
  const form = new FormData();
  form.append('file_excel', file);
  return (await api.post<UploadResult>(`/penilaian/pembelajaran/${pembelajaranId}/upload/${jenis}`, form))
    .data;
}

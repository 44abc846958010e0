import type {
  AkhirSemesterGrid,
  AkhirSemesterSave,
  CapaianGrid,
  CapaianSave,
  JenisTemplate,
  LingkupMateriGrid,
  LingkupMateriSave,
  NilaiAkhirGrid,
  NilaiAkhirSave,
  SaveResult,
  UploadResult,
} from '@erapor/contract/penilaian/asesmen';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

/** Asesmen, nilai akhir and capaian calls (packages/contract/src/penilaian/asesmen.ts has the API table). */
export { ASESMEN_KEY } from '../../../lib/pilihan-api';

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

/** "Unduh Template" (the call needs the Bearer token, so no plain link). */
export async function downloadTemplate(pembelajaranId: string, jenis: JenisTemplate): Promise<void> {
  await downloadFile(`/penilaian/pembelajaran/${pembelajaranId}/template/${jenis}`, {
    fallbackName: `${jenis}.xlsx`,
  });
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

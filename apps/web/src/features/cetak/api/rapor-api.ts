import type { RaporDokumen } from '@erapor/contract/cetak/rapor';
import type { RaporSemuaRequestInput } from '@erapor/contract/cetak/rapor-semua';
import type { SklSemuaRequest } from '@erapor/contract/cetak/skl';
import type { TranskripSemuaRequest } from '@erapor/contract/cetak/transkrip';
import type { Job } from '@erapor/contract/jobs';
import type { RaporP5SemuaRequest } from '@erapor/contract/projek/cetak';
import { api } from '../../../lib/api-client';
import { openPdf } from '../../../lib/download';

export { getCetakRapor } from '../../../lib/pilihan-api';

/** Cetak Rapor calls (packages/contract/src/cetak/rapor.ts has the API table). */
export const CETAK_RAPOR_KEY = ['cetak', 'rapor'] as const;

/** Opens one of a pupil's documents in a new tab, shown from a blob (lib/download.ts `openPdf`). */
export function openRaporPdf(dokumen: RaporDokumen, anggotaRombelId: string): Promise<void> {
  return openPdf(`/cetak/rapor-${dokumen}/${anggotaRombelId}`);
}

/** Opens a pupil's P5 report (Merdeka classes before 20251; docs/decisions/037-projek-p5.md). */
export function openRaporP5Pdf(anggotaRombelId: string): Promise<void> {
  return openPdf(`/cetak/rapor-p5/${anggotaRombelId}`);
}

/** Opens a pupil's Transkrip Nilai, every semester (docs/decisions/040-transkrip.md). */
export function openTranskripPdf(anggotaRombelId: string): Promise<void> {
  return openPdf(`/cetak/transkrip/${anggotaRombelId}`);
}

/** Opens a Lulus pupil's Surat Keterangan Lulus (docs/decisions/047-surat-keterangan-lulus.md). */
export function openSklPdf(anggotaRombelId: string): Promise<void> {
  return openPdf(`/cetak/skl/${anggotaRombelId}`);
}

// --- Cetak Semua (docs/decisions/033-cetak-semua.md) ---

export async function startRaporSemua(input: RaporSemuaRequestInput): Promise<Job> {
  return (await api.post<Job>('/cetak/rapor-semua', input)).data;
}

/** A class's transcripts as one PDF or ZIP: the same job, followed and downloaded as above. */
export async function startTranskripSemua(input: TranskripSemuaRequest): Promise<Job> {
  return (await api.post<Job>('/cetak/transkrip-semua', input)).data;
}

/** A class's graduation letters (its Lulus pupils) as one PDF or ZIP: the same job, its own kind. */
export async function startSklSemua(input: SklSemuaRequest): Promise<Job> {
  return (await api.post<Job>('/cetak/skl-semua', input)).data;
}

/** Cetak Semua of a class's P5 reports (decision 037): the same job, its own kind. */
export async function startRaporP5Semua(input: RaporP5SemuaRequest): Promise<Job> {
  return (await api.post<Job>('/cetak/rapor-p5-semua', input)).data;
}

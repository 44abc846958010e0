import type { RaporDokumen } from '@erapor/contract/cetak/rapor';
import type { RaporSemuaOutput } from '@erapor/contract/cetak/rapor-semua';
import type { Transkrip } from '@erapor/contract/cetak/transkrip';
import type { OneTimeCredential } from '@erapor/contract/pengguna';
import type { RaporP5, SiswaP5 } from './p5/data';
import type { RaporPkl, SiswaPkl } from './pkl/data';
import type { RaporKelas } from './rapor/data';
import type { RaporDoc } from './rapor/layout';
import type { ImageCheck } from './render-images';
import type { Sertifikat } from './sertifikat/data';
import type { SklDoc } from './skl/data';
import type { TranskripDoc } from './transkrip/data';

/*
 * The render worker's protocol: what the main thread (render-pool.ts, rapor/bulk.ts) and the worker
 * (rapor/render-worker.ts) say to each other. Both sides import this file, and nothing else of each
 * other: the worker's mark and start data, the commands and replies, and the documents as plain data.
 */

/** What render-worker.ts finds in `workerData`: its mark and the images it must not try again. */
export interface RenderWorkerData {
  mark: typeof RENDER_WORKER_MARK;
  badImages: string[];
}
export const RENDER_WORKER_MARK = 'erapor-render';

export type RenderCommand =
  | { type: 'begin'; path: string; output: RaporSemuaOutput; dokumen: RaporDokumen[]; versi: string }
  | { type: 'kelas'; kelas: RaporKelas }
  /** A PKL plan's reports (issue #12 item 7): the same job with its own document. */
  | { type: 'pkl'; plan: RaporPkl }
  /** A class's transcripts (issue #15 item 3): one document per pupil. */
  | { type: 'transkrip'; nama: string; docs: TranskripDoc[] }
  /** A class's graduation letters (decision 047): one document per Lulus pupil. */
  | { type: 'skl'; nama: string; items: SklBulkItem[] }
  /** A class's P5 reports (decision 037): one unit per job. */
  | { type: 'p5'; kelas: RaporP5 }
  /** A UKK plan's certificates (decision 038): one unit per job. */
  | { type: 'sertifikat'; kelas: string; list: Sertifikat[] }
  | { type: 'end' }
  /** One document, answered with its bytes (render-pool.ts). */
  | { type: 'render'; doc: SingleDocument };

export type RenderReply =
  | { type: 'ready' }
  | { type: 'progress'; siswa: number }
  | { type: 'kelas-done' }
  | { type: 'finished'; bytes: number }
  | { type: 'rendered'; pdf: Uint8Array }
  /** Said before an image is tried and after it passed: the main thread knows what ended a worker. */
  | ({ type: 'checking' } & ImageCheck)
  /** A drawn image pdfkit refuses: the document is not rendered (422). */
  | { type: 'image-unusable'; image: string }
  | { type: 'error'; message: string };

/*
 * A single document as plain data: what a request posts to the render worker (render-pool.ts),
 * which builds the pdfmake definition with the documents' own functions and renders it there.
 * Definitions hold functions (footers, backgrounds) and cannot cross threads; their data can.
 */
export type SingleDocument =
  | { kind: 'rapor'; dokumen: RaporDokumen; doc: RaporDoc }
  | { kind: 'pkl'; plan: RaporPkl; siswa: SiswaPkl }
  | { kind: 'p5'; rapor: RaporP5; siswa: SiswaP5 }
  | { kind: 'skl'; doc: SklDoc; transkrip: Transkrip | null }
  | { kind: 'transkrip'; doc: TranskripDoc }
  | { kind: 'sertifikat'; sertifikat: Sertifikat; pratinjau: boolean }
  | { kind: 'slip-akun'; input: SlipAkunInput };

export interface SlipAkunInput {
  sekolahNama: string;
  semesterNama: string;
  /** 'pd': one page per class; 'ptk': one section for the staff. */
  kind: 'ptk' | 'pd';
  credentials: readonly OneTimeCredential[];
  printedAt: Date;
}

export interface SklBulkItem {
  doc: SklDoc;
  transkrip: Transkrip | null;
}

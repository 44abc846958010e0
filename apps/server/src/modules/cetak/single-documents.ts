import type { RaporDokumen } from '@erapor/contract/cetak/rapor';
import type { Transkrip } from '@erapor/contract/cetak/transkrip';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { RaporP5, SiswaP5 } from './p5/data';
import { raporP5Document } from './p5/document';
import type { RaporPkl, SiswaPkl } from './pkl/data';
import { raporPklDocument } from './pkl/document';
import { coverContent } from './rapor/cover';
import { type RaporDoc, raporDocument } from './rapor/layout';
import { nilaiAkhirContent } from './rapor/nilai-akhir';
import { pelengkapContent } from './rapor/pelengkap';
import type { Sertifikat } from './sertifikat/data';
import { pratinjauDocument, sertifikatDocument } from './sertifikat/document';
import type { SklDoc } from './skl/data';
import { sklDocument } from './skl/document';
import { type SlipAkunInput, slipAkunDocument } from './slip-akun';
import type { TranskripDoc } from './transkrip/data';
import { transkripDocument } from './transkrip/document';

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

/** The report card's documents: content and title (single documents and Cetak Semua sections). */
export const RAPOR_CONTENT: Record<RaporDokumen, (doc: RaporDoc) => Content[]> = {
  cover: coverContent,
  'nilai-akhir': nilaiAkhirContent,
  pelengkap: pelengkapContent,
};

export const RAPOR_TITLE: Record<RaporDokumen, string> = {
  cover: 'Halaman Depan',
  'nilai-akhir': 'Rapor Akademik',
  pelengkap: 'Dokumen Pendukung',
};

export function singleDefinition(d: SingleDocument): TDocumentDefinitions {
  switch (d.kind) {
    case 'rapor':
      return raporDocument(d.doc, RAPOR_TITLE[d.dokumen], RAPOR_CONTENT[d.dokumen](d.doc));
    case 'pkl':
      return raporPklDocument([{ plan: d.plan, siswa: d.siswa }]);
    case 'p5':
      return raporP5Document(d.rapor, [d.siswa]);
    case 'skl':
      return sklDocument(d.doc, d.transkrip);
    case 'transkrip':
      return transkripDocument(d.doc);
    case 'sertifikat':
      return d.pratinjau ? pratinjauDocument(d.sertifikat) : sertifikatDocument([d.sertifikat]);
    case 'slip-akun':
      return slipAkunDocument(d.input);
  }
}

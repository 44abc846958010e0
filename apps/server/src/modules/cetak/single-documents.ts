import type { RaporDokumen } from '@erapor/contract/cetak/rapor';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { raporP5Document } from './p5/document';
import { raporPklDocument } from './pkl/document';
import { coverContent } from './rapor/cover';
import { type RaporDoc, raporDocument } from './rapor/layout';
import { nilaiAkhirContent } from './rapor/nilai-akhir';
import { pelengkapContent } from './rapor/pelengkap';
import type { SingleDocument } from './render-protocol';
import { pratinjauDocument, sertifikatDocument } from './sertifikat/document';
import { sklDocument } from './skl/document';
import { slipAkunDocument } from './slip-akun';
import { transkripDocument } from './transkrip/document';

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

import type { RaporDokumen } from '@erapor/contract/cetak/rapor';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { type DocumentKind, type DocumentOf, RAPOR_TITLE } from './documents';
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

/*
 * The render worker's side of the document registry (documents.ts): each kind's pdfmake builder.
 * Loaded only inside the render worker (render-only-in-worker.test.ts); the map is typed by the
 * registry's kinds, so a kind without a builder does not compile.
 */

/** The report card's documents: their content (single documents and Cetak Semua sections). */
export const RAPOR_CONTENT: Record<RaporDokumen, (doc: RaporDoc) => Content[]> = {
  cover: coverContent,
  'nilai-akhir': nilaiAkhirContent,
  pelengkap: pelengkapContent,
};

type Builder<K extends DocumentKind> = (d: DocumentOf<K>) => TDocumentDefinitions;

/** Every kind's definition from its plain data. */
export const BUILDERS: { [K in DocumentKind]: Builder<K> } = {
  rapor: (d) => raporDocument(d.doc, RAPOR_TITLE[d.dokumen], RAPOR_CONTENT[d.dokumen](d.doc)),
  pkl: (d) => raporPklDocument([{ plan: d.plan, siswa: d.siswa }]),
  p5: (d) => raporP5Document(d.rapor, [d.siswa]),
  skl: (d) => sklDocument(d.doc, d.transkrip),
  transkrip: (d) => transkripDocument(d.doc),
  sertifikat: (d) => (d.pratinjau ? pratinjauDocument(d.sertifikat) : sertifikatDocument([d.sertifikat])),
  'slip-akun': (d) => slipAkunDocument(d.input),
};

export function singleDefinition(d: SingleDocument): TDocumentDefinitions {
  return (BUILDERS[d.kind] as Builder<DocumentKind>)(d);
}

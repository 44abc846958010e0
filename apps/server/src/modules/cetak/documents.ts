import type { RaporDokumen } from '@erapor/contract/cetak/rapor';
import { safeName } from '@erapor/contract/cetak/rapor-semua';
import type { FastifyReply } from 'fastify';
import type { SingleDocument } from './render-protocol';

/*
 * The one registry of printed documents (issue #30 item 2): every kind the render worker prints —
 * report card, P5, PKL, transcript, SKL, UKK certificate, account slip — with its title and the
 * file name its route sends. The main thread imports this file (routes, bulk jobs); it holds no
 * pdfmake. The content of each kind is built in the render worker only, by single-documents.ts,
 * whose map is typed by `DocumentKind`: a kind added here without a builder there is a type error.
 */

/** Every printed kind: the kinds of the render worker's single documents (render-protocol.ts). */
export type DocumentKind = SingleDocument['kind'];
/** The plain data of one kind's document. */
export type DocumentOf<K extends DocumentKind> = Extract<SingleDocument, { kind: K }>;

/** The report card's documents, each a route of its own and a section of Cetak Semua. */
export const RAPOR_TITLE: Record<RaporDokumen, string> = {
  cover: 'Halaman Depan',
  'nilai-akhir': 'Rapor Akademik',
  pelengkap: 'Dokumen Pendukung',
};

interface DocumentEntry {
  /** The document's title (PDF metadata, a bulk file's sections). */
  title: string;
  /** The kind's name in a bulk job's label, file and sections ("Rapor P5 X TKJ 1"); none if not bulk. */
  bulkName: string | null;
  /** The file name the route sends (from the data the route holds). */
  // biome-ignore lint/suspicious/noExplicitAny: each entry names the data its file name needs
  fileName: (d: any) => string;
  /** How the browser gets it: shown (`inline`) or saved (`attachment`). */
  disposition: 'inline' | 'attachment';
  /** The name may hold any letter: sent as UTF-8 (`filename*`) beside an ASCII fallback. */
  // biome-ignore lint/suspicious/noExplicitAny: the same data as the entry's file name
  unicode: boolean | ((d: any) => boolean);
}

/** A pupil's number in a file name: NISN, else NIS, else the membership id; letters, digits, - and _. */
const nomorBerkas = (s: { nisn: string | null; nis?: string | null; anggotaRombelId: string }): string =>
  (s.nisn ?? s.nis ?? s.anggotaRombelId).replace(/[^\w-]/g, '');

/** A readable name: spaces collapsed, made safe for every file system. */
const namaBaca = (text: string): string => `${safeName(text.replace(/\s+/g, ' '))}.pdf`;

export const DOCUMENTS = {
  rapor: {
    title: 'Rapor',
    bulkName: 'Rapor',
    fileName: (d: Pick<DocumentOf<'rapor'>, 'dokumen' | 'doc'>) =>
      `rapor-${d.dokumen}-${nomorBerkas(d.doc.siswa)}.pdf`,
    disposition: 'inline',
    unicode: false,
  },
  p5: {
    title: 'Rapor P5',
    bulkName: 'Rapor P5',
    fileName: (d: Pick<DocumentOf<'p5'>, 'siswa'>) =>
      `rapor-p5-${nomorBerkas({ ...d.siswa, nis: null })}.pdf`,
    disposition: 'inline',
    unicode: false,
  },
  pkl: {
    title: 'Rapor PKL',
    bulkName: 'Rapor PKL',
    // "Rapor PKL 0012345678 Budi Santoso - PT Maju Jaya.pdf".
    fileName: (d: Pick<DocumentOf<'pkl'>, 'plan' | 'siswa'>) =>
      namaBaca(`Rapor PKL ${d.siswa.nisn ?? d.siswa.nis ?? ''} ${d.siswa.nama} - ${d.plan.dudi}`),
    disposition: 'inline',
    unicode: true,
  },
  transkrip: {
    title: 'Transkrip Nilai',
    bulkName: 'Transkrip',
    fileName: (d: Pick<DocumentOf<'transkrip'>, 'doc'>) => `transkrip-${nomorBerkas(d.doc.siswa)}.pdf`,
    disposition: 'inline',
    unicode: false,
  },
  skl: {
    title: 'Surat Keterangan Lulus',
    bulkName: 'SKL',
    fileName: (d: Pick<DocumentOf<'skl'>, 'doc'> | { pratinjau: true }) =>
      'pratinjau' in d ? 'pratinjau-skl.pdf' : `skl-${nomorBerkas(d.doc.siswa)}.pdf`,
    disposition: 'inline',
    unicode: false,
  },
  sertifikat: {
    title: 'Sertifikat UKK',
    bulkName: 'Sertifikat UKK',
    fileName: (d: Pick<DocumentOf<'sertifikat'>, 'sertifikat' | 'pratinjau'>) =>
      d.pratinjau
        ? 'pratinjau-sertifikat.pdf'
        : namaBaca(`Sertifikat UKK ${d.sertifikat.nisn} ${d.sertifikat.nama}`),
    disposition: 'inline',
    // The sample's fixed name is sent plain.
    unicode: (d: { pratinjau: boolean }) => !d.pratinjau,
  },
  'slip-akun': {
    title: 'Slip Akun e-Rapor SMK',
    bulkName: null,
    fileName: (d: { input: Pick<DocumentOf<'slip-akun'>['input'], 'kind'> }) =>
      d.input.kind === 'pd' ? 'slip-akun-peserta-didik.pdf' : 'slip-akun-ptk.pdf',
    disposition: 'attachment',
    unicode: false,
  },
} as const satisfies Record<DocumentKind, DocumentEntry>;

/** Every kind of the registry, in its order. */
export const DOCUMENT_KINDS = Object.keys(DOCUMENTS) as DocumentKind[];

/** The data a kind's file name is made of. */
export type FileNameOf<K extends DocumentKind> = Parameters<(typeof DOCUMENTS)[K]['fileName']>[0];

/** The Content-Disposition of a kind's document. */
export function contentDisposition<K extends DocumentKind>(kind: K, d: FileNameOf<K>): string {
  const entry: DocumentEntry = DOCUMENTS[kind];
  const name = entry.fileName(d);
  const unicode = typeof entry.unicode === 'function' ? entry.unicode(d) : entry.unicode;
  if (!unicode) return `${entry.disposition}; filename="${name}"`;
  // An ASCII fallback beside the UTF-8 name.
  const ascii = name.replace(/[^\w .-]/g, '_');
  return `${entry.disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Sends a rendered document with its registry's file name, never cached. */
export function sendPdf<K extends DocumentKind>(
  reply: FastifyReply,
  kind: K,
  d: FileNameOf<K>,
  pdf: Buffer,
): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(kind, d))
    .header('cache-control', 'no-store')
    .send(pdf);
}

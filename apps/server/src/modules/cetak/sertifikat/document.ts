import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { DOCUMENTS } from '../documents';
import type { Penandatangan } from '../rapor/data';
import { MARGIN } from '../rapor/layout';
import { renderDocument } from '../render-pool';
import type { Sertifikat } from './data';

/*
 * The UKK certificate (reference-domain §5; e-Rapor's sertifikat1/sertifikat2), A4 landscape,
 * bilingual — Indonesian, then English in italics:
 * - page 1: title, Nomor, the pupil (upper case) and NISN, Kompetensi/Konsentrasi Keahlian, the
 *   assignment title, the predicate, the validity, place and date, the head teacher on behalf of the
 *   school and the external examiner with their DUDI;
 * - page 2: "DAFTAR KOMPETENSI / List of Competency" (No, Kode Unit, Judul Unit ID + EN), then the
 *   internal (school) and external (DUDI) examiners.
 */

const en = (text: string): Content => ({ text, italics: true, color: '#444444' });

function signature(title: Content[], who: Penandatangan | null): Content {
  return {
    stack: [
      ...title,
      { text: ' ', margin: [0, 36, 0, 0] },
      { text: who?.nama ?? '..............................', bold: true, decoration: 'underline' },
      { text: who?.nomor ?? '' },
    ],
    alignment: 'center',
  };
}

function row(labelId: string, labelEn: string, valueId: string, valueEn: string): Content {
  return {
    columns: [
      { width: 230, stack: [{ text: labelId }, en(labelEn)] },
      { width: 10, text: ':' },
      { width: '*', stack: [{ text: valueId, bold: true }, en(valueEn)] },
    ],
    margin: [0, 4, 0, 4],
  };
}

/** The logo by name: a file of many certificates embeds it once (the document's `images`). */
const LOGO = 'logoSertifikat';

function logoOf(): Content {
  return { image: LOGO, width: 60, alignment: 'center', margin: [0, 0, 0, 6] };
}

/**
 * The Tut Wuri Handayani choice, drawn (no artwork file ships with the app): a blue pentagon with a
 * gold disc and the motto under it. The ministry's official emblem file can replace this drawing
 * as an image asset without changing the template's choice.
 */
function tutWuri(): Content {
  const cx = 30;
  const points = Array.from({ length: 5 }, (_, i) => {
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
    return { x: cx + 28 * Math.cos(a), y: 30 + 28 * Math.sin(a) };
  });
  return {
    stack: [
      {
        // Centred: a canvas has no alignment of its own.
        columns: [
          { width: '*', text: '' },
          {
            width: 60,
            canvas: [
              { type: 'polyline', closePath: true, points, color: '#1f4e9c', lineColor: '#1f4e9c' },
              { type: 'ellipse', x: cx, y: 32, r1: 12, r2: 12, color: '#f2c400' },
            ],
          },
          { width: '*', text: '' },
        ],
      },
      { text: 'TUT WURI HANDAYANI', fontSize: 6, bold: true, alignment: 'center', margin: [0, 2, 0, 6] },
    ],
  };
}

const emblem = (s: Sertifikat): Content[] =>
  s.lambang === 'tut_wuri' ? [tutWuri()] : s.logo ? [logoOf()] : [];

export function sertifikatContent(s: Sertifikat): Content[] {
  const kepala = s.kepalaSekolah;
  const page1: Content[] = [
    ...emblem(s),
    { text: s.judulId, fontSize: 20, bold: true, alignment: 'center' },
    { text: s.judulEn, fontSize: 13, italics: true, alignment: 'center', margin: [0, 0, 0, 4] },
    { text: `Nomor: ${s.nomor}`, alignment: 'center', margin: [0, 0, 0, 12] },
    { text: 'Dengan ini menyatakan bahwa,', alignment: 'center' },
    { ...(en('This is to certify that,') as object), alignment: 'center' } as Content,
    { text: s.nama.toUpperCase(), fontSize: 18, bold: true, alignment: 'center', margin: [0, 8, 0, 0] },
    { text: `NISN: ${s.nisn}`, alignment: 'center', margin: [0, 0, 0, 10] },
    {
      margin: [60, 0, 60, 0],
      stack: [
        row(
          s.merdeka ? 'Konsentrasi Keahlian' : 'Kompetensi Keahlian',
          s.merdeka ? 'Skill Concentration' : 'Skill Competency',
          s.jurusanId,
          s.jurusanEn,
        ),
        row('Judul Penugasan', 'Assignment Title', s.paketId, s.paketEn),
        row('Dengan Predikat', 'With Predicate', s.predikat.id.toUpperCase(), s.predikat.en.toUpperCase()),
        row(
          'Sertifikat ini berlaku untuk',
          'This certificate is valid for',
          s.masaBerlaku.id,
          s.masaBerlaku.en,
        ),
      ],
    },
    { text: `${s.tempat}, ${s.tanggal}`, alignment: 'center', margin: [0, 12, 0, 6] },
    {
      columns: [
        signature(
          [
            { text: `Atas nama ${s.sekolah}` },
            en(`On behalf of ${s.sekolah}`),
            { text: [kepala?.awalan, s.jabatan].filter(Boolean).join(' ') || 'Kepala Sekolah' },
          ],
          kepala,
        ),
        signature(
          [{ text: 'Penguji Eksternal' }, en('External Assessor'), { text: s.eksternal.dudi }],
          s.eksternal,
        ),
      ],
    },
  ];
  const page2: Content[] = [
    { text: 'DAFTAR KOMPETENSI', fontSize: 16, bold: true, alignment: 'center', pageBreak: 'before' },
    { ...(en('List of Competency') as object), alignment: 'center', margin: [0, 0, 0, 10] } as Content,
    {
      table: {
        headerRows: 1,
        widths: [30, 140, '*'],
        body: [
          [
            { text: 'No', bold: true, alignment: 'center' },
            { stack: [{ text: 'Kode Unit', bold: true }, en('Unit Code')] },
            { stack: [{ text: 'Judul Unit Kompetensi', bold: true }, en('Unit Title')] },
          ],
          ...s.units.map((u, i) => [
            { text: String(i + 1), alignment: 'center' as const },
            { text: u.kode },
            { stack: [{ text: u.namaId }, en(u.namaEn)] },
          ]),
        ],
      },
      margin: [40, 0, 40, 20],
    },
    {
      columns: [
        signature([{ text: 'Penguji Internal' }, en('Internal Assessor'), { text: s.sekolah }], s.internal),
        signature(
          [{ text: 'Penguji Eksternal' }, en('External Assessor'), { text: s.eksternal.dudi }],
          s.eksternal,
        ),
      ],
    },
  ];
  return [...page1, ...page2];
}

export function sertifikatDocument(list: readonly Sertifikat[]): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN],
    info: {
      title:
        list.length === 1
          ? `${DOCUMENTS.sertifikat.title} ${list[0]?.nama ?? ''}`
          : DOCUMENTS.sertifikat.title,
    },
    ...images(list[0]),
    // Every page of the file has the template's background (one template per school).
    ...(list[0]?.latar
      ? { background: () => ({ image: LATAR, width: A4_LANDSCAPE.width, height: A4_LANDSCAPE.height }) }
      : {}),
    content: list.flatMap((s, i) => {
      const c = sertifikatContent(s);
      if (i > 0 && c[0] && typeof c[0] === 'object') (c[0] as { pageBreak?: string }).pageBreak = 'before';
      return c;
    }),
  };
}

const LATAR = 'latarSertifikat';
const A4_LANDSCAPE = { width: 841.89, height: 595.28 };

function images(s: Sertifikat | undefined): { images?: Record<string, string> } {
  const all: Record<string, string> = {};
  if (s?.logo && s.lambang === 'sekolah') all[LOGO] = s.logo;
  if (s?.latar) all[LATAR] = s.latar;
  return Object.keys(all).length > 0 ? { images: all } : {};
}

/** "Pratinjau": the sample certificate, marked as such across every page. */
export function pratinjauDocument(s: Sertifikat): TDocumentDefinitions {
  return {
    ...sertifikatDocument([s]),
    watermark: { text: 'PRATINJAU', opacity: 0.08, bold: true },
  };
}

export function renderPratinjau(s: Sertifikat): Promise<Buffer> {
  return renderDocument({ kind: 'sertifikat', sertifikat: s, pratinjau: true });
}

export function renderSertifikat(s: Sertifikat): Promise<Buffer> {
  return renderDocument({ kind: 'sertifikat', sertifikat: s, pratinjau: false });
}

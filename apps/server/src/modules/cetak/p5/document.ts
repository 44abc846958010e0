import { projekProfil, RAPOR_P5_TITLE } from '@erapor/contract/projek/cetak';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { DOCUMENTS } from '../documents';
import { box, dash, headerCell, LOGO_IMAGE, MARGIN, sectionTitle } from '../rapor/layout';
import { renderDocument } from '../render-pool';
import type { ProjekP5, RaporP5, SiswaP5 } from './data';

/*
 * The P5 report of one pupil (reference-domain §4, layout of §8; issue #13 item 3) on the report
 * card's page set-up (A4, 15 mm margins, footer "{nama} - {kelas} | {halaman} | Dicetak dari e-Rapor
 * SMK v.{versi}"): the header (logo, title, school, class, Program Keahlian, Fase, pupil, Tahun
 * Pelajaran, NISN), the list "Projek Profil n | nama" with descriptions, the legend of the four
 * levels, then per project a table — dimension rows, under them "elemen. sub-element" rows with "√"
 * under the level given — followed by its "Catatan Proses".
 */

export const CENTANG = '√';

function header(r: RaporP5, s: SiswaP5): Content {
  const pairs = (rows: [string, string][]): Content => ({
    table: {
      widths: [92, 6, '*'],
      body: rows.map(([k, v]) => [k, ':', { text: v, bold: k === 'Nama Peserta Didik' }]),
    },
    layout: 'noBorders',
  });
  return {
    stack: [
      {
        columns: [
          r.sekolah.logo ? { image: LOGO_IMAGE, fit: [48, 48], width: 56 } : { text: '', width: 0 },
          {
            width: '*',
            stack: [
              { text: RAPOR_P5_TITLE, bold: true, fontSize: 12, alignment: 'center' },
              { text: r.sekolah.nama.toUpperCase(), bold: true, fontSize: 11, alignment: 'center' },
            ],
            margin: [0, 8, 0, 0],
          },
        ],
        margin: [0, 0, 0, 8],
      },
      {
        columns: [
          pairs([
            ['Nama Sekolah', r.sekolah.nama],
            ['Kelas', r.kelas.nama],
            ['Program Keahlian', dash(r.programKeahlian)],
            ['Fase', r.kelas.fase],
          ]),
          pairs([
            ['Nama Peserta Didik', s.nama],
            ['Tahun Pelajaran', r.tahunPelajaran],
            ['NISN', dash(s.nisn)],
          ]),
        ],
        columnGap: 12,
      },
      { canvas: [{ type: 'line', x1: 0, y1: 4, x2: 595.28 - 2 * MARGIN, y2: 4, lineWidth: 0.8 }] },
    ],
    margin: [0, 0, 0, 8],
  };
}

function daftarProjek(r: RaporP5): Content[] {
  return r.projek.flatMap((p, i): Content[] => [
    { text: projekProfil(i + 1, p.nama), bold: true, margin: [0, i === 0 ? 0 : 6, 0, 2] },
    { text: p.deskripsi, alignment: 'justify' },
  ]);
}

function legend(r: RaporP5): Content {
  return {
    table: {
      widths: r.opsi.map(() => '*'),
      body: [
        r.opsi.map((o) => headerCell(o.nama)),
        r.opsi.map((o): TableCell => ({ text: o.deskripsi, fontSize: 8.5 })),
      ],
    },
    layout: { hLineWidth: () => 0.6, vLineWidth: () => 0.6, paddingTop: () => 3, paddingBottom: () => 3 },
  };
}

/** One project's table: a row per dimension, under it a row per sub-element with "√" under its level. */
function projekTable(r: RaporP5, p: ProjekP5, i: number, s: SiswaP5): Content[] {
  const levels = r.opsi;
  const body: TableCell[][] = [[headerCell(`${i + 1}. ${p.nama}`), ...levels.map((o) => headerCell(o.kode))]];
  let dimensi = -1;
  for (const a of p.aspek) {
    if (a.dimensiNo !== dimensi) {
      dimensi = a.dimensiNo;
      body.push([
        { text: a.dimensi, bold: true, fillColor: '#f2f2f2', colSpan: levels.length + 1 },
        ...levels.map(() => ''),
      ]);
    }
    const given = s.nilai[a.id];
    body.push([
      { text: `${a.elemen}. ${a.subElemen}`, margin: [8, 0, 0, 0] },
      ...levels.map((o): TableCell => ({ text: given === o.opsiId ? CENTANG : '', alignment: 'center' })),
    ]);
  }
  return [
    {
      table: { headerRows: 1, dontBreakRows: false, widths: ['*', ...levels.map(() => 34)], body },
      layout: { hLineWidth: () => 0.6, vLineWidth: () => 0.6, paddingTop: () => 3, paddingBottom: () => 3 },
      margin: [0, 10, 0, 0],
    },
    { text: 'Catatan Proses', bold: true, margin: [0, 6, 0, 2] },
    box(s.catatan[p.id] ?? null, 28),
  ];
}

export function raporP5Content(r: RaporP5, s: SiswaP5): Content[] {
  return [
    header(r, s),
    ...daftarProjek(r),
    sectionTitle('Keterangan Tingkat Pencapaian'),
    legend(r),
    ...r.projek.flatMap((p, i) => projekTable(r, p, i, s)),
  ];
}

/** The reports of the given pupils in one definition, each a section numbering its pages from 1. */
export function raporP5Document(r: RaporP5, siswa: readonly SiswaP5[]): TDocumentDefinitions {
  const first = siswa[0];
  if (!first) throw new Error('no pupil to print');
  const footer = (s: SiswaP5, page: number): Content => ({
    text: `${s.nama} - ${r.kelas.nama} | ${page} | Dicetak dari e-Rapor SMK v.${r.versi}`,
    fontSize: 7,
    italics: true,
    margin: [MARGIN, 8, MARGIN, 0],
  });
  const base: TDocumentDefinitions = {
    info: {
      title:
        siswa.length === 1
          ? `${DOCUMENTS.p5.title} - ${first.nama}`
          : `${DOCUMENTS.p5.title} ${r.kelas.nama}`,
      creator: 'e-Rapor SMK',
    },
    pageSize: 'A4',
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN + 6],
    defaultStyle: { fontSize: 9.5, lineHeight: 1.1 },
    ...(r.sekolah.logo ? { images: { [LOGO_IMAGE]: r.sekolah.logo } } : {}),
    content: [],
  };
  if (siswa.length === 1)
    return { ...base, footer: (page) => footer(first, page), content: raporP5Content(r, first) };
  return {
    ...base,
    content: siswa.map((s) => {
      let start = 0;
      let last = 0;
      return {
        section: raporP5Content(r, s),
        footer: (page: number) => {
          if (start === 0 || page <= last) start = page;
          last = page;
          return footer(s, page - start + 1);
        },
      } as Content;
    }),
  };
}

export function renderRaporP5(r: RaporP5, s: SiswaP5): Promise<Buffer> {
  return renderDocument({ kind: 'p5', rapor: r, siswa: s });
}

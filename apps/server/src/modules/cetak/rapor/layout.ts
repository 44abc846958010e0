import { TANPA_NILAI } from '@erapor/contract/cetak/rapor';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { RaporKelas, SiswaRapor } from './data';

/*
 * The page set-up shared by the report's documents (reference-domain §8; issue #11 item 9): A4,
 * 15 mm margins, the footer "{nama} - {kelas} | {halaman} | Dicetak dari e-Rapor SMK v.{versi}"
 * with pages numbered per pupil. Nothing is ever cut: cells wrap, table rows may split across
 * pages with the header row repeated, and only the signature block is kept whole.
 */

/** 15 mm in PDF points (1 mm = 72 / 25.4 pt). */
export const MARGIN = (15 * 72) / 25.4;

export interface RaporDoc {
  kelas: RaporKelas;
  siswa: SiswaRapor;
  versi: string;
}

export function raporDocument(doc: RaporDoc, title: string, content: Content[]): TDocumentDefinitions {
  return {
    info: { title: `${title} - ${doc.siswa.nama}`, creator: 'e-Rapor SMK' },
    pageSize: 'A4',
    // The footer sits inside the bottom margin, which is kept a little taller for it.
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN + 6],
    footer: (page) => ({
      text: `${doc.siswa.nama} - ${doc.kelas.kelas.nama} | ${page} | Dicetak dari e-Rapor SMK v.${doc.versi}`,
      fontSize: 7,
      italics: true,
      margin: [MARGIN, 8, MARGIN, 0],
    }),
    defaultStyle: { fontSize: 9.5, lineHeight: 1.1 },
    // Named once, so a class's file embeds the logo once however many covers use it.
    ...(doc.kelas.sekolah.logo ? { images: { [LOGO_IMAGE]: doc.kelas.sekolah.logo } } : {}),
    content,
  };
}

/** The name of the school logo in a document's `images`. */
export const LOGO_IMAGE = 'logoSekolah';

/** A value or a dash, never an empty cell or "null". */
export function dash(value: string | number | null | undefined): string {
  return value === null || value === undefined || String(value).trim() === '' ? TANPA_NILAI : String(value);
}

/**
 * The school's identity lines of a letterhead (transcript, SKL): name, NPSN/NSS, address with the
 * region, contacts — centred, the name at `namaSize`.
 */
export function identitasSekolah(s: RaporKelas['sekolah'], namaSize: number): Content[] {
  const wilayah = [s.kecamatan, s.kabupaten, s.provinsi].filter((v) => v && v.trim() !== '').join(', ');
  return [
    { text: s.nama.toUpperCase(), bold: true, fontSize: namaSize, alignment: 'center' },
    { text: `NPSN: ${s.npsn}${s.nss ? ` | NSS: ${s.nss}` : ''}`, alignment: 'center', fontSize: 8.5 },
    {
      text:
        [dash(s.alamat), wilayah, s.kodePos].filter((v) => v && v !== TANPA_NILAI).join(', ') || TANPA_NILAI,
      alignment: 'center',
      fontSize: 8.5,
    },
    {
      text: [s.noTelp && `Telp. ${s.noTelp}`, s.email, s.website].filter(Boolean).join(' | '),
      alignment: 'center',
      fontSize: 8.5,
    },
  ];
}

/** "NIS / NISN". */
export function nisNisn(s: SiswaRapor): string {
  return `${dash(s.nis)} / ${dash(s.nisn)}`;
}

/** The identity block on top of the grade and notes pages (Merdeka or K13 order, §8.1). */
export function identitasHeader(doc: RaporDoc): Content {
  const { kelas, siswa } = doc;
  const alamat = dash(kelas.sekolah.alamat);
  const left: [string, string][] = [
    ['Nama Peserta Didik', siswa.nama],
    ['NIS / NISN', nisNisn(siswa)],
    ['Sekolah', kelas.sekolah.nama],
    ['Alamat', alamat],
  ];
  const right: [string, string][] = kelas.kelas.merdeka
    ? [
        ['Kelas', kelas.kelas.nama],
        ['Fase', kelas.kelas.fase],
        ['Semester', kelas.semester.nama],
        ['Tahun Pelajaran', kelas.semester.tahunPelajaran],
      ]
    : [
        ['Kelas', kelas.kelas.nama],
        ['Semester', kelas.semester.nama],
        ['Tahun Pelajaran', kelas.semester.tahunPelajaran],
      ];
  const pairs = (rows: [string, string][]): Content => ({
    table: {
      widths: [92, 6, '*'],
      body: rows.map(([k, v]) => [k, ':', { text: v, bold: k === 'Nama Peserta Didik' }]),
    },
    layout: 'noBorders',
  });
  return {
    stack: [
      { columns: [pairs(left), pairs(right)], columnGap: 12 },
      { canvas: [{ type: 'line', x1: 0, y1: 4, x2: 595.28 - 2 * MARGIN, y2: 4, lineWidth: 0.8 }] },
    ],
    margin: [0, 0, 0, 10],
  };
}

export function sectionTitle(text: string): Content {
  return { text, bold: true, fontSize: 10.5, margin: [0, 10, 0, 4] };
}

export const headerCell = (text: string): TableCell => ({
  text,
  bold: true,
  alignment: 'center',
  fillColor: '#e6e6e6',
});

/** A bordered table whose rows may split across pages, with its header row repeated. */
export function grid(widths: (number | string)[], header: string[], rows: TableCell[][]): Content {
  return {
    table: {
      headerRows: 1,
      dontBreakRows: false,
      widths,
      body: [header.map(headerCell), ...rows],
    },
    layout: {
      hLineWidth: () => 0.6,
      vLineWidth: () => 0.6,
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
  };
}

/** A bordered box holding a text (or empty room to write in). */
export function box(text: string | null, minHeight = 0): Content {
  return {
    table: {
      widths: ['*'],
      heights: [minHeight],
      dontBreakRows: false,
      body: [[{ text: text ?? '', margin: [2, 2, 2, 2] }]],
    },
    layout: { hLineWidth: () => 0.6, vLineWidth: () => 0.6 },
  };
}

/**
 * The head teacher's block on the right of a one-signature document (transcript, SKL): place and
 * date, jabatan, room to sign, the name underlined, the NIP. `margin` above, `room` to sign.
 */
export function kepalaSekolahBlock(
  kelas: RaporKelas,
  tanggal: string,
  spacing: { margin: number; room: number },
): Content {
  const kepala = kelas.kepalaSekolah;
  return {
    unbreakable: true,
    margin: [0, spacing.margin, 0, 0],
    columns: [
      { width: '*', text: '' },
      {
        width: 220,
        stack: [
          { text: `${kelas.tempat}, ${tanggal}` },
          { text: kelas.jabatan },
          { text: ' ', margin: [0, 0, 0, spacing.room] },
          {
            text: kepala
              ? [kepala.awalan, kepala.nama].filter(Boolean).join(' ')
              : '..............................',
            bold: true,
            decoration: 'underline',
          },
          { text: kepala?.nomor ?? 'NIP. -' },
        ],
      },
    ],
  };
}

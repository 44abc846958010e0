import { formatTanggal, TANPA_NILAI } from '@erapor/contract/cetak/rapor';
import { formatRataRata, TRANSKRIP_MESSAGES } from '@erapor/contract/cetak/transkrip';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  dash,
  headerCell,
  identitasSekolah,
  kepalaSekolahBlock,
  MARGIN,
  nisNisn,
  raporDocument,
} from '../rapor/layout';
import { renderDocument } from '../render-pool';
import type { TranskripDoc } from './data';

/*
 * Transkrip Nilai (issue #15 item 3; docs/decisions/040-transkrip.md), A4 portrait through the
 * report card's page set-up (margins, footer "{nama} - {kelas} | {halaman} | Dicetak dari …"):
 * the school's identity, the pupil's, one grade table — No | Mata Pelajaran | one column per
 * semester | Rata-rata — grouped as the report cards, the semesters' and the overall average, and
 * the head teacher's signature block dated as the newest report card.
 */

const ROMAWI: Record<number, string> = { 10: 'X', 11: 'XI', 12: 'XII', 13: 'XIII' };

export function transkripContent(doc: TranskripDoc): Content[] {
  const { kelas, siswa } = doc;
  const s = kelas.sekolah;
  const kop: Content = {
    stack: [
      ...identitasSekolah(s, 13),
      { canvas: [{ type: 'line', x1: 0, y1: 4, x2: 595.28 - 2 * MARGIN, y2: 4, lineWidth: 1.2 }] },
    ],
    margin: [0, 0, 0, 8],
  };
  const pairs = (rows: [string, string][]): Content => ({
    table: { widths: [104, 6, '*'], body: rows.map(([k, v]) => [k, ':', { text: v, bold: k === 'Nama' }]) },
    layout: 'noBorders',
  });
  const lahir = [siswa.tempatLahir, siswa.tanggalLahir ? formatTanggal(siswa.tanggalLahir) : null]
    .filter(Boolean)
    .join(', ');
  const identitas: Content = {
    columns: [
      pairs([
        ['Nama', siswa.nama],
        ['NIS / NISN', nisNisn(siswa)],
        ['Tempat, Tanggal Lahir', dash(lahir)],
      ]),
      pairs([
        ['Kelas', kelas.kelas.nama],
        ['Tahun Pelajaran', kelas.semester.tahunPelajaran],
        ['Sekolah', s.nama],
      ]),
    ],
    columnGap: 12,
    margin: [0, 0, 0, 8],
  };
  return [
    kop,
    { text: TRANSKRIP_MESSAGES.title, bold: true, fontSize: 12, alignment: 'center', margin: [0, 2, 0, 8] },
    identitas,
    gradeTable(doc),
    signature(doc),
  ];
}

function gradeTable(doc: TranskripDoc): Content {
  const { transkrip, kolom } = doc;
  const n = transkrip.semester.length;
  const cols = 3 + n;
  const header: TableCell[] = [
    headerCell('No'),
    headerCell('Mata Pelajaran'),
    ...transkrip.semester.map(
      (s, i): TableCell => ({
        // "Semester" fits a 44 pt column at 7.5 pt; eight columns of 38 pt take "Smt".
        // Three lines as a stack: a line break inside a text prints as a space (decision 056).
        stack: [
          { text: `${n > 6 ? 'Smt' : 'Semester'} ${s.nomor}`, bold: true },
          { text: `${ROMAWI[s.tingkat] ?? s.tingkat}`, fontSize: 7 },
          { text: kolom[i]?.tahunPelajaran ?? '', fontSize: 7 },
        ],
        fontSize: 7.5,
        alignment: 'center',
        fillColor: '#e6e6e6',
      }),
    ),
    headerCell('Rata-rata'),
  ];
  const center = (text: string, extra: Record<string, unknown> = {}): TableCell => ({
    text,
    alignment: 'center',
    ...extra,
  });
  const rows: TableCell[][] = [];
  let no = 0;
  for (const kelompok of transkrip.kelompok) {
    rows.push([
      { text: kelompok.nama, colSpan: cols, bold: true, fillColor: '#f2f2f2' },
      ...Array.from({ length: cols - 1 }, () => ''),
    ]);
    for (const m of kelompok.mapel) {
      no++;
      rows.push([
        center(String(no)),
        m.nama,
        ...m.nilai.map((v) => center(v === null ? '' : String(v))),
        center(formatRataRata(m.rataRata), { bold: true }),
      ]);
    }
  }
  if (no === 0) {
    rows.push([
      { text: TANPA_NILAI, colSpan: cols, alignment: 'center' },
      ...Array.from({ length: cols - 1 }, () => ''),
    ]);
  }
  rows.push([
    { text: 'Rata-rata', colSpan: 2, bold: true, alignment: 'right' },
    '',
    ...transkrip.rataRataSemester.map((v) => center(formatRataRata(v), { bold: true })),
    center(formatRataRata(transkrip.rataRataTotal), { bold: true }),
  ]);
  // A4 minus margins is ≈ 510 pt: with 8 semester columns the subject keeps ≈ 150 pt.
  const semWidth = n > 6 ? 38 : 44;
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: [20, '*', ...Array.from({ length: n }, () => semWidth), 44],
      body: [header, ...rows],
    },
    layout: {
      hLineWidth: () => 0.6,
      vLineWidth: () => 0.6,
      paddingTop: () => 2.5,
      paddingBottom: () => 2.5,
    },
  };
}

/** The head teacher's block on the right, dated and placed as the newest report card. */
function signature(doc: TranskripDoc): Content {
  return kepalaSekolahBlock(doc.kelas, doc.kelas.tanggal ?? '..............................', {
    margin: 16,
    room: 40,
  });
}

export function transkripDocument(doc: TranskripDoc): TDocumentDefinitions {
  return raporDocument(
    { kelas: doc.kelas, siswa: doc.siswa, versi: doc.versi },
    'Transkrip Nilai',
    transkripContent(doc),
  );
}

export function renderTranskrip(doc: TranskripDoc): Promise<Buffer> {
  return renderDocument({ kind: 'transkrip', doc });
}

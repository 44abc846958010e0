import { formatTanggal, TANPA_NILAI } from '@erapor/contract/cetak/rapor';
import { teksSurat } from '@erapor/contract/cetak/skl';
import { formatRataRata, type Transkrip } from '@erapor/contract/cetak/transkrip';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  dash,
  headerCell,
  identitasSekolah,
  kepalaSekolahBlock,
  LOGO_IMAGE,
  MARGIN,
  nisNisn,
  raporDocument,
} from '../rapor/layout';
import { renderDocument } from '../render-pool';
import type { SklDoc } from './data';

/*
 * Surat Keterangan Lulus (issue #15 item 4; docs/decisions/047-surat-keterangan-lulus.md), A4
 * portrait through the report card's page set-up: the kop (logo, school identity, a rule), the
 * title and the letter number, the opening line, the pupil (name, birth, NIS/NISN, programme and
 * competence, class, parents), the statement with the graduation date, optionally the final grades
 * (the transcript's averages per subject), the closing, and the head teacher's block dated with the
 * graduation date.
 */

const CONTENT_WIDTH = 595.28 - 2 * MARGIN;

function kop(doc: SklDoc): Content {
  const s = doc.kelas.sekolah;
  const identitas: Content = { stack: identitasSekolah(s, 14) };
  return {
    stack: [
      s.logo
        ? { columns: [{ image: LOGO_IMAGE, fit: [56, 56], width: 60 }, identitas, { text: '', width: 60 }] }
        : identitas,
      { canvas: [{ type: 'line', x1: 0, y1: 4, x2: CONTENT_WIDTH, y2: 4, lineWidth: 1.5 }] },
    ],
    margin: [0, 0, 0, 10],
  };
}

function identitas(doc: SklDoc): Content {
  const { siswa, kelas } = doc;
  const lahir = [siswa.tempatLahir, siswa.tanggalLahir ? formatTanggal(siswa.tanggalLahir) : null]
    .filter(Boolean)
    .join(', ');
  const rows: [string, string][] = [
    ['Nama', siswa.nama],
    ['Tempat, Tanggal Lahir', dash(lahir)],
    ['NIS / NISN', nisNisn(siswa)],
    ['Program Keahlian', dash(doc.programKeahlian)],
    [kelas.kelas.merdeka ? 'Konsentrasi Keahlian' : 'Kompetensi Keahlian', dash(doc.konsentrasiKeahlian)],
    ['Kelas', kelas.kelas.nama],
    ['Nama Ayah', dash(siswa.namaAyah)],
    ['Nama Ibu', dash(siswa.namaIbu)],
  ];
  if (siswa.namaWali && siswa.namaWali.trim() !== '') rows.push(['Nama Wali', siswa.namaWali]);
  return {
    table: {
      widths: [130, 6, '*'],
      body: rows.map(([k, v]) => [k, ':', { text: v, bold: k === 'Nama' }]),
    },
    layout: 'noBorders',
    margin: [24, 4, 0, 8],
  };
}

/** The final grades: the transcript's average per subject, grouped as the report cards. */
function daftarNilai(transkrip: Transkrip): Content {
  const rows: TableCell[][] = [];
  let no = 0;
  for (const kelompok of transkrip.kelompok) {
    rows.push([{ text: kelompok.nama, colSpan: 3, bold: true, fillColor: '#f2f2f2' }, '', '']);
    for (const m of kelompok.mapel) {
      no++;
      rows.push([
        { text: String(no), alignment: 'center' },
        m.nama,
        { text: formatRataRata(m.rataRata) || TANPA_NILAI, alignment: 'center' },
      ]);
    }
  }
  rows.push([
    { text: 'Rata-rata', colSpan: 2, bold: true, alignment: 'right' },
    '',
    { text: formatRataRata(transkrip.rataRataTotal) || TANPA_NILAI, alignment: 'center', bold: true },
  ]);
  return {
    stack: [
      { text: 'Daftar Nilai', bold: true, margin: [0, 0, 0, 4] },
      {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: [22, '*', 70],
          body: [[headerCell('No'), headerCell('Mata Pelajaran'), headerCell('Nilai')], ...rows],
        },
        layout: { hLineWidth: () => 0.6, vLineWidth: () => 0.6, paddingTop: () => 2, paddingBottom: () => 2 },
      },
    ],
    margin: [0, 0, 0, 8],
  };
}

function signature(doc: SklDoc): Content {
  return kepalaSekolahBlock(doc.kelas, formatTanggal(doc.tanggalLulus), { margin: 14, room: 44 });
}

export function sklContent(doc: SklDoc, transkrip: Transkrip | null): Content[] {
  const isi = (teks: string) =>
    teksSurat(teks, {
      sekolah: doc.kelas.sekolah.nama,
      tahunPelajaran: doc.kelas.semester.tahunPelajaran,
      tanggalLulus: doc.tanggalLulus,
    });
  const paragraph = (text: string): Content => ({ text, alignment: 'justify', margin: [0, 0, 0, 6] });
  return [
    kop(doc),
    { text: isi(doc.template.judul), bold: true, fontSize: 13, alignment: 'center', decoration: 'underline' },
    { text: `Nomor: ${doc.nomor}`, alignment: 'center', margin: [0, 2, 0, 12] },
    paragraph(isi(doc.template.pembuka)),
    identitas(doc),
    paragraph(isi(doc.template.pernyataan)),
    ...(doc.template.tampilkanNilai && transkrip ? [daftarNilai(transkrip)] : []),
    paragraph(isi(doc.template.penutup)),
    signature(doc),
  ];
}

export function sklDocument(doc: SklDoc, transkrip: Transkrip | null): TDocumentDefinitions {
  const def = raporDocument(
    { kelas: doc.kelas, siswa: doc.siswa, versi: doc.versi },
    'Surat Keterangan Lulus',
    sklContent(doc, transkrip),
  );
  return { ...def, defaultStyle: { fontSize: 10.5, lineHeight: 1.2 } };
}

export function renderSkl(doc: SklDoc, transkrip: Transkrip | null): Promise<Buffer> {
  return renderDocument({ kind: 'skl', doc, transkrip });
}

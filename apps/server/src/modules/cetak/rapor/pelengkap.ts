import type { Content, TableCell } from 'pdfmake/interfaces';
import { renderDocument } from '../render-pool';
import { grid, type RaporDoc } from './layout';

/*
 * Dokumen Pendukung (reference-domain §8.1 item 5): PETUNJUK PENGISIAN, the KETERANGAN PINDAH
 * SEKOLAH forms (leaving and entering) and CATATAN PRESTASI YANG PERNAH DICAPAI, filled by hand.
 */

const PETUNJUK = [
  'Buku Rapor Peserta Didik dipergunakan selama peserta didik mengikuti seluruh program pembelajaran di Sekolah Menengah Kejuruan tersebut.',
  'Identitas Sekolah diisi dengan data yang sesuai dengan keberadaan Sekolah Menengah Kejuruan.',
  'Keterangan tentang diri Peserta Didik diisi lengkap.',
  'Rapor Peserta Didik harus dilengkapi dengan pas foto berwarna ukuran 3 x 4 cm.',
  'Nilai Akhir diisi dengan nilai hasil belajar peserta didik pada setiap mata pelajaran; mata pelajaran yang belum dinilai ditulis "-".',
  'Capaian Kompetensi diisi dengan deskripsi ketercapaian tujuan pembelajaran setiap mata pelajaran.',
  'Ekstrakurikuler diisi dengan nama dan keterangan kegiatan ekstrakurikuler yang diikuti peserta didik.',
  'Ketidakhadiran diisi dengan jumlah hari peserta didik tidak hadir karena sakit, izin, atau tanpa keterangan selama satu semester.',
  'Catatan Wali Kelas diisi oleh wali kelas tentang perkembangan peserta didik selama satu semester.',
  'Tanggapan Orang Tua/Wali Murid diisi oleh orang tua atau wali peserta didik.',
  'Keterangan Pindah Sekolah diisi apabila peserta didik keluar dari atau masuk ke sekolah ini.',
];

const blankRows = (n: number, cols: number): TableCell[][] =>
  Array.from({ length: n }, () => Array.from({ length: cols }, () => ({ text: ' ', margin: [0, 8, 0, 8] })));

const DOTS = '..............................';

export function pelengkapContent(doc: RaporDoc): Content[] {
  const { siswa, kelas } = doc;
  const keluar: Content = {
    stack: [
      {
        text: 'KETERANGAN PINDAH SEKOLAH',
        bold: true,
        fontSize: 12,
        alignment: 'center',
        margin: [0, 0, 0, 4],
      },
      { text: `Nama Peserta Didik : ${siswa.nama}`, margin: [0, 0, 0, 8] },
      grid(
        [70, 90, '*', 150],
        [
          'Tanggal',
          'Kelas yang Ditinggalkan',
          'Sebab-sebab Keluar atau Atas Permintaan (Tertulis)',
          'Tanda Tangan Kepala Sekolah, Stempel Sekolah, dan Tanda Tangan Orang Tua/Wali',
        ],
        blankRows(3, 4),
      ),
    ],
  };
  const masuk: Content = {
    pageBreak: 'before',
    stack: [
      {
        text: 'KETERANGAN PINDAH SEKOLAH',
        bold: true,
        fontSize: 12,
        alignment: 'center',
        margin: [0, 0, 0, 4],
      },
      { text: `Nama Peserta Didik : ${siswa.nama}`, margin: [0, 0, 0, 8] },
      grid(
        [22, '*', 190],
        ['No', 'Masuk', 'Tanda Tangan Kepala Sekolah dan Stempel Sekolah'],
        [1, 2, 3].map((no) => [
          { text: String(no), alignment: 'center' },
          {
            stack: [
              `1. Nama Peserta Didik : ${DOTS}`,
              `2. Nomor Induk : ${DOTS}`,
              `3. Nama Sekolah : ${DOTS}`,
              `4. Masuk di sekolah ini: tanggal ${DOTS} di kelas ${DOTS}`,
              `5. Tahun Pelajaran : ${DOTS}`,
            ],
            lineHeight: 1.5,
          },
          {
            stack: [
              `${kelas.tempat}, ${DOTS}`,
              kelas.jabatan,
              { text: ' ', margin: [0, 0, 0, 34] },
              DOTS,
              'NIP. ',
            ],
          },
        ]),
      ),
    ],
  };
  const prestasi: Content = {
    pageBreak: 'before',
    stack: [
      {
        text: 'CATATAN PRESTASI YANG PERNAH DICAPAI',
        bold: true,
        fontSize: 12,
        alignment: 'center',
        margin: [0, 0, 0, 4],
      },
      { text: `Nama Peserta Didik : ${siswa.nama}`, margin: [0, 0, 0, 8] },
      grid(
        [22, 150, '*'],
        ['No', 'Prestasi yang Pernah Dicapai', 'Keterangan'],
        ['Kurikuler', 'Ekstra Kurikuler', 'Catatan Khusus Lainnya'].map((jenis, i) => [
          { text: String(i + 1), alignment: 'center' },
          { text: jenis, margin: [0, 0, 0, 90] },
          '',
        ]),
      ),
    ],
  };
  return [
    { text: 'PETUNJUK PENGISIAN', bold: true, fontSize: 12, alignment: 'center', margin: [0, 0, 0, 12] },
    { ol: PETUNJUK, lineHeight: 1.3, margin: [0, 0, 0, 0] },
    { ...(keluar as object), pageBreak: 'before' } as Content,
    masuk,
    prestasi,
  ];
}

export function renderPelengkap(doc: RaporDoc): Promise<Buffer> {
  return renderDocument({ kind: 'rapor', dokumen: 'pelengkap', doc });
}

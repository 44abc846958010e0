import { formatTanggal, namaKementerian } from '@erapor/contract/cetak/rapor';
import type { Content } from 'pdfmake/interfaces';
import { renderDocument } from '../render-pool';
import { dash, LOGO_IMAGE, type RaporDoc } from './layout';

/*
 * Halaman Depan (reference-domain §8.1 item 1): the title page with the pupil's name and NISN and
 * the ministry of the school year, the school's identity, then "KETERANGAN TENTANG DIRI PESERTA
 * DIDIK" items 1–16 with a 3×4 photo box and the head teacher's signature dated `diterima`.
 */

const pairsTable = (rows: [string, string, string][]): Content => ({
  table: {
    widths: [18, 150, 8, '*'],
    body: rows.map(([no, k, v]) => [no, k, ':', v]),
  },
  layout: {
    hLineWidth: () => 0,
    vLineWidth: () => 0,
    paddingTop: () => 3,
    paddingBottom: () => 3,
  },
});

const nameBox = (label: string, value: string): Content => ({
  stack: [
    { text: label, alignment: 'center', margin: [0, 0, 0, 4] },
    {
      table: {
        widths: ['*'],
        body: [[{ text: value, alignment: 'center', bold: true, fontSize: 13, margin: [4, 6, 4, 6] }]],
      },
    },
  ],
  margin: [70, 0, 70, 24],
});

/** Room between the photo box and the head teacher's signature text (issue #26 item 3), in points. */
export const SIGNATURE_GAP = 24;

/** The logo's box on the title page: the image is fitted inside, its proportions kept. */
export const LOGO_BOX = 100;

export function coverContent(doc: RaporDoc): Content[] {
  const { kelas, siswa } = doc;
  const s = kelas.sekolah;
  // With a logo, it takes the top of the page (10 + 100 + 20 pt), where the title otherwise starts
  // 110 pt down, so the title page stays one page.
  const logo: Content[] = s.logo
    ? [{ image: LOGO_IMAGE, fit: [LOGO_BOX, LOGO_BOX], alignment: 'center', margin: [0, 10, 0, 20] }]
    : [];
  const titlePage: Content = {
    stack: [
      ...logo,
      {
        text: 'RAPOR PESERTA DIDIK',
        fontSize: 20,
        bold: true,
        alignment: 'center',
        margin: [0, s.logo ? 0 : 110, 0, 6],
      },
      { text: 'SEKOLAH MENENGAH KEJURUAN', fontSize: 16, bold: true, alignment: 'center' },
      { text: '(SMK)', fontSize: 16, bold: true, alignment: 'center', margin: [0, 0, 0, 120] },
      nameBox('Nama Peserta Didik', siswa.nama),
      nameBox('NISN', dash(siswa.nisn)),
      {
        text: namaKementerian(kelas.semester.id),
        fontSize: 12,
        bold: true,
        alignment: 'center',
        margin: [0, 120, 0, 0],
      },
    ],
  };

  const alamat = [s.alamat, s.kodePos ? `Kode Pos ${s.kodePos}` : null, s.noTelp ? `Telp. ${s.noTelp}` : null]
    .filter(Boolean)
    .join(', ');
  const sekolahPage: Content = {
    pageBreak: 'before',
    stack: [
      { text: 'RAPOR PESERTA DIDIK', fontSize: 14, bold: true, alignment: 'center' },
      {
        text: 'SEKOLAH MENENGAH KEJURUAN (SMK)',
        fontSize: 14,
        bold: true,
        alignment: 'center',
        margin: [0, 0, 0, 30],
      },
      pairsTable([
        ['', 'Nama Sekolah', s.nama],
        ['', 'NPSN / NSS', `${dash(s.npsn)} / ${dash(s.nss)}`],
        ['', 'Alamat Sekolah', dash(alamat)],
        ['', 'Kelurahan', dash(s.desaKelurahan)],
        ['', 'Kecamatan', dash(s.kecamatan)],
        ['', 'Kabupaten/Kota', dash(s.kabupaten)],
        ['', 'Provinsi', dash(s.provinsi)],
        ['', 'Website', dash(s.website)],
        ['', 'Email', dash(s.email)],
      ]),
    ],
  };

  const kepala = kelas.kepalaSekolah;
  const diriPage: Content = {
    pageBreak: 'before',
    stack: [
      {
        text: 'KETERANGAN TENTANG DIRI PESERTA DIDIK',
        fontSize: 12,
        bold: true,
        alignment: 'center',
        margin: [0, 0, 0, 16],
      },
      pairsTable([
        ['1.', 'Nama Peserta Didik (Lengkap)', siswa.nama],
        ['2.', 'Nomor Induk / NISN', `${dash(siswa.nis)} / ${dash(siswa.nisn)}`],
        [
          '3.',
          'Tempat, Tanggal Lahir',
          dash([siswa.tempatLahir, formatTanggal(siswa.tanggalLahir)].filter(Boolean).join(', ')),
        ],
        ['4.', 'Jenis Kelamin', dash(siswa.jenisKelamin)],
        ['5.', 'Agama', dash(siswa.agama)],
        ['6.', 'Status dalam Keluarga', dash(siswa.statusDalamKeluarga)],
        ['7.', 'Anak ke', dash(siswa.anakKe)],
        ['8.', 'Alamat Peserta Didik', dash(siswa.alamat)],
        ['9.', 'Nomor Telepon Rumah', dash(siswa.telepon)],
        ['10.', 'Sekolah Asal', dash(siswa.sekolahAsal)],
        ['11.', 'Diterima di sekolah ini', ''],
        ['', 'Di kelas', dash(siswa.diterimaKelas)],
        ['', 'Pada tanggal', dash(formatTanggal(siswa.diterima))],
        ['', 'Nama Orang Tua', ''],
        ['', 'a. Ayah', dash(siswa.namaAyah)],
        ['', 'b. Ibu', dash(siswa.namaIbu)],
        ['12.', 'Alamat Orang Tua', dash(siswa.alamat)],
        ['', 'Nomor Telepon Rumah', dash(siswa.telepon)],
        ['13.', 'Pekerjaan Orang Tua', ''],
        ['', 'a. Ayah', dash(siswa.kerjaAyah)],
        ['', 'b. Ibu', dash(siswa.kerjaIbu)],
        ['14.', 'Nama Wali Peserta Didik', dash(siswa.namaWali)],
        ['15.', 'Alamat Wali Peserta Didik', dash(siswa.alamatWali)],
        ['', 'Nomor Telepon Rumah', dash(siswa.telpWali)],
        ['16.', 'Pekerjaan Wali Peserta Didik', dash(siswa.kerjaWali)],
      ]),
      {
        unbreakable: true,
        margin: [0, 24, 0, 0],
        columns: [
          { width: 90, text: '' },
          {
            width: 85,
            table: {
              widths: [75],
              heights: [100],
              body: [
                [
                  {
                    stack: ['Pas Foto', '3 x 4'],
                    alignment: 'center',
                    margin: [0, 36, 0, 0],
                    color: '#777777',
                  },
                ],
              ],
            },
          },
          {
            width: '*',
            // Clear of the photo box: its table (75 pt + padding + rules) fills its 85 pt column.
            margin: [SIGNATURE_GAP, 0, 0, 0],
            stack: [
              {
                text: `${kelas.tempat}, ${siswa.diterima ? formatTanggal(siswa.diterima) : '..............................'}`,
              },
              { text: kelas.jabatan },
              { text: ' ', margin: [0, 0, 0, 40] },
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
      },
    ],
  };
  return [titlePage, sekolahPage, diriPage];
}

export function renderCover(doc: RaporDoc): Promise<Buffer> {
  return renderDocument({ kind: 'rapor', dokumen: 'cover', doc });
}

import {
  hari,
  judulKenaikan,
  namaKelompokRapor,
  type RaporSection,
  sectionLetters,
  TANPA_NILAI,
  teksKenaikan,
} from '@erapor/contract/cetak/rapor';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { renderDocument } from '../render-pool';
import { box, dash, grid, identitasHeader, type RaporDoc, sectionTitle } from './layout';

/*
 * Rapor Akademik (reference-domain §8.1 item 2, §11; issue #11 item 9): the identity header, K13
 * "A. Sikap", the grade table by kelompok (No | Mata Pelajaran | Nilai Akhir | Capaian Kompetensi,
 * "-" for no grade), then on a new page the notes in their lettered order, the parents' response
 * box and the signatures. The PKL section (not class X) only for a pupil placed in the class's PKL
 * plans: Mitra DU/DI | Lokasi | Lamanya (bulan) | Keterangan.
 */

export function nilaiAkhirContent(doc: RaporDoc): Content[] {
  const { kelas, siswa } = doc;
  const letters = new Map(
    sectionLetters({
      merdeka: kelas.kelas.merdeka,
      semesterId: kelas.semester.id,
      tingkat: kelas.kelas.tingkat,
      adaPkl: siswa.pkl.length > 0,
    }).map((s) => [s.section, s.huruf]),
  );
  const title = (section: RaporSection, text: string) => sectionTitle(`${letters.get(section)}. ${text}`);
  const has = (section: RaporSection) => letters.has(section);

  const first: Content[] = [identitasHeader(doc)];
  if (has('sikap')) {
    first.push(
      title('sikap', 'Sikap'),
      grid(
        [150, '*'],
        ['Dimensi', 'Penjelasan'],
        siswa.sikap.length > 0
          ? siswa.sikap.map((s) => [dash(s.dimensi), s.catatan])
          : [[{ text: TANPA_NILAI, colSpan: 2, alignment: 'center' }, '']],
      ),
    );
  }
  first.push(title('nilai', 'Nilai Akademik'), gradeTable(doc));

  const notes: Content[] = [{ ...(identitasHeader(doc) as object), pageBreak: 'before' } as Content];
  if (has('pkl')) {
    notes.push(
      title('pkl', 'Praktik Kerja Lapangan'),
      grid(
        [22, 130, '*', 60, '*'],
        ['No', 'Mitra DU/DI', 'Lokasi', 'Lamanya (bulan)', 'Keterangan'],
        siswa.pkl.map((p, i) => [
          { text: String(i + 1), alignment: 'center' },
          p.mitra,
          dash(p.lokasi),
          { text: String(p.lamanya), alignment: 'center' },
          dash(p.keterangan),
        ]),
      ),
    );
  }
  if (has('kokurikuler')) notes.push(title('kokurikuler', 'Kokurikuler'), box(siswa.kokurikuler, 30));
  notes.push(
    title('ekstrakurikuler', 'Ekstrakurikuler'),
    grid(
      [22, 170, '*'],
      ['No', 'Kegiatan Ekstrakurikuler', 'Keterangan'],
      siswa.ekskul.length > 0
        ? siswa.ekskul.map((e, i) => [
            { text: String(i + 1), alignment: 'center' },
            e.nama,
            dash(e.keterangan),
          ])
        : [[{ text: TANPA_NILAI, alignment: 'center' }, TANPA_NILAI, TANPA_NILAI]],
    ),
  );
  const a = siswa.absensi ?? { sakit: 0, izin: 0, alpa: 0 };
  notes.push(title('ketidakhadiran', 'Ketidakhadiran'), {
    table: {
      widths: [150, 80],
      body: [
        ['Sakit', `: ${hari(a.sakit)}`],
        ['Izin', `: ${hari(a.izin)}`],
        ['Tanpa Keterangan', `: ${hari(a.alpa)}`],
      ],
    },
    layout: { hLineWidth: () => 0.6, vLineWidth: () => 0.6 },
  });
  if (has('catatan')) notes.push(title('catatan', 'Catatan Wali Kelas'), box(siswa.catatanWali, 30));
  if (has('kenaikan')) {
    notes.push(
      title('kenaikan', judulKenaikan(kelas.kelas.kelulusan)),
      box(teksKenaikan(siswa.kenaikan, kelas.kelas.kelulusan)),
    );
  }
  notes.push(sectionTitle('Tanggapan Orang Tua/Wali Murid'), box(null, 45), signatures(doc));
  return [...first, ...notes];
}

function gradeTable(doc: RaporDoc): Content {
  const rows: TableCell[][] = [];
  let no = 0;
  for (const kelompok of doc.siswa.kelompok) {
    rows.push([
      { text: namaKelompokRapor(kelompok.nama), colSpan: 4, bold: true, fillColor: '#f2f2f2' },
      '',
      '',
      '',
    ]);
    for (const m of kelompok.mapel) {
      no++;
      rows.push([
        { text: String(no), alignment: 'center' },
        m.nama,
        { text: m.nilai === null ? TANPA_NILAI : String(m.nilai), alignment: 'center' },
        m.capaian.length > 0
          ? { stack: m.capaian.map((t) => ({ text: t, margin: [0, 0, 0, 2] })) }
          : TANPA_NILAI,
      ]);
    }
  }
  if (rows.length === 0) rows.push([{ text: TANPA_NILAI, colSpan: 4, alignment: 'center' }, '', '', '']);
  return grid([22, 130, 42, '*'], ['No', 'Mata Pelajaran', 'Nilai Akhir', 'Capaian Kompetensi'], rows);
}

/** Orang Tua/Wali and Wali Kelas side by side, the head teacher below, kept on one page. */
function signatures(doc: RaporDoc): Content {
  const { kelas } = doc;
  const nameLine = (nama: string): Content => ({ text: nama, bold: true, decoration: 'underline' });
  const kepala = kelas.kepalaSekolah;
  return {
    unbreakable: true,
    margin: [0, 14, 0, 0],
    stack: [
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: ' ' },
              { text: 'Orang Tua/Wali' },
              { text: ' ', margin: [0, 0, 0, 40] },
              '..............................',
            ],
          },
          {
            width: 220,
            stack: [
              { text: `${kelas.tempat}, ${kelas.tanggal ?? '..............................'}` },
              { text: 'Wali Kelas' },
              { text: ' ', margin: [0, 0, 0, 40] },
              nameLine(kelas.wali?.nama ?? '..............................'),
              { text: kelas.wali?.nomor ?? 'NIP. -' },
            ],
          },
        ],
      },
      {
        margin: [0, 14, 0, 0],
        alignment: 'center',
        stack: [
          { text: 'Mengetahui,' },
          { text: kelas.jabatan },
          { text: ' ', margin: [0, 0, 0, 40] },
          nameLine(
            kepala
              ? [kepala.awalan, kepala.nama].filter(Boolean).join(' ')
              : '..............................',
          ),
          { text: kepala?.nomor ?? 'NIP. -' },
        ],
      },
    ],
  };
}

export function renderNilaiAkhir(doc: RaporDoc): Promise<Buffer> {
  return renderDocument({ kind: 'rapor', dokumen: 'nilai-akhir', doc });
}

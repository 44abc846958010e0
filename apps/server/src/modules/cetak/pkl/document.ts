import type { Content, DynamicContent, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { DOCUMENTS } from '../documents';
import { box, dash, grid, MARGIN, sectionTitle } from '../rapor/layout';
import { renderDocument } from '../render-pool';
import type { RaporPkl, SiswaPkl } from './data';

/*
 * The PKL report of one pupil's placement (issue #12 item 7; reference-domain §6), on the report
 * card's page set-up (A4, 15 mm margins, the footer "{nama} - {kelas} | {halaman} | Dicetak dari
 * e-Rapor SMK v.{versi}", pages numbered per pupil). Nothing is cut: cells wrap, table rows may split
 * across pages with the header row repeated, and the signature block is kept whole.
 */

const TITLE = DOCUMENTS.pkl.title;

function identitas(plan: RaporPkl, s: SiswaPkl): Content {
  const rows: [string, string][] = [
    ['Nama Peserta Didik', s.nama],
    ['NISN', dash(s.nisn)],
    ['Kelas', plan.kelas],
    ['Program Keahlian', dash(plan.programKeahlian)],
    ['Konsentrasi Keahlian', dash(plan.konsentrasiKeahlian)],
    ['Tempat PKL', plan.dudi],
    ['Tanggal PKL', `Mulai: ${plan.tanggalMulai}   Selesai: ${plan.tanggalSelesai}`],
    ['Nama Instruktur', plan.instruktur],
    ['Nama Pembimbing', plan.pembimbing.nama],
  ];
  return {
    table: {
      widths: [110, 6, '*'],
      body: rows.map(([k, v]) => [k, ':', { text: v, bold: k === 'Nama Peserta Didik' }]),
    },
    layout: 'noBorders',
    margin: [0, 0, 0, 6],
  };
}

function nilaiTable(s: SiswaPkl): Content {
  const rows: TableCell[][] =
    s.nilai.length > 0
      ? s.nilai.map((n, i) => [
          { text: String(i + 1), alignment: 'center' },
          n.tp,
          { text: dash(n.nilai), alignment: 'center' },
          dash(n.deskripsi),
        ])
      : [[{ text: 'Belum ada Tujuan Pembelajaran', colSpan: 4, alignment: 'center' }, '', '', '']];
  return grid([22, '*', 36, '*'], ['No', 'Tujuan Pembelajaran', 'Skor', 'Deskripsi'], rows);
}

function ketidakhadiran(s: SiswaPkl): Content {
  const rows: [string, number][] = [
    ['Sakit', s.sakit],
    ['Izin', s.izin],
    ['Tanpa Keterangan', s.alpa],
  ];
  return grid(
    ['*', 60],
    ['Ketidakhadiran', 'Jumlah'],
    rows.map(([k, v]) => [k, { text: `${v} hari`, alignment: 'center' }]),
  );
}

/** Both signatures on one page: Guru Pembimbing, and, dated Tanggal Selesai, Pembimbing Dunia Kerja. */
function signatures(plan: RaporPkl): Content {
  const nameLine = (nama: string): Content => ({ text: nama, bold: true, decoration: 'underline' });
  return {
    unbreakable: true,
    margin: [0, 18, 0, 0],
    columns: [
      {
        width: '*',
        stack: [
          { text: ' ' },
          { text: 'Guru Pembimbing' },
          { text: ' ', margin: [0, 0, 0, 40] },
          nameLine(plan.pembimbing.nama),
          { text: plan.pembimbing.nomor },
        ],
      },
      {
        width: 220,
        stack: [
          { text: plan.tanggalSelesai },
          { text: 'Pembimbing Dunia Kerja' },
          { text: ' ', margin: [0, 0, 0, 40] },
          nameLine(plan.instruktur),
          { text: plan.nomorInstruktur },
        ],
      },
    ],
  };
}

/** The report's content for one pupil. */
export function raporPklContent(plan: RaporPkl, s: SiswaPkl): Content[] {
  return [
    { text: 'LAPORAN HASIL PRAKTIK KERJA LAPANGAN', bold: true, fontSize: 12, alignment: 'center' },
    { text: plan.sekolah.toUpperCase(), bold: true, fontSize: 11, alignment: 'center' },
    {
      text: `Tahun Ajaran ${plan.tahunAjaran}`,
      alignment: 'center',
      margin: [0, 0, 0, 4],
    },
    { canvas: [{ type: 'line', x1: 0, y1: 2, x2: 595.28 - 2 * MARGIN, y2: 2, lineWidth: 0.8 }] },
    { text: ' ', fontSize: 4 },
    identitas(plan, s),
    nilaiTable(s),
    // Catatan and Ketidakhadiran side by side, so a usual report (up to ~8 TPs) keeps one page.
    {
      columns: [
        { width: '*', stack: [sectionTitle('Catatan'), box(s.catatan, 52)] },
        { width: 200, stack: [sectionTitle('Ketidakhadiran'), ketidakhadiran(s)] },
      ],
      columnGap: 14,
    },
    signatures(plan),
  ];
}

function footerOf(plan: RaporPkl, s: SiswaPkl): DynamicContent {
  return (page) => ({
    text: `${s.nama} - ${plan.kelas} | ${page} | Dicetak dari e-Rapor SMK v.${plan.versi}`,
    fontSize: 7,
    italics: true,
    margin: [MARGIN, 8, MARGIN, 0],
  });
}

/**
 * The reports of the given participants (one or many) in one definition: each pupil a pdfmake
 * section with its own footer numbered from 1 (as the Cetak Semua sections of decision 033).
 */
export function raporPklDocument(
  plans: readonly { plan: RaporPkl; siswa: SiswaPkl }[],
): TDocumentDefinitions {
  const first = plans[0];
  if (!first) throw new Error('no pupil to print');
  const title = plans.length === 1 ? `${TITLE} - ${first.siswa.nama}` : `${TITLE} ${first.plan.kelas}`;
  const base: TDocumentDefinitions = {
    info: { title, creator: 'e-Rapor SMK' },
    pageSize: 'A4',
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN + 6],
    defaultStyle: { fontSize: 9.5, lineHeight: 1.1 },
    content: [],
  };
  if (plans.length === 1)
    return {
      ...base,
      footer: footerOf(first.plan, first.siswa),
      content: raporPklContent(first.plan, first.siswa),
    };
  return {
    ...base,
    content: plans.map(({ plan, siswa }) => {
      const footer = footerOf(plan, siswa);
      let start = 0;
      let last = 0;
      return {
        section: raporPklContent(plan, siswa),
        footer: (page: number, pages: number, size: unknown) => {
          if (start === 0 || page <= last) start = page;
          last = page;
          return (footer as (p: number, n: number, s: unknown) => Content)(page - start + 1, pages, size);
        },
      } as Content;
    }),
  };
}

export function renderRaporPkl(plan: RaporPkl, siswa: SiswaPkl): Promise<Buffer> {
  return renderDocument({ kind: 'pkl', plan, siswa });
}

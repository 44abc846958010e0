import type { OneTimeCredential } from '@erapor/contract/pengguna';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { DOCUMENTS } from './documents';
import { renderDocument } from './render-pool';
import type { SlipAkunInput } from './render-protocol';

const NO_CLASS = 'Tanpa Rombel';

/** Groups credentials by class, classes and names in a stable, natural order. */
export function groupByKelas(credentials: readonly OneTimeCredential[]): [string, OneTimeCredential[]][] {
  const groups = new Map<string, OneTimeCredential[]>();
  for (const c of credentials) {
    const key = c.kelas ?? NO_CLASS;
    const list = groups.get(key) ?? [];
    list.push(c);
    groups.set(key, list);
  }
  const collator = new Intl.Collator('id', { numeric: true, sensitivity: 'base' });
  for (const list of groups.values()) list.sort((a, b) => collator.compare(a.name, b.name));
  return [...groups.entries()].sort(([a], [b]) =>
    a === NO_CLASS ? 1 : b === NO_CLASS ? -1 : collator.compare(a, b),
  );
}

function slip(c: OneTimeCredential, input: SlipAkunInput): TableCell {
  return {
    stack: [
      { text: `${input.sekolahNama} · e-Rapor SMK`, fontSize: 6.5, color: '#555555' },
      { text: c.name, bold: true, fontSize: 8, margin: [0, 1, 0, 1] },
      ...(c.kelas ? [{ text: `Kelas: ${c.kelas}`, fontSize: 7 }] : []),
      {
        text: [
          { text: 'Login: ', fontSize: 7 },
          { text: c.login, fontSize: 8, bold: true },
        ],
      },
      {
        text: [
          { text: 'Password: ', fontSize: 7 },
          { text: c.password, fontSize: 9, bold: true },
        ],
      },
      { text: 'Wajib diganti saat login pertama.', fontSize: 6, italics: true, color: '#555555' },
    ],
    margin: [3, 3, 3, 3],
  };
}

function grid(list: readonly OneTimeCredential[], input: SlipAkunInput): Content {
  // A slip row is ≈ 50 pt high and an A4 page holds ≈ 14 rows: 3 columns for small groups,
  // 4 for a class of up to ~56 pupils, so every class stays on one page.
  const cols = list.length > 30 ? 4 : 3;
  const body: TableCell[][] = [];
  for (let i = 0; i < list.length; i += cols) {
    const row: TableCell[] = list.slice(i, i + cols).map((c) => slip(c, input));
    while (row.length < cols) row.push({ text: '', border: [false, false, false, false] });
    body.push(row);
  }
  return {
    table: { widths: Array(cols).fill('*'), body, dontBreakRows: true },
    layout: {
      hLineStyle: () => ({ dash: { length: 3 } }),
      vLineStyle: () => ({ dash: { length: 3 } }),
      hLineColor: () => '#888888',
      vLineColor: () => '#888888',
    },
  };
}

/**
 * Printable account slips: name, login and one-time password, cut along the dashed lines.
 * Pupils: one page per class (rombel); staff: one section.
 */
export function renderSlipAkun(input: SlipAkunInput): Promise<Buffer> {
  return renderDocument({ kind: 'slip-akun', input });
}

export function slipAkunDocument(input: SlipAkunInput): TDocumentDefinitions {
  const sections: [string, OneTimeCredential[]][] =
    input.kind === 'pd' ? groupByKelas(input.credentials) : [['PTK', [...input.credentials]]];
  const content: Content[] = sections.map(([title, list], i) => ({
    stack: [
      {
        text: input.kind === 'pd' ? `Slip Akun Peserta Didik — Kelas ${title}` : 'Slip Akun PTK',
        fontSize: 12,
        bold: true,
      },
      {
        text: `${input.sekolahNama} · Tahun Pelajaran ${input.semesterNama} · ${list.length} akun`,
        fontSize: 8,
        margin: [0, 0, 0, 6],
      },
      grid(list, input),
    ],
    pageBreak: i > 0 ? 'before' : undefined,
  }));
  return {
    info: { title: DOCUMENTS['slip-akun'].title, creator: 'e-Rapor SMK' },
    pageSize: 'A4',
    pageMargins: [24, 24, 24, 30],
    footer: (page, pages) => ({
      text: `Dicetak ${input.printedAt.toISOString().slice(0, 10)} · halaman ${page} dari ${pages} · rahasia: bagikan slip hanya kepada pemiliknya`,
      fontSize: 6.5,
      alignment: 'center',
      color: '#777777',
    }),
    content,
  };
}

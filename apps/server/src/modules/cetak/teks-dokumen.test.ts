import { join } from 'node:path';
import { KATA_TERGABUNG, rapikanTeks } from '@erapor/contract/teks';
import { P5_KODE_DIMENSI_TO_NO, p5Dimensi, p5Elemen, p5SubElemen } from '@erapor/reference-data/p5';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_DIR } from '../referensi/import/fixtures';
import { readWorkbook } from '../referensi/import/readers';
import type { RaporP5 } from './p5/data';
import { renderRaporP5 } from './p5/document';
import type { RaporPkl } from './pkl/data';
import { renderRaporPkl } from './pkl/document';
import { raporPklFixture } from './pkl/test-rapor';
import { pdfText } from './rapor/pdf-text';
import { rapikanDefinisi } from './teks-dokumen';

/*
 * Every text reaching a document goes through the one printing rule (decision 056). The national
 * texts are printed from their sources as published — the P5 sub-elements with their glued words,
 * the PKL learning goals (ref_cp_pkl.xlsx) with their mid-sentence line breaks — and each printed
 * text is compared with its source, word by word: the source's words, in order, one space apart.
 */

/**
 * The printed text with the P5 ticks taken out (they stand beside a sub-element's first line), and
 * a hyphen or slash at a line's end joined to the next line.
 */
const printed = (pdf: Buffer) =>
  pdfText(pdf)
    .text.replaceAll('√', ' ')
    .replace(/\s+/g, ' ')
    // A line may end after a hyphen or a slash ("sifat-" / "sifat", "dan/" / "atau"): one word.
    .replace(/(\p{L})([-/]) (?=\p{L})/gu, '$1$2');

/** The source's words in order, one space apart (what the page must read). */
const words = (source: string) => rapikanTeks(source).trim().split(' ').join(' ');

describe('rapikanDefinisi: every printed text of a definition, nothing else', () => {
  it('tidies text, stacks, columns, lists, table cells, text pieces, section and page footers', () => {
    const footer = (page: number): Content => ({ text: `Ahmad\nFauzi | ${page}` });
    const def: TDocumentDefinitions = {
      info: { title: 'Rapor P5 -  Ahmad\tFauzi' },
      images: { logoSekolah: 'data:image/png;base64,AAAA' },
      footer,
      content: [
        'yang\nkompleks',
        { text: ['Kelas: ', { text: 'XI\n TKJ', bold: true }] },
        { stack: ['suatugagasan', { image: 'logoSekolah', width: 10 }] },
        { columns: [{ text: 'a\r\nb' }, 'c\u00a0\u00a0d'] },
        { ul: ['e\tf'] },
        { ol: [{ text: 'g\n\nh' }] },
        { table: { body: [['i\nj', { text: 'k\nl', fillColor: '#f2f2f2' }]] } },
        { section: ['m\nn'], footer } as Content,
      ],
    };
    const out = rapikanDefinisi(def);
    expect(out.content).toEqual([
      'yang kompleks',
      { text: ['Kelas: ', { text: 'XI TKJ', bold: true }] },
      { stack: ['suatu gagasan', { image: 'logoSekolah', width: 10 }] },
      { columns: [{ text: 'a b' }, 'c d'] },
      { ul: ['e f'] },
      { ol: [{ text: 'g h' }] },
      { table: { body: [['i j', { text: 'k l', fillColor: '#f2f2f2' }]] } },
      expect.objectContaining({ section: ['m n'] }),
    ]);
    expect(out.info?.title).toBe('Rapor P5 - Ahmad Fauzi');
    expect(out.images).toEqual({ logoSekolah: 'data:image/png;base64,AAAA' });
    const pageFooter = out.footer as (page: number) => Content;
    expect(pageFooter(2)).toEqual({ text: 'Ahmad Fauzi | 2' });
    const section = (out.content as Content[])[7] as unknown as { footer: (page: number) => Content };
    expect(section.footer(3)).toEqual({ text: 'Ahmad Fauzi | 3' });
  });
});

describe('national texts as printed, word by word', () => {
  it('P5: every published dimension, element and sub-element, none glued to its neighbour', async () => {
    // One project holding all 42 sub-elements, with the texts exactly as p5.xlsx publishes them
    // (a database the start-up repair has not reached yet).
    const elemenOf = new Map(p5Elemen.map((e) => [e.no, e]));
    const dimensiOf = new Map(p5Dimensi.map((d) => [d.no, d.dimensi]));
    const aspek = p5SubElemen.map((s) => {
      const dimensiNo = P5_KODE_DIMENSI_TO_NO[s.kode_dimensi] ?? 0;
      return {
        id: `a${s.no}`,
        dimensiNo,
        dimensi: dimensiOf.get(dimensiNo) ?? '',
        elemen: elemenOf.get(s['kede elemen'])?.elemen ?? '',
        subElemen: s.sub_elemen,
      };
    });
    expect(aspek.some((a) => a.subElemen.includes('yangkompleks'))).toBe(true);
    const rapor: RaporP5 = {
      sekolah: { nama: 'SMK Negeri 9 Contoh', logo: null },
      tahunPelajaran: '2025/2026',
      semesterId: '20251',
      kelas: { id: 'k', nama: 'XI TKJ 1', tingkat: 11, merdeka: true, fase: 'F' },
      programKeahlian: 'Teknik Jaringan Komputer dan Telekomunikasi',
      opsi: [
        {
          opsiId: 1,
          kode: 'MB',
          nama: 'Mulai Berkembang',
          deskripsi: 'Siswa mulai\nmengembangkan kemampuan',
        },
        { opsiId: 2, kode: 'SB', nama: 'Sedang Berkembang', deskripsi: 'Siswa mengembangkan' },
        { opsiId: 3, kode: 'BSH', nama: 'Berkembang Sesuai Harapan', deskripsi: 'Sesuai harapan' },
        { opsiId: 4, kode: 'SAB', nama: 'Sangat Berkembang', deskripsi: 'Melampaui harapan' },
      ],
      projek: [
        {
          id: 'p1',
          noUrut: 1,
          nama: 'Gaya Hidup Berkelanjutan',
          deskripsi: 'Memilah sampah\nsekolah dan membuat kompos.',
          aspek,
        },
      ],
      versi: '1',
      siswa: [],
    };
    const siswa = {
      anggotaRombelId: 's',
      nama: 'Ahmad Fauzi',
      nisn: '0081234567',
      nilai: Object.fromEntries(aspek.map((a, i) => [a.id, (i % 4) + 1])),
      catatan: { p1: 'Aktif memilah\nsampah setiap pagi.' },
    };
    const text = printed(await renderRaporP5(rapor, siswa));
    for (const a of aspek) expect(text, `sub-elemen ${a.id}`).toContain(words(`${a.elemen}. ${a.subElemen}`));
    for (const d of new Set(aspek.map((a) => a.dimensi))) expect(text).toContain(words(d));
    expect(text).toContain('Memilah sampah sekolah dan membuat kompos.');
    expect(text).toContain('Siswa mulai mengembangkan kemampuan');
    expect(text).toContain('Aktif memilah sampah setiap pagi.');
    // The words, and every glued word of the list: none is printed.
    expect(text).toContain('informasi yang kompleks');
    expect(text).toContain('suatu gagasan');
    expect(text).toContain('digunakannya dalam');
    const tokens = new Set(text.toLowerCase().split(/[\s.,;:()]+/));
    for (const glued of Object.keys(KATA_TERGABUNG)) expect(tokens.has(glued), glued).toBe(false);
  });

  it('PKL: the published PKL learning goals, their line breaks printed as spaces', async () => {
    const goals: string[] = [];
    for await (const r of readWorkbook(join(PUBLISHED_DIR, 'xlsx/ref_cp_pkl.xlsx')))
      if (typeof r.row.deskripsi === 'string') goals.push(r.row.deskripsi);
    // The source carries line breaks between words (copied from a PDF).
    expect(goals.some((g) => /\S\n\S/.test(g))).toBe(true);
    const plan = raporPklFixture({
      nilai: goals.map((tp, i) => ({ tp, nilai: 80 + i, deskripsi: 'Baik' })),
      catatan: 'Rajin\ndan\r\ntekun.',
    });
    const text = printed(await renderRaporPkl(plan, plan.siswa[0] as RaporPkl['siswa'][number]));
    for (const [i, tp] of goals.entries())
      expect(text, `TP ${i + 1}`).toContain(`${i + 1} ${words(tp)} ${80 + i}`);
    expect(text).toContain('Rajin dan tekun.');
  });
});

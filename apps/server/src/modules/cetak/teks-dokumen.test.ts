import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { namaKelompokRapor } from '@erapor/contract/cetak/rapor';
import { susunTranskrip } from '@erapor/contract/cetak/transkrip';
import { deskripsiCapaian, KOMPETEN } from '@erapor/contract/penilaian/rules';
import { KATA_TERGABUNG, KATA_TERGABUNG_CP, KATA_ULANG, rapikanTeks } from '@erapor/contract/teks';
import { masaBerlakuText, predikatUkk } from '@erapor/contract/ukk/rules';
import { agama } from '@erapor/reference-data/agama';
import { kelompok } from '@erapor/reference-data/kelompok';
import { P5_KODE_DIMENSI_TO_NO, p5Dimensi, p5Elemen, p5SubElemen } from '@erapor/reference-data/p5';
import { pekerjaan } from '@erapor/reference-data/pekerjaan';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text';
import { excerpt, PUBLISHED_DIR } from '../../test/reference-fixtures';
import { readWorkbook } from '../referensi/import/readers';
import type { RaporP5 } from './p5/data';
import { renderRaporP5 } from './p5/document';
import { renderPdf } from './pdf';
import type { RaporPkl } from './pkl/data';
import { renderRaporPkl } from './pkl/document';
import { raporPklFixture } from './pkl/test-rapor';
import { renderNilaiAkhir } from './rapor/nilai-akhir';
import { bulkDocument, sklBulkDocument } from './rapor/render-worker';
import { raporKelasFixture, siswaRaporFixture } from './rapor/test-rapor';
import type { Sertifikat } from './sertifikat/data';
import { sertifikatDocument } from './sertifikat/document';
import { effectiveTemplate } from './skl/data';
import { rapikanDefinisi, TITIK_BAWAH } from './teks-dokumen';

/*
 * Every text reaching a document goes through the one printing rule (decision 056). The national
 * texts are printed from their sources as published — the P5 sub-elements with their glued words,
 * the PKL learning goals (ref_cp_pkl.xlsx) with their mid-sentence line breaks — and each printed
 * text is compared with its source, word by word: the source's words, in order, one space apart.
 */

/**
 * A hyphen or a slash after a letter, or a slash after a space, joined to the letter after it: a line
 * may end after one ("sifat-" / "sifat", "dan/" / "atau", "perhotelan /" / "industri").
 */
const joinAfterMark = (t: string) =>
  t.replace(/(\p{L})([-/]) (?=\p{L})/gu, '$1$2').replace(/ \/ (?=\p{L})/gu, ' /');

/**
 * The printed text with the P5 ticks taken out (they stand beside a sub-element's first line), a
 * hyphen or slash at a line's end joined to the next line, and a letter printed with a combining mark
 * read as the one letter (NFC).
 */
const printed = (pdf: Buffer) =>
  joinAfterMark(pdfText(pdf).text.normalize('NFC').replaceAll('√', ' ').replace(/\s+/g, ' '));

/**
 * The text of a report's pages read as one: a table row split over a page end reads on, without the
 * page's footer and the grade table's repeated header row between its halves.
 */
const withoutPageBreaks = (text: string, nama: string, kelas: string) =>
  text
    .replace(new RegExp(`${nama} - ${kelas} \\| \\d+ \\| Dicetak dari e-Rapor SMK v\\.1 `, 'g'), '')
    .replaceAll('No Mata Pelajaran Nilai Akhir Capaian Kompetensi ', '');

/**
 * The source's words in order, one space apart (what the page must read), a space after a hyphen
 * or slash between letters read as `printed` reads a line end there.
 */
const words = (source: string) => joinAfterMark(rapikanTeks(source).trim().split(' ').join(' '));

/** A published name carrying white space that must not print as it stands (edges, doubles, NBSP, breaks). */
const oddSpaces = (s: string) => /^\s|\s$|\s\s|[\u00a0\n\t]/.test(s);

/** The glued words of the national texts, every list. */
const GLUED_WORDS = [KATA_TERGABUNG, KATA_TERGABUNG_CP, KATA_ULANG].flatMap((l) => Object.keys(l));
/** A listed glued word, whole, in any case; or a full stop glued to the next sentence. */
const GLUED_CP = new RegExp(
  `(?<!\\p{L})(?:${[...Object.keys(KATA_TERGABUNG_CP), ...Object.keys(KATA_ULANG)].join('|')})(?!\\p{L})|\\p{Ll}{2}\\.\\p{Lu}\\p{Ll}`,
  'iu',
);

/**
 * The published capaian pembelajaran texts (ref_cp.xlsx, ref_cp_2.xlsx) that carry a line break
 * between words or a no-break space, and those (descriptions and element names) that carry a glued
 * word or a full stop glued to the next sentence: as a teacher's TP copies them, they reach the
 * report's Capaian Kompetensi. Each text once, in the workbooks' order.
 */
async function publishedCpOdd(): Promise<string[]> {
  const out = new Set<string>();
  for (const file of ['ref_cp.xlsx', 'ref_cp_2.xlsx'])
    for await (const r of readWorkbook(join(PUBLISHED_DIR, 'xlsx', file)))
      for (const text of [r.row.deskripsi, r.row.elemen])
        if (typeof text === 'string' && (/\S\n\S|\u00a0/.test(text) || GLUED_CP.test(text))) out.add(text);
  return [...out];
}

/** The published subject names with odd white space (mata_pelajaran.json: trailing, doubled, no-break). */
const mapelOdd = excerpt('json/mata_pelajaran.json')
  .map((m) => String(m.nama))
  .filter(oddSpaces);

/** Published kecamatan with a trailing space, with their kabupaten/kota and province. */
function wilayahOdd() {
  const byKode = new Map(
    ['json/mst_wilayah_1.json', 'json/mst_wilayah_2.json', 'json/mst_wilayah_3.json']
      .flatMap((f) => excerpt(f))
      .map((w) => [String(w.kode_wilayah), w]),
  );
  const kec = [...byKode.values()].find((w) => w.id_level_wilayah === 3 && oddSpaces(String(w.nama)));
  const kab = byKode.get(String(kec?.mst_kode_wilayah));
  const prov = byKode.get(String(kab?.mst_kode_wilayah));
  if (!kec || !kab || !prov) throw new Error('no published kecamatan with a trailing space');
  return { kecamatan: String(kec.nama), kabupaten: String(kab.nama), provinsi: String(prov.nama) };
}

/** The published konsentrasi/kompetensi keahlian names with odd white space (jurusan.json). */
const jurusanOdd = () =>
  excerpt('json/jurusan.json')
    .map((j) => String(j.nama_jurusan))
    .filter(oddSpaces);

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

describe('letters our font lacks', () => {
  it('each letter of TITIK_BAWAH: no glyph in Roboto, its letter and U+0323 have one; printed decomposed', () => {
    const require = createRequire(import.meta.url);
    const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as {
      create(b: Buffer): { hasGlyphForCodePoint(c: number): boolean };
    };
    const dir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
    const letters =
      TITIK_BAWAH.source
        .match(/\\u[0-9a-f]{4}/g)
        ?.map((u) => String.fromCodePoint(Number.parseInt(u.slice(2), 16))) ?? [];
    expect(letters).toHaveLength(20);
    for (const file of [
      'Roboto-Regular.ttf',
      'Roboto-Medium.ttf',
      'Roboto-Italic.ttf',
      'Roboto-MediumItalic.ttf',
    ]) {
      const font = fontkit.create(readFileSync(join(dir, file)));
      const has = (c: string) => font.hasGlyphForCodePoint(c.codePointAt(0) ?? 0);
      expect(has('\u0323'), file).toBe(true);
      for (const l of letters) {
        const [base, mark] = [...l.normalize('NFD')];
        expect([has(l), has(base ?? ''), mark], `${file} ${l}`).toEqual([false, true, '\u0323']);
      }
    }
    const out = rapikanDefinisi({ content: ['(maḥmūdah) ẓalim ṣabar'] });
    expect(out.content).toEqual(['(mah\u0323mūdah) z\u0323alim s\u0323abar']);
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

  it('the report card set: cover, Rapor Akademik (capaian from the published CP texts, national subject and kelompok names, kokurikuler, PKL) and supporting pages', async () => {
    const cp = await publishedCpOdd();
    // Both kinds of white space are among them, and every glued word of the CP lists.
    expect(cp.some((t) => /\S\n\S/.test(t))).toBe(true);
    expect(cp.some((t) => t.includes('\u00a0'))).toBe(true);
    const cpTokens = new Set(
      cp
        .join(' ')
        .toLowerCase()
        .split(/[^\p{L}]+/u),
    );
    for (const glued of [...Object.keys(KATA_TERGABUNG_CP), ...Object.keys(KATA_ULANG)])
      expect(cpTokens.has(glued), glued).toBe(true);
    // Subject names that print on one line: a row split at a page end then reads on in order
    // (pdftotext gives a split two-line name cell between the halves of the row).
    const pendek = mapelOdd.filter((n) => n.trim().length <= 22);
    // One subject per two CP texts: the first as an achieved TP, the second as one to improve.
    const mapel = Array.from({ length: Math.ceil(cp.length / 2) }, (_, i) => {
      const teks = deskripsiCapaian([
        { deskripsi: cp[2 * i] ?? '', kompeten: KOMPETEN.tercapai },
        { deskripsi: cp[2 * i + 1] ?? '', kompeten: KOMPETEN.tidakTercapai },
      ]);
      return {
        pembelajaranId: `b${i}`,
        mataPelajaranId: 1000 + i,
        nama: pendek[i % pendek.length] ?? '',
        nilai: 70 + (i % 30),
        capaian: [teks.tercapai, teks.perluDitingkatkan].filter((t): t is string => t !== null),
      };
    });
    const lettered = kelompok.map((k) => k.nama_kelompok).filter((n) => /^[A-Z]\. /.test(n));
    expect(lettered).toHaveLength(2);
    const half = Math.ceil(mapel.length / 2);
    const groups = [
      { nama: lettered[0] ?? '', mapel: mapel.slice(0, half) },
      { nama: lettered[1] ?? '', mapel: mapel.slice(half) },
    ];
    const w = wilayahOdd();
    const kelas = raporKelasFixture();
    kelas.sekolah = { ...kelas.sekolah, ...w, desaKelurahan: 'Sukamaju\u00a0' };
    // The kokurikuler text a wali wrote from the published P5 sub-elements (glued words and all).
    const kokurikuler = p5SubElemen
      .slice(0, 4)
      .map((s) => s.sub_elemen)
      .join('\n');
    expect(Object.keys(KATA_TERGABUNG).some((g) => kokurikuler.includes(g))).toBe(true);
    const pkl = [
      {
        mitra: 'PT Telkom\u00a0Akses',
        lokasi: 'Jl. Asia Afrika 1,\nBandung',
        lamanya: 6,
        keterangan: 'Rajin\ndan tekun.',
      },
    ];
    const siswa = siswaRaporFixture({
      agama: agama[1]?.nama ?? null,
      kerjaAyah: pekerjaan[2]?.nama ?? null,
      kerjaIbu: pekerjaan[3]?.nama ?? null,
      // As the loader joins it (data.ts): the published kecamatan keeps its trailing space.
      alamat: ['Jl. Mawar No. 5', 'Sukamaju', w.kecamatan, w.kabupaten, '17422'].join(', '),
      kelompok: groups,
      kokurikuler,
      pkl,
      catatanWali: 'Pertahankan\nprestasimu.',
    });
    const pdf = await renderPdf(
      bulkDocument(kelas, [siswa], ['cover', 'nilai-akhir', 'pelengkap'], '1', 'Rapor'),
    );
    const text = withoutPageBreaks(printed(pdf), siswa.nama, kelas.kelas.nama);

    // Halaman Depan: the region names, religion and occupations as published.
    expect(text).toContain(
      `Kecamatan : ${words(w.kecamatan)} Kabupaten/Kota : ${words(w.kabupaten)} Provinsi : ${words(w.provinsi)}`,
    );
    expect(text).toContain('Kelurahan : Sukamaju Kecamatan');
    expect(text).toContain(`8. Alamat Peserta Didik : ${words(siswa.alamat ?? '')} 9.`);
    // The kecamatan's trailing space prints no space before the comma.
    expect(text).toContain(`${w.kecamatan.trim()}, ${w.kabupaten}, 17422`);
    expect(text).toContain(`5. Agama : ${words(siswa.agama ?? '')} 6.`);
    expect(text).toContain(
      `a. Ayah : ${words(siswa.kerjaAyah ?? '')} b. Ibu : ${words(siswa.kerjaIbu ?? '')} 14.`,
    );
    // Rapor Akademik: every kelompok, subject and capaian text, in its row.
    let no = 0;
    for (const g of groups) {
      expect(text).toContain(`${words(namaKelompokRapor(g.nama))} ${no + 1} `);
      for (const m of g.mapel) {
        no++;
        expect(text, `${no} ${m.nama}`).toContain(
          `${no} ${words(m.nama)} ${m.nilai} ${m.capaian.map(words).join(' ')}`,
        );
      }
    }
    // A letter our font has no glyph for ("maḥmūdah"), printed whole (TITIK_BAWAH).
    expect(cp.join(' ')).toMatch(TITIK_BAWAH);
    expect(text).toContain('(maḥmūdah)');
    expect(text).toContain(`C. Kokurikuler ${words(kokurikuler)} D. Ekstrakurikuler`);
    expect(text).toContain('1 PT Telkom Akses Jl. Asia Afrika 1, Bandung 6 Rajin dan tekun.');
    expect(text).toContain('Catatan Wali Kelas Pertahankan prestasimu.');
    expect(text).toContain('PETUNJUK PENGISIAN');
    // The CP texts' glued words printed apart: none of any list is printed whole.
    expect(text).toContain('menjelaskan fenomena secara ilmiah');
    expect(text).toContain('penggunaan alat-alat pemboran');
    expect(text).toContain('pembuktiannya. Peserta didik');
    expect(text).toContain('dan Kesehatan Kerja Lingkungan Hidup (K3LH)');
    const tokens = new Set(text.toLowerCase().split(/[^\p{L}]+/u));
    for (const glued of GLUED_WORDS) expect(tokens.has(glued), glued).toBe(false);
  });

  it('the K13 Rapor Akademik: the published dimension names of A. Sikap and the K13 kelompok names', async () => {
    const k13 = kelompok.filter((k) => k.kurikulum === 2013).map((k) => k.nama_kelompok);
    const siswa = siswaRaporFixture({
      sikap: p5Dimensi.map((d) => ({ dimensi: d.dimensi, catatan: 'Selalu\nkonsisten.' })),
      kelompok: k13.map((nama, i) => ({
        nama,
        mapel: [
          { pembelajaranId: `b${i}`, mataPelajaranId: i, nama: mapelOdd[i] ?? '', nilai: 80, capaian: [] },
        ],
      })),
    });
    const kelas = raporKelasFixture({ merdeka: false }, '20242');
    const text = printed(await renderNilaiAkhir({ kelas, siswa, versi: '1' }));
    for (const d of p5Dimensi) expect(text).toContain(`${words(d.dimensi)} Selalu konsisten.`);
    for (const [i, nama] of k13.entries())
      expect(text).toContain(`${words(nama)} ${i + 1} ${words(mapelOdd[i] ?? '')} 80 -`);
  });

  it('SKL: the published programme names, subject and kelompok names and the region of the kop', async () => {
    const programmes = jurusanOdd();
    expect(programmes.some((j) => j.includes('\u00a0'))).toBe(true);
    const w = wilayahOdd();
    const kelas = raporKelasFixture({ tingkat: 12, kelulusan: true }, '20252');
    kelas.sekolah = { ...kelas.sekolah, ...w };
    const [umum] = kelompok.filter((k) => /^[A-Z]\. /.test(k.nama_kelompok));
    const transkrip = susunTranskrip([
      {
        semesterId: '20252',
        tingkat: 12,
        kelompok: [
          {
            nama: umum?.nama_kelompok ?? '',
            mapel: mapelOdd
              .slice(0, 12)
              .map((nama, k) => ({ mataPelajaranId: 1000 + k, nama, nilai: 80 + k })),
          },
        ],
      },
    ]);
    // One letter per pair of programme names (Program Keahlian, Konsentrasi Keahlian), grades shown.
    const items = Array.from({ length: Math.ceil(programmes.length / 2) }, (_, i) => ({
      doc: {
        kelas,
        siswa: siswaRaporFixture({ nama: `Siswa ${i + 1}` }),
        programKeahlian: programmes[2 * i] ?? null,
        konsentrasiKeahlian: programmes[2 * i + 1] ?? null,
        template: { ...effectiveTemplate(null), tampilkanNilai: true },
        tanggalLulus: '2026-05-05',
        nomor: `421.5/${i + 1}/SKL/2026`,
        versi: '1',
      },
      transkrip,
    }));
    const text = printed(await renderPdf(sklBulkDocument(items, 'SKL')));
    expect(text).toContain(`${words(w.kecamatan)}, ${words(w.kabupaten)}, ${words(w.provinsi)}`);
    expect(text).toContain(`${w.kecamatan.trim()}, ${w.kabupaten}`);
    for (const { doc } of items) {
      expect(text).toContain(
        `Program Keahlian : ${words(doc.programKeahlian ?? '')} Konsentrasi Keahlian : ${words(doc.konsentrasiKeahlian ?? '-')} Kelas`,
      );
    }
    expect(text).toContain(`${words(umum?.nama_kelompok ?? '')} 1 `);
    for (const [k, nama] of mapelOdd.slice(0, 12).entries())
      expect(text).toContain(`${k + 1} ${words(nama)} ${80 + k},00`);
  });

  it('UKK certificate: the published konsentrasi names, in Indonesian and as the English default', async () => {
    const programmes = jurusanOdd();
    const list: Sertifikat[] = programmes.map((jurusan, i) => ({
      nomor: `2026202123450012345678000${i}`,
      nama: `Siswa ${i + 1}`,
      nisn: '0012345678',
      sekolah: 'SMK Negeri 9 Contoh',
      merdeka: true,
      jurusanId: jurusan,
      // No English name set for the programme: the Indonesian one is printed (sertifikat-data.ts).
      jurusanEn: jurusan,
      paketId: 'Merakit\nJaringan Lokal',
      paketEn: 'Assembling a\u00a0Local Network',
      predikat: predikatUkk(85, 'dua') ?? { id: '', en: '' },
      masaBerlaku: masaBerlakuText(3),
      tempat: 'Bandung',
      tanggal: '5 Mei 2026',
      judulId: 'SERTIFIKAT UJI KOMPETENSI',
      judulEn: 'Certificate of Competency',
      logo: null,
      lambang: 'sekolah',
      latar: null,
      kepalaSekolah: { nama: 'Dr. Budi Santoso, M.Pd.', nomor: 'NIP. 197001012000031001', awalan: null },
      jabatan: 'Kepala Sekolah',
      internal: { nama: 'Sri Wahyuni, S.Kom.', nomor: 'NIP. -' },
      eksternal: { nama: 'Budi Instruktur', nomor: '-', dudi: 'PT Telkom\nAkses' },
      units: [
        {
          kode: 'J.611000.001.01',
          namaId: 'Memasang\nkabel jaringan',
          namaEn: 'Installing\u00a0network cables',
        },
      ],
    }));
    const text = printed(await renderPdf(sertifikatDocument(list)));
    for (const s of list)
      expect(text, s.jurusanId).toContain(
        `Konsentrasi Keahlian Skill Concentration : ${words(s.jurusanId)} ${words(s.jurusanEn)} Judul Penugasan`,
      );
    expect(text).toContain('Assignment Title : Merakit Jaringan Lokal Assembling a Local Network');
    expect(text).toContain('1 J.611000.001.01 Memasang kabel jaringan Installing network cables');
    expect(text).toContain('PT Telkom Akses');
  });
});

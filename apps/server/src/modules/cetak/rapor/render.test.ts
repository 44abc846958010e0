import { describe, expect, it } from 'vitest';
import {
  blackPng,
  findPhrase,
  inkedMargins,
  type PageImage,
  pdfImages,
  pdfPages,
  pdfText,
  pdfWords,
  signatureBlock,
} from '../../../test/pdf-text';
import { renderPdf } from '../pdf';
import { LOGO_BOX, renderCover, SIGNATURE_GAP } from './cover';
import { MARGIN } from './layout';
import { renderNilaiAkhir } from './nilai-akhir';
import { bulkDocument } from './render-worker';
import { raporKelasFixture as kelas, siswaRaporFixture as siswa } from './test-rapor';

/*
 * The renderer alone, on hand-made report data: nothing may be cut (a 2,000-character capaian and
 * 20 subjects come out whole over several pages), K13 and Genap sections appear with their letters.
 */

describe('Rapor Akademik renderer', () => {
  it('prints the PKL section first among the notes for a placed pupil, never in class X', async () => {
    const pkl = [{ mitra: 'PT Telkom Akses', lokasi: 'Jl. Asia Afrika 1', lamanya: 6, keterangan: 'Rajin' }];
    const xi = pdfText(await renderNilaiAkhir({ kelas: kelas(), siswa: siswa({ pkl }), versi: '1' })).text;
    expect(xi).toContain('A. Nilai Akademik');
    expect(xi).toContain('B. Praktik Kerja Lapangan');
    expect(xi).toContain('No Mitra DU/DI Lokasi Lamanya (bulan) Keterangan');
    expect(xi).toContain('1 PT Telkom Akses Jl. Asia Afrika 1 6 Rajin');
    // The later sections move one letter on (decision 031, §11 order: PKL first).
    expect(xi).toContain('C. Kokurikuler');
    expect(xi.indexOf('Praktik Kerja Lapangan')).toBeLessThan(xi.indexOf('Ekstrakurikuler'));
    const x = pdfText(
      await renderNilaiAkhir({
        kelas: kelas({ tingkat: 10, nama: 'X TKJ 1' }),
        siswa: siswa({ pkl }),
        versi: '1',
      }),
    ).text;
    expect(x).not.toContain('Praktik Kerja Lapangan');
    const unplaced = pdfText(await renderNilaiAkhir({ kelas: kelas(), siswa: siswa(), versi: '1' })).text;
    expect(unplaced).not.toContain('Praktik Kerja Lapangan');
  });

  it('prints a 2,000-character capaian and 20 subjects in full, over more than one page', async () => {
    // 2,000 characters of distinct words, so a lost line would be noticed.
    const words: string[] = [];
    for (let i = 1; words.join(' ').length < 2000; i++) words.push(`kata${i}`);
    const panjang = words
      .join(' ')
      .slice(0, 2000)
      .replace(/\s\S*$/, '');
    expect(panjang.length).toBeGreaterThan(1980);
    const mapel = Array.from({ length: 20 }, (_, i) => ({
      pembelajaranId: `b-${i}`,
      mataPelajaranId: 1000 + i,
      nama: `Mata Pelajaran Nomor ${i + 1}`,
      nilai: 70 + i,
      capaian: [i === 7 ? panjang : `Menunjukkan penguasaan yang baik dalam materi ke-${i + 1}.`],
    }));
    const pdf = await renderNilaiAkhir({
      kelas: kelas(),
      siswa: siswa({ kelompok: [{ nama: 'A. Kelompok Mata Pelajaran Umum', mapel }] }),
      versi: '1.2.3',
    });
    const { text, pages } = pdfText(pdf);
    expect(pages).toBeGreaterThan(2);
    for (const [i, m] of mapel.entries()) {
      expect(text, m.nama).toContain(`${i + 1} ${m.nama} ${m.nilai} ${m.capaian[0]}`);
    }
    // The header row is repeated on the page the table continues on.
    expect(text.split('No Mata Pelajaran Nilai Akhir Capaian Kompetensi').length - 1).toBeGreaterThan(1);
    expect(text).toContain('Ahmad Fauzi - XI TKJ 1 | 2 | Dicetak dari e-Rapor SMK v.1.2.3');
    expect(text).toContain('Sakit : 3 hari');

    // By pdftoppm: nothing is drawn in the 15 mm margins (top, left, right) of any page; the
    // footer lives in the bottom margin, below the content area.
    const dpi = 36;
    const images = pdfPages(pdf, dpi);
    expect(images.length).toBe(pages);
    expect(inkedMargins(images, dpi, MARGIN)).toEqual([]);
  });

  it('keeps the signature block whole on one page, Wali Kelas on the right, the head teacher centred', async () => {
    // Notes of growing length push the block across the page end at some length: it must move whole.
    const seen = new Set<number>();
    for (let lines = 0; lines <= 60; lines += 6) {
      const catatan = Array.from({ length: lines }, (_, i) => `Baris catatan ke-${i + 1}.`).join('\n');
      const pdf = await renderNilaiAkhir({
        kelas: kelas(),
        siswa: siswa({ catatanWali: catatan }),
        versi: '1',
      });
      const block = signatureBlock(pdfWords(pdf), {
        tempatTanggal: 'Bandung, 18 Desember 2026',
        wali: 'Sri Wahyuni, S.Kom.',
        nomorKepala: 'NIP. 197001012000031001',
      });
      expect(block.problems, `at ${lines} lines`).toEqual([]);
      if (block.page !== null) seen.add(block.page);
    }
    // The lengths tried did carry the block onto a later page at least once.
    expect(seen.size).toBeGreaterThan(1);
  });

  it('K13 prints A. Sikap first; a Genap graduating class prints its Status Kelulusan; letters run on', async () => {
    const pdf = await renderNilaiAkhir({
      kelas: kelas({ merdeka: false, tingkat: 12, kelulusan: true }, '20252'),
      siswa: siswa({
        sikap: [
          { dimensi: 'Beriman, bertakwa kepada Tuhan YME, dan berakhlak mulia', catatan: 'Selalu berdoa.' },
        ],
        kelompok: [
          {
            nama: 'A. Muatan Nasional',
            mapel: [
              {
                pembelajaranId: 'b-mtk',
                mataPelajaranId: 401000000,
                nama: 'Matematika',
                nilai: null,
                capaian: [],
              },
            ],
          },
        ],
        kenaikan: { status: 3, nama_kelas: null },
      }),
      versi: '1.2.3',
    });
    const { text } = pdfText(pdf);
    expect(text).toContain('A. Sikap');
    expect(text).toContain('Selalu berdoa.');
    expect(text).toContain('B. Nilai Akademik');
    expect(text).toContain('1 Matematika - -');
    expect(text).toContain('C. Kokurikuler');
    expect(text).toContain('D. Ekstrakurikuler');
    expect(text).toContain('E. Ketidakhadiran');
    expect(text).toContain('F. Catatan Wali Kelas');
    expect(text).toContain('G. Status Kelulusan');
    expect(text).toContain('LULUS');
  });

  it('prints the kelompok rows without their national letter: no "B. Kelompok" inside section A', async () => {
    const mapel = (i: number) => ({
      pembelajaranId: `b-${i}`,
      mataPelajaranId: 1000 + i,
      nama: `Mata Pelajaran ${i}`,
      nilai: 80,
      capaian: [],
    });
    const { text } = pdfText(
      await renderNilaiAkhir({
        kelas: kelas(),
        siswa: siswa({
          kelompok: [
            { nama: 'A. Kelompok Mata Pelajaran Umum', mapel: [mapel(1)] },
            { nama: 'B. Kelompok Mata Pelajaran Kejuruan', mapel: [mapel(2)] },
          ],
        }),
        versi: '1',
      }),
    );
    expect(text).toContain('A. Nilai Akademik No Mata Pelajaran Nilai Akhir Capaian Kompetensi');
    expect(text).toContain('Kelompok Mata Pelajaran Umum 1 Mata Pelajaran 1 80');
    expect(text).toContain('Kelompok Mata Pelajaran Kejuruan 2 Mata Pelajaran 2 80');
    expect(text).not.toContain('B. Kelompok');
    // The document's own letters stay the only ones: one section B.
    expect(text.match(/\bB\. /g)).toEqual(['B. ']);
    expect(text).toContain('B. Kokurikuler');
  });

  it('Merdeka before 20251: no Kokurikuler, no Catatan Wali Kelas, no Sikap', async () => {
    const { text } = pdfText(
      await renderNilaiAkhir({ kelas: kelas({}, '20242'), siswa: siswa(), versi: '1' }),
    );
    expect(text).toContain('A. Nilai Akademik');
    expect(text).toContain('B. Ekstrakurikuler');
    expect(text).toContain('C. Ketidakhadiran');
    expect(text).toContain('D. Kenaikan Kelas');
    expect(text).toContain('Belum dilakukan kenaikan kelas');
    expect(text).not.toContain('Kokurikuler');
    expect(text).not.toContain('Sikap');
  });
});

describe('Halaman Depan: the school logo', () => {
  const pngUrl = (w: number, h: number) => `data:image/png;base64,${blackPng(w, h).toString('base64')}`;
  /** The box of dark pixels (in points) in the top part of a page, above the title. */
  function darkBox(page: PageImage, dpi: number, untilPt: number) {
    const px = (pt: number) => Math.round((pt * dpi) / 72);
    let [x0, y0, x1, y1] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, -1, -1];
    for (let y = 0; y < px(untilPt); y++)
      for (let x = 0; x < page.width; x++)
        if (page.at(x, y) < 100) {
          x0 = Math.min(x0, x);
          y0 = Math.min(y0, y);
          x1 = Math.max(x1, x);
          y1 = Math.max(y1, y);
        }
    const pt = (p: number) => (p * 72) / dpi;
    return x1 < 0 ? null : { x0: pt(x0), y0: pt(y0), x1: pt(x1 + 1), y1: pt(y1 + 1) };
  }

  it('draws a wide logo top centre, fitted into its box with its proportions; the title page stays one page', async () => {
    const pdf = await renderCover({
      kelas: kelas({}, '20261', pngUrl(400, 200)),
      siswa: siswa(),
      versi: '1',
    });
    // pdfimages: one image, on page 1, the same resolution across and down (not distorted):
    // 400 px over 100 pt = 288 ppi.
    expect(pdfImages(pdf)).toMatchObject([{ page: 1, width: 400, height: 200, xPpi: 288, yPpi: 288 }]);
    const { text, pages } = pdfText(pdf);
    expect(pages).toBe(3);
    expect(text).toContain(
      'RAPOR PESERTA DIDIK SEKOLAH MENENGAH KEJURUAN (SMK) Nama Peserta Didik Ahmad Fauzi',
    );
    // pdftoppm: the black box is 100 × 50 pt, centred, inside the top margin's edge.
    const dpi = 72;
    const [first] = pdfPages(pdf, dpi);
    if (!first) throw new Error('no page');
    // Down to just above the title, which follows the logo.
    const title = pdfWords(pdf).find((w) => w.text === 'RAPOR');
    if (!title) throw new Error('no title');
    const box = darkBox(first, dpi, title.yMin - 1);
    if (!box) throw new Error('no logo drawn');
    expect(box.x1 - box.x0).toBeCloseTo(LOGO_BOX, -0.5);
    expect(box.y1 - box.y0).toBeCloseTo(LOGO_BOX / 2, -0.5);
    expect(Math.abs((box.x0 + box.x1) / 2 - 595.28 / 2)).toBeLessThan(2);
    expect(box.y0).toBeGreaterThanOrEqual(MARGIN);
    // A tall logo is fitted by its height.
    const tall = await renderCover({
      kelas: kelas({}, '20261', pngUrl(60, 240)),
      siswa: siswa(),
      versi: '1',
    });
    const [img] = pdfImages(tall);
    expect(img?.xPpi).toBe(img?.yPpi);
    expect(img?.yPpi).toBe(Math.round((240 * 72) / LOGO_BOX));
  });

  it('a class in one file (Cetak Semua) stores the logo once, however many covers draw it', async () => {
    const pupils = ['Ahmad Fauzi', 'Budi Santoso', 'Citra Lestari'].map((nama) => siswa({ nama }));
    const k = kelas({}, '20261', pngUrl(400, 200));
    const pdf = await renderPdf(bulkDocument(k, pupils, ['cover'], '1', 'Rapor XI TKJ 1'));
    const images = pdfImages(pdf);
    expect(images.map((i) => i.page)).toEqual([1, 4, 7]);
    expect(new Set(images.map((i) => i.objectId)).size).toBe(1);
  });

  it("leaves room between the photo box and the head teacher's signature text", async () => {
    const pdf = await renderCover({
      kelas: kelas(),
      siswa: siswa({ diterima: '2024-07-15' }),
      versi: '1',
    });
    const words = pdfWords(pdf);
    const tempat = findPhrase(words, 'Bandung, 15 Juli 2024');
    const pas = findPhrase(words, 'Pas Foto');
    if (!tempat || !pas) throw new Error('signature or photo box not found');
    expect(tempat.page).toBe(3);
    // pdftoppm: along the signature's first line, the photo box's right rule is the last ink left
    // of the signature text; the gap between them is the one set.
    const dpi = 144;
    const page = pdfPages(pdf, dpi)[2];
    if (!page) throw new Error('no page 3');
    const px = (pt: number) => Math.round((pt * dpi) / 72);
    const y = px(tempat.yMin + 4);
    let rule = -1;
    for (let x = px(pas.xMax); x < px(tempat.xMin) - 1; x++) if (page.at(x, y) < 160) rule = x;
    expect(rule).toBeGreaterThan(0);
    const gap = tempat.xMin - (rule * 72) / dpi;
    // Before: 1 pt (the box filled its column and the text began at the column's edge).
    expect(gap).toBeGreaterThanOrEqual(12);
    expect(Math.abs(gap - SIGNATURE_GAP)).toBeLessThan(4);
  });

  it('prints no image without a logo, and nothing else changes', async () => {
    const pdf = await renderCover({ kelas: kelas(), siswa: siswa(), versi: '1' });
    expect(pdfImages(pdf)).toEqual([]);
    const { text, pages } = pdfText(pdf);
    expect(pages).toBe(3);
    expect(text).toContain(
      'RAPOR PESERTA DIDIK SEKOLAH MENENGAH KEJURUAN (SMK) Nama Peserta Didik Ahmad Fauzi',
    );
    const [first] = pdfPages(pdf, 72);
    if (!first) throw new Error('no page');
    // Nothing dark above the title, which starts 110 pt down.
    expect(darkBox(first, 72, MARGIN + 100)).toBeNull();
  });
});

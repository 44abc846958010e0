import { susunTranskrip } from '@erapor/contract/cetak/transkrip';
import { mataPelajaranNasional } from '@erapor/reference-data/mata-pelajaran';
import { describe, expect, it } from 'vitest';
import { inkedMargins, pdfPages, pdfPageTexts, pdfText } from '../../../test/pdf-text';
import type { RaporKelas, SiswaRapor } from '../rapor/data';
import { MARGIN } from '../rapor/layout';
import { sekolahFixture } from '../rapor/test-rapor';
import type { TranskripDoc } from './data';
import { renderTranskrip } from './document';

/*
 * The transcript renderer alone, on hand-made data: a four-year programme's 8 semester columns fit
 * A4 portrait with their headers whole, 30 subjects run over two pages with the header row repeated,
 * the margins stay blank and the head teacher's block is printed whole after the table.
 */

const kelas: RaporKelas = {
  sekolah: sekolahFixture(),
  semester: { id: '20292', tahunPelajaran: '2029/2030', nama: '2 (Genap)', genap: true },
  kelas: { id: 'k', nama: 'XIII TKJ 1', tingkat: 13, merdeka: true, fase: 'F', kelulusan: true },
  tempat: 'Bandung',
  tanggal: '8 Mei 2030',
  wali: null,
  kepalaSekolah: { nama: 'Dr. Budi Santoso, M.Pd.', nomor: 'NIP. 197001012000031001', awalan: 'Plt.' },
  jabatan: 'Kepala Sekolah',
  siswa: [],
};
const siswa = { anggotaRombelId: 'a', nama: 'Ahmad Fauzi', nis: '2324001', nisn: '0081234567' } as SiswaRapor;

function doc(subjects: number, names?: readonly string[]): TranskripDoc {
  const years = [2026, 2027, 2028, 2029];
  const semesters = years.flatMap((y, i) =>
    [1, 2].map((h) => ({
      semesterId: `${y}${h}`,
      tingkat: 10 + i,
      kelompok: [
        {
          nama: 'B. Kelompok Mata Pelajaran Kejuruan',
          mapel: Array.from({ length: subjects }, (_, k) => ({
            mataPelajaranId: 1000 + k,
            nama: names?.[k] ?? `Mata Pelajaran Kejuruan Nomor ${k + 1} dengan Nama Panjang`,
            // Subject 1 only in class X; the others every semester.
            nilai: k === 0 && i > 0 ? null : 70 + ((k + i * 2 + h) % 25),
          })),
        },
      ],
    })),
  );
  return {
    kelas,
    siswa,
    transkrip: susunTranskrip(semesters),
    kolom: semesters.map((s) => ({ tahunPelajaran: `${s.semesterId.slice(0, 4)}/x`, rombel: 'r' })),
    versi: '1',
  };
}

describe('Transkrip Nilai renderer', () => {
  it('8 semester columns: every header whole ("Smt 1" … "Smt 8"), every subject, the averages', async () => {
    const pdf = await renderTranskrip(doc(12));
    const { text } = pdfText(pdf);
    for (let n = 1; n <= 8; n++) expect(text).toContain(`Smt ${n}`);
    for (let k = 1; k <= 12; k++)
      expect(text).toContain(`Mata Pelajaran Kejuruan Nomor ${k} dengan Nama Panjang`);
    // Subject 1: class X only (two grades), blank afterwards; its average of the two.
    const first = doc(12).transkrip.kelompok[0]?.mapel[0];
    expect(first?.nilai.filter((v) => v !== null)).toHaveLength(2);
    expect(text).toMatch(/Nomor 1 dengan Nama Panjang \d+ \d+ \d+,\d\d 2 Mata/);
    expect(text).toContain('Bandung, 8 Mei 2030');
    expect(text).toContain('Plt. Dr. Budi Santoso, M.Pd.');
  });

  it('30 subjects run over two pages with the header row repeated; margins blank; the signature after the table', async () => {
    const pdf = await renderTranskrip(doc(30));
    const pages = pdfPageTexts(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages) expect(page).toContain('Mata Pelajaran Smt 1');
    const last = pages[pages.length - 1] ?? '';
    expect(last).toContain('Kepala Sekolah');
    expect(last).toContain('NIP. 197001012000031001');
    expect(last.indexOf('Rata-rata', last.indexOf('Nomor 30'))).toBeLessThan(last.indexOf('Kepala Sekolah'));
    for (const [i, page] of pages.entries()) expect(page).toContain(`Ahmad Fauzi - XIII TKJ 1 | ${i + 1} |`);
    const dpi = 36;
    expect(inkedMargins(pdfPages(pdf, dpi), dpi, MARGIN)).toEqual([]);
  });

  it('prints the national subject names word by word as published, their odd spaces tidied (decision 056)', async () => {
    // The published names with a trailing space or a no-break space, and a few ordinary ones.
    const odd = mataPelajaranNasional.map((m) => m.nama).filter((n) => /\s$|\u00a0|\s\s/.test(n));
    expect(odd.length).toBeGreaterThan(0);
    const names = [...odd, ...mataPelajaranNasional.slice(0, 10).map((m) => m.nama)];
    const { text } = pdfText(await renderTranskrip(doc(names.length, names)));
    for (const [i, nama] of names.entries())
      expect(text, nama).toContain(`${i + 1} ${nama.trim().split(/\s+/).join(' ')} `);
  });
});

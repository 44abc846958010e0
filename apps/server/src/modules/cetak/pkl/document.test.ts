import { describe, expect, it } from 'vitest';
import { pdfText, pdfWords } from '../../../test/pdf-text';
import type { RaporPkl } from './data';
import { renderRaporPkl } from './document';
import { raporPklFixture } from './test-rapor';

const plan = raporPklFixture;

describe('Rapor PKL renderer', () => {
  it('prints 20 long TPs and a 1,000-character catatan in full; both signatures together on the last page', async () => {
    const nilai = Array.from({ length: 20 }, (_, i) => ({
      tp: `Tujuan pembelajaran nomor ${i + 1} tentang instalasi, konfigurasi dan perawatan jaringan pelanggan`,
      nilai: 70 + i,
      deskripsi: `Deskripsi capaian ke-${i + 1}: menunjukkan penguasaan yang baik dalam pekerjaan di lapangan`,
    }));
    const words: string[] = [];
    for (let i = 1; words.join(' ').length < 1000; i++) words.push(`catatan${i}`);
    const catatan = words
      .join(' ')
      .slice(0, 1000)
      .replace(/\s\S*$/, '');
    const p = plan({ nilai, catatan });
    const pdf = await renderRaporPkl(p, p.siswa[0] as RaporPkl['siswa'][number]);
    const { text, pages } = pdfText(pdf);
    expect(pages).toBeGreaterThan(1);
    for (const [i, n] of nilai.entries())
      expect(text).toContain(`${i + 1} ${n.tp} ${n.nilai} ${n.deskripsi}`);
    expect(text).toContain(catatan);
    // The header row repeats on the page the table continues on.
    expect(text.split('No Tujuan Pembelajaran Skor Deskripsi').length - 1).toBeGreaterThan(1);
    expect(text).toContain('Ahmad Fauzi - XII TJKT 1 | 2 | Dicetak dari e-Rapor SMK v.1');
    // The school's staff number for the supervisor; "NIP. -" for an instructor without one.
    expect(text).toContain('NUPTK. 1234567890123456');
    expect(text).toContain('NIP. -');
    const all = pdfWords(pdf);
    const last = (w: string) => all.filter((x) => x.text === w).at(-1)?.page;
    expect(last('Guru')).toBe(pages);
    expect(last('Dunia')).toBe(pages);
    expect(last('1234567890123456')).toBe(pages);
  });
});

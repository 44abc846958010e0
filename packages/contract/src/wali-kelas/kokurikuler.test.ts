import { describe, expect, it } from 'vitest';
import { CATATAN_MAX } from './catatan';
import { DIMENSI_PROFIL_LULUSAN, daftarIndonesia, draftKokurikuler } from './kokurikuler';

describe('Dimensi Profil Lulusan (Permendikdasmen 13/2025)', () => {
  it('has the eight dimensions in the regulation order', () => {
    expect(DIMENSI_PROFIL_LULUSAN.map((d) => d.nama)).toEqual([
      'keimanan dan ketakwaan terhadap Tuhan YME',
      'kewargaan',
      'penalaran kritis',
      'kreativitas',
      'kolaborasi',
      'kemandirian',
      'kesehatan',
      'komunikasi',
    ]);
  });
});

describe('daftarIndonesia', () => {
  it('joins one, two and more items the Indonesian way', () => {
    expect(daftarIndonesia([])).toBe('');
    expect(daftarIndonesia(['a'])).toBe('a');
    expect(daftarIndonesia(['a', 'b'])).toBe('a dan b');
    expect(daftarIndonesia(['a', 'b', 'c'])).toBe('a, b, dan c');
  });
});

describe('draftKokurikuler', () => {
  const lead = 'Melalui kegiatan kokurikuler, ananda menunjukkan perkembangan yang baik pada dimensi ';
  it('drafts nothing when nothing is ticked', () => {
    expect(draftKokurikuler([])).toBe('');
    expect(draftKokurikuler(['bukan-dimensi'])).toBe('');
  });

  it('names one and two dimensions', () => {
    expect(draftKokurikuler(['kolaborasi'])).toBe(`${lead}kolaborasi.`);
    expect(draftKokurikuler(['komunikasi', 'keimanan'])).toBe(
      `${lead}keimanan dan ketakwaan terhadap Tuhan YME dan komunikasi.`,
    );
  });

  it('keeps the regulation order whatever the ticking order, each dimension once', () => {
    expect(draftKokurikuler(['kesehatan', 'kewargaan', 'penalaran_kritis', 'kewargaan'])).toBe(
      `${lead}kewargaan, penalaran kritis, dan kesehatan.`,
    );
  });

  it('stays within the note length with all eight', () => {
    const all = draftKokurikuler(DIMENSI_PROFIL_LULUSAN.map((d) => d.kode));
    expect(all).toBe(
      `${lead}keimanan dan ketakwaan terhadap Tuhan YME, kewargaan, penalaran kritis, kreativitas, ` +
        'kolaborasi, kemandirian, kesehatan, dan komunikasi.',
    );
    expect(all.length).toBeLessThan(CATATAN_MAX);
  });
});

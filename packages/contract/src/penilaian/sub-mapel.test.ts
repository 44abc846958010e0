import { describe, expect, it } from 'vitest';
import { subMapelDeskripsi, subMapelNilai } from './sub-mapel';

const part = (nama: string, nilai: number | null) => ({ nama, nilai });

describe('subMapelNilai (hand-computed)', () => {
  it('rounds the mean of the own grade and the children half away from zero', () => {
    // (80 + 85 + 90) / 3 = 85
    expect(subMapelNilai(part('Induk', 80), [part('A', 85), part('B', 90)])).toEqual({
      nilai: 85,
      missing: [],
    });
    // (80 + 81) / 2 = 80.5 → 81
    expect(subMapelNilai(part('Induk', 80), [part('A', 81)])).toEqual({ nilai: 81, missing: [] });
    // (70 + 71 + 71) / 3 = 70.67 → 71; (70 + 70 + 71) / 3 = 70.33 → 70
    expect(subMapelNilai(part('Induk', 70), [part('A', 71), part('B', 71)]).nilai).toBe(71);
    expect(subMapelNilai(part('Induk', 70), [part('A', 70), part('B', 71)]).nilai).toBe(70);
    expect(subMapelNilai(part('Induk', 0), [part('A', 100)]).nilai).toBe(50);
  });

  it('gives no grade when a part is missing, and names every missing part (no hidden 0)', () => {
    expect(subMapelNilai(part('Induk', 80), [part('A', null), part('B', 90)])).toEqual({
      nilai: null,
      missing: ['A'],
    });
    expect(subMapelNilai(part('Induk', null), [part('A', null)])).toEqual({
      nilai: null,
      missing: ['Induk', 'A'],
    });
  });

  it('needs at least one child', () => {
    expect(subMapelNilai(part('Induk', 80), [])).toEqual({ nilai: null, missing: [] });
  });
});

describe('subMapelDeskripsi', () => {
  it('puts the own text first, then the children joined with commas', () => {
    expect(subMapelDeskripsi('Menguasai dasar gambar', ['teknik sketsa.', 'pewarnaan'])).toBe(
      'Menguasai dasar gambar. teknik sketsa, pewarnaan.',
    );
  });

  it('leaves out blank parts and never doubles the full stop', () => {
    expect(subMapelDeskripsi('Baik.', [null, '  '])).toBe('Baik.');
    expect(subMapelDeskripsi(null, ['A', 'B'])).toBe('A, B.');
    expect(subMapelDeskripsi('  ', [null])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  formatRataRata,
  nomorSemester,
  rataRata,
  type SemesterTranskripInput,
  susunTranskrip,
} from './transkrip';

// Every expected value below is worked out by hand in the comment beside it.

describe('rataRata', () => {
  it('is the mean of the grades that exist; a missing semester is left out, not counted as 0', () => {
    expect(rataRata([80, null, 90])).toBe(85); // (80 + 90) / 2
    expect(rataRata([null, 77, undefined])).toBe(77);
    expect(rataRata([])).toBeNull();
    expect(rataRata([null, null])).toBeNull();
    expect(rataRata([0, 100])).toBe(50); // a real 0 counts
  });

  it('rounds half away from zero to 2 decimals', () => {
    expect(rataRata([82, 82, 82, 82, 82, 82, 82, 83])).toBe(82.13); // 657 / 8 = 82.125
    expect(rataRata([82, 82, 82, 82, 82, 83, 83, 83])).toBe(82.38); // 659 / 8 = 82.375
    expect(rataRata([80, 81, 81, 81, 81, 81, 81, 81])).toBe(80.88); // 647 / 8 = 80.875
    expect(rataRata([70, 71, 71])).toBe(70.67); // 212 / 3 = 70.666…
    expect(rataRata([70, 70, 71])).toBe(70.33); // 211 / 3 = 70.333…
    expect(rataRata([-1, -2])).toBe(-1.5); // sign kept (never a grade; the rule is symmetric)
    expect(rataRata([-82.12, -82.13])).toBe(-82.13); // -82.125 away from zero
  });

  it('is not fooled by binary fractions', () => {
    // (1 + 1.01) / 2 = 1.005, which is 1.00499999… as a double: naive rounding gives 1.00.
    expect(Math.round(((1 + 1.01) / 2) * 100) / 100).toBe(1);
    expect(rataRata([1, 1.01])).toBe(1.01);
    // (80.12 + 80.13) / 2 = 80.125 → 80.13; 0.1 + 0.2 style sums stay exact.
    expect(rataRata([80.12, 80.13])).toBe(80.13);
    expect(rataRata([0.1, 0.2])).toBe(0.15);
  });

  it('prints two decimals, and nothing for no grade', () => {
    expect(formatRataRata(82.1)).toBe('82,10');
    expect(formatRataRata(85)).toBe('85,00');
    expect(formatRataRata(82.13)).toBe('82,13');
    expect(formatRataRata(null)).toBe('');
  });
});

describe('nomorSemester', () => {
  it('numbers a three-year programme 1–6 and a four-year one up to 8', () => {
    expect(nomorSemester(10, '20241')).toBe(1);
    expect(nomorSemester(10, '20242')).toBe(2);
    expect(nomorSemester(11, '20251')).toBe(3);
    expect(nomorSemester(12, '20262')).toBe(6);
    expect(nomorSemester(13, '20271')).toBe(7);
    expect(nomorSemester(13, '20272')).toBe(8);
  });
});

const A = 'A. Kelompok Mata Pelajaran Umum';
const B = 'B. Kelompok Mata Pelajaran Kejuruan';
const sem = (
  semesterId: string,
  tingkat: number,
  kelompok: [string, [number, string, number | null][]][],
): SemesterTranskripInput => ({
  semesterId,
  tingkat,
  kelompok: kelompok.map(([nama, mapel]) => ({
    nama,
    mapel: mapel.map(([mataPelajaranId, n, nilai]) => ({ mataPelajaranId, nama: n, nilai })),
  })),
});

describe('susunTranskrip', () => {
  it('one column per semester, oldest first, rows keyed by mata_pelajaran_id; a subject of class X only keeps blanks later', () => {
    const t = susunTranskrip([
      // given newest first on purpose: the columns are sorted
      sem('20252', 11, [
        [
          A,
          [
            [100, 'Pendidikan Agama Islam', 84],
            [200, 'Bahasa Indonesia', 80],
          ],
        ],
        [B, [[300, 'Dasar Program Keahlian', null]]],
      ]),
      sem('20251', 11, [
        [
          A,
          [
            [100, 'Pendidikan Agama Islam', 81],
            [200, 'Bahasa Indonesia', 79],
          ],
        ],
        [B, [[300, 'Dasar Program Keahlian', 90]]],
      ]),
      sem('20242', 10, [
        [
          A,
          [
            [100, 'Pendidikan Agama dan Budi Pekerti', 80],
            [200, 'Bahasa Indonesia', 78],
            [400, 'Sejarah', 75],
          ],
        ],
        [
          B,
          [
            [300, 'Dasar Program Keahlian', 85],
            [500, 'Informatika', 88],
          ],
        ],
      ]),
    ]);
    expect(t.semester.map((s) => [s.semesterId, s.nomor])).toEqual([
      ['20242', 2],
      ['20251', 3],
      ['20252', 4],
    ]);
    const rows = t.kelompok.map((k) => [
      k.nama,
      k.mapel.map((m) => [m.mataPelajaranId, m.nama, m.nilai, m.rataRata]),
    ]);
    expect(rows).toEqual([
      [
        A,
        [
          [100, 'Pendidikan Agama Islam', [80, 81, 84], 81.67], // 245 / 3 = 81.666…; the newest name
          [200, 'Bahasa Indonesia', [78, 79, 80], 79], // 237 / 3
          [400, 'Sejarah', [75, null, null], 75], // class X only
        ],
      ],
      [
        B,
        [
          [300, 'Dasar Program Keahlian', [85, 90, null], 87.5], // ungraded in 20252: (85 + 90) / 2
          [500, 'Informatika', [88, null, null], 88],
        ],
      ],
    ]);
    // 20242: 80+78+75+85+88 = 406 / 5 = 81.2; 20251: 81+79+90 = 250 / 3 = 83.333…; 20252: 84+80 = 164 / 2 = 82
    expect(t.rataRataSemester).toEqual([81.2, 83.33, 82]);
    // subjects' printed averages: 81.67 + 79 + 75 + 87.5 + 88 = 411.17 / 5 = 82.234 → 82.23
    expect(t.rataRataTotal).toBe(82.23);
  });

  it('a four-year programme has 8 columns, numbered 1–8', () => {
    const years = ['2023', '2024', '2025', '2026'];
    const semesters = years.flatMap((y, i) =>
      ['1', '2'].map((h, j) => sem(`${y}${h}`, 10 + i, [[B, [[300, 'Kejuruan', 70 + i * 2 + j]]]])),
    );
    const t = susunTranskrip(semesters);
    expect(t.semester.map((s) => s.nomor)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // 70 71 72 73 74 75 76 77 = 588 / 8 = 73.5
    expect(t.kelompok[0]?.mapel[0]?.nilai).toEqual([70, 71, 72, 73, 74, 75, 76, 77]);
    expect(t.kelompok[0]?.mapel[0]?.rataRata).toBe(73.5);
    expect(t.rataRataTotal).toBe(73.5);
  });

  it('overall average of averages ending in .xx5 rounds up, never on a binary fraction', () => {
    // subject 1: 1 / 1 = 1; subject 2: (1 + 1.02) / 2 = 1.01 → overall (1 + 1.01) / 2 = 1.005 → 1.01
    const t = susunTranskrip([
      sem('20241', 10, [
        [
          A,
          [
            [1, 'Satu', 1],
            [2, 'Dua', 1],
          ],
        ],
      ]),
      sem('20242', 10, [[A, [[2, 'Dua', 1.02]]]]),
    ]);
    expect(t.kelompok[0]?.mapel.map((m) => [m.nama, m.rataRata])).toEqual([
      ['Dua', 1.01], // the newest card's order first
      ['Satu', 1],
    ]);
    expect(t.rataRataTotal).toBe(1.01);
  });

  it('no grade at all: blank averages, not 0', () => {
    const t = susunTranskrip([sem('20261', 10, [[A, [[200, 'Bahasa Indonesia', null]]]])]);
    expect(t.kelompok[0]?.mapel[0]?.rataRata).toBeNull();
    expect(t.rataRataSemester).toEqual([null]);
    expect(t.rataRataTotal).toBeNull();
    expect(susunTranskrip([]).rataRataTotal).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { countProgress, formatPercent, isExpected, percentDone, statusOf, sumProgress } from './counting';

const MATEMATIKA = 401000000;
const AGAMA_ISLAM = 100011070; // pupils with agama 1
const ISLAM = 1;
const KRISTEN = 2;

describe('isExpected', () => {
  it('expects every live member in an ordinary subject, whatever their religion', () => {
    expect(isExpected(MATEMATIKA, { agamaId: KRISTEN, left: false })).toBe(true);
    expect(isExpected(MATEMATIKA, { agamaId: null, left: false })).toBe(true);
  });
  it('expects only the pupils of its religion in a religion subject', () => {
    expect(isExpected(AGAMA_ISLAM, { agamaId: ISLAM, left: false })).toBe(true);
    expect(isExpected(AGAMA_ISLAM, { agamaId: KRISTEN, left: false })).toBe(false);
    expect(isExpected(AGAMA_ISLAM, { agamaId: null, left: false })).toBe(false);
  });
  it('never expects a pupil who left', () => {
    expect(isExpected(MATEMATIKA, { agamaId: ISLAM, left: true })).toBe(false);
    expect(isExpected(AGAMA_ISLAM, { agamaId: ISLAM, left: true })).toBe(false);
  });
});

describe('countProgress', () => {
  // 5 pupils: 3 Islam (one left, graded), 2 Kristen (one graded in Agama Islam by mistake).
  const pupils = [
    { agamaId: ISLAM, left: false, hasNilaiAkhir: true },
    { agamaId: ISLAM, left: false, hasNilaiAkhir: false },
    { agamaId: ISLAM, left: true, hasNilaiAkhir: true },
    { agamaId: KRISTEN, left: false, hasNilaiAkhir: true },
    { agamaId: KRISTEN, left: false, hasNilaiAkhir: false },
  ];
  it('counts the religion subject over its believers only, without the pupil who left', () => {
    // expected: the two live Islam pupils; dinilai: the first (the Kristen grade does not count).
    expect(countProgress(AGAMA_ISLAM, pupils)).toEqual({ expected: 2, dinilai: 1 });
  });
  it('counts an ordinary subject over every live member', () => {
    // expected: 4 live pupils; dinilai: pupils 1 and 4.
    expect(countProgress(MATEMATIKA, pupils)).toEqual({ expected: 4, dinilai: 2 });
  });
  it('adds rows up', () => {
    expect(
      sumProgress([
        { expected: 2, dinilai: 1 },
        { expected: 4, dinilai: 2 },
      ]),
    ).toEqual({ expected: 6, dinilai: 3 });
    expect(sumProgress([])).toEqual({ expected: 0, dinilai: 0 });
  });
});

describe('percentDone', () => {
  it('has one decimal, half away from zero', () => {
    expect(percentDone(2, 3)).toBe(66.7); // 66.666…
    expect(percentDone(1, 3)).toBe(33.3); // 33.333…
    expect(percentDone(1, 8)).toBe(12.5); // exact
    expect(percentDone(1, 16)).toBe(6.3); // 6.25 → 6.3
    expect(percentDone(1, 80)).toBe(1.3); // 1.25 → 1.3
    expect(percentDone(1, 400)).toBe(0.3); // 0.25 → 0.3
    expect(percentDone(3, 7)).toBe(42.9); // 42.857…
    expect(percentDone(0, 5)).toBe(0);
    expect(percentDone(5, 5)).toBe(100);
  });
  it('is null when nothing is expected', () => {
    expect(percentDone(0, 0)).toBeNull();
  });
  it('never goes past 100', () => {
    expect(percentDone(6, 5)).toBe(100);
  });
});

describe('formatPercent', () => {
  it('uses the Indonesian decimal comma and "-" for nothing expected', () => {
    expect(formatPercent(66.7)).toBe('66,7');
    expect(formatPercent(100)).toBe('100,0');
    expect(formatPercent(0)).toBe('0,0');
    expect(formatPercent(null)).toBe('-');
  });
});

describe('statusOf', () => {
  it('says Belum dinilai, Sebagian or Lengkap, and nothing when nothing is expected', () => {
    expect(statusOf(0, 30)).toBe('belum');
    expect(statusOf(1, 30)).toBe('sebagian');
    expect(statusOf(29, 30)).toBe('sebagian');
    expect(statusOf(30, 30)).toBe('lengkap');
    expect(statusOf(0, 0)).toBeNull();
  });
});

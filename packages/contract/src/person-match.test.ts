import { describe, expect, it } from 'vitest';
import { normalizeName, normalizeNisn, sameName, sameNisn } from './person-match';

describe('names as a person reads them', () => {
  it('ignores case, outer and doubled spaces, and non-breaking spaces', () => {
    expect(sameName('Syahril Nugraha', '  SYAHRIL   nugraha ')).toBe(true);
    expect(sameName('Syahril Nugraha', 'Syahril\u00A0Nugraha')).toBe(true);
    expect(normalizeName(' Dewi\tAyu  Lestari ')).toBe('dewi ayu lestari');
  });
  it("unifies the apostrophes autocorrect makes (Ma’ruf, Ma‘ruf, Ma`ruf, Maʼruf = Ma'ruf)", () => {
    for (const v of ['Ma’ruf', 'Ma‘ruf', 'Ma`ruf', 'Maʼruf', 'Ma´ruf'])
      expect(sameName(v, "Ma'ruf"), v).toBe(true);
    expect(sameName('“Udin”', '"Udin"')).toBe(true);
  });
  it('still tells different people apart', () => {
    expect(sameName('Syahril Nugraha', 'Syahril Nugroho')).toBe(false);
    expect(sameName('Ahmad', 'Ahmad Fauzi')).toBe(false);
    expect(sameName("Ma'ruf", 'Maruf')).toBe(false);
  });
});

describe('NISN as ten digits', () => {
  it('restores the leading zeros a spreadsheet dropped', () => {
    expect(normalizeNisn('107437649')).toBe('0107437649');
    expect(normalizeNisn('0107437649')).toBe('0107437649');
    expect(normalizeNisn(' 0107 437 649 ')).toBe('0107437649');
    expect(sameNisn('107437649', '0107437649')).toBe(true);
  });
  it('never matches an empty NISN or a different one', () => {
    expect(sameNisn('', '')).toBe(false);
    expect(sameNisn('0107437649', '0107437648')).toBe(false);
    expect(normalizeNisn('12345678901')).toBe('12345678901');
    expect(normalizeNisn('abc')).toBe('abc');
  });
});

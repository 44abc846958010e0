import { p5Elemen, p5SubElemen } from '@erapor/reference-data/p5';
import { describe, expect, it } from 'vitest';
import { dimensiNoOfKode } from './dimensi';
import { checkOpsi, P5_NILAI_MESSAGES } from './penilaian';
import { faseOf, isNewPpa, isOfferedOpsi, offeredOpsi, P5_OPSI_ORDER, p5Writable } from './rules';

describe('isNewPpa: semester_id ≥ 20251', () => {
  it('2024/2025 Genap (20242) is the old regime, 2025/2026 Ganjil (20251) the new one', () => {
    expect(isNewPpa('20242')).toBe(false);
    expect(isNewPpa('20251')).toBe(true);
    expect(isNewPpa('20252')).toBe(true);
    expect(isNewPpa('20231')).toBe(false);
  });
  it('P5 is writable only before 20251', () => {
    expect(p5Writable('20242')).toBe(true);
    expect(p5Writable('20251')).toBe(false);
  });
});

describe('faseOf: E for tingkat 10, else F', () => {
  it.each([
    [10, 'E'],
    [11, 'F'],
    [12, 'F'],
    [13, 'F'],
  ])('tingkat %i → %s', (tingkat, fase) => {
    expect(faseOf(tingkat)).toBe(fase);
  });
});

describe('the offered scale', () => {
  it('is MB (2), SB (5), BSH (3), SAB (4) in that order; BB (1) is never offered', () => {
    expect(P5_OPSI_ORDER).toEqual([2, 5, 3, 4]);
    expect(isOfferedOpsi(1)).toBe(false);
    expect(isOfferedOpsi(9)).toBe(false);
    expect(isOfferedOpsi(5)).toBe(true);
  });
  it('sorts rows into that order and drops BB', () => {
    const rows = [1, 2, 3, 4, 5].map((opsi_id) => ({ opsi_id }));
    expect(offeredOpsi(rows).map((r) => r.opsi_id)).toEqual([2, 5, 3, 4]);
  });
});

/*
 * Hand-read from the element names of p5.xlsx (not from the published kode_dimensi, which is off):
 * elements 1–5 "Akhlak …" → 1 Beriman; 6–9 budaya / kebinekaan / keadilan sosial → 4 Berkebinekaan
 * global; 10–12 Kolaborasi, Kepedulian, Berbagi → 6 Bergotong-royong; 13–14 Pemahaman diri,
 * Regulasi diri → 3 Mandiri; 15–17 informasi, penalaran, refleksi pemikiran → 2 Bernalar kritis;
 * 18–20 gagasan, karya, keluwesan berpikir → 5 Kreatif. Hence the 42 sub-elements by their `no`:
 */
const EXPECTED_DIMENSI_OF_SUB_ELEMEN: Record<number, number[]> = {
  1: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  4: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21],
  6: [22, 23, 24, 25, 26, 27, 28],
  3: [29, 30, 31, 32, 33, 34, 35],
  2: [36, 37, 38, 39],
  5: [40, 41, 42],
};

describe('sub-element → dimension through P5_KODE_DIMENSI_TO_NO', () => {
  const expected = new Map(
    Object.entries(EXPECTED_DIMENSI_OF_SUB_ELEMEN).flatMap(([dim, subs]) =>
      subs.map((s) => [s, Number(dim)]),
    ),
  );
  it('the hand-read table covers all 42 sub-elements', () => {
    expect(p5SubElemen).toHaveLength(42);
    expect(expected.size).toBe(42);
  });
  it.each(p5SubElemen.map((s) => [s.no, s]))('sub-element %i sits under its dimension', (_no, s) => {
    expect(dimensiNoOfKode(s.kode_dimensi)).toBe(expected.get(s.no));
  });
  it('each element sits under the dimension of its sub-elements', () => {
    for (const s of p5SubElemen) {
      const el = p5Elemen.find((e) => e.no === s['kede elemen']);
      expect(el && dimensiNoOfKode(el.kode_dimensi)).toBe(expected.get(s.no));
    }
  });
  it('refuses an unknown kode', () => {
    expect(() => dimensiNoOfKode(7)).toThrow();
  });
});

describe('checkOpsi: what a P5 cell takes', () => {
  it('codes, names and stored ids of MB, SB, BSH, SAB, in any case; empty is no score', () => {
    expect(checkOpsi('MB')).toEqual({ ok: true, value: 2 });
    expect(checkOpsi(' sb ')).toEqual({ ok: true, value: 5 });
    expect(checkOpsi('Berkembang  sesuai harapan')).toEqual({ ok: true, value: 3 });
    expect(checkOpsi(4)).toEqual({ ok: true, value: 4 });
    expect(checkOpsi('')).toEqual({ ok: true, value: null });
    expect(checkOpsi(null)).toEqual({ ok: true, value: null });
  });
  it('refuses BB (opsi 1) with its own message, and anything else (9, "A")', () => {
    expect(checkOpsi(1)).toEqual({ ok: false, message: P5_NILAI_MESSAGES.opsiBb });
    expect(checkOpsi('BB')).toEqual({ ok: false, message: P5_NILAI_MESSAGES.opsiBb });
    expect(checkOpsi(9)).toEqual({ ok: false, message: P5_NILAI_MESSAGES.opsiInvalid });
    expect(checkOpsi('A')).toEqual({ ok: false, message: P5_NILAI_MESSAGES.opsiInvalid });
  });
});

import { describe, expect, it } from 'vitest';
import {
  agamaOfMapel,
  checkKompeten,
  checkScore,
  DESKRIPSI_PREFIX,
  deskripsiCapaian,
  formatHundredths,
  isActivePembelajaran,
  isGradablePembelajaran,
  isMerdeka,
  isPrintedPembelajaran,
  KOMPETEN_MESSAGE,
  kompetensiNilaiAkhir,
  nilaiAsesmen,
  nilaiSumatifAkhirSemester,
  nilaiSumatifLingkupMateri,
  roundDiv,
  SCORE_MESSAGES,
  slmFromTotals,
  takesMapel,
  tpPhrase,
} from './rules';

const repeat = (value: number, times: number) => new Array<number>(times).fill(value);

describe('roundDiv (half away from zero, exact)', () => {
  it('rounds halves away from zero and everything else to the nearest', () => {
    expect(roundDiv(1, 2)).toBe(1); // 0.5
    expect(roundDiv(3, 2)).toBe(2); // 1.5
    expect(roundDiv(5, 2)).toBe(3); // 2.5 (not banker's 2)
    expect(roundDiv(-3, 2)).toBe(-2); // -1.5
    expect(roundDiv(7, 3)).toBe(2); // 2.33
    expect(roundDiv(8, 3)).toBe(3); // 2.67
    expect(roundDiv(0, 7)).toBe(0);
  });
  it('refuses fractions and a non-positive denominator', () => {
    expect(() => roundDiv(1.5, 2)).toThrow(RangeError);
    expect(() => roundDiv(1, 0)).toThrow(RangeError);
  });
  it('formats hundredths', () => {
    expect(formatHundredths(8033)).toBe('80.33');
    expect(formatHundredths(8005)).toBe('80.05');
    expect(formatHundredths(10000)).toBe('100.00');
    expect(formatHundredths(0)).toBe('0.00');
  });
});

describe('nilaiSumatifLingkupMateri (mean of TP scores, 2 decimals)', () => {
  it('is the mean in hundredths', () => {
    expect(nilaiSumatifLingkupMateri([80, 81])).toBe(8050); // 80.50
    expect(nilaiSumatifLingkupMateri([80, 80, 81])).toBe(8033); // 80.333…
    expect(nilaiSumatifLingkupMateri([80, 81, 81])).toBe(8067); // 80.666…
    expect(nilaiSumatifLingkupMateri([100])).toBe(10000);
    expect(nilaiSumatifLingkupMateri([0, 0])).toBe(0);
  });
  it('rounds an exact x.xx5 up in decimal, where binary floating point goes down', () => {
    // 200 scores summing to 16001: mean 80.005 exactly → 80.01 (toFixed(2) says "80.00").
    const scores = [...repeat(80, 199), 81];
    expect(scores.reduce((a, b) => a + b, 0)).toBe(16001);
    expect(nilaiSumatifLingkupMateri(scores)).toBe(8001);
    expect((16001 / 200).toFixed(2)).toBe('80.00');
    // 40 scores summing to 3213: mean 80.325 → 80.33.
    const forty = [...repeat(80, 27), ...repeat(81, 13)];
    expect(forty.reduce((a, b) => a + b, 0)).toBe(3213);
    expect(nilaiSumatifLingkupMateri(forty)).toBe(8033);
  });
  it('is null without any scored TP', () => {
    expect(nilaiSumatifLingkupMateri([])).toBeNull();
    expect(slmFromTotals(0, 0)).toBeNull();
  });
  it('gives the same from SQL totals', () => {
    expect(slmFromTotals(16001, 200)).toBe(8001);
    expect(slmFromTotals(241, 3)).toBe(8033);
  });
});

describe('nilaiSumatifAkhirSemester (na)', () => {
  it('is the rounded mean of tes and non-tes, halves up', () => {
    expect(nilaiSumatifAkhirSemester(85, 86)).toBe(86); // 85.5
    expect(nilaiSumatifAkhirSemester(84, 85)).toBe(85); // 84.5
    expect(nilaiSumatifAkhirSemester(70, 90)).toBe(80);
    expect(nilaiSumatifAkhirSemester(0, 1)).toBe(1); // 0.5
  });
  it('takes whichever exists, null when neither', () => {
    expect(nilaiSumatifAkhirSemester(85, null)).toBe(85);
    expect(nilaiSumatifAkhirSemester(null, 70)).toBe(70);
    expect(nilaiSumatifAkhirSemester(null, null)).toBeNull();
    expect(nilaiSumatifAkhirSemester(0, null)).toBe(0);
  });
});

describe('nilaiAsesmen (suggested final grade)', () => {
  const equal = { materi: 1, akhir: 1 };
  it('weights SLM and SAS and rounds halves away from zero', () => {
    // (80.00 + 81) / 2 = 80.5 → 81
    expect(nilaiAsesmen(8000, 81, equal)).toEqual({ nilai: 81, slm: 8000, sas: 81 });
    // (80.50 + 80) / 2 = 80.25 → 80
    expect(nilaiAsesmen(8050, 80, equal).nilai).toBe(80);
    // (2 × 80.33 + 1 × 86) / 3 = 246.66 / 3 = 82.22 → 82
    expect(nilaiAsesmen(8033, 86, { materi: 2, akhir: 1 }).nilai).toBe(82);
    // (3 × 80.00 + 1 × 82) / 4 = 322 / 4 = 80.5 → 81
    expect(nilaiAsesmen(8000, 82, { materi: 3, akhir: 1 }).nilai).toBe(81);
    // (1 × 80.50 + 2 × 82) / 3 = 244.5 / 3 = 81.5 → 82
    expect(nilaiAsesmen(8050, 82, { materi: 1, akhir: 2 }).nilai).toBe(82);
    expect(nilaiAsesmen(0, 0, equal).nilai).toBe(0);
    expect(nilaiAsesmen(10000, 100, { materi: 5, akhir: 3 }).nilai).toBe(100);
  });
  it('gives no suggestion when SAS or SLM is missing (decision 014), saying which', () => {
    expect(nilaiAsesmen(8000, null, equal)).toEqual({ nilai: null, slm: 8000, sas: null, kurang: 'sas' });
    expect(nilaiAsesmen(null, 80, equal)).toEqual({ nilai: null, slm: null, sas: 80, kurang: 'slm' });
    expect(nilaiAsesmen(null, null, equal)).toEqual({
      nilai: null,
      slm: null,
      sas: null,
      kurang: 'keduanya',
    });
  });
  it('needs positive whole weights', () => {
    expect(() => nilaiAsesmen(8000, 80, { materi: 0, akhir: 1 })).toThrow(RangeError);
    expect(() => nilaiAsesmen(8000, 80, { materi: 1, akhir: -1 })).toThrow(RangeError);
    expect(() => nilaiAsesmen(8000, 80, { materi: 1.5, akhir: 1 })).toThrow(RangeError);
  });
});

describe('checkScore', () => {
  it('accepts whole numbers 0–100 as numbers or text, and empty as "no score"', () => {
    expect(checkScore(0)).toEqual({ ok: true, value: 0 });
    expect(checkScore(100)).toEqual({ ok: true, value: 100 });
    expect(checkScore(' 85 ')).toEqual({ ok: true, value: 85 });
    expect(checkScore('')).toEqual({ ok: true, value: null });
    expect(checkScore('   ')).toEqual({ ok: true, value: null });
    expect(checkScore(null)).toEqual({ ok: true, value: null });
    expect(checkScore(undefined)).toEqual({ ok: true, value: null });
  });
  it('answers with the reference messages', () => {
    expect(checkScore('abc')).toEqual({ ok: false, code: 'notNumber', message: SCORE_MESSAGES.notNumber });
    expect(checkScore('8O')).toEqual({ ok: false, code: 'notNumber', message: 'Nilai harus berupa angka!' });
    expect(checkScore(true)).toEqual({ ok: false, code: 'notNumber', message: SCORE_MESSAGES.notNumber });
    expect(checkScore(Number.NaN)).toEqual({
      ok: false,
      code: 'notNumber',
      message: SCORE_MESSAGES.notNumber,
    });
    expect(checkScore(-1)).toEqual({
      ok: false,
      code: 'belowMin',
      message: 'Nilai tidak boleh di bawah 0 (nol)!',
    });
    expect(checkScore('-5')).toEqual({ ok: false, code: 'belowMin', message: SCORE_MESSAGES.belowMin });
    expect(checkScore(101)).toEqual({
      ok: false,
      code: 'aboveMax',
      message: 'Nilai tidak boleh di atas 100 (seratus)!',
    });
    expect(checkScore('150')).toEqual({ ok: false, code: 'aboveMax', message: SCORE_MESSAGES.aboveMax });
  });
  it('refuses decimals instead of rounding them', () => {
    expect(checkScore(85.5)).toEqual({ ok: false, code: 'notWhole', message: SCORE_MESSAGES.notWhole });
    expect(checkScore('85,5')).toEqual({ ok: false, code: 'notWhole', message: SCORE_MESSAGES.notWhole });
    expect(checkScore('85.0')).toEqual({ ok: false, code: 'notWhole', message: SCORE_MESSAGES.notWhole });
    expect(checkScore('100.5')).toEqual({ ok: false, code: 'aboveMax', message: SCORE_MESSAGES.aboveMax });
    expect(checkScore(',5')).toEqual({ ok: false, code: 'notWhole', message: SCORE_MESSAGES.notWhole });
  });
  it('takes ASCII digits only: no sign, exponent, spaces inside or other scripts', () => {
    for (const v of ['+5', '1e2', '8 5', '-', '-0', '٨٥', '½', 'A+', '85..5'])
      expect(checkScore(v), v).toEqual({ ok: false, code: 'notNumber', message: SCORE_MESSAGES.notNumber });
    expect(checkScore('085')).toEqual({ ok: true, value: 85 });
  });
  it('checks ketercapaian: 1, 0 or empty', () => {
    expect(checkKompeten(1)).toEqual({ ok: true, value: 1 });
    expect(checkKompeten('0')).toEqual({ ok: true, value: 0 });
    expect(checkKompeten('')).toEqual({ ok: true, value: null });
    expect(checkKompeten(null)).toEqual({ ok: true, value: null });
    expect(checkKompeten(2)).toEqual({ ok: false, message: KOMPETEN_MESSAGE });
    expect(checkKompeten('ya')).toEqual({ ok: false, message: KOMPETEN_MESSAGE });
  });
});

describe('deskripsiCapaian', () => {
  it('lists the achieved and the not-achieved TPs in the reference templates', () => {
    const tps = [
      { deskripsi: 'Menjelaskan konsep jaringan komputer.', kompeten: 1 },
      { deskripsi: 'Menganalisis topologi jaringan', kompeten: 0 },
      { deskripsi: 'HTML dasar untuk halaman statis', kompeten: 1 },
      { deskripsi: 'Merancang tabel basis data', kompeten: null },
      { deskripsi: '  Mengonfigurasi router  ', kompeten: 0 },
    ];
    expect(deskripsiCapaian(tps)).toEqual({
      tercapai:
        'Menunjukkan penguasaan yang baik dalam menjelaskan konsep jaringan komputer, HTML dasar untuk halaman statis',
      perluDitingkatkan: 'Perlu ditingkatkan dalam menganalisis topologi jaringan, mengonfigurasi router',
    });
  });
  it('is null for an empty list', () => {
    expect(deskripsiCapaian([])).toEqual({ tercapai: null, perluDitingkatkan: null });
    expect(deskripsiCapaian([{ deskripsi: 'Menulis', kompeten: null }])).toEqual({
      tercapai: null,
      perluDitingkatkan: null,
    });
    expect(deskripsiCapaian([{ deskripsi: 'Menulis', kompeten: 1 }])).toEqual({
      tercapai: `${DESKRIPSI_PREFIX.tercapai}menulis`,
      perluDitingkatkan: null,
    });
  });
  it('lower-cases only the first letter, and keeps acronyms', () => {
    expect(tpPhrase('Menerapkan K3LH')).toBe('menerapkan K3LH');
    expect(tpPhrase('K3LH di bengkel')).toBe('K3LH di bengkel');
    expect(tpPhrase('IoT sederhana.')).toBe('IoT sederhana');
    expect(tpPhrase('Ékspresi')).toBe('ékspresi');
    expect(tpPhrase('A')).toBe('a');
    expect(tpPhrase(' . ')).toBe('');
  });
});

describe('which subjects and pupils are graded', () => {
  it('knows Kurikulum Merdeka by its name', () => {
    expect(isMerdeka('SMK Merdeka Teknik Jaringan Komputer dan Telekomunikasi')).toBe(true);
    expect(isMerdeka('SMK 2013 REV. Teknik Komputer dan Jaringan')).toBe(false);
    expect(isMerdeka(null)).toBe(false);
  });
  it('stores 99 for a parent with active sub-subjects, else 4 (Merdeka) or 1', () => {
    expect(kompetensiNilaiAkhir(true, false)).toBe(4);
    expect(kompetensiNilaiAkhir(false, false)).toBe(1);
    expect(kompetensiNilaiAkhir(true, true)).toBe(99);
    expect(kompetensiNilaiAkhir(false, true)).toBe(99);
  });
  it('grades only active subjects, not PKL nor P5', () => {
    const mtk = { kelompok_id: 16, no_urut: 5, mata_pelajaran_id: 401000000 };
    expect(isGradablePembelajaran(mtk)).toBe(true);
    expect(isGradablePembelajaran({ ...mtk, kelompok_id: null })).toBe(false);
    expect(isGradablePembelajaran({ ...mtk, no_urut: null })).toBe(false);
    expect(isActivePembelajaran({ kelompok_id: 16, no_urut: null })).toBe(false);
    expect(isGradablePembelajaran({ ...mtk, mata_pelajaran_id: 800001000 })).toBe(false);
    expect(isGradablePembelajaran({ ...mtk, mata_pelajaran_id: 200040000 })).toBe(false);
    expect(isGradablePembelajaran({ ...mtk, mata_pelajaran_id: 200040060 })).toBe(false);
    expect(isPrintedPembelajaran({ induk_pembelajaran_id: null })).toBe(true);
    expect(isPrintedPembelajaran({ induk_pembelajaran_id: 'x' })).toBe(false);
  });
  it('gives a religion subject only to the pupils of that religion', () => {
    expect(agamaOfMapel(100011070)).toBe(1);
    expect(agamaOfMapel(100014140)).toBe(5);
    expect(agamaOfMapel(100015010)).toBe(4);
    expect(agamaOfMapel(109011010)).toBe(7);
    expect(agamaOfMapel(401000000)).toBeNull();
    expect(takesMapel(100011070, 1)).toBe(true);
    expect(takesMapel(100011070, 2)).toBe(false);
    expect(takesMapel(100011070, null)).toBe(false);
    expect(takesMapel(100016010, 6)).toBe(true);
    expect(takesMapel(401000000, null)).toBe(true);
    expect(takesMapel(401000000, 3)).toBe(true);
  });
});

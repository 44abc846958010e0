import { SCORE_MESSAGES } from '@erapor/contract/penilaian/rules';
import { describe, expect, it } from 'vitest';
import {
  choiceNormalizer,
  choiceValidator,
  maxLengthValidator,
  parseScore,
  validateScore,
} from './validators';

const message = (v: string) => validateScore(v)?.message ?? null;

describe('validateScore', () => {
  it('accepts empty (no score yet) and whole numbers 0–100', () => {
    for (const v of ['', '   ', '0', '7', '59', '100', '085', ' 90 ']) expect(message(v)).toBeNull();
  });

  it('rejects letters and other notations as "not a number"', () => {
    for (const v of ['a', '8a', 'A+', '1e2', '+5', '½', '8 5', '-', '-0', '٨٥'])
      expect(message(v), v).toBe('Nilai harus berupa angka!');
  });

  it('says a decimal (point or comma) is not whole, as the server says it', () => {
    for (const v of ['85.5', '85,5', '85.0']) {
      expect(message(v), v).toBe(SCORE_MESSAGES.notWhole);
      expect(validateScore(v)?.code).toBe('notWhole');
    }
  });

  it('rejects negatives and scores above 100 with their own messages', () => {
    expect(message('-1')).toBe('Nilai tidak boleh di bawah 0 (nol)!');
    expect(message('-100')).toBe('Nilai tidak boleh di bawah 0 (nol)!');
    expect(message('101')).toBe('Nilai tidak boleh di atas 100 (seratus)!');
    expect(message('99999999999999999999999')).toBe('Nilai tidak boleh di atas 100 (seratus)!');
    expect(validateScore('101')?.code).toBe('aboveMax');
    expect(validateScore('-3')?.code).toBe('belowMin');
    expect(validateScore('x')?.code).toBe('notNumber');
  });

  it('parseScore gives the number of a valid cell only', () => {
    expect(parseScore(' 85 ')).toBe(85);
    expect(parseScore('0')).toBe(0);
    expect(parseScore('')).toBeNull();
    expect(parseScore('85,5')).toBeNull();
    expect(parseScore('101')).toBeNull();
  });
});

describe('choice and text validators', () => {
  const options = ['Tercapai', 'Tidak tercapai'];

  it('accepts an option or empty, and names the options otherwise', () => {
    const v = choiceValidator(options);
    expect(v('')).toBeNull();
    expect(v('Tidak tercapai')).toBeNull();
    const issue = v('tercapai');
    expect(issue?.code).toBe('notAnOption');
    expect(issue?.message).toBe('Pilih salah satu: Tercapai, Tidak tercapai!');
    expect(issue?.vars).toEqual({ options: 'Tercapai, Tidak tercapai' });
  });

  it('normalises pasted text onto an option, keeping anything else as typed', () => {
    const n = choiceNormalizer(options);
    expect(n(' tercapai ')).toBe('Tercapai');
    expect(n('TIDAK TERCAPAI')).toBe('Tidak tercapai');
    expect(n('Lulus')).toBe('Lulus');
  });

  it('limits free text to a length', () => {
    const v = maxLengthValidator(5);
    expect(v('abcde')).toBeNull();
    expect(v('abcdef')).toMatchObject({ code: 'tooLong', vars: { max: 5 } });
    expect(v('abcdef')?.message).toBe('Teks terlalu panjang (maksimal 5 karakter)!');
  });
});

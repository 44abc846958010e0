import { p5SubElemen } from '@erapor/reference-data/p5';
import { describe, expect, it } from 'vitest';
import { KATA_TERGABUNG, rapikanTeks, rapikanTeksTersimpan } from './teks';

describe('rapikanTeks', () => {
  it('makes every run of white space one space: line breaks, tabs, NBSP, zero-width', () => {
    expect(rapikanTeks('informasi yang\nkompleks')).toBe('informasi yang kompleks');
    expect(rapikanTeks('a\r\n\r\nb\tc\u00a0\u00a0d\u2009e\u200bf')).toBe('a b c d e f');
    // Pieces of one line keep their edge spaces (not trimmed); a stored text is trimmed.
    expect(rapikanTeks('Kelas: ')).toBe('Kelas: ');
    expect(rapikanTeksTersimpan('  Kelas \n')).toBe('Kelas');
  });

  it('splits the glued national words, whole words only', () => {
    expect(rapikanTeks('informasi yangkompleks dan abstrak')).toBe('informasi yang kompleks dan abstrak');
    expect(rapikanTeks('suatugagasan; digunakannyadalam.')).toBe('suatu gagasan; digunakannya dalam.');
    expect(rapikanTeks('bersama,memberikan; 1,5 kg; a, b')).toBe('bersama, memberikan; 1,5 kg; a, b');
    // No space before a comma: a published name's trailing space (mst_wilayah "Kec. Onanrunggu ").
    expect(rapikanTeks('Kec. Onanrunggu , Kab. Samosir; a\u00a0,b')).toBe(
      'Kec. Onanrunggu, Kab. Samosir; a, b',
    );
    expect(rapikanTeks('tindakan- tindakan; sifat- sifat; dan/ atau; anti- korupsi')).toBe(
      'tindakan-tindakan; sifat-sifat; dan/ atau; anti- korupsi',
    );
    // Inside a longer word, or already split: untouched.
    expect(rapikanTeks('xyangkompleks yang kompleks')).toBe('xyangkompleks yang kompleks');
  });

  it('leaves no glued word in the published sub-elements, and every split is two words of the list', () => {
    for (const [glued, split] of Object.entries(KATA_TERGABUNG)) {
      expect(split.split(' ').join(''), glued).toBe(glued);
      expect(split.split(' ')).toHaveLength(2);
    }
    const all = p5SubElemen.map((r) => rapikanTeks(r.sub_elemen)).join(' ');
    for (const glued of Object.keys(KATA_TERGABUNG)) expect(all).not.toMatch(new RegExp(`\\b${glued}\\b`));
    // Row 37, the example.
    expect(rapikanTeks(p5SubElemen[36]?.sub_elemen ?? '')).toContain(
      'gagasan dan informasi yang kompleks dan abstrak dari berbagai sumber. memprioritaskan suatu gagasan',
    );
  });
});

import { p5SubElemen } from '@erapor/reference-data/p5';
import { describe, expect, it } from 'vitest';
import { KATA_TERGABUNG, KATA_TERGABUNG_CP, KATA_ULANG, rapikanTeks, rapikanTeksTersimpan } from './teks';

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

describe('rapikanTeks: the capaian pembelajaran texts', () => {
  it('splits their glued words, keeping the case of each letter', () => {
    expect(rapikanTeks('Menjelaskan fenomena secarailmiah')).toBe('Menjelaskan fenomena secara ilmiah');
    expect(rapikanTeks('dilihat dari berbagaiaspek seperti')).toBe('dilihat dari berbagai aspek seperti');
    // Element names, capitalised where the break was lost, or in the middle (camel case).
    expect(rapikanTeks('Perkembanganteknologi dan duniakerja')).toBe(
      'Perkembangan teknologi dan dunia kerja',
    );
    expect(rapikanTeks('Keselamatandan KesehatanKerja LingkunganHidup (K3LH)')).toBe(
      'Keselamatan dan Kesehatan Kerja Lingkungan Hidup (K3LH)',
    );
    expect(rapikanTeks('Pengelasan SMAWdasar; Sistem Instalasi TataUdara')).toBe(
      'Pengelasan SMAW dasar; Sistem Instalasi Tata Udara',
    );
    // More than one break lost in one word; a word after a hyphen ("isu-isuglobal").
    expect(rapikanTeks('Teknik dasarpekerjaanperawatangedung')).toBe(
      'Teknik dasar pekerjaan perawatan gedung',
    );
    expect(rapikanTeks('dunia kerja serta isu-isuglobal')).toBe('dunia kerja serta isu-isu global');
    expect(rapikanTeks('Theyuse non-verbal elements; Theoryof Flight')).toBe(
      'They use non-verbal elements; Theory of Flight',
    );
  });

  it('writes the doubled words that lost their hyphen with it', () => {
    expect(rapikanTeks('penggunaan alatalat pemboran')).toBe('penggunaan alat-alat pemboran');
    expect(rapikanTeks('dalam kehidupan seharihari. Nilainilai budaya')).toBe(
      'dalam kehidupan sehari-hari. Nilai-nilai budaya',
    );
    expect(rapikanTeks('arus bolakbalik; BULIBULI')).toBe('arus bolak-balik; BULI-BULI');
  });

  it('leaves alone what only looks glued: real words, a listed word inside a longer one, other letters around it', () => {
    const same = [
      'berdasarkan keahliannya, antaragama, nonlogam, pembuktiannya',
      'timeline, outline, workflow; dimasa mendatang (as published)',
      'xsecarailmiah secarailmiahx alatalatnya',
      'ḥsecarailmiah secarailmiahū',
    ];
    for (const t of same) expect(rapikanTeks(t)).toBe(t);
  });

  it('gives a full stop glued to the next sentence its space, and nothing else', () => {
    expect(rapikanTeks('disertai dengan pembuktiannya.Peserta didik menjelaskan')).toBe(
      'disertai dengan pembuktiannya. Peserta didik menjelaskan',
    );
    expect(rapikanTeks('kesejahteraan.Peserta didik; (inokulasi.Peserta)')).toBe(
      'kesejahteraan. Peserta didik; (inokulasi. Peserta)',
    );
    // At the end, before a comma or another full stop's end.
    expect(rapikanTeks('penerbangan.Elemen, ini.Selesai.')).toBe('penerbangan. Elemen, ini. Selesai.');
    const same = [
      'Sri Wahyuni, S.Kom., M.Pd.; Dr.Budi; A.Md.Kep',
      'nilai 3.5 dan 10.000; versi 1.2.Beta',
      'www.Kemdikbud.go.id, https://x.Id/a, budi.Santoso@sekolah.id, surat.pdf',
      'Q.S. Ali Imran; MP.III-1; e.g. Word',
    ];
    for (const t of same) expect(rapikanTeks(t)).toBe(t);
  });

  it('each list: the letters of a word, split by spaces (two or more words) or by one hyphen (a doubled word)', () => {
    for (const [glued, split] of Object.entries(KATA_TERGABUNG_CP)) {
      expect(split.replaceAll(' ', ''), glued).toBe(glued);
      expect(split.split(' ').length, glued).toBeGreaterThanOrEqual(2);
      expect(glued, glued).toMatch(/^[a-z]+$/);
    }
    for (const [glued, doubled] of Object.entries(KATA_ULANG)) {
      const [a = '', b = '', ...rest] = doubled.split('-');
      expect([a + b, rest], glued).toEqual([glued, []]);
      // The same word twice, or after a prefix ("sehari-hari"), or with a suffix ("obat-obatan"); one
      // with its vowels changed.
      expect(a.endsWith(b) || b.startsWith(a) || doubled === 'bolak-balik', glued).toBe(true);
    }
    const keys = [KATA_TERGABUNG, KATA_TERGABUNG_CP, KATA_ULANG].flatMap((l) => Object.keys(l));
    expect(new Set(keys).size).toBe(keys.length);
    expect([Object.keys(KATA_TERGABUNG_CP).length, Object.keys(KATA_ULANG).length]).toEqual([161, 15]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  checkKode,
  checkPolaNomor,
  checkTeks,
  KODE_NOMOR,
  nomorSurat,
  SKL_BAWAAN,
  SKL_MESSAGES,
  sklTemplateSaveSchema,
  teksSurat,
} from './skl';

// Every expected value below is written out by hand.

describe('nomorSurat', () => {
  const base = { tanggalLulus: '2026-05-05', npsn: '20212345' };

  it('fills the codes: number padded to 3 digits, year, Roman month, NPSN', () => {
    expect(nomorSurat('{nomor}/SMK.XX/{tahun}', { ...base, nomorUrut: 7 })).toBe('007/SMK.XX/2026');
    expect(nomorSurat('421.5/{nomor}/{npsn}/{bulan}/{tahun}', { ...base, nomorUrut: 42 })).toBe(
      '421.5/042/20212345/V/2026',
    );
    expect(nomorSurat('{nomor}', { ...base, nomorUrut: 1234 })).toBe('1234'); // wider than 3: as is
    expect(nomorSurat('{nomor}-{bulan}', { ...base, nomorUrut: 1, tanggalLulus: '2026-12-01' })).toBe(
      '001-XII',
    );
    expect(nomorSurat('{nomor}-{bulan}', { ...base, nomorUrut: 1, tanggalLulus: '2026-01-31' })).toBe(
      '001-I',
    );
    expect(nomorSurat('{nomor}-{bulan}', { ...base, nomorUrut: 1, tanggalLulus: '2026-04-30' })).toBe(
      '001-IV',
    );
    expect(nomorSurat('{nomor}-{bulan}', { ...base, nomorUrut: 1, tanggalLulus: '2026-09-30' })).toBe(
      '001-IX',
    );
  });

  it('gives distinct numbers distinct texts (99 / 099 / 100 / 1000)', () => {
    const texts = [99, 100, 999, 1000].map((n) => nomorSurat('{nomor}/{tahun}', { ...base, nomorUrut: n }));
    expect(texts).toEqual(['099/2026', '100/2026', '999/2026', '1000/2026']);
  });

  it('the default pattern', () => {
    expect(nomorSurat(SKL_BAWAAN.pola_nomor, { ...base, nomorUrut: 3 })).toBe('421.5/003/SKL/2026');
  });

  it('refuses a bad date or number (a programming error, never printed)', () => {
    expect(() => nomorSurat('{nomor}', { ...base, nomorUrut: 0 })).toThrow();
    expect(() => nomorSurat('{nomor}', { ...base, nomorUrut: 1, tanggalLulus: '5 Mei 2026' })).toThrow();
  });
});

describe('checkPolaNomor', () => {
  it('accepts a pattern with {nomor} once and known codes', () => {
    expect(checkPolaNomor('{nomor}/SMK.XX/{tahun}')).toBeNull();
    expect(checkPolaNomor('421.5/{nomor}/{npsn}/{bulan}/{tahun}')).toBeNull();
  });

  it('names what is wrong', () => {
    expect(checkPolaNomor('   ')).toBe(SKL_MESSAGES.polaRequired);
    expect(checkPolaNomor('SKL/{tahun}')).toBe(SKL_MESSAGES.polaNomor); // no running number
    expect(checkPolaNomor('{nomor}/{nomor}')).toBe(SKL_MESSAGES.polaNomor); // twice
    expect(checkPolaNomor('{nomor}/{kelas}')).toBe(
      'Kode {kelas} tidak dikenal. Gunakan {nomor}, {tahun}, {bulan}, {npsn}.',
    );
    expect(checkPolaNomor('{nomor}/{Tahun}')).toBe(SKL_MESSAGES.kodeUnknown('Tahun', KODE_NOMOR)); // case counts
    expect(checkPolaNomor('{nomor}/{tahun')).toBe(SKL_MESSAGES.kurungLepas);
    expect(checkPolaNomor('{nomor}}')).toBe(SKL_MESSAGES.kurungLepas);
    expect(checkPolaNomor('{{nomor}}')).toBe(SKL_MESSAGES.kurungLepas);
  });
});

describe('checkKode / checkTeks', () => {
  it('finds the first unknown code or a stray brace', () => {
    expect(checkKode('a {x} {y}', ['y'])).toEqual({ kind: 'unknown', kode: 'x' });
    expect(checkKode('a {} b', ['y'])).toEqual({ kind: 'unknown', kode: '' });
    expect(checkKode('a { b', ['y'])).toEqual({ kind: 'brace' });
    expect(checkKode('no codes at all', [])).toBeNull();
  });
  it('the wording takes {sekolah}, {tahun_pelajaran}, {tanggal_lulus}', () => {
    expect(checkTeks(SKL_BAWAAN.pernyataan)).toBeNull();
    expect(checkTeks(SKL_BAWAAN.pembuka)).toBeNull();
    expect(checkTeks('lulus {nomor}')).toBe(
      'Kode {nomor} tidak dikenal. Gunakan {sekolah}, {tahun_pelajaran}, {tanggal_lulus}.',
    );
  });
});

describe('teksSurat', () => {
  it('fills the school, the year and the date written out', () => {
    expect(
      teksSurat('LULUS dari {sekolah} ({tahun_pelajaran}) pada {tanggal_lulus}.', {
        sekolah: 'SMK Negeri 1 Contoh',
        tahunPelajaran: '2025/2026',
        tanggalLulus: '2026-05-05',
      }),
    ).toBe('LULUS dari SMK Negeri 1 Contoh (2025/2026) pada 5 Mei 2026.');
  });
  it('leaves other braces alone and fills a code twice', () => {
    expect(
      teksSurat('{sekolah} & {sekolah}', { sekolah: 'A', tahunPelajaran: '', tanggalLulus: '2026-01-02' }),
    ).toBe('A & A');
  });
});

describe('sklTemplateSaveSchema', () => {
  it('empty means the default; codes and dates checked per field', () => {
    const ok = sklTemplateSaveSchema.parse({ judul: '  ', pola_nomor: '', tanggal_lulus: '2026-05-05' });
    expect(ok).toEqual({
      judul: null,
      pembuka: null,
      pernyataan: null,
      penutup: null,
      pola_nomor: null,
      tanggal_lulus: '2026-05-05',
      tampilkan_nilai: null,
    });
    const bad = sklTemplateSaveSchema.safeParse({
      pola_nomor: 'SKL/{tahun}',
      pernyataan: 'lulus {kelas}',
      tanggal_lulus: '2026-02-30',
      judul: 'x'.repeat(101),
    });
    expect(bad.success).toBe(false);
    const byField = Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({
      pola_nomor: SKL_MESSAGES.polaNomor,
      pernyataan: 'Kode {kelas} tidak dikenal. Gunakan {sekolah}, {tahun_pelajaran}, {tanggal_lulus}.',
      tanggal_lulus: SKL_MESSAGES.tanggalInvalid, // 30 February does not exist
      judul: 'Maksimal 100 karakter.',
    });
  });
});

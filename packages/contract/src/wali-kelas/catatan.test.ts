import { describe, expect, it } from 'vitest';
import {
  CATATAN_MESSAGES,
  catatanSaveSchema,
  checkCatatan,
  checkCatatanRows,
  kokurikulerBerlaku,
  panjangCatatan,
} from './catatan';

describe('checkCatatan: at most 1,000 characters, trimmed, empty = no note', () => {
  it('accepts exactly 1,000 characters and refuses 1,001, never cutting', () => {
    expect(checkCatatan('a'.repeat(1000))).toEqual({ ok: true, value: 'a'.repeat(1000) });
    expect(checkCatatan('a'.repeat(1001))).toEqual({ ok: false, message: CATATAN_MESSAGES.tooLong });
    expect(CATATAN_MESSAGES.tooLong).toBe('Catatan tidak boleh lebih dari 1000 karakter!');
  });

  it('counts what is stored: blanks around the text do not count, inner line breaks do', () => {
    expect(checkCatatan(`  ${'a'.repeat(1000)}\n\n `)).toEqual({ ok: true, value: 'a'.repeat(1000) });
    expect(panjangCatatan(' ab\ncd ')).toBe(5);
  });

  it('counts code points as the database does (an emoji is one character)', () => {
    const emoji = '😀'.repeat(1000); // 2,000 UTF-16 units, 1,000 characters for char_length
    expect(emoji.length).toBe(2000);
    expect(panjangCatatan(emoji)).toBe(1000);
    expect(checkCatatan(emoji)).toMatchObject({ ok: true });
    expect(checkCatatan(`${emoji}x`)).toMatchObject({ ok: false });
  });

  it('reads blank and null as no note, refuses what is not text', () => {
    for (const blank of ['', '  \n ', null, undefined])
      expect(checkCatatan(blank)).toEqual({ ok: true, value: '' });
    expect(checkCatatan(12)).toEqual({ ok: false, message: CATATAN_MESSAGES.notText });
  });
});

describe('checkCatatanRows', () => {
  const a = '00000000-0000-4000-8000-00000000000a';
  const b = '00000000-0000-4000-8000-00000000000b';
  it('checks every text at once and names a pupil sent twice', () => {
    const { details, values } = checkCatatanRows([
      { anggota_rombel_id: a, uraian: ' Baik. ' },
      { anggota_rombel_id: b, uraian: 'x'.repeat(1001) },
      { anggota_rombel_id: a, uraian: null },
    ]);
    expect(values).toEqual(['Baik.', '', '']);
    expect(details).toEqual({
      'rows.1.uraian': CATATAN_MESSAGES.tooLong,
      'rows.2.anggota_rombel_id': CATATAN_MESSAGES.duplicateRow,
    });
  });

  it('lets a 1,001-character text through the schema to the rule (422, not 400)', () => {
    const body = {
      rombongan_belajar_id: b,
      rows: [{ anggota_rombel_id: a, uraian: 'x'.repeat(1001), sebelumnya: '' }],
    };
    expect(catatanSaveSchema.safeParse(body).success).toBe(true);
    expect(catatanSaveSchema.safeParse({ ...body, rows: [] }).success).toBe(false);
    expect(
      catatanSaveSchema.safeParse({ ...body, rows: [{ anggota_rombel_id: a, uraian: 'x' }] }).success,
    ).toBe(false);
  });
});

describe('kokurikulerBerlaku: from 2025/2026 Ganjil', () => {
  it('is closed before 20251 and open from it', () => {
    expect(kokurikulerBerlaku('20242')).toBe(false);
    expect(kokurikulerBerlaku('20251')).toBe(true);
    expect(kokurikulerBerlaku('20252')).toBe(true);
    expect(kokurikulerBerlaku('20261')).toBe(true);
  });
});

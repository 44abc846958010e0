import { describe, expect, it } from 'vitest';
import { openInSemester } from '../access';
import { routeByName } from '../routes';
import {
  checkKeputusan,
  isKelulusan,
  KENAIKAN_MESSAGES,
  KENAIKAN_ROUTE,
  kenaikanBerlaku,
  sameKeputusan,
  statusKenaikanOptions,
  teksKenaikan,
} from './kenaikan';

describe('kenaikan kelas: options by tingkat (reference-domain §7)', () => {
  it('tingkat 10 and 11: Naik Ke Kelas / Tidak Naik', () => {
    expect(statusKenaikanOptions(10, false)).toEqual([1, 2]);
    expect(statusKenaikanOptions(11, false)).toEqual([1, 2]);
    expect(statusKenaikanOptions(11, true)).toEqual([1, 2]);
  });
  it('tingkat 12 of a three-year programme: Lulus / Tidak Lulus', () => {
    expect(statusKenaikanOptions(12, false)).toEqual([3, 4]);
    expect(isKelulusan(12, false)).toBe(true);
  });
  it('tingkat 12 of a four-year programme: Naik / Tidak Naik', () => {
    expect(statusKenaikanOptions(12, true)).toEqual([1, 2]);
    expect(isKelulusan(12, true)).toBe(false);
  });
  it('tingkat 13: Lulus / Tidak Lulus', () => {
    expect(statusKenaikanOptions(13, true)).toEqual([3, 4]);
    expect(statusKenaikanOptions(13, false)).toEqual([3, 4]);
  });
  it('only in Genap', () => {
    expect(kenaikanBerlaku('20252')).toBe(true);
    expect(kenaikanBerlaku('20242')).toBe(true);
    expect(kenaikanBerlaku('20261')).toBe(false);
    expect(kenaikanBerlaku('20251')).toBe(false);
  });
  it("the menu offers the page in exactly the semesters the API accepts (the route's condition)", () => {
    const page = routeByName(KENAIKAN_ROUTE);
    expect(page?.path).toBe('/wali-kelas/kenaikan-kelas');
    expect(page?.semesters).toEqual({ genapOnly: true });
    for (const id of ['20231', '20232', '20251', '20252', '20261'])
      expect(openInSemester(page?.semesters, id), id).toBe(kenaikanBerlaku(id));
  });
});

describe('kenaikan kelas: one decision checked', () => {
  const xi = { nama: 'XI TKJ 1', options: statusKenaikanOptions(11, false) };
  const xii = { nama: 'XII TKJ 1', options: statusKenaikanOptions(12, false) };

  it('Naik needs the class gone up to, trimmed', () => {
    expect(checkKeputusan({ status: 1, nama_kelas: '  XII TKJ 1 ' }, xi)).toEqual({
      ok: true,
      value: { status: 1, nama_kelas: 'XII TKJ 1' },
    });
    expect(checkKeputusan({ status: 1, nama_kelas: '  ' }, xi)).toEqual({
      ok: false,
      field: 'nama_kelas',
      message: 'Rombongan Belajar tidak boleh kosong!',
    });
    expect(checkKeputusan({ status: 1 }, xi)).toMatchObject({ ok: false, field: 'nama_kelas' });
    expect(checkKeputusan({ status: 1, nama_kelas: 'x'.repeat(101) }, xi)).toMatchObject({
      ok: false,
      message: KENAIKAN_MESSAGES.namaKelasTooLong,
    });
  });
  it('Tidak Naik keeps the current class; Lulus / Tidak Lulus none; no status clears', () => {
    expect(checkKeputusan({ status: 2, nama_kelas: 'anything' }, xi)).toEqual({
      ok: true,
      value: { status: 2, nama_kelas: 'XI TKJ 1' },
    });
    expect(checkKeputusan({ status: 3, nama_kelas: 'XIII' }, xii)).toEqual({
      ok: true,
      value: { status: 3, nama_kelas: null },
    });
    expect(checkKeputusan({ status: 4 }, xii)).toEqual({ ok: true, value: { status: 4, nama_kelas: null } });
    expect(checkKeputusan({ status: null }, xi)).toEqual({ ok: true, value: null });
  });
  it('refuses a status the class cannot give (Lulus in class XI, Naik in XII) in Indonesian', () => {
    const lulus = checkKeputusan({ status: 3 }, xi);
    expect(lulus).toEqual({
      ok: false,
      field: 'status',
      message:
        'Status "Lulus" tidak dapat dipilih untuk kelas XI TKJ 1. Pilihan yang tersedia: Naik Ke Kelas atau Tidak Naik.',
    });
    expect(checkKeputusan({ status: 1, nama_kelas: 'XIII' }, xii)).toMatchObject({
      ok: false,
      field: 'status',
    });
  });
  it('compares decisions', () => {
    expect(sameKeputusan(null, undefined)).toBe(true);
    expect(sameKeputusan({ status: 1, nama_kelas: 'A' }, { status: 1, nama_kelas: 'A' })).toBe(true);
    expect(sameKeputusan({ status: 1, nama_kelas: 'A' }, { status: 1, nama_kelas: 'B' })).toBe(false);
    expect(sameKeputusan({ status: 3, nama_kelas: null }, null)).toBe(false);
  });
});

describe('kenaikan kelas: the printed line', () => {
  it('follows the decision, else says none was made', () => {
    expect(teksKenaikan({ status: 1, nama_kelas: 'XII TKJ 2' }, false)).toBe('Naik ke kelas XII TKJ 2');
    expect(teksKenaikan({ status: 2, nama_kelas: 'XI TKJ 1' }, false)).toBe('Tetap dikelas XI TKJ 1');
    expect(teksKenaikan({ status: 3, nama_kelas: null }, true)).toBe('LULUS');
    expect(teksKenaikan({ status: 4, nama_kelas: null }, true)).toBe('Tidak Lulus');
    expect(teksKenaikan(null, false)).toBe('Belum dilakukan kenaikan kelas');
    expect(teksKenaikan(null, true)).toBe('Belum dilakukan kelulusan');
  });
});

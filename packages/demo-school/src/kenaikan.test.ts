import { describe, expect, it } from 'vitest';
import { generateKenaikan, namaKelasBerikut } from './kenaikan.ts';

const ids = (prefix: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) => `00000000-0000-4000-8000-${prefix}${String(i).padStart(12 - prefix.length, '0')}`,
  );

const classes = [
  { rombongan_belajar_id: 'r10', nama: 'X TKJT 1', tingkat: 10, anggota: ids('a', 200) },
  { rombongan_belajar_id: 'r11', nama: 'XI AKL 2', tingkat: 11, anggota: ids('b', 36) },
  { rombongan_belajar_id: 'r12', nama: 'XII TKJT 1', tingkat: 12, anggota: ids('c', 30) },
  { rombongan_belajar_id: 'r12e', nama: 'XII TKR 1', tingkat: 12, empat_tahun: true, anggota: ids('d', 10) },
];

describe('demo kenaikan kelas', () => {
  it('names the next class by its numeral', () => {
    expect(namaKelasBerikut('X TKJT 1', 10)).toBe('XI TKJT 1');
    expect(namaKelasBerikut('XI AKL 2', 11)).toBe('XII AKL 2');
    expect(namaKelasBerikut('XII TKR 1', 12)).toBe('XIII TKR 1');
  });

  it('decides for every pupil: most go up, a few stay, the last class graduates', () => {
    const out = generateKenaikan(classes, '20252');
    expect(out.length).toBe(276);
    const of = (r: string) => out.filter((k) => k.rombongan_belajar_id === r);
    const x = of('r10');
    const naik = x.filter((k) => k.status === 1);
    const tetap = x.filter((k) => k.status === 2);
    expect(naik.every((k) => k.nama_kelas === 'XI TKJT 1')).toBe(true);
    expect(tetap.every((k) => k.nama_kelas === 'X TKJT 1')).toBe(true);
    // About one in twenty of 200 stays: well within 2..25.
    expect(tetap.length).toBeGreaterThanOrEqual(2);
    expect(tetap.length).toBeLessThanOrEqual(25);
    expect(of('r11').every((k) => k.status === 1 || k.status === 2)).toBe(true);
    expect(of('r12')).toEqual(
      ids('c', 30).map((id) => ({
        anggota_rombel_id: id,
        rombongan_belajar_id: 'r12',
        status: 3,
        nama_kelas: null,
      })),
    );
    // Four-year programme: tingkat 12 goes up to XIII, never graduates.
    expect(of('r12e').every((k) => k.status !== 3 && k.status !== 4)).toBe(true);
    expect(of('r12e').some((k) => k.nama_kelas === 'XIII TKR 1')).toBe(true);
  });

  it('is deterministic and writes nothing in a Ganjil semester', () => {
    expect(generateKenaikan(classes, '20252')).toEqual(generateKenaikan(classes, '20252'));
    expect(generateKenaikan(classes, '20251')).toEqual([]);
  });
});

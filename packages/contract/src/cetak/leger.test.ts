import { describe, expect, it } from 'vitest';
import { legerFileName, legerHeaders, legerQuerySchema, legerRingkasan, orderLegerMapel } from './leger';

describe('legerRingkasan: Jumlah, Rata-rata (1 decimal), Peringkat (ties share)', () => {
  it('sums the grades, leaves "-" out of sum and mean, ranks by the mean', () => {
    const r = legerRingkasan([
      [80, 90, 85], // 255 / 3 = 85.0
      [90, null, 80], // 170 / 2 = 85.0 → same mean, same rank
      [70, 71, 72], // 213 / 3 = 71.0
      [100, 100, 99], // 299 / 3 = 99.666… → 99.7
    ]);
    expect(r).toEqual([
      { jumlah: 255, rata_rata: 85, peringkat: 2 },
      { jumlah: 170, rata_rata: 85, peringkat: 2 },
      { jumlah: 213, rata_rata: 71, peringkat: 4 },
      { jumlah: 299, rata_rata: 99.7, peringkat: 1 },
    ]);
  });

  it('rounds the mean half away from zero on exact integers', () => {
    // 80 + 81 + 80 + 80 = 321 / 4 = 80.25 → 80.3; 75 + 76 = 151 / 2 = 75.5; 241 / 3 = 80.333… → 80.3
    const r = legerRingkasan([
      [80, 81, 80, 80],
      [75, 76],
      [80, 80, 81],
    ]);
    expect(r.map((x) => x.rata_rata)).toEqual([80.3, 75.5, 80.3]);
    // 80.25 > 80.333…? no: the ranks use the exact means, not the rounded ones.
    expect(r.map((x) => x.peringkat)).toEqual([2, 3, 1]);
  });

  it('gives a pupil without any grade no sum, mean or rank, and does not count them', () => {
    const r = legerRingkasan([
      [null, null],
      [60, 70],
      [null, 90],
    ]);
    expect(r).toEqual([
      { jumlah: null, rata_rata: null, peringkat: null },
      { jumlah: 130, rata_rata: 65, peringkat: 2 },
      { jumlah: 90, rata_rata: 90, peringkat: 1 },
    ]);
  });

  it('counts a 0 grade as a grade (only a missing one is left out)', () => {
    expect(legerRingkasan([[0, 100]])).toEqual([{ jumlah: 100, rata_rata: 50, peringkat: 1 }]);
  });
});

describe('orderLegerMapel: by kelompok, no urut, name', () => {
  it('orders columns like the report', () => {
    const m = (id: string, kelompok: number, urut: number, nama: string, mapel = 1) => ({
      pembelajaran_id: id,
      nama_mata_pelajaran: nama,
      kelompok_id: kelompok,
      no_urut: urut,
      mata_pelajaran_id: mapel,
    });
    const ordered = orderLegerMapel([
      m('d', 2, 1, 'Matematika'),
      m('c', 1, 2, 'Bahasa Indonesia'),
      m('a', 1, 1, 'Pendidikan Agama Kristen', 2),
      m('b', 1, 1, 'Pendidikan Agama Islam', 1),
      m('e', 1, 10, 'Sejarah'),
    ]);
    expect(ordered.map((x) => x.pembelajaran_id)).toEqual(['b', 'a', 'c', 'e', 'd']);
  });
});

describe('headers, file name, query', () => {
  it('names the class only where two columns share a subject name', () => {
    expect(
      legerHeaders([
        { nama_mata_pelajaran: 'Matematika', rombel: 'X TKJ 1' },
        { nama_mata_pelajaran: 'Bahasa Jepang', rombel: 'X Pilihan A' },
        { nama_mata_pelajaran: 'Bahasa Jepang', rombel: 'X Pilihan B' },
      ]),
    ).toEqual(['Matematika', 'Bahasa Jepang (X Pilihan A)', 'Bahasa Jepang (X Pilihan B)']);
  });

  it('builds the reference file name, without characters a file system refuses', () => {
    expect(legerFileName('X TKJ 1')).toBe('Leger Nilai X TKJ 1.xlsx');
    expect(legerFileName('XI A/B')).toBe('Leger Nilai XI A-B.xlsx');
  });

  it('reads ringkasan=1 as on, anything absent as off, and refuses other values', () => {
    expect(legerQuerySchema.parse({ ringkasan: '1' })).toEqual({ ringkasan: true });
    expect(legerQuerySchema.parse({})).toEqual({ ringkasan: false });
    expect(legerQuerySchema.safeParse({ ringkasan: 'ya' }).success).toBe(false);
  });
});

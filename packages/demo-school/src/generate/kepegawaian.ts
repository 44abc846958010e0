import { PROGRAMMES } from '../curriculum.ts';
import { at, cmp, p2, weights } from '../util.ts';
import type { GenerateContext } from './context.ts';

/**
 * Phase: the employment mix (~40 % of all PTK are PNS/PPPK with a NIP; the demo people and the head
 * are), other jenis_ptk, PTK without NUPTK, and the other leaders' tugas tambahan.
 */
export function assignKepegawaian(ctx: GenerateContext): void {
  const { root, teachers, gurus, byPool, profile, tahun } = ctx;
  {
    const er = root.fork('kepegawaian');
    const target = Math.round(teachers.length * 0.4);
    const already = teachers.filter((t) => t.ptk.nip).length;
    const others = er.shuffle(teachers.filter((t) => !t.ptk.nip && t.pool !== 'TENDIK'));
    const tendik = er
      .shuffle(teachers.filter((t) => !t.ptk.nip && t.pool === 'TENDIK'))
      .slice(0, Math.min(2, profile.tendik));
    const convert = [...tendik, ...others].slice(0, Math.max(0, target - already));
    for (const t of convert) {
      const born = t.ptk.tanggal_lahir;
      const [y, m, d] = born.split('-');
      const status = er.weighted(weights('1:65 11:35'));
      const tmt =
        status === 11 ? er.int(2019, tahun) : er.int(Number(y) + 23, Math.min(tahun - 1, Number(y) + 35));
      t.ptk.status_kepegawaian_id = status;
      t.ptk.nip =
        status === 11
          ? `${y}${m}${d}${tmt}21${t.ptk.jenis_kelamin === 'L' ? 1 : 2}${er.digits(3)}`
          : `${y}${m}${d}${tmt}${p2(er.int(1, 12))}${t.ptk.jenis_kelamin === 'L' ? 1 : 2}${er.digits(3)}`;
      t.ptk.pangkat_golongan_terakhir =
        status === 11
          ? 'IX'
          : at(
              ['III/a', 'III/b', 'III/c', 'III/d', 'IV/a', 'IV/b'],
              Math.min(5, Math.floor((tahun - tmt) / 4)),
            );
    }
    // jenis_ptk: mostly Guru Mapel (4); a few Guru Kelas (3); one each of 7 and 8 as the profile asks.
    if (profile.guru !== null) {
      const plain = er.shuffle(gurus.filter((t) => !t.demo && !t.kepsek));
      const jenis = [3, 3, 3, 3, 7, 8];
      jenis.forEach((j, i) => {
        const t = plain[i];
        if (t) t.ptk.ptk_terdaftar.jenis_ptk_id = j;
      });
      // 10 % without NUPTK: young honorary staff first.
      const honorer = er.shuffle(teachers.filter((t) => !t.ptk.nip && !t.demo));
      const noNuptk = Math.round(teachers.length * 0.1);
      for (const t of honorer.slice(0, noNuptk)) t.ptk.nuptk = null;
      // tugas tambahan of the other leaders
      const free = er.shuffle(gurus.filter((t) => !t.demo && !t.kepsek && !t.ptk.tugas_tambahan));
      const jabatan = [34, 35, 36, 3, 7, 62, 52, 42];
      jabatan.forEach((j, i) => {
        const t = free[i];
        if (t) t.ptk.tugas_tambahan = { jabatan_ptk_id: j };
      });
      for (const key of ['PPLG', 'AKL', 'MPLB'] as const) {
        const head = (byPool.get(PROGRAMMES[key].pool) ?? [])
          .filter((t) => !t.demo && !t.ptk.tugas_tambahan)
          .sort((a, b) => cmp(a.ptk.tanggal_lahir, b.ptk.tanggal_lahir) || a.idx - b.idx)[0];
        if (head) head.ptk.tugas_tambahan = { jabatan_ptk_id: 38 };
      }
    }
  }
}

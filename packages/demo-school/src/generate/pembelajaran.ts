import { classPlan, MAPEL, P5_TEMA, PROGRAMMES } from '../curriculum.ts';
import type { Pembelajaran, Ptk, RombonganBelajar } from '../types.ts';
import { type GenerateContext, namaMapel, statusDiKurikulum, type Teacher, type Unit } from './context.ts';
import { p5Coordinator } from './wali.ts';

/**
 * Phase: the pembelajaran records of every class in its plan's order (religion first; P5 with its
 * themes; a konsentrasi split into sub-subjects under its parent), then the electives'.
 */
export function makePembelajaran(ctx: GenerateContext): void {
  const { sem, semesterId, year, kelasList, unitsByRombel, keluarUnit, ptkKeluar, profile, electiveRombels } =
    ctx;
  const pr = sem.fork('pembelajaran');
  const { pembelajaranByKey } = ctx;
  const mk = (
    rombel: RombonganBelajar,
    tingkat: number,
    mapel: number,
    t: Ptk,
    jam: number,
    induk: string | null,
  ): Pembelajaran => {
    const p: Pembelajaran = {
      pembelajaran_id: pr.uuid(),
      rombongan_belajar_id: rombel.rombongan_belajar_id,
      semester_id: semesterId,
      mata_pelajaran_id: mapel,
      nama_mata_pelajaran: namaMapel(mapel),
      ptk_terdaftar_id: t.ptk_terdaftar.ptk_terdaftar_id,
      ptk_id: t.ptk_id,
      induk_pembelajaran_id: induk,
      jam_mengajar_per_minggu: jam,
      status_di_kurikulum: statusDiKurikulum(rombel.kurikulum_id, tingkat, mapel),
    };
    rombel.pembelajaran.push(p);
    return p;
  };
  const themeRng = year.fork('p5-tema');
  for (const k of kelasList) {
    const prog = PROGRAMMES[k.spec.prog];
    const ku = unitsByRombel.get(k.id) ?? [];
    const teacherOf = (u: Unit): Ptk =>
      u === keluarUnit ? (ptkKeluar[0] as Ptk) : (u.teacher as Teacher).ptk;
    for (const u of ku.filter((x) => x.kind === 'agama')) {
      pembelajaranByKey.set(u.key, mk(k.rombel, k.tingkat, u.mapel, teacherOf(u), u.jam, null));
    }
    for (const s of classPlan(prog, k.tingkat, k.spec.k13)) {
      if (s.kind === 'p5') {
        const coord = p5Coordinator(ctx, k).ptk;
        const parent = mk(k.rombel, k.tingkat, MAPEL.p5, coord, 0, null);
        pembelajaranByKey.set(`${k.id}|${MAPEL.p5}`, parent);
        const n = k.tingkat === 10 ? profile.p5Themes[10] : k.tingkat === 11 ? profile.p5Themes[11] : 0;
        const themes = themeRng.shuffle(P5_TEMA).slice(0, n);
        for (const tema of themes.sort((a, b) => a - b))
          mk(k.rombel, k.tingkat, tema, coord, 0, parent.pembelajaran_id);
        continue;
      }
      const children = ku.filter((x) => x.parentKey === `${k.id}|${s.mapel}`);
      if (children.length) {
        const first = children[0] as Unit;
        const parent = mk(k.rombel, k.tingkat, s.mapel, teacherOf(first), 0, null);
        pembelajaranByKey.set(`${k.id}|${s.mapel}`, parent);
        for (const c of children) {
          pembelajaranByKey.set(
            c.key,
            mk(k.rombel, k.tingkat, c.mapel, teacherOf(c), c.jam, parent.pembelajaran_id),
          );
        }
        continue;
      }
      const u = ku.find((x) => x.mapel === s.mapel && !x.parentKey);
      if (!u) continue;
      pembelajaranByKey.set(u.key, mk(k.rombel, k.tingkat, u.mapel, teacherOf(u), u.jam, null));
    }
  }
  for (const e of electiveRombels) {
    const t = e.unit.teacher as Teacher;
    pembelajaranByKey.set(e.unit.key, mk(e.rombel, e.spec.tingkat, e.spec.mapel, t.ptk, e.unit.jam, null));
  }
}

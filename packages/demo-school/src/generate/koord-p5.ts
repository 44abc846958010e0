import { MAPEL } from '../curriculum.ts';
import { cmp } from '../util.ts';
import { type GenerateContext, waliKelasOf } from './context.ts';

/**
 * Phase: p5@. The P5 coordinator (the wali) of the first Merdeka grade-10 (else 11) class with themes
 * that is not wali@'s becomes p5@ (decision 037). Chosen after every draw, so nothing else changes; the
 * past semesters give this teacher a class's P5 too (history.ts).
 */
export function chooseKoordP5(ctx: GenerateContext): void {
  const { kelasList, pembelajaranByKey, teachers, emailReg } = ctx;
  const waliKelas = waliKelasOf(ctx);
  const p5Kelas = [...kelasList]
    .filter((k) => k.tingkat <= 11 && !k.spec.k13 && k !== waliKelas)
    .sort((a, b) => a.tingkat - b.tingkat || cmp(a.nama, b.nama))
    .find((k) => {
      const parent = pembelajaranByKey.get(`${k.id}|${MAPEL.p5}`);
      const coord = teachers.find((t) => t.ptk.ptk_id === parent?.ptk_id);
      return (
        coord?.ptk.email &&
        !coord.demo &&
        k.rombel.pembelajaran.some((p) => p.induk_pembelajaran_id === parent?.pembelajaran_id)
      );
    });
  const p5Teacher = p5Kelas
    ? teachers.find((t) => t.ptk.ptk_id === pembelajaranByKey.get(`${p5Kelas.id}|${MAPEL.p5}`)?.ptk_id)
    : undefined;
  if (!p5Teacher || !p5Kelas) throw new Error('no class for the P5 coordinator p5@');
  p5Teacher.ptk.email = emailReg.take(() => 'p5@demo.sch.id');
  ctx.p5Kelas = p5Kelas;
  ctx.p5Teacher = p5Teacher;
}

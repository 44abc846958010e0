import { demoTeacher, type GenerateContext, jpIn, type Kelas, type Teacher, waliKelasOf } from './context.ts';

/** Phase: each class's wali kelas (wali@ for X TJKT 1), the soft-deleted and elective rombels' teacher. */
export function assignWaliKelas(ctx: GenerateContext): void {
  const { units, unitsByRombel, isWali, waliOf, kelasList, gurus, softDeleted, electiveRombels } = ctx;
  const waliKelas = waliKelasOf(ctx);
  for (const u of units) {
    const list = unitsByRombel.get(u.rombel.rombongan_belajar_id) ?? [];
    list.push(u);
    unitsByRombel.set(u.rombel.rombongan_belajar_id, list);
  }
  waliOf.set(waliKelas, demoTeacher(ctx, 'wali'));
  isWali.add(demoTeacher(ctx, 'wali'));
  for (const k of kelasList) {
    if (waliOf.has(k)) continue;
    const cand = jpIn(ctx, k).find(([t]) => !t.demo && !t.kepsek && !isWali.has(t));
    const t = cand?.[0] ?? gurus.find((x) => !x.demo && !x.kepsek && !isWali.has(x));
    if (!t) throw new Error(`no wali for ${k.nama}`);
    waliOf.set(k, t);
    isWali.add(t);
    k.rombel.ptk_id = t.ptk.ptk_id;
  }
  waliKelas.rombel.ptk_id = demoTeacher(ctx, 'wali').ptk.ptk_id;
  if (softDeleted) {
    const t =
      gurus.find((x) => !x.demo && !x.kepsek && !isWali.has(x)) ?? gurus.find((x) => !x.demo && !x.kepsek);
    softDeleted.rombel.ptk_id = t?.ptk.ptk_id ?? '';
  }
  for (const e of electiveRombels) e.rombel.ptk_id = e.unit.teacher?.ptk.ptk_id ?? '';
}

/** The P5 coordinator of a class: its wali unless a demo person, else its busiest non-demo teacher. */
export function p5Coordinator(ctx: GenerateContext, k: Kelas): Teacher {
  const w = ctx.waliOf.get(k);
  if (w && !w.demo) return w;
  const cand = jpIn(ctx, k).find(([t]) => !t.demo);
  if (!cand) throw new Error(`no P5 coordinator for ${k.nama}`);
  return cand[0];
}

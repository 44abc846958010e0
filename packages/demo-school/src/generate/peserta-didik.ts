import type { Gender } from '../names.ts';
import { at, cmp } from '../util.ts';
import type { GenerateContext } from './context.ts';
import { makePupil } from './pupil.ts';

/** Phase: the pupils of every non-empty class, sorted by name within it. */
export function makePesertaDidik(ctx: GenerateContext): void {
  const { kelasList, year, profile, minorityCount } = ctx;
  for (const k of kelasList) {
    if (k.spec.empty) continue;
    const cr = year.fork(`angkatan/${k.intake}/${k.spec.prog}/${k.spec.index}`);
    const size = cr.int(profile.classSize[0], profile.classSize[1]);
    const agamaOf: number[] = [];
    for (const [agama, n] of [...(minorityCount.get(k.id) ?? new Map<number, number>())].sort(
      (a, b) => a[0] - b[0],
    )) {
      for (let i = 0; i < n; i++) agamaOf.push(agama);
    }
    while (agamaOf.length < size) agamaOf.push(1);
    const shuffled = cr.shuffle(agamaOf);
    const boys = profile.boys[k.spec.prog];
    for (let i = 0; i < size; i++) {
      const pr = cr.fork(`pd/${i}`);
      const gender: Gender = pr.chance(boys) ? 'L' : 'P';
      k.members.push(makePupil(ctx, pr, k, at(shuffled, i), gender));
    }
    k.members.sort((a, b) => cmp(a.nama, b.nama));
  }
}

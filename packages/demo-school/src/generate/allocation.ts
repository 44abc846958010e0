import type { Pool } from '../curriculum.ts';
import type { GenerateContext, Teacher, Unit } from './context.ts';

/**
 * Phase: each unit to the teacher of its pool's slot (as sizeTeacherPools simulated), then a local
 * repair that moves units off anyone above the JP ceiling or onto anyone below the floor.
 */
export function allocateUnits(ctx: GenerateContext): void {
  const { units, keluarUnit, byPool, gurus, profile } = ctx;
  const ordered = units.filter((u) => u !== keluarUnit).map((u) => ({ u }));
  for (const { u } of ordered) {
    const t = (byPool.get(u.pool) ?? [])[u.slot];
    if (!t) throw new Error(`no teacher for pool ${u.pool}`);
    u.teacher = t;
    t.load += u.jam;
  }

  // Local repair: move units off anyone above the JP ceiling (or onto anyone below the floor).
  {
    const [floor, ceiling] = profile.jpRange;
    const movable = (u: Unit, to: Teacher) => !u.forced && !(u.avoidDemo && to.demo) && u.pool === to.pool;
    for (let pass = 0; pass < 4; pass++) {
      for (const t of gurus) {
        if (t.load <= ceiling) continue;
        const mine = ordered
          .map((o) => o.u)
          .filter((u) => u.teacher === t && !u.forced)
          .sort((a, b) => a.jam - b.jam);
        for (const u of mine) {
          if (t.load <= ceiling) break;
          const to = (byPool.get(u.pool) ?? [])
            .filter((x) => x !== t && movable(u, x) && x.load + u.jam <= ceiling)
            .sort((a, b) => a.load - b.load || a.idx - b.idx)[0];
          if (!to) continue;
          u.teacher = to;
          to.load += u.jam;
          t.load -= u.jam;
        }
      }
      for (const t of gurus) {
        if (t.load >= floor || t.pool === 'TENDIK') continue;
        const pool = byPool.get(t.pool as Pool) ?? [];
        const candidates = ordered
          .map((o) => o.u)
          .filter((u) => u.teacher && u.teacher !== t && pool.includes(u.teacher) && movable(u, t))
          .filter((u) => (u.teacher as Teacher).load - u.jam >= floor && t.load + u.jam <= ceiling)
          .sort((a, b) => (b.teacher as Teacher).load - (a.teacher as Teacher).load || a.jam - b.jam);
        for (const u of candidates) {
          if (t.load >= floor) break;
          const from = u.teacher as Teacher;
          if (from.load - u.jam < floor || t.load + u.jam > ceiling) continue;
          u.teacher = t;
          t.load += u.jam;
          from.load -= u.jam;
        }
      }
    }
  }
}

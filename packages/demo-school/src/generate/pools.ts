import { MAPEL, type Pool, PROGRAMMES } from '../curriculum.ts';
import {
  DEMO_PEOPLE,
  type DemoPerson,
  type GenerateContext,
  type Kelas,
  k13KelasOf,
  POOL_ORDER,
  pklKelasOf,
  type Unit,
  waliKelasOf,
} from './context.ts';

/**
 * Phase: how many teachers each pool (subject group) gets and which slot of its pool teaches each unit:
 * the demo people's units are forced onto them, the rest go longest-first (lpt) to the least loaded;
 * with a fixed number of teachers, each further one goes to the pool whose busiest teacher is busiest.
 */
export function sizeTeacherPools(ctx: GenerateContext): void {
  const { units, keluarUnit, kelasList, profile } = ctx;
  const waliKelas = waliKelasOf(ctx);
  const k13Kelas = k13KelasOf(ctx);
  const pklKelas = pklKelasOf(ctx);
  const force = (kelas: Kelas | undefined, mapel: number, who: DemoPerson) => {
    const u = units.find((x) => x.kelas === kelas && x.mapel === mapel);
    if (!u) throw new Error(`no unit ${mapel} in ${kelas?.nama}`);
    u.forced = who;
  };
  force(waliKelas, MAPEL.bindo, 'wali');
  force(waliKelas, MAPEL.mtk, 'guru');
  force(k13Kelas, MAPEL.mtk, 'guru');
  force(
    kelasList.find((k) => k.tingkat === 11 && k.spec.prog === 'TJKT' && k.spec.index === 1),
    MAPEL.mtk,
    'guru',
  );
  force(pklKelas, MAPEL.pkl, 'pkl');
  force(waliKelas, PROGRAMMES.TJKT.dasar, 'kaprog');

  const poolUnits = new Map<Pool, Unit[]>();
  units.forEach((u) => {
    if (u === keluarUnit) return;
    const list = poolUnits.get(u.pool) ?? [];
    list.push(u);
    poolUnits.set(u.pool, list);
  });
  const unitOrder = new Map(units.map((u, i) => [u, i]));
  for (const list of poolUnits.values()) {
    list.sort(
      (a, b) =>
        Number(!!b.forced) - Number(!!a.forced) ||
        b.jam - a.jam ||
        (unitOrder.get(a) ?? 0) - (unitOrder.get(b) ?? 0),
    );
  }
  const demoSlot = (p: Pool, slot: number) =>
    (Object.keys(DEMO_PEOPLE) as DemoPerson[]).some(
      (k) => DEMO_PEOPLE[k].pool === p && DEMO_PEOPLE[k].slot === slot,
    );
  /** Longest-first assignment within a pool of n teachers; returns the loads and sets unit.slot. */
  const lpt = (p: Pool, n: number): number[] => {
    const loads = new Array<number>(n).fill(0);
    for (const u of poolUnits.get(p) ?? []) {
      let slot = u.forced ? DEMO_PEOPLE[u.forced].slot : -1;
      if (slot < 0) {
        for (const pass of [true, false]) {
          for (let i = 0; i < n; i++) {
            if (pass && u.avoidDemo && demoSlot(p, i)) continue;
            if (slot < 0 || (loads[i] as number) < (loads[slot] as number)) slot = i;
          }
          if (slot >= 0) break;
        }
      }
      if (slot < 0) throw new Error(`no teacher for ${p}`);
      u.slot = slot;
      loads[slot] = (loads[slot] as number) + u.jam;
    }
    return loads;
  };
  const demand = (p: Pool) => (poolUnits.get(p) ?? []).reduce((s, u) => s + u.jam, 0);
  const hasAvoid = (p: Pool) => (poolUnits.get(p) ?? []).some((u) => u.avoidDemo);
  const demoInPool = (p: Pool) => Object.values(DEMO_PEOPLE).filter((d) => d.pool === p).length;
  const minCount = (p: Pool) => {
    const need = demoInPool(p) + (hasAvoid(p) ? 1 : 0);
    return Math.max(demand(p) ? 1 : 0, need, p === 'PKN' ? 2 : 0);
  };
  const counts = ctx.teacherCount;
  for (const p of POOL_ORDER) counts.set(p, minCount(p));
  if (profile.guru === null) {
    for (const p of POOL_ORDER) counts.set(p, Math.max(minCount(p), Math.ceil(demand(p) / 30)));
  } else {
    // Each further teacher goes to the pool whose busiest teacher is busiest.
    let sum = [...counts.values()].reduce((a, b) => a + b, 0);
    const peak = new Map(POOL_ORDER.map((p) => [p, Math.max(0, ...lpt(p, counts.get(p) ?? 0))]));
    while (sum < profile.guru) {
      let best: Pool | null = null;
      for (const p of POOL_ORDER) {
        if (!demand(p)) continue;
        const a = peak.get(p) ?? 0;
        const b = best ? (peak.get(best) ?? 0) : -1;
        if (
          a > b ||
          (a === b && best && demand(p) / (counts.get(p) ?? 1) > demand(best) / (counts.get(best) ?? 1))
        )
          best = p;
      }
      if (!best) break;
      counts.set(best, (counts.get(best) ?? 0) + 1);
      peak.set(best, Math.max(0, ...lpt(best, counts.get(best) ?? 0)));
      sum++;
    }
  }
  for (const p of POOL_ORDER) lpt(p, counts.get(p) ?? 0);
}

import { DEMO_PEOPLE, type GenerateContext, POOL_ORDER } from './context.ts';
import { makePtk } from './ptk-record.ts';

/** Phase: the PTK records: each pool's teachers (the demo people and the head among them), then the tendik. */
export function makePtkRecords(ctx: GenerateContext): void {
  const { root, teacherCount: counts, teachers, emailReg, profile } = ctx;
  const ptkRng = root.fork('ptk');
  for (const pool of POOL_ORDER) {
    const n = counts.get(pool) ?? 0;
    for (let slot = 0; slot < n; slot++) {
      const rng = ptkRng.fork(`${pool}/${slot}`);
      const demoKey = (Object.keys(DEMO_PEOPLE) as (keyof typeof DEMO_PEOPLE)[]).find(
        (key) => DEMO_PEOPLE[key].pool === pool && DEMO_PEOPLE[key].slot === slot,
      );
      const d = demoKey ? DEMO_PEOPLE[demoKey] : null;
      const kepsek = pool === 'PKN' && slot === 0;
      const made = makePtk(ctx, rng, pool, {
        ...(d
          ? {
              nama: d.nama,
              gender: d.gender,
              agama: 1,
              s1: d.s1,
              s2: d.s2,
              pns: true,
              email: emailReg.take(() => `${demoKey}@demo.sch.id`),
              jabatan: d.jabatan,
              age: [30, 48] as const,
            }
          : {}),
        ...(kepsek ? { pns: true, s2: 48, age: [50, 56] as const, jabatan: 2 } : {}),
      });
      teachers.push({
        idx: teachers.length,
        pool,
        ptk: made.ptk,
        demo: demoKey ?? null,
        gelar: made.gelar,
        load: 0,
        kepsek,
      });
    }
  }
  const guruCount = teachers.length;
  const tendikJenis = [11, 11, 11, 11, 11, 11, 11, 30, 30, 30, 41, 41];
  for (let i = 0; i < profile.tendik; i++) {
    const rng = ptkRng.fork(`TENDIK/${i}`);
    const made = makePtk(ctx, rng, 'TENDIK', {
      jenisPtk: tendikJenis[i % tendikJenis.length] ?? 11,
      age: [22, 55],
    });
    teachers.push({
      idx: teachers.length,
      pool: 'TENDIK',
      ptk: made.ptk,
      demo: null,
      gelar: made.gelar,
      load: 0,
      kepsek: false,
    });
  }
  const gurus = teachers.slice(0, guruCount);
  ctx.gurus = gurus;
  const { byPool } = ctx;
  for (const t of gurus) {
    if (t.pool === 'TENDIK') continue;
    const list = byPool.get(t.pool) ?? [];
    list.push(t);
    byPool.set(t.pool, list);
  }
}

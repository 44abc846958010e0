import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { agamaOfMapel, isGradablePembelajaran } from '@erapor/contract/penilaian/rules';
import { sql } from 'drizzle-orm';
import { openPglite } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { type SeededDemo, writeDemoSchool } from '../apps/server/src/modules/demo/seed';
import * as pengguna from '../apps/server/src/modules/pengguna/service';
import { nilaiAsesmenSekolah } from '../apps/server/src/modules/penilaian/nilai-akhir';
import { insertTps } from '../apps/server/src/modules/penilaian/test-fixtures';
import { type AppEnv, type Engine, openAppEnv } from './app-env';
import { GridWriter, loginHeaders } from './grid-writer';
import { percentile } from './stats';
import type { BenchResult } from './types';

/*
 * Grade entry under the semester's deadline (issue "Academic assessment"):
 * - saving a 36-pupil × 12-TP lingkup-materi grid over HTTP, PGlite: p95 ≤ 100 ms;
 * - the suggested final grades of the whole demo school (every pupil × every subject, scored),
 *   computed on a freshly opened PGlite: ≤ 5 s;
 * - 50 teachers saving their own grids at once for 60 s on PostgreSQL: no errors, no lost writes.
 */

export const PASSWORD = 'bench-password-1';
const GRID_TPS = 12;
const GRID_SAVES = 60;
const SOAK_TEACHERS = Number(process.env.BENCH_SOAK_TEACHERS ?? 50);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);

export interface Env extends AppEnv {
  demo: SeededDemo;
}

/** The full demo school (smk-standard) with a known password, behind a listening app. */
async function openEnv(engine: Engine): Promise<Env> {
  const env = await openAppEnv(engine, 'penilaian', {
    loginRateLimit: { account: 1000, address: 100_000, device: 1000, windowSeconds: 60 },
  });
  const demo = await writeDemoSchool(env.handle.db, {
    profile: 'smk-standard',
    passwordHash: await hashPassword(PASSWORD),
    // This bench writes its own TPs and grades into an empty school (decision 022's living data off).
    living: false,
  });
  return { ...env, demo };
}

/** Gradable pembelajaran of regular classes, non-religion, with their teacher and class size, largest first. */
export async function gradableSubjects(env: Env) {
  const { rows } = (await env.handle.db.execute(sql`
    select p.pembelajaran_id, p.guru_id, p.mata_pelajaran_id, p.kelompok_id, p.no_urut,
      (select count(*) from anggota_rombel a where a.rombongan_belajar_id = r.rombongan_belajar_id)::int as pupils
    from pembelajaran p join rombongan_belajar r on r.rombongan_belajar_id = p.rombongan_belajar_id
    where p.sekolah_id = ${env.demo.sekolahId} and p.semester_id = ${env.demo.semesterId}
      and r.jenis_rombel = 1 and p.guru_id is not null and p.induk_pembelajaran_id is null
    order by pupils desc, p.pembelajaran_id`)) as unknown as {
    rows: {
      pembelajaran_id: string;
      guru_id: string;
      mata_pelajaran_id: number;
      kelompok_id: number | null;
      no_urut: number | null;
      pupils: number;
    }[];
  };
  return rows.filter((r) => isGradablePembelajaran(r) && agamaOfMapel(r.mata_pelajaran_id) === null);
}

export async function addTeacherAccount(env: Env, guruId: string, n: number): Promise<string> {
  const email = `bench-guru${n}@demo.sch.id`;
  const user = await pengguna.createUser(env.handle.db, {
    sekolahId: env.demo.sekolahId,
    name: `Guru Bench ${n}`,
    email,
    passwordHash: await hashPassword(PASSWORD),
    guruId,
    pesertaDidikId: null,
  });
  await pengguna.grantRoles(env.handle.db, [
    {
      userId: user.id,
      sekolahId: env.demo.sekolahId,
      semesterId: env.demo.semesterId,
      role: 'guru',
      source: 'manual',
    },
  ]);
  return email;
}

export const tpTexts = (tag: string, n: number) =>
  Array.from({ length: n }, (_, i) => `Bench ${tag} TP ${i + 1}`);

async function gridSaveLatency(env: Env): Promise<BenchResult[]> {
  const subject = (await gradableSubjects(env))[0];
  if (!subject) throw new Error('no gradable subject in the demo school');
  const email = await addTeacherAccount(env, subject.guru_id, 0);
  await insertTps(env.handle.db, {
    sekolahId: env.demo.sekolahId,
    pembelajaranId: subject.pembelajaran_id,
    source: { cpId: 1 },
    texts: tpTexts(subject.pembelajaran_id, GRID_TPS),
  });
  const writer = new GridWriter(env, await loginHeaders(env, email, PASSWORD), subject.pembelajaran_id);
  await writer.load();
  const timings: number[] = [];
  for (let i = 0; i < GRID_SAVES + 5; i++) {
    const t0 = performance.now();
    const status = await writer.save();
    if (status !== 200) throw new Error(`grid save answered ${status}`);
    if (i >= 5) timings.push(performance.now() - t0); // the first saves warm the route up
  }
  if ((await writer.lostWrites()) !== 0) throw new Error('grid save lost writes');
  const label = `${writer.cells / GRID_TPS} pupils × ${GRID_TPS} TP`;
  return [
    { name: `Grid save p50 (${label}, PGlite)`, value: Math.round(percentile(timings, 50)), unit: 'ms' },
    {
      name: `Grid save p95 (${label}, PGlite)`,
      value: Math.round(percentile(timings, 95)),
      unit: 'ms',
      budget: 100,
    },
  ];
}

/** Every gradable subject of the school gets 4 TPs, and every member a score on each, plus tes and non-tes. */
async function scoreWholeSchool(env: Env): Promise<number> {
  const subjects = await gradableSubjects(env);
  for (const s of subjects)
    await insertTps(env.handle.db, {
      sekolahId: env.demo.sekolahId,
      pembelajaranId: s.pembelajaran_id,
      source: { cpId: 1 },
      texts: tpTexts(`${s.pembelajaran_id} sekolah`, 4),
    });
  const ids = sql.join(
    subjects.map((s) => sql`${s.pembelajaran_id}::uuid`),
    sql`, `,
  );
  await env.handle.db.execute(sql`
    insert into nilai_tp (sekolah_id, anggota_rombel_id, pembelajaran_id, tp_id, nilai)
    select p.sekolah_id, a.anggota_rombel_id, p.pembelajaran_id, m.tp_id,
      60 + abs(hashtext(a.anggota_rombel_id::text || m.tp_id::text)) % 41
    from pembelajaran p
    join tp_mapel m on m.pembelajaran_id = p.pembelajaran_id
    join anggota_rombel a on a.rombongan_belajar_id = p.rombongan_belajar_id
    where p.pembelajaran_id in (${ids})
    on conflict do nothing`);
  await env.handle.db.execute(sql`
    insert into nilai_sumatif (sekolah_id, anggota_rombel_id, pembelajaran_id, jenis, nilai)
    select p.sekolah_id, a.anggota_rombel_id, p.pembelajaran_id, j.jenis,
      55 + abs(hashtext(a.anggota_rombel_id::text || p.pembelajaran_id::text || j.jenis)) % 46
    from pembelajaran p
    join anggota_rombel a on a.rombongan_belajar_id = p.rombongan_belajar_id
    cross join (values ('tes'), ('non-tes')) j(jenis)
    where p.pembelajaran_id in (${ids})
    on conflict do nothing`);
  return subjects.length;
}

async function wholeSchoolFinalGrades(): Promise<BenchResult[]> {
  const env = await openEnv('pglite');
  const sekolahId = env.demo.sekolahId;
  const semesterId = env.demo.semesterId;
  const subjects = await scoreWholeSchool(env);
  // Cold: close the database and open it again, so no page of it is cached.
  await env.app.close();
  await env.handle.close();
  const cold = await openPglite(join(env.dataDir, 'pgdata'));
  try {
    const t0 = performance.now();
    const grades = await nilaiAsesmenSekolah(cold.db, sekolahId, semesterId);
    const seconds = (performance.now() - t0) / 1000;
    const suggested = [...grades.values()].filter((v) => v !== null).length;
    if (suggested < 10_000) throw new Error(`expected the whole school's grades, got ${suggested}`);
    return [
      {
        name: `Final grades of the whole school (${subjects} subjects, ${suggested} grades, cold PGlite)`,
        value: Number(seconds.toFixed(2)),
        unit: 's',
        budget: 5,
      },
    ];
  } finally {
    await cold.close();
    rmSync(env.dataDir, { recursive: true, force: true });
  }
}

async function concurrentTeachers(): Promise<BenchResult[]> {
  const env = await openEnv('postgresql');
  try {
    // One subject per teacher: their largest class.
    const byTeacher = new Map<string, string>();
    for (const s of await gradableSubjects(env))
      if (!byTeacher.has(s.guru_id) && byTeacher.size < SOAK_TEACHERS)
        byTeacher.set(s.guru_id, s.pembelajaran_id);
    if (byTeacher.size < SOAK_TEACHERS)
      throw new Error(`only ${byTeacher.size} teachers with a gradable subject`);
    const writers: GridWriter[] = [];
    let n = 0;
    for (const [guruId, pembelajaranId] of byTeacher) {
      const email = await addTeacherAccount(env, guruId, ++n);
      await insertTps(env.handle.db, {
        sekolahId: env.demo.sekolahId,
        pembelajaranId,
        source: { cpId: 1 },
        texts: tpTexts(pembelajaranId, GRID_TPS),
      });
      const w = new GridWriter(env, await loginHeaders(env, email, PASSWORD), pembelajaranId);
      await w.load();
      writers.push(w);
    }
    const timings: number[] = [];
    const errors = new Map<number, number>();
    const until = performance.now() + SOAK_SECONDS * 1000;
    await Promise.all(
      writers.map(async (w) => {
        while (performance.now() < until) {
          const t0 = performance.now();
          const status = await w.save();
          timings.push(performance.now() - t0);
          if (status !== 200) errors.set(status, (errors.get(status) ?? 0) + 1);
        }
      }),
    );
    let lost = 0;
    for (const w of writers) lost += await w.lostWrites();
    const failed = [...errors.values()].reduce((a, b) => a + b, 0);
    if (failed > 0) console.error(`Concurrent saves failed: ${JSON.stringify(Object.fromEntries(errors))}`);
    const label = `${writers.length} teachers × ${SOAK_SECONDS} s, PostgreSQL`;
    return [
      { name: `Concurrent grid saves (${label})`, value: timings.length, unit: 'saves' },
      { name: `Concurrent grid save p95 (${label})`, value: Math.round(percentile(timings, 95)), unit: 'ms' },
      { name: `Concurrent grid saves failed (${label})`, value: failed, unit: 'saves', budget: 0 },
      { name: `Lost writes (${label})`, value: lost, unit: 'cells', budget: 0 },
    ];
  } finally {
    await env.close();
  }
}

export async function penilaianBench(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const env = await openEnv('pglite');
  try {
    results.push(...(await gridSaveLatency(env)));
  } finally {
    await env.close();
  }
  results.push(...(await wholeSchoolFinalGrades()));
  results.push(...(await concurrentTeachers()));
  return results;
}

// `npx tsx bench/penilaian.ts`: this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await penilaianBench());
  process.exit(0);
}

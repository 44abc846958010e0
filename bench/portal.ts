import { sql } from 'drizzle-orm';
import { sqlRows } from '../apps/server/src/db/sql-rows';
import { roleUser, users } from '../apps/server/src/db/tables/pengguna';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { writeDemoSchool } from '../apps/server/src/modules/demo/seed';
import { openAppEnv } from './app-env';
import { type DemoEnv, loginHeaders } from './grid-writer';
import { loadAverage, percentile, timedGets } from './stats';
import type { BenchResult } from './types';

/*
 * The pupil portal (issue #15; decisions 039, 046) over HTTP on PGlite for the living smk-standard
 * school: a class XII pupil with every semester of the demo's history opens the Beranda (profile
 * and this semester's grades) and the Nilai tab of each past semester. Budget p95 ≤ 150 ms each.
 */

const PASSWORD = 'bench-password-1';
const RUNS = Number(process.env.BENCH_PORTAL_RUNS ?? 30);
const BUDGET_MS = 150;

export async function portalBench(): Promise<BenchResult[]> {
  const env = await openAppEnv('pglite', 'portal');
  try {
    const passwordHash = await hashPassword(PASSWORD);
    const demo = await writeDemoSchool(env.handle.db, {
      profile: 'smk-standard',
      passwordHash,
      living: true,
    });
    // A class XII pupil of the active semester with the most semesters of regular classes.
    const [pupil] = await sqlRows<{ id: string; n: number }>(
      env.handle.db,
      sql`select a.peserta_didik_id as id, count(distinct r2.semester_id)::int as n
        from anggota_rombel a
        join rombongan_belajar r on r.rombongan_belajar_id = a.rombongan_belajar_id
        join anggota_rombel a2 on a2.peserta_didik_id = a.peserta_didik_id and a2.deleted_at is null
        join rombongan_belajar r2 on r2.rombongan_belajar_id = a2.rombongan_belajar_id and r2.jenis_rombel = 1
        where r.semester_id = ${demo.semesterId} and r.tingkat = 12 and r.jenis_rombel = 1 and a.deleted_at is null
        group by a.peserta_didik_id order by n desc, a.peserta_didik_id limit 1`,
    );
    if (!pupil) throw new Error('no class XII pupil');
    const email = 'bench-portal@demo.sch.id';
    const [user] = await env.handle.db
      .insert(users)
      .values({
        sekolahId: demo.sekolahId,
        name: email,
        email,
        passwordHash,
        pesertaDidikId: String(pupil.id),
      })
      .returning({ id: users.id });
    if (!user) throw new Error('user not written');
    await env.handle.db
      .insert(roleUser)
      .values({ userId: user.id, role: 'siswa', semesterId: demo.semesterId, sekolahId: demo.sekolahId });
    const demoEnv: DemoEnv = { ...env, demo };
    const headers = await loginHeaders(demoEnv, email, PASSWORD);
    const api = `${env.url}/api/portal`;
    const profil = (await (await fetch(`${api}/profil`, { headers })).json()) as {
      semester: { semester_id: string }[];
    };
    const past = profil.semester.map((s) => s.semester_id).filter((id) => id !== demo.semesterId);
    const beranda: number[] = [];
    const [profilTimes, nilaiAktif] = [
      await timedGets(`${api}/profil`, headers, RUNS),
      await timedGets(`${api}/nilai/${demo.semesterId}`, headers, RUNS),
    ];
    // The Beranda asks for both at once; its time is the slower of the two per run.
    for (let i = 0; i < RUNS; i++) beranda.push(Math.max(profilTimes[i] ?? 0, nilaiAktif[i] ?? 0));
    const nilai: number[] = [];
    for (const id of past)
      nilai.push(...(await timedGets(`${api}/nilai/${id}`, headers, Math.ceil(RUNS / past.length))));
    console.log(
      `portal PGlite: a pupil with ${profil.semester.length} semesters; p50 Beranda ${percentile(beranda, 50).toFixed(0)} ms, ` +
        `Nilai ${percentile(nilai, 50).toFixed(0)} ms (${loadAverage()})`,
    );
    return [
      {
        name: 'Portal Beranda (profile + this semester), PGlite, p95',
        value: Math.round(percentile(beranda, 95)),
        unit: 'ms',
        budget: BUDGET_MS,
      },
      {
        name: 'Portal Nilai (a past semester), PGlite, p95',
        value: Math.round(percentile(nilai, 95)),
        unit: 'ms',
        budget: BUDGET_MS,
      },
    ];
  } finally {
    await env.close();
  }
}

// `npx tsx bench/portal.ts`: this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await portalBench());
  process.exit(0);
}

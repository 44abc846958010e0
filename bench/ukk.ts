import { sql } from 'drizzle-orm';
import { sqlRows } from '../apps/server/src/db/sql-rows';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { writeDemoSchool } from '../apps/server/src/modules/demo/seed';
import { openAppEnv } from './app-env';
import { printAll } from './cetak-semua';
import { type DemoEnv, loginHeaders } from './grid-writer';
import type { BenchResult } from './types';

/*
 * UKK (issue #13): kaprog@ prints "Cetak Semua" of the living demo's UKK plan as one PDF — 36 scored
 * pupils, two landscape pages each — over HTTP on PGlite through the bulk job (start, follow,
 * download): ≤ 3 s per run. The plan's class is filled up to 36 pupils, every one scored, with NISN.
 */

const PASSWORD = 'bench-password-1';
const PUPILS = 36;
const RUNS = 3;

async function openEnv(): Promise<DemoEnv> {
  const env = await openAppEnv('pglite', 'ukk');
  const demo = await writeDemoSchool(env.handle.db, {
    profile: 'tiny',
    passwordHash: await hashPassword(PASSWORD),
    living: true,
  });
  return { ...env, demo };
}

export async function ukkBench(): Promise<BenchResult[]> {
  const env = await openEnv();
  try {
    const { db } = env.handle;
    const [plan] = await sqlRows<{ id: string; rombel: string }>(
      db,
      sql`select rencana_ukk_id id, rombongan_belajar_id rombel from rencana_ukk
        where sekolah_id = ${env.demo.sekolahId} and semester_id = ${env.demo.semesterId} limit 1`,
    );
    if (!plan) throw new Error('the living demo has no UKK plan');
    const [count] = await sqlRows<{ n: number }>(
      db,
      sql`select count(*)::int n from nilai_ukk where rencana_ukk_id = ${plan.id}`,
    );
    for (let i = Number(count?.n ?? 0); i < PUPILS; i++) {
      const [pd] = await sqlRows<{ id: string }>(
        db,
        sql`insert into peserta_didik (sekolah_id, nama, nisn) values (${env.demo.sekolahId}, ${`Peserta UKK Bench ${i + 1}`},
          ${String(9_700_000_000 + i)}) returning peserta_didik_id id`,
      );
      const [ar] = await sqlRows<{ id: string }>(
        db,
        sql`insert into anggota_rombel (sekolah_id, semester_id, rombongan_belajar_id, peserta_didik_id)
          select sekolah_id, semester_id, rombongan_belajar_id, ${pd?.id} from rombongan_belajar
          where rombongan_belajar_id = ${plan.rombel} returning anggota_rombel_id id`,
      );
      await db.execute(sql`insert into nilai_ukk (sekolah_id, rencana_ukk_id, anggota_rombel_id, peserta_didik_id)
        values (${env.demo.sekolahId}, ${plan.id}, ${ar?.id}, ${pd?.id})`);
    }
    // Every pupil scored and with a NISN: 36 certificates.
    await db.execute(sql`update nilai_ukk set nilai = 60 + (abs(hashtext(nilai_ukk_id::text)) % 41)
      where rencana_ukk_id = ${plan.id}`);
    await db.execute(sql`update peserta_didik p set nisn = lpad((abs(hashtext(p.peserta_didik_id::text)) % 1000000000)::text, 10, '0')
      where p.nisn is null and p.peserta_didik_id in (select peserta_didik_id from nilai_ukk where rencana_ukk_id = ${plan.id})`);
    const headers = await loginHeaders(env, env.demo.accounts.kaprog.email, PASSWORD);
    const runs: number[] = [];
    let bytes = 0;
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const run = await printAll(env, headers, '/api/cetak/sertifikat-semua', {
        rencana_ukk_id: plan.id,
        output: 'pdf',
      });
      runs.push(run.ms);
      bytes = run.bytes;
      total = run.total;
    }
    const label = `${total} certificates, one PDF, ${Math.round(bytes / 1024)} kB, PGlite`;
    console.log(`ukk: Cetak Semua ${label}: ${runs.map((ms) => (ms / 1000).toFixed(1)).join(' / ')} s`);
    return [
      {
        name: `UKK Cetak Semua, slowest of ${RUNS} runs (${label})`,
        value: Math.round(Math.max(...runs)),
        unit: 'ms',
        budget: 3000,
      },
    ];
  } finally {
    await env.close();
  }
}

// `npx tsx bench/ukk.ts`: this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await ukkBench());
  process.exit(0);
}

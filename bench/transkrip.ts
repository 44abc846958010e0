import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { sqlRows } from '../apps/server/src/db/sql-rows';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { transkripSiswa } from '../apps/server/src/modules/cetak/transkrip/data';
import { renderTranskrip } from '../apps/server/src/modules/cetak/transkrip/document';
import { type SeededDemo, writeDemoSchool } from '../apps/server/src/modules/demo/seed';
import { type AppEnv, ENGINE_LABEL, type Engine, openAppEnv } from './app-env';
import { printAll } from './cetak-semua';
import { loginHeaders } from './grid-writer';
import { loadAverage } from './stats';
import type { BenchResult } from './types';

/*
 * Transkrip Nilai (issue #15 item 3; docs/decisions/040-transkrip.md): the Waka prints the
 * transcripts of the largest class XII of the living demo (four semesters each: 20242, 20251, 20252
 * and the active one) over HTTP — POST /api/cetak/transkrip-semua, the job followed until done, the
 * file downloaded — as one ZIP (budget ≤ 3 s) and as one PDF, on PGlite and PostgreSQL. The server
 * runs in this process (render worker included), so the process's CPU time over a run is the job's
 * own work on PGlite; the budget holds that CPU time, as the demo seed's does (decision 022), and
 * the wall time and the load are printed beside it: on a 2-core machine shared with other work the
 * wall time measures the neighbours. On PostgreSQL the database server's CPU is not in it.
 * `npx tsx bench/transkrip.ts --images` instead writes the page images of docs/transkrip/.
 */

const PASSWORD = 'bench-password-1';
const RUNS = Number(process.env.BENCH_TRANSKRIP_RUNS ?? 3);

async function openEnv(engine: Engine, tag: string): Promise<AppEnv & { demo: SeededDemo }> {
  const env = await openAppEnv(engine, tag);
  const demo = await writeDemoSchool(env.handle.db, {
    profile: 'smk-standard',
    passwordHash: await hashPassword(PASSWORD),
    living: true,
  });
  return { ...env, demo };
}

/** The class XII of the active semester with the most pupils. */
async function largestXii(env: AppEnv & { demo: SeededDemo }) {
  const [row] = await sqlRows<{ id: string; nama: string; n: number }>(
    env.handle.db,
    sql`select r.rombongan_belajar_id as id, r.nama, count(a.anggota_rombel_id)::int as n
      from rombongan_belajar r join anggota_rombel a on a.rombongan_belajar_id = r.rombongan_belajar_id
        and a.deleted_at is null
      where r.jenis_rombel = 1 and r.deleted_at is null and r.tingkat = 12 and r.semester_id = ${env.demo.semesterId}
      group by r.rombongan_belajar_id, r.nama order by n desc, r.nama limit 1`,
  );
  if (!row) throw new Error('no class XII');
  return { id: String(row.id), nama: String(row.nama), n: Number(row.n) };
}

async function transkripBench(engine: Engine): Promise<BenchResult[]> {
  const env = await openEnv(engine, 'transkrip');
  try {
    const waka = await loginHeaders(env, env.demo.accounts.waka.email, PASSWORD);
    const kelas = await largestXii(env);
    const out: BenchResult[] = [];
    for (const [output, budget] of [
      ['zip', 3000],
      ['pdf', undefined],
    ] as const) {
      const times: number[] = [];
      const cpus: number[] = [];
      let bytes = 0;
      for (let i = 0; i < RUNS; i++) {
        const r = await printAll(env, waka, '/api/cetak/transkrip-semua', {
          rombongan_belajar_id: kelas.id,
          output,
        });
        times.push(r.ms);
        cpus.push(r.cpuMs);
        bytes = r.bytes;
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
      console.log(
        `transkrip ${ENGINE_LABEL[engine]}: ${kelas.nama} (${kelas.n} pupils) as ${output}, ${bytes} bytes, ` +
          `wall ${times.map((t) => t.toFixed(0)).join(' / ')} ms, CPU ${cpus.map((t) => t.toFixed(0)).join(' / ')} ms, ` +
          loadAverage(),
      );
      const name = `Transkrip: class ${kelas.nama} (${kelas.n} pupils), one ${output.toUpperCase()}, ${ENGINE_LABEL[engine]}`;
      out.push(
        {
          name: `${name}, CPU time, median`,
          value: Math.round(median(cpus)),
          unit: 'ms',
          ...(budget === undefined ? {} : { budget }),
        },
        { name: `${name}, wall time, median`, value: Math.round(median(times)), unit: 'ms' },
      );
    }
    return out;
  } finally {
    await env.close();
  }
}

export async function transkripBenchAll(): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  for (const engine of ['pglite', 'postgresql'] as const) out.push(...(await transkripBench(engine)));
  return out;
}

/**
 * docs/transkrip/: the transcript of the first pupil (by name) of the largest class XII — four
 * semesters of the living demo's history — as 60 dpi PNGs, one per page.
 */
async function writeImages(): Promise<void> {
  const env = await openEnv('pglite', 'transkrip-images');
  const outDir = resolve(import.meta.dirname, '../docs/transkrip');
  mkdirSync(outDir, { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), 'transkrip-images-'));
  try {
    const kelas = await largestXii(env);
    const [first] = await sqlRows<{ id: string }>(
      env.handle.db,
      sql`select a.peserta_didik_id as id from anggota_rombel a
        join peserta_didik p on p.peserta_didik_id = a.peserta_didik_id
        where a.rombongan_belajar_id = ${kelas.id} and a.deleted_at is null
        order by p.nama, a.anggota_rombel_id limit 1`,
    );
    if (!first) throw new Error('no pupil');
    const docs = await transkripSiswa(env.handle.db, env.demo.sekolahId, [String(first.id)], {
      semesterId: env.demo.semesterId,
      versi: '0.1.0',
    });
    const doc = docs.get(String(first.id));
    if (!doc) throw new Error('no transcript');
    console.log(
      `${doc.siswa.nama} (${kelas.nama}): semesters ${doc.transkrip.semester.map((s) => s.nomor).join(', ')}`,
    );
    const file = join(tmp, 'transkrip.pdf');
    writeFileSync(file, await renderTranskrip(doc));
    execFileSync('pdftoppm', ['-r', '60', '-png', file, join(tmp, 'transkrip')]);
    for (const old of readdirSync(outDir).filter((f) => f.endsWith('.png'))) rmSync(join(outDir, old));
    for (const png of readdirSync(tmp).filter((f) => f.endsWith('.png'))) {
      const name = png.replace(/-0*(\d+)\.png$/, '-$1.png');
      renameSync(join(tmp, png), join(outDir, name));
      console.log(`docs/transkrip/${name}: ${Math.round(statSync(join(outDir, name)).size / 1024)} kB`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    await env.close();
  }
}

// `npx tsx bench/transkrip.ts`: this benchmark alone (`--pglite` / `--postgresql`: one engine);
// `--images`: the page images of docs/transkrip/.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--images')) await writeImages();
  else {
    const engines = (['pglite', 'postgresql'] as const).filter(
      (e) => process.argv.includes(`--${e}`) || !process.argv.some((a) => /^--(pglite|postgresql)$/.test(a)),
    );
    const out: BenchResult[] = [];
    for (const engine of engines) out.push(...(await transkripBench(engine)));
    console.table(out);
  }
  process.exit(0);
}

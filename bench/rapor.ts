import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Actor } from '../apps/server/src/actor';
import { sqlRows } from '../apps/server/src/db/sql-rows';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { printableRombel } from '../apps/server/src/modules/cetak/access';
import { renderCover } from '../apps/server/src/modules/cetak/rapor/cover';
import { raporKelas } from '../apps/server/src/modules/cetak/rapor/data';
import { renderNilaiAkhir } from '../apps/server/src/modules/cetak/rapor/nilai-akhir';
import { type SeededDemo, writeDemoSchool } from '../apps/server/src/modules/demo/seed';
import { type AppEnv, ENGINE_LABEL, type Engine, openAppEnv } from './app-env';
import { printAll } from './cetak-semua';
import { GridWriter, loginHeaders } from './grid-writer';
import { percentile } from './stats';
import type { BenchResult } from './types';

/*
 * Cetak Semua (issue #11 item 10; docs/decisions/033-cetak-semua.md): the Waka prints the largest
 * class of the living demo school over HTTP — POST /api/cetak/rapor-semua, the job followed until
 * done, the PDF downloaded — on PGlite and PostgreSQL:
 * - the Rapor Akademik with its notes page of every pupil of the class, one PDF: ≤ 3 s;
 * - the full set (cover, Rapor Akademik, supporting pages), one PDF: ≤ 8 s;
 * - the full set of the whole school (smk-standard, ~1,500 pupils) as one ZIP job: ≤ 5 min, while a
 *   teacher keeps saving a grade grid: grid save p95 ≤ 250 ms (the job must not starve the app).
 * `npx tsx bench/rapor.ts --images` instead writes the page images of docs/rapor/.
 */

const PASSWORD = 'bench-password-1';
const RUNS = Number(process.env.BENCH_RAPOR_RUNS ?? 3);

async function openEnv(engine: Engine, tag: string): Promise<AppEnv & { demo: SeededDemo }> {
  const env = await openAppEnv(engine, tag);
  const demo = await writeDemoSchool(env.handle.db, {
    profile: 'smk-standard',
    passwordHash: await hashPassword(PASSWORD),
    living: true,
  });
  return { ...env, demo };
}

async function largestClass(
  env: AppEnv & { demo: SeededDemo },
): Promise<{ id: string; nama: string; n: number }> {
  const [row] = await sqlRows<{ id: string; nama: string; n: number }>(
    env.handle.db,
    sql`select r.rombongan_belajar_id as id, r.nama, count(a.anggota_rombel_id)::int as n
      from rombongan_belajar r join anggota_rombel a on a.rombongan_belajar_id = r.rombongan_belajar_id
        and a.deleted_at is null
      where r.jenis_rombel = 1 and r.deleted_at is null and r.semester_id = ${env.demo.semesterId}
      group by r.rombongan_belajar_id, r.nama order by n desc, r.nama limit 1`,
  );
  if (!row) throw new Error('no class');
  return { id: String(row.id), nama: String(row.nama), n: Number(row.n) };
}

/** Starts a job and returns its id. */
async function startJob(url: string, headers: Record<string, string>, body: Record<string, unknown>) {
  const res = await fetch(`${url}/api/cetak/rapor-semua`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  if (res.status !== 202) throw new Error(`start: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/**
 * The whole school's full set as one ZIP job while guru@ saves their first grid (the living demo's
 * TPs) every 200 ms: the job's time and the saves' p95.
 */
async function schoolBench(engine: Engine): Promise<BenchResult[]> {
  const env = await openEnv(engine, 'rapor-sekolah');
  try {
    const waka = await loginHeaders(env, env.demo.accounts.waka.email, PASSWORD);
    const guru = await loginHeaders(env, env.demo.accounts.guru.email, PASSWORD);
    const [subject] = await sqlRows<{ id: string }>(
      env.handle.db,
      sql`select p.pembelajaran_id as id from pembelajaran p
        join tp_mapel m on m.pembelajaran_id = p.pembelajaran_id
        join rombongan_belajar r on r.rombongan_belajar_id = p.rombongan_belajar_id
        where p.guru_id = ${env.demo.accounts.guru.guruId} and p.semester_id = ${env.demo.semesterId}
          and r.rombongan_belajar_id <> ${env.demo.school.relations.k13RombelId}
        group by p.pembelajaran_id order by count(*) desc limit 1`,
    );
    if (!subject) throw new Error('guru@ has no subject with TPs');
    const writer = new GridWriter(env, guru, String(subject.id));
    await writer.load();
    for (let i = 0; i < 5; i++) await writer.save(); // warm the route up
    const [pupils] = await sqlRows<{ n: number }>(
      env.handle.db,
      sql`select count(*)::int as n from anggota_rombel a join rombongan_belajar r
        on r.rombongan_belajar_id = a.rombongan_belajar_id
        where r.jenis_rombel = 1 and r.deleted_at is null and a.deleted_at is null
          and r.semester_id = ${env.demo.semesterId}`,
    );
    const start = performance.now();
    const id = await startJob(env.url, waka, {
      sekolah: true,
      dokumen: ['cover', 'nilai-akhir', 'pelengkap'],
      output: 'zip',
    });
    const saves: number[] = [];
    let failed = 0;
    let status = 'queued';
    let message = '';
    while (status === 'queued' || status === 'running') {
      const t0 = performance.now();
      if ((await writer.save()) === 200) saves.push(performance.now() - t0);
      else failed++;
      await new Promise((r) => setTimeout(r, 200));
      const job = (await (
        await fetch(`${env.url}/api/cetak/rapor-semua/${id}`, { headers: waka })
      ).json()) as {
        status: string;
        message: string;
      };
      ({ status, message } = job);
    }
    if (status !== 'done') throw new Error(`school job ${status}: ${message}`);
    const file = await fetch(`${env.url}/api/cetak/rapor-semua/${id}/unduh`, { headers: waka });
    const bytes = (await file.arrayBuffer()).byteLength;
    const ms = performance.now() - start;
    if ((await writer.lostWrites()) !== 0) throw new Error('grid saves lost writes during the job');
    const label = ENGINE_LABEL[engine];
    console.log(
      `rapor ${label}: whole school full set (${pupils?.n} pupils) ${(ms / 1000).toFixed(1)} s, ${bytes} bytes; ` +
        `${saves.length} grid saves meanwhile, p95 ${percentile(saves, 95).toFixed(0)} ms, ${failed} refused`,
    );
    return [
      {
        name: `Cetak Semua: full set of the whole school (${pupils?.n} pupils), ZIP job, ${label}`,
        value: Math.round(ms / 1000),
        unit: 's',
        budget: 300,
      },
      {
        name: `Grid save p95 during the whole-school print job, ${label}`,
        value: Math.round(percentile(saves, 95)),
        unit: 'ms',
        budget: 250,
      },
      { name: `Grid saves refused during the print job, ${label}`, value: failed, unit: 'saves', budget: 0 },
    ];
  } finally {
    await env.close();
  }
}

async function printBench(engine: Engine): Promise<BenchResult[]> {
  const env = await openEnv(engine, 'rapor');
  try {
    const login = await fetch(`${env.url}/api/jwt/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: env.demo.accounts.waka.email,
        password: PASSWORD,
        semester_id: env.demo.semesterId,
      }),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const kelas = await largestClass(env);
    const out: BenchResult[] = [];
    for (const [label, dokumen, budget] of [
      ['Rapor Akademik with notes', ['nilai-akhir'], 3000],
      ['full set', ['cover', 'nilai-akhir', 'pelengkap'], 8000],
    ] as const) {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < RUNS; i++) {
        const r = await printAll(
          env,
          { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          '/api/cetak/rapor-semua',
          { rombongan_belajar_id: kelas.id, dokumen, output: 'pdf' },
        );
        times.push(r.ms);
        bytes = r.bytes;
      }
      const best = Math.min(...times);
      console.log(
        `rapor ${ENGINE_LABEL[engine]}: ${label} of ${kelas.nama} (${kelas.n} pupils), ${bytes} bytes, ` +
          `runs ${times.map((t) => t.toFixed(0)).join(' / ')} ms`,
      );
      out.push({
        name: `Cetak Semua: ${label} of one class (${kelas.n} pupils), one PDF, ${ENGINE_LABEL[engine]}, median`,
        value: Math.round([...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? best),
        unit: 'ms',
        budget,
      });
    }
    return out;
  } finally {
    await env.close();
  }
}

/**
 * Single documents over HTTP (issue #24 item 2, decision 050): the Waka opens the cover and the
 * Rapor Akademik of the first pupils of the largest class one after another, and then four at a
 * time (four teachers printing at once); the median and p95 of each document's answer.
 */
async function singleBench(engine: Engine): Promise<BenchResult[]> {
  const env = await openEnv(engine, 'rapor-single');
  try {
    const headers = await loginHeaders(env, env.demo.accounts.waka.email, PASSWORD);
    const kelas = await largestClass(env);
    const pupils = await sqlRows<{ id: string }>(
      env.handle.db,
      sql`select anggota_rombel_id as id from anggota_rombel
        where rombongan_belajar_id = ${kelas.id} and deleted_at is null order by anggota_rombel_id limit 12`,
    );
    const open = async (dokumen: string, id: string) => {
      const t0 = performance.now();
      const res = await fetch(`${env.url}/api/cetak/rapor-${dokumen}/${id}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${dokumen}: ${res.status}`);
      return performance.now() - t0;
    };
    const out: BenchResult[] = [];
    const label = ENGINE_LABEL[engine];
    for (const dokumen of ['cover', 'nilai-akhir']) {
      await open(dokumen, String(pupils[0]?.id)); // the first print of a process loads the fonts
      const one: number[] = [];
      for (const p of pupils) one.push(await open(dokumen, String(p.id)));
      const four: number[] = [];
      for (let i = 0; i < pupils.length; i += 4)
        four.push(...(await Promise.all(pupils.slice(i, i + 4).map((p) => open(dokumen, String(p.id))))));
      console.log(
        `rapor ${label}: ${dokumen} one at a time median ${percentile(one, 50).toFixed(0)} ms, ` +
          `p95 ${percentile(one, 95).toFixed(0)} ms; four at once median ${percentile(four, 50).toFixed(0)} ms, ` +
          `p95 ${percentile(four, 95).toFixed(0)} ms`,
      );
      out.push(
        {
          name: `Single ${dokumen} PDF, one at a time, ${label}, p95`,
          value: Math.round(percentile(one, 95)),
          unit: 'ms',
          budget: 1000,
        },
        {
          name: `Single ${dokumen} PDF, four at once, ${label}, p95`,
          value: Math.round(percentile(four, 95)),
          unit: 'ms',
          budget: 2000,
        },
      );
    }
    return out;
  } finally {
    await env.close();
  }
}

export async function raporBench(): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  for (const engine of ['pglite', 'postgresql'] as const) {
    out.push(...(await singleBench(engine)));
    out.push(...(await printBench(engine)));
    if (process.env.BENCH_RAPOR_SCHOOL !== '0') out.push(...(await schoolBench(engine)));
  }
  return out;
}

/**
 * docs/rapor/: the first pupil of the demo's Merdeka class (the wali's) and of its K13 class —
 * cover page 1, every Rapor Akademik page (the last is the notes page) — as 60 dpi PNGs, so a
 * reviewer sees the card without running anything.
 */
async function writeImages(): Promise<void> {
  const env = await openEnv('pglite', 'rapor-images');
  const outDir = resolve(import.meta.dirname, '../docs/rapor');
  mkdirSync(outDir, { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), 'rapor-images-'));
  try {
    const actor = {
      sekolahId: env.demo.sekolahId,
      semesterId: env.demo.semesterId,
      roles: ['admin'],
      guruId: null,
    } as unknown as Actor;
    for (const [tag, rombelId] of [
      ['merdeka', env.demo.school.relations.waliRombelId],
      ['k13', env.demo.school.relations.k13RombelId],
    ] as const) {
      const kelas = await printableRombel(env.handle.db, actor, rombelId);
      const data = await raporKelas(env.handle.db, { ...kelas, sekolahId: env.demo.sekolahId });
      const siswa = data.siswa[0];
      if (!siswa) throw new Error(`${tag}: no pupil`);
      const doc = { kelas: data, siswa, versi: '0.1.0' };
      for (const [name, pdf, pages] of [
        ['cover', await renderCover(doc), ['-f', '1', '-l', '1']],
        ['rapor-akademik', await renderNilaiAkhir(doc), []],
      ] as const) {
        const file = join(tmp, `${tag}-${name}.pdf`);
        writeFileSync(file, pdf);
        execFileSync('pdftoppm', ['-r', '60', '-png', ...pages, file, join(tmp, `${tag}-${name}`)]);
      }
    }
    for (const old of readdirSync(outDir).filter((f) => f.endsWith('.png'))) rmSync(join(outDir, old));
    for (const png of readdirSync(tmp).filter((f) => f.endsWith('.png'))) {
      // pdftoppm names pages "-1.png" or "-01.png" by page count; keep "-1.png".
      const name = png.replace(/-0*(\d+)\.png$/, '-$1.png');
      renameSync(join(tmp, png), join(outDir, name));
      console.log(`docs/rapor/${name}: ${Math.round(statSync(join(outDir, name)).size / 1024)} kB`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    await env.close();
  }
}

// `npx tsx bench/rapor.ts`: this benchmark alone; `--images`: the page images of docs/rapor/;
// `--school [--pglite | --postgresql]`: the whole-school job alone; `--single`: single documents alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--images')) await writeImages();
  else if (process.argv.includes('--single'))
    for (const engine of ['pglite', 'postgresql'] as const) console.table(await singleBench(engine));
  else if (process.argv.includes('--school')) {
    const engines = (['pglite', 'postgresql'] as const).filter(
      (e) => process.argv.includes(`--${e}`) || !process.argv.some((a) => /^--(pglite|postgresql)$/.test(a)),
    );
    for (const engine of engines) console.table(await schoolBench(engine));
  } else console.table(await raporBench());
  process.exit(0);
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { semesterOfDate } from '@erapor/contract/semester';
import { SYNC_MESSAGES, type SyncOverview, type SyncRun } from '@erapor/contract/sinkronisasi';
import { createSimulator, type Simulator } from '@erapor/dapodik-sim/simulator';
import { dapodikCounts } from '@erapor/demo-school/counts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app';
import { type DatabaseHandle, openPostgres } from '../../db/client';
import { encryptText } from '../../secrets';
import { bearer, json, loginAs, openTestDatabase, testConfig } from '../../test/engines';
import {
  freePort,
  killServersAfterAll,
  processApi,
  type ServerProcess,
  spawnServer,
  waitHealthy,
} from '../../test/server-process';
import { setSetting } from '../sekolah/service';

/*
 * A Dapodik sync whose server process is SIGKILLed while it applies the pupils (on PostgreSQL, the
 * production engine): the kinds committed before stay, the pupils' transaction is gone as a whole,
 * the restarted server marks the run as interrupted at once (not "running" for 20 minutes), and the
 * next sync completes the school without a single duplicate row.
 */

const active = semesterOfDate(new Date()).semester_id;
const NPSN = '69999999';
const ADMIN = 'operator@sekolah.sch.id';
const PASSWORD = 'rahasia-sekali';

killServersAfterAll();

/** The real server, as `npm start` runs it, on PostgreSQL with no demo school. */
async function startServer(databaseUrl: string, dataDir: string): Promise<ServerProcess> {
  const p = spawnServer(await freePort(), {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    JWT_SECRET: 'crash-test-secret-crash-test-secret-0123456789',
    ENCRYPTION_KEY: 'crash-test-encryption-key-crash-test-key-0123',
    WEB_DIST_DIR: join(dataDir, 'no-web-dist'),
  });
  await waitHealthy(p);
  return p;
}

const api = processApi;

async function login(p: ServerProcess): Promise<string> {
  const res = await api<{ accessToken: string }>(p, 'POST', '/api/jwt/login', {
    email: ADMIN,
    password: PASSWORD,
    semester_id: active,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.accessToken;
}

/** Follows the run's SSE stream until `until` holds for an event (then stops reading) or the stream ends. */
async function follow(p: ServerProcess, token: string, runId: string, until: (run: SyncRun) => boolean) {
  const res = await fetch(`${p.url}/api/sinkronisasi/runs/${runId}/events`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let last: SyncRun | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return { matched: false, last };
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      if (!block.startsWith('event: progress')) continue;
      last = JSON.parse(block.split('\n')[1]?.replace(/^data: /, '') ?? 'null') as SyncRun;
      if (until(last)) {
        void reader.cancel().catch(() => {});
        return { matched: true, last };
      }
    }
  }
}

describe.skipIf(!inject('pg').available)(
  'a Dapodik sync killed mid-apply (real server process, PostgreSQL)',
  () => {
    let sim: Simulator | undefined;
    let admin: pg.Client | undefined;
    let db: pg.Client | undefined;
    const info = inject('pg');
    const name = `${info.prefix}_sync_crash`;
    const dataDir = mkdtempSync(join(tmpdir(), 'erapor-sync-crash-'));
    afterAll(async () => {
      await sim?.close();
      await db?.end();
      if (admin) {
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('keeps what was committed, rolls the pupils back whole, marks the run interrupted, and the next sync completes without duplicates', {
      timeout: 300_000,
    }, async () => {
      admin = new pg.Client({ connectionString: info.adminUrl });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      const url = new URL(info.adminUrl);
      url.pathname = `/${name}`;
      const databaseUrl = url.toString();
      // smk-standard: ~1,500 pupils, so their apply lasts long enough to be interrupted.
      sim = createSimulator({ profile: 'smk-standard', port: 0, semesterId: active, npsn: NPSN });
      const simUrl = await sim.listen();
      const c = dapodikCounts(sim.state.school);

      // 1. An empty installation: the administrator registers the school by its NPSN and sets up Dapodik.
      const a = await startServer(databaseUrl, dataDir);
      const reg = await api(a, 'POST', '/api/jwt/register', { npsn: NPSN, email: ADMIN, password: PASSWORD });
      expect(reg.status, JSON.stringify(reg.body)).toBe(201);
      let token = await login(a);
      const current = await api<Record<string, unknown>>(a, 'GET', '/api/setting', undefined, token);
      expect(current.status).toBe(200);
      const saved = await api(
        a,
        'POST',
        '/api/setting',
        {
          periode_aktif: current.body.periode_aktif ?? active,
          tanggal_rapor: current.body.tanggal_rapor,
          tanggal_rapor_kelas_akhir: current.body.tanggal_rapor_kelas_akhir,
          tanggal_rapor_pts: current.body.tanggal_rapor_pts,
          kepala_sekolah: current.body.kepala_sekolah,
          jabatan: current.body.jabatan ?? 'Kepala Sekolah',
          zona: current.body.zona ?? 'Asia/Jakarta',
          rombel_4_tahun: current.body.rombel_4_tahun,
          url_dapodik: simUrl,
          token_dapodik: sim.options.token,
          sekolah: current.body.sekolah,
        },
        token,
      );
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);

      // 2. A full sync, SIGKILLed inside the pupils' transaction: the test holds the memberships table
      //    (SHARE lock) from before that kind's apply, so the server inserts the pupils and then waits
      //    on its first membership insert — the kill finds the transaction open, rows written.
      db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      const count = async (sql: string) => Number((await (db as pg.Client).query(sql)).rows[0]?.n ?? 0);
      const blocker = new pg.Client({ connectionString: databaseUrl });
      await blocker.connect();
      sim.faults.add({ endpoint: 'peserta-didik', mode: 'slow:2000', count: 1 });
      const startRes = await api<{ runId: string }>(a, 'POST', '/api/sinkronisasi/dapodik', {}, token);
      expect(startRes.status, JSON.stringify(startRes.body)).toBe(202);
      const runId = startRes.body.runId;
      const pupils = (run: SyncRun) => run.kinds.find((k) => k.kind === 'peserta_didik_aktif');
      const fetching = await follow(a, token, runId, (run) => pupils(run)?.status === 'running');
      expect(pupils(fetching.last as SyncRun)?.phase).toBe('fetch');
      await blocker.query('begin');
      await blocker.query('lock table anggota_rombel in share mode');
      const seen = await follow(a, token, runId, (run) => {
        const pd = pupils(run);
        return pd?.phase === 'apply' && pd.processed > 0;
      });
      expect(seen.matched, JSON.stringify(seen.last)).toBe(true);
      const waiting = `select count(*) n from pg_stat_activity a join pg_locks l on l.pid = a.pid
        where a.datname = current_database() and a.wait_event_type = 'Lock'
          and a.query ilike 'insert into "anggota_rombel"%'
          and l.relation = 'peserta_didik'::regclass and l.mode = 'RowExclusiveLock' and l.granted`;
      for (let i = 0; i < 200 && (await count(waiting)) === 0; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(await count(waiting)).toBe(1);
      a.child.kill('SIGKILL');
      expect((await a.exited).signal).toBe('SIGKILL');
      await blocker.query('rollback');
      await blocker.end();
      // The killed server's backends notice their client is gone and roll back.
      const others = `select count(*) n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`;
      for (let i = 0; i < 200 && (await count(others)) > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await count(others)).toBe(0);
      const before = seen.last as SyncRun;
      expect(before.kinds.filter((k) => k.status === 'done').map((k) => k.kind)).toEqual([
        'sekolah',
        'ptk',
        'rombongan_belajar',
      ]);

      // What was committed is there; the pupils' transaction left nothing behind.
      expect(await count('select count(*) n from guru where guru_id_dapodik is not null')).toBe(
        c.ptk + c.ptk_keluar,
      );
      // (The extracurricular groups come with the ekstrakurikuler kind, later.)
      expect(await count('select count(*) n from rombongan_belajar where deleted_at is null')).toBe(
        c.rombel.reguler + c.rombel.pilihan,
      );
      expect(await count('select count(*) n from peserta_didik')).toBe(0);
      expect(await count('select count(*) n from anggota_rombel')).toBe(0);
      // Nobody has told the row yet.
      const row = async () =>
        (
          await (db as pg.Client).query<{ status: string; message: string; finished_at: Date | null }>(
            'select status, message, finished_at from sinkronisasi_run where id = $1',
            [runId],
          )
        ).rows[0];
      expect((await row())?.status).toBe('running');

      // 3. Restart: the run of the dead process is marked interrupted at start-up.
      const b = await startServer(databaseUrl, dataDir);
      expect(await row()).toMatchObject({ status: 'failed', message: SYNC_MESSAGES.interrupted });
      expect((await row())?.finished_at).not.toBeNull();
      token = await login(b);
      const interrupted = await api<SyncRun>(b, 'GET', `/api/sinkronisasi/runs/${runId}`, undefined, token);
      expect(interrupted.body).toMatchObject({ status: 'failed', message: SYNC_MESSAGES.interrupted });

      // 4. Sync again: it starts (no 409), completes, and only the pupils' kinds have anything new.
      const again = await api<{ runId: string }>(b, 'POST', '/api/sinkronisasi/dapodik', {}, token);
      expect(again.status, JSON.stringify(again.body)).toBe(202);
      const end = await follow(b, token, again.body.runId, () => false);
      const run = end.last as SyncRun;
      expect(run.status, JSON.stringify(run.kinds.filter((k) => k.status !== 'done'))).toBe('done');
      const kind = (k: string) => run.kinds.find((x) => x.kind === k);
      for (const k of ['sekolah', 'ptk', 'rombongan_belajar'])
        expect({ kind: k, inserted: kind(k)?.inserted, removed: kind(k)?.removed }).toEqual({
          kind: k,
          inserted: 0,
          removed: 0,
        });
      expect(kind('peserta_didik_aktif')?.inserted).toBeGreaterThanOrEqual(c.pd_aktif + c.anggota_reguler);

      // 5. The school equals Dapodik: every count, and no Dapodik id twice in any table.
      expect(await count('select count(*) n from peserta_didik where active')).toBe(c.pd_aktif);
      expect(await count(`select count(*) n from pd_keluar where semester_id = '${active}'`)).toBe(
        c.pd_keluar,
      );
      const members = `select count(*) n from anggota_rombel a join rombongan_belajar r using (rombongan_belajar_id)
      where a.deleted_at is null and r.jenis_rombel = `;
      expect(await count(`${members} 1`)).toBe(c.anggota_reguler);
      expect(await count(`${members} 16`)).toBe(c.anggota_pilihan);
      expect(await count(`${members} 51`)).toBe(c.anggota_ekskul);
      expect(await count('select count(*) n from guru where guru_id_dapodik is not null')).toBe(
        c.ptk + c.ptk_keluar,
      );
      expect(await count('select count(*) n from pembelajaran where deleted_at is null')).toBe(
        c.pembelajaran,
      );
      expect(await count('select count(*) n from ekstrakurikuler')).toBe(c.ekskul);
      expect(await count('select count(*) n from dudi')).toBe(c.dudi);
      for (const [table, id] of [
        ['guru', 'guru_id_dapodik'],
        ['rombongan_belajar', 'rombongan_belajar_id_dapodik'],
        ['peserta_didik', 'peserta_didik_id_dapodik'],
        ['anggota_rombel', 'anggota_rombel_id_dapodik'],
        ['pembelajaran', 'pembelajaran_id_dapodik'],
        ['ekstrakurikuler', 'ekstrakurikuler_id_dapodik'],
        ['dudi', 'dudi_id_dapodik'],
      ])
        expect(
          await count(`select count(${id}) - count(distinct ${id}) n from ${table}`),
          `duplicates in ${table}`,
        ).toBe(0);
      const overview = await api<SyncOverview>(b, 'GET', '/api/sinkronisasi/dapodik', undefined, token);
      for (const k of overview.body.kinds)
        expect({ kind: k.kind, status: k.status }).toEqual({
          kind: k.kind,
          status: 'Lengkap',
        });
      expect(overview.body.last_run?.id).toBe(again.body.runId);

      b.child.kill('SIGTERM');
      expect((await b.exited).code).toBe(0);
    });
  },
);

describe.skipIf(!inject('pg').available)('two servers on one PostgreSQL database', () => {
  it('a server starting (or starting a sync) leaves the run of a live server alone, and the lock goes with the run', {
    timeout: 120_000,
  }, async () => {
    const { handle, drop } = await openTestDatabase('postgresql');
    const sim = createSimulator({ profile: 'tiny', port: 0, semesterId: active, npsn: NPSN });
    const simUrl = await sim.listen();
    const apps: FastifyInstance[] = [];
    let second: DatabaseHandle | undefined;
    try {
      const start = async (database: DatabaseHandle) => {
        const app = await buildApp({
          config: testConfig({ seedDemo: false }),
          database,
          ownsDatabase: false,
        });
        await app.ready();
        apps.push(app);
        return app;
      };
      const first = await start(handle);
      const reg = await first.inject({
        method: 'POST',
        url: '/api/jwt/register',
        payload: { npsn: NPSN, email: ADMIN, password: PASSWORD },
      });
      expect(reg.statusCode, reg.body).toBe(201);
      const login = await loginAs(first, ADMIN, active, PASSWORD);
      const sekolahId = (login.userData.sekolah as { sekolah_id: string }).sekolah_id;
      const key = first.ctx.secrets.encryptionKey;
      await setSetting(handle.db, { sekolahId }, { key: 'url_dapodik', value: simUrl, semesterId: null });
      await setSetting(
        handle.db,
        { sekolahId },
        { key: 'token_dapodik', value: encryptText(key, sim.options.token), semesterId: null },
      );
      const locks = async () =>
        Number(
          (
            await handle.query<{ n: string }>(
              `select count(*) n from pg_locks where locktype = 'advisory' and classid = 73102028 and granted`,
            )
          )[0]?.n,
        );

      // A slow Dapodik keeps the first server's run going.
      sim.faults.add({ endpoint: 'sync/*', mode: 'slow:400', count: 0 });
      const started = await first.inject({
        method: 'POST',
        url: '/api/sinkronisasi/dapodik',
        headers: bearer(login.accessToken),
        payload: {},
      });
      expect(started.statusCode, started.body).toBe(202);
      const { runId } = json<{ runId: string }>(started);
      expect(await locks()).toBe(1);
      const status = async () =>
        (
          await handle.query<{ status: string }>('select status from sinkronisasi_run where id = $1', [runId])
        )[0]?.status;

      // A second server on the same database: its start-up and its own start see the run is alive.
      const url = (handle.pool as pg.Pool & { options: { connectionString: string } }).options
        .connectionString;
      second = await openPostgres(url);
      const other = await start(second);
      expect(await status()).toBe('running');
      const token = (await loginAs(other, ADMIN, active, PASSWORD)).accessToken;
      const refused = await other.inject({
        method: 'POST',
        url: '/api/sinkronisasi/dapodik',
        headers: bearer(token),
        payload: {},
      });
      expect(refused.statusCode).toBe(409);
      expect(await status()).toBe('running');
      expect(await locks()).toBe(1);

      // The run ends (cancelled on its own server): the lock is gone with it.
      sim.faults.clear();
      const cancel = await first.inject({
        method: 'POST',
        url: `/api/sinkronisasi/runs/${runId}/cancel`,
        headers: bearer(login.accessToken),
        payload: {},
      });
      expect(cancel.statusCode).toBe(202);
      for (let i = 0; i < 200 && (await status()) === 'running'; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(await status()).toBe('cancelled');
      for (let i = 0; i < 100 && (await locks()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await locks()).toBe(0);
    } finally {
      for (const app of apps) await app.close();
      await second?.close();
      await sim.close();
      await drop();
    }
  });
});

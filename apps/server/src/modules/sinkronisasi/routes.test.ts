import { semesterOfDate } from '@erapor/contract/semester';
import { SYNC_KINDS, SYNC_MESSAGES, type SyncOverview, type SyncRun } from '@erapor/contract/sinkronisasi';
import { createSimulator, type Simulator } from '@erapor/dapodik-sim/simulator';
import { dapodikCounts } from '@erapor/demo-school/counts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { guru as guruTable } from '../../db/tables/referensi';
import { hashPassword } from '../../lib/passwords';
import { encryptText } from '../../secrets';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';
import { createUser, grantRoles } from '../pengguna/service';
import { ensureSemesters, setSetting } from '../sekolah/service';
import { transportDefaults } from './client';
import { count, LAST_WRITE } from './test-support';

const active = semesterOfDate(new Date()).semester_id;
const NPSN = '69999999';
const ADMIN = 'operator@sekolah.sch.id';
const PASSWORD = 'rahasia-sekali';
const URL = '/api/sinkronisasi/dapodik';

// Short waits: the simulator answers in milliseconds.
transportDefaults.retryBaseMs = 5;
transportDefaults.timeoutMs = 1500;

function sseRuns(body: string): SyncRun[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event: progress'))
    .map((block) => JSON.parse(block.split('\n')[1]?.replace(/^data: /, '') ?? 'null') as SyncRun);
}

describeEngines('sinkronisasi dapodik (pull)', { config: { seedDemo: false } }, (t) => {
  let sim: Simulator;
  let simUrl = '';
  let admin = '';
  let guru = '';
  let sekolahId = '';

  const sim$ = (path: string, body?: unknown) =>
    sim.app.inject({ method: 'POST', url: `/__sim/${path}`, payload: (body ?? {}) as object });
  const start = async (payload: object = {}) => {
    const res = await t().app.inject({ method: 'POST', url: URL, headers: bearer(admin), payload });
    expect(res.statusCode, res.body).toBe(202);
    return json<{ runId: string }>(res).runId;
  };
  const getRun = async (id: string) =>
    json<SyncRun>(await t().app.inject({ url: `/api/sinkronisasi/runs/${id}`, headers: bearer(admin) }));
  const finish = async (id: string): Promise<SyncRun> => {
    for (let i = 0; i < 600; i++) {
      const run = await getRun(id);
      if (run.status !== 'queued' && run.status !== 'running') return run;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('run did not finish');
  };
  const sync = async (payload: object = {}) => finish(await start(payload));
  /**
   * A run Dapodik stopped, before the first kind or inside one: the kind in hand failed with the
   * reason, every later kind is skipped, and the run says why (one rule for every cause).
   */
  const expectStopped = (run: SyncRun, message: string) => {
    expect(run.status).toBe('failed');
    expect(run.message).toBe(message);
    const [first, ...rest] = run.kinds;
    expect(first).toMatchObject({ status: 'failed', error: message });
    for (const k of rest)
      expect({ kind: k.kind, status: k.status, error: k.error }).toEqual({
        kind: k.kind,
        status: 'skipped',
        error: SYNC_MESSAGES.skippedAfterFatal,
      });
  };
  const kind = (run: SyncRun, k: string) => {
    const r = run.kinds.find((x) => x.kind === k);
    if (!r) throw new Error(`no ${k}`);
    return r;
  };

  beforeAll(async () => {
    sim = createSimulator({ profile: 'tiny', port: 0, admin: true, semesterId: active });
    simUrl = await sim.listen();
    const { app, db } = t();
    const reg = await app.inject({
      method: 'POST',
      url: '/api/jwt/register',
      payload: { npsn: NPSN, email: ADMIN, password: PASSWORD },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const login = await loginAs(app, ADMIN, active, PASSWORD);
    admin = login.accessToken;
    sekolahId = (login.userData.sekolah as { sekolah_id: string }).sekolah_id;
    // A teacher's account (an account without a person is an operator, hence admin).
    const [person] = await db.db
      .insert(guruTable)
      .values({ sekolahId, nama: 'Instruktur Lokal', jenisPtkId: 97 })
      .returning({ id: guruTable.guruId });
    const user = await createUser(db.db, {
      sekolahId,
      name: 'Guru',
      email: 'guru@sekolah.sch.id',
      passwordHash: await hashPassword(PASSWORD),
      guruId: person?.id ?? null,
    });
    await grantRoles(db.db, [
      { userId: user.id, sekolahId, semesterId: active, role: 'guru', source: 'manual' },
      { userId: user.id, sekolahId, semesterId: active, role: 'waka', source: 'manual' },
    ]);
    guru = (await loginAs(app, 'guru@sekolah.sch.id', active, PASSWORD)).accessToken;
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('is for the administrator only: 401 without a token, 403 for other roles on every route', async () => {
    const { app } = t();
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await app.inject({ url: URL })).statusCode).toBe(401);
    const calls = [
      { method: 'GET' as const, url: URL },
      { method: 'POST' as const, url: URL, payload: {} },
      { method: 'GET' as const, url: `/api/sinkronisasi/runs/${id}` },
      { method: 'GET' as const, url: `/api/sinkronisasi/runs/${id}/events` },
      { method: 'POST' as const, url: `/api/sinkronisasi/runs/${id}/cancel`, payload: {} },
    ];
    for (const call of calls) {
      const res = await app.inject({ ...call, headers: bearer(guru) });
      expect(res.statusCode, call.url).toBe(403);
      expect(json(res).message).toBe('Anda tidak memiliki hak akses untuk tindakan ini.');
    }
    expect(await count(t(), 'select count(*) n from sinkronisasi_run')).toBe(0);
  });

  it('asks for the Dapodik URL and token first', async () => {
    const overview = json<SyncOverview>(await t().app.inject({ url: URL, headers: bearer(admin) }));
    expect(overview).toMatchObject({
      configured: false,
      dapodik_error: SYNC_MESSAGES.notConfigured,
      npsn: NPSN,
    });
    expect(overview.kinds.map((k) => k.kind)).toEqual([...SYNC_KINDS]);
    const res = await t().app.inject({ method: 'POST', url: URL, headers: bearer(admin), payload: {} });
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toBe(SYNC_MESSAGES.notConfigured);

    const key = t().app.ctx.secrets.encryptionKey;
    await setSetting(t().db.db, { sekolahId }, { key: 'url_dapodik', value: simUrl, semesterId: null });
    await setSetting(
      t().db.db,
      { sekolahId },
      { key: 'token_dapodik', value: encryptText(key, sim.options.token), semesterId: null },
    );
    const ready = json<SyncOverview>(await t().app.inject({ url: URL, headers: bearer(admin) }));
    const c = dapodikCounts(sim.state.school);
    expect(ready.configured).toBe(true);
    expect(ready.dapodik_error).toBeNull();
    const row = (k: string) => ready.kinds.find((x) => x.kind === k);
    expect(row('ptk')).toMatchObject({ dapodik: c.ptk, erapor: 0, sinkron: 0, status: 'Belum' });
    expect(row('peserta_didik_aktif')?.dapodik).toBe(c.pd_aktif);
    expect(row('rombongan_belajar')?.dapodik).toBe(c.rombel.reguler + c.rombel.pilihan);
  });

  it('a full sync fills the tables with the counts of Dapodik, with live progress', async () => {
    const { app } = t();
    const runId = await start();
    const events = await app.inject({
      url: `/api/sinkronisasi/runs/${runId}/events`,
      headers: bearer(admin),
    });
    expect(events.statusCode).toBe(200);
    expect(events.headers['content-type']).toMatch(/^text\/event-stream/);
    const states = sseRuns(events.body);
    // At least one event per kind and phase; the last one is the end.
    expect(states.length).toBeGreaterThan(SYNC_KINDS.length * 2);
    expect(states.some((s) => s.kinds.some((k) => k.phase === 'apply'))).toBe(true);
    const run = states.at(-1) as SyncRun;
    expect(run.status, JSON.stringify(run.kinds.filter((k) => k.status !== 'done'))).toBe('done');
    expect(run.message).toBe(SYNC_MESSAGES.doneAll(SYNC_KINDS.length));
    for (const k of run.kinds) expect(k.errors, `${k.kind}: ${k.messages.join('; ')}`).toBe(0);

    const s = sim.state.school;
    const c = dapodikCounts(s);
    expect(kind(run, 'ptk').inserted).toBeGreaterThanOrEqual(c.ptk);
    expect(kind(run, 'peserta_didik_aktif').fetched).toBe(c.pd_aktif);
    const T = t();
    expect(await count(T, 'select count(*) n from guru where guru_id_dapodik is not null')).toBe(
      c.ptk + c.ptk_keluar,
    );
    expect(await count(T, `select count(*) n from ptk_keluar where semester_id = '${active}'`)).toBe(
      c.ptk_keluar,
    );
    expect(await count(T, 'select count(*) n from peserta_didik where active')).toBe(c.pd_aktif);
    expect(await count(T, `select count(*) n from pd_keluar where semester_id = '${active}'`)).toBe(
      c.pd_keluar,
    );
    expect(await count(T, 'select count(*) n from rombongan_belajar where deleted_at is null')).toBe(
      c.rombel.reguler + c.rombel.pilihan + c.rombel.ekskul,
    );
    expect(await count(T, 'select count(*) n from pembelajaran where deleted_at is null')).toBe(
      c.pembelajaran,
    );
    expect(await count(T, 'select count(*) n from ekstrakurikuler')).toBe(c.ekskul);
    const members = `select count(*) n from anggota_rombel a join rombongan_belajar r using (rombongan_belajar_id)
      where a.deleted_at is null and r.jenis_rombel = `;
    expect(await count(T, `${members} 1`)).toBe(c.anggota_reguler);
    expect(await count(T, `${members} 16`)).toBe(c.anggota_pilihan);
    expect(await count(T, `${members} 51`)).toBe(c.anggota_ekskul);
    expect(await count(T, 'select count(*) n from dudi')).toBe(c.dudi);
    expect(await count(T, 'select count(*) n from mou')).toBe(c.mou);
    expect(await count(T, 'select count(*) n from akt_pd')).toBe(c.akt_pd);
    expect(await count(T, 'select count(*) n from anggota_akt_pd')).toBe(c.anggota_akt_pd);
    expect(await count(T, 'select count(*) n from bimbing_pd')).toBe(c.bimbing_pd);
    expect(
      await count(T, `select count(*) n from sekolah where sekolah_id_dapodik = '${s.sekolah.sekolah_id}'`),
    ).toBe(1);
    expect(await count(T, 'select count(*) n from jurusan_sp')).toBe(s.sekolah.jurusan_sp.length);
    // The head teacher of Dapodik becomes the semester's kepala sekolah (none was chosen yet).
    const [kepala] = await T.db.query<{ value: string }>(
      `select value from settings where key = 'kepala_sekolah' and semester_id = '${active}'`,
    );
    expect(kepala?.value).toBe(s.sekolah.kepala_sekolah_ptk_id);

    const overview = json<SyncOverview>(await app.inject({ url: URL, headers: bearer(admin) }));
    for (const row of overview.kinds) {
      expect(row.status, row.kind).toBe('Lengkap');
      expect(row.sinkron, row.kind).toBe(row.dapodik);
    }
    expect(overview.last_run?.id).toBe(runId);
    expect(overview.running_run_id).toBeNull();
    // The token never appears in what the server stores or answers.
    expect(JSON.stringify(run)).not.toContain(sim.options.token);
    expect(JSON.stringify(overview)).not.toContain(sim.options.token);
  });

  it('a second sync with nothing changed writes no rows', async () => {
    const before = await count(t(), LAST_WRITE);
    const run = await sync();
    expect(run.status).toBe('done');
    expect(run.message).toBe(SYNC_MESSAGES.doneNoChanges);
    for (const k of run.kinds) {
      expect({ kind: k.kind, i: k.inserted, u: k.updated, r: k.revived, d: k.removed }).toEqual({
        kind: k.kind,
        i: 0,
        u: 0,
        r: 0,
        d: 0,
      });
      expect(k.unchanged, k.kind).toBeGreaterThan(0);
    }
    expect(await count(t(), LAST_WRITE)).toBe(before);
  });

  it('never overwrites what the school owns', async () => {
    const T = t();
    const p = sim.state.school.rombongan_belajar.flatMap((r) => r.pembelajaran)[0];
    const g = sim.state.school.ptk[0];
    if (!p || !g) throw new Error('no data');
    await T.db.query(
      `update pembelajaran set kelompok_id = 16, no_urut = 3, kkm = 70, nama_mata_pelajaran = 'Nama Sekolah'
       where pembelajaran_id_dapodik = $1`,
      [p.pembelajaran_id],
    );
    await T.db.query(
      `update guru set email = 'pilihan.sekolah@sekolah.sch.id', niy = '2019.07-001' where guru_id_dapodik = $1`,
      [g.ptk_id],
    );
    expect(
      (await sim$('rename-mapel', { pembelajaran_id: p.pembelajaran_id, nama_mata_pelajaran: 'Baru' }))
        .statusCode,
    ).toBe(200);
    const run = await sync({ kinds: ['pembelajaran', 'ptk'] });
    expect(run.status).toBe('done');
    const [row] = await T.db.query<Record<string, unknown>>(
      'select kelompok_id, no_urut, kkm, nama_mata_pelajaran from pembelajaran where pembelajaran_id_dapodik = $1',
      [p.pembelajaran_id],
    );
    expect(row).toEqual({ kelompok_id: 16, no_urut: 3, kkm: 70, nama_mata_pelajaran: 'Nama Sekolah' });
    const [gr] = await T.db.query<{ email: string; niy: string }>(
      'select email, niy from guru where guru_id_dapodik = $1',
      [g.ptk_id],
    );
    // The e-mail (the login) and the NIY (the foundation's number, unknown to Dapodik) stay the school's.
    expect(gr).toEqual({ email: 'pilihan.sekolah@sekolah.sch.id', niy: '2019.07-001' });
  });

  it('scenarios: a pupil moves, a pupil leaves, a teacher leaves and returns, a class is deleted', async () => {
    const T = t();
    const school = sim.state.school;
    const reguler = school.rombongan_belajar.filter((r) => r.jenis_rombel === 1);
    const [from, to] = reguler;
    const mover = from?.anggota_rombel[0];
    if (!from || !to || !mover) throw new Error('no data');
    // A grade on the membership that is about to end.
    const pembelajaranId = from.pembelajaran[0]?.pembelajaran_id;
    await T.db.query(
      `insert into nilai_akhir (sekolah_id, anggota_rombel_id, pembelajaran_id, kompetensi_id, nilai)
       select a.sekolah_id, a.anggota_rombel_id, p.pembelajaran_id, 4, 88 from anggota_rombel a, pembelajaran p
        where a.anggota_rombel_id_dapodik = $1 and p.pembelajaran_id_dapodik = $2`,
      [mover.anggota_rombel_id, pembelajaranId],
    );
    const moved = json<{ old_anggota_rombel_id: string; anggota_rombel_id: string }>(
      await sim$('move-pupil', { pd: mover.peserta_didik_id, to_rombel: to.rombongan_belajar_id }),
    );
    let run = await sync();
    expect(run.status).toBe('done');
    expect(kind(run, 'peserta_didik_aktif')).toMatchObject({ inserted: 1, removed: 1 });
    expect(kind(run, 'peserta_didik_aktif').messages).toContain(SYNC_MESSAGES.gradesOnRemoved(1));
    const live = async (id: string) =>
      (
        await T.db.query<{ d: unknown }>(
          'select deleted_at d from anggota_rombel where anggota_rombel_id_dapodik = $1',
          [id],
        )
      )[0];
    expect((await live(moved.old_anggota_rombel_id))?.d).not.toBeNull();
    expect((await live(moved.anggota_rombel_id))?.d).toBeNull();

    // A pupil leaves: to pd_keluar, all memberships of the semester end, the pupil stays.
    const leaver = to.anggota_rombel.find((a) => a.peserta_didik_id !== mover.peserta_didik_id);
    if (!leaver) throw new Error('no leaver');
    expect((await sim$('pupil-leaves', { pd: leaver.peserta_didik_id, jenis_keluar_id: 2 })).statusCode).toBe(
      200,
    );
    run = await sync();
    expect(run.status).toBe('done');
    expect(kind(run, 'peserta_didik_keluar').inserted).toBeGreaterThanOrEqual(1);
    const [pd] = await T.db.query<{ active: boolean; jenis: number }>(
      `select p.active, k.jenis_keluar_id jenis from peserta_didik p join pd_keluar k using (peserta_didik_id)
       where p.peserta_didik_id_dapodik = $1`,
      [leaver.peserta_didik_id],
    );
    expect(pd).toEqual({ active: false, jenis: 2 });
    expect(
      await count(
        T,
        `select count(*) n from anggota_rombel a join peserta_didik p using (peserta_didik_id)
         where p.peserta_didik_id_dapodik = '${leaver.peserta_didik_id}' and a.deleted_at is null`,
      ),
    ).toBe(0);

    // A teacher leaves (ptk_keluar of the semester, not deleted) and comes back.
    const ptk = school.ptk.at(-1);
    if (!ptk) throw new Error('no ptk');
    const keluar = () =>
      count(
        T,
        `select count(*) n from ptk_keluar k join guru g using (guru_id)
         where g.guru_id_dapodik = '${ptk.ptk_id}' and k.semester_id = '${active}'`,
      );
    await sim$('ptk-leaves', { ptk: ptk.ptk_id });
    run = await sync({ kinds: ['ptk'] });
    expect(kind(run, 'ptk')).toMatchObject({ status: 'done', removed: 1 });
    expect(await keluar()).toBe(1);
    expect(
      await count(
        T,
        `select count(*) n from guru where guru_id_dapodik = '${ptk.ptk_id}' and deleted_at is null`,
      ),
    ).toBe(1);
    await sim$('ptk-returns', { ptk: ptk.ptk_id });
    run = await sync({ kinds: ['ptk'] });
    expect(kind(run, 'ptk')).toMatchObject({ status: 'done', revived: 1, removed: 0 });
    expect(await keluar()).toBe(0);

    // A class is deleted: the row stays hidden, its memberships and pembelajaran go with it.
    const gone = reguler.at(-1);
    if (!gone) throw new Error('no rombel');
    await sim$('rombel-delete', { id: gone.rombongan_belajar_id });
    run = await sync();
    expect(run.status, JSON.stringify(run.kinds.map((k) => [k.kind, k.error, k.messages]))).toBe('done');
    expect(kind(run, 'rombongan_belajar').removed).toBe(1);
    expect(kind(run, 'pembelajaran').removed).toBe(gone.pembelajaran.length);
    const [r] = await T.db.query<{ d: unknown }>(
      'select deleted_at d from rombongan_belajar where rombongan_belajar_id_dapodik = $1',
      [gone.rombongan_belajar_id],
    );
    expect(r?.d).not.toBeNull();
    expect(
      await count(
        T,
        `select count(*) n from anggota_rombel a join rombongan_belajar r using (rombongan_belajar_id)
         where r.rombongan_belajar_id_dapodik = '${gone.rombongan_belajar_id}' and a.deleted_at is null`,
      ),
    ).toBe(0);
    // And the next sync finds nothing to do.
    run = await sync();
    expect(run.message).toBe(SYNC_MESSAGES.doneNoChanges);
  });

  it('each fault has its own message, and leaves the database as it was', async () => {
    const T = t();
    const faults = async (rule: object) => {
      await sim.app.inject({ method: 'DELETE', url: '/__sim/faults' });
      const res = await sim.app.inject({ method: 'POST', url: '/__sim/faults', payload: rule });
      expect(res.statusCode, res.body).toBeLessThan(300);
    };
    // A pending change in Dapodik that must not arrive while the pull fails.
    const school = sim.state.school;
    const [from, to] = school.rombongan_belajar.filter((r) => r.jenis_rombel === 1 && !r.soft_delete);
    const mover = from?.anggota_rombel[0];
    if (!from || !to || !mover) throw new Error('no data');
    const moved = json<{ anggota_rombel_id: string }>(
      await sim$('move-pupil', { pd: mover.peserta_didik_id, to_rombel: to.rombongan_belajar_id }),
    );
    const newMembership = () =>
      count(
        T,
        `select count(*) n from anggota_rombel where anggota_rombel_id_dapodik = '${moved.anggota_rombel_id}'`,
      );
    const before = await count(T, LAST_WRITE);

    const cases: [object, string][] = [
      [{ endpoint: 'sync/*', mode: 'timeout', count: 0 }, SYNC_MESSAGES.timeout],
      [{ endpoint: 'sync/*', mode: 'access-denied', count: 0 }, SYNC_MESSAGES.accessDenied],
      [{ endpoint: 'sync/*', mode: 'html', count: 0 }, SYNC_MESSAGES.malformed],
      [{ endpoint: 'sync/*', mode: 'truncated', count: 0 }, SYNC_MESSAGES.malformed],
      [{ endpoint: 'sync/*', mode: '429', count: 0, retry_after: 0 }, SYNC_MESSAGES.rateLimited],
      [{ endpoint: 'sync/*', mode: '500', count: 0 }, SYNC_MESSAGES.serverError(500)],
    ];
    for (const [rule, message] of cases) {
      await faults(rule);
      const run = await sync();
      expect(run.status, JSON.stringify(rule)).toBe('failed');
      expect(run.message, JSON.stringify(rule)).toBe(message);
      expect(run.kinds[0]?.error).toBe(message);
      expect(run.kinds.every((k) => k.inserted + k.updated + k.removed === 0)).toBe(true);
      expectStopped(run, message);
    }
    // Wrong token: refused credentials.
    await sim.app.inject({ method: 'DELETE', url: '/__sim/faults' });
    const key = T.app.ctx.secrets.encryptionKey;
    await setSetting(
      T.db.db,
      { sekolahId },
      { key: 'token_dapodik', value: encryptText(key, 'salah'), semesterId: null },
    );
    // Refused before the first kind: the same picture as a refusal in the middle of one.
    expectStopped(await sync(), SYNC_MESSAGES.accessDenied);
    await setSetting(
      T.db.db,
      { sekolahId },
      { key: 'token_dapodik', value: encryptText(key, sim.options.token), semesterId: null },
    );
    // The nightly service window: 503 with Retry-After, no retry.
    const windowSim = createSimulator({
      profile: 'tiny',
      port: 0,
      semesterId: active,
      window: '00:00-03:00@Asia/Jakarta',
      now: () => new Date('2025-09-15T18:30:00.000Z'), // 01:30 WIB
    });
    const windowUrl = await windowSim.listen();
    try {
      await setSetting(T.db.db, { sekolahId }, { key: 'url_dapodik', value: windowUrl, semesterId: null });
      const run = await sync();
      // The window as the source states it, and when to come back.
      const message =
        'Layanan Dapodik ditutup pukul 00.00–03.00 WIB. Silahkan coba lagi setelah pukul 03.00 WIB.';
      expectStopped(run, message);
      const overview = json<SyncOverview>(await T.app.inject({ url: URL, headers: bearer(admin) }));
      expect(overview.service_window).toEqual({ open: false, opens_at: '2025-09-15T20:00:00.000Z', message });
    } finally {
      await setSetting(T.db.db, { sekolahId }, { key: 'url_dapodik', value: simUrl, semesterId: null });
      await windowSim.close();
    }
    // Unreachable: nobody listens there.
    await setSetting(
      T.db.db,
      { sekolahId },
      { key: 'url_dapodik', value: 'http://127.0.0.1:9', semesterId: null },
    );
    expect((await sync()).message).toBe(SYNC_MESSAGES.unreachable('http://127.0.0.1:9'));
    await setSetting(T.db.db, { sekolahId }, { key: 'url_dapodik', value: simUrl, semesterId: null });

    expect(await newMembership()).toBe(0);
    expect(await count(T, LAST_WRITE)).toBe(before);

    // One kind failing: it rolls back alone, the kinds that need it are skipped, the others run.
    await faults({ endpoint: 'peserta-didik', mode: 'html', count: 0 });
    const partial = await sync();
    expect(partial.status).toBe('failed');
    expect(partial.message).toBe(SYNC_MESSAGES.donePartial(5, 5));
    expect(kind(partial, 'peserta_didik_aktif')).toMatchObject({
      status: 'failed',
      error: SYNC_MESSAGES.malformed,
    });
    expect(kind(partial, 'anggota_ekskul').status).toBe('skipped');
    expect(kind(partial, 'pembelajaran').status).toBe('done');
    expect(await newMembership()).toBe(0);

    // A single 429 is waited out (Retry-After: 1 s) and the sync succeeds.
    await faults({ endpoint: 'peserta-didik', mode: '429', count: 1, retry_after: 1 });
    const started = Date.now();
    const ok = await sync({ kinds: ['peserta_didik_aktif'] });
    expect(ok.status).toBe('done');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(await newMembership()).toBe(1);
    await sim.app.inject({ method: 'DELETE', url: '/__sim/faults' });
  });

  it('one run per school and semester (409), and a run can be cancelled', async () => {
    const T = t();
    await sim.app.inject({
      method: 'POST',
      url: '/__sim/faults',
      payload: { endpoint: 'sync/*', mode: 'slow:300', count: 0 },
    });
    const before = await count(T, LAST_WRITE);
    const runId = await start();
    const second = await T.app.inject({ method: 'POST', url: URL, headers: bearer(admin), payload: {} });
    expect(second.statusCode).toBe(409);
    expect(json(second).message).toBe(SYNC_MESSAGES.alreadyRunning);
    const overview = json<SyncOverview>(await T.app.inject({ url: URL, headers: bearer(admin) }));
    expect(overview.running_run_id).toBe(runId);
    const cancel = await T.app.inject({
      method: 'POST',
      url: `/api/sinkronisasi/runs/${runId}/cancel`,
      headers: bearer(admin),
      payload: {},
    });
    expect(cancel.statusCode).toBe(202);
    const run = await finish(runId);
    expect(run.status).toBe('cancelled');
    expect(run.message).toBe(SYNC_MESSAGES.cancelled);
    expect(run.kinds.some((k) => k.status === 'cancelled')).toBe(true);
    await sim.app.inject({ method: 'DELETE', url: '/__sim/faults' });
    expect(await count(T, LAST_WRITE)).toBe(before);
    const again = await T.app.inject({
      method: 'POST',
      url: `/api/sinkronisasi/runs/${runId}/cancel`,
      headers: bearer(admin),
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    const missing = await T.app.inject({
      url: '/api/sinkronisasi/runs/00000000-0000-4000-8000-000000000000',
      headers: bearer(admin),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a Dapodik that already serves another semester, and changes nothing', async () => {
    const before = await count(t(), LAST_WRITE);
    const next = json<{ to: string }>(await sim$('new-semester', {}));
    expect(next.to).not.toBe(active);
    const run = await sync();
    expect(run.status).toBe('failed');
    expectStopped(run, SYNC_MESSAGES.semesterMismatch(sim.state.semesterId, active));
    expect(await count(t(), LAST_WRITE)).toBe(before);
    sim.reset({ semesterId: active });
  });

  it('a new semester: once it has begun, the administrator logs into it and the sync fills it; the old one stays', async () => {
    const T = t();
    const inSemester = (table: string, semesterId: string) =>
      count(
        T,
        `select count(*) as n from ${table} where semester_id = '${semesterId}' and deleted_at is null`,
      );
    const oldRombel = await inSemester('rombongan_belajar', active);
    const oldPembelajaran = await inSemester('pembelajaran', active);
    const next = json<{ to: string }>(await sim$('new-semester', {}));
    const activeAdmin = admin;
    try {
      // Its first day has come: the semester exists (start-up does this from the date).
      // Semester 1 (Ganjil) of tahun ajaran Y starts in July of Y, semester 2 (Genap) in January of Y+1.
      const tahun = Number(next.to.slice(0, 4));
      const firstDay = next.to.endsWith('2') ? `${tahun + 1}-01-15` : `${tahun}-07-15`;
      await ensureSemesters(T.db.db, new Date(`${firstDay}T00:00:00Z`));
      admin = (await loginAs(T.app, ADMIN, next.to, PASSWORD)).accessToken;
      const run = await sync();
      expect(run.status, JSON.stringify(run.kinds)).toBe('done');
      const rombel = sim.state.school.rombongan_belajar.filter((r) => r.jenis_rombel === 1);
      expect(kind(run, 'rombongan_belajar').inserted).toBeGreaterThan(0);
      expect(
        await count(
          T,
          `select count(*) as n from rombongan_belajar where semester_id = '${next.to}' and jenis_rombel = 1 and deleted_at is null`,
        ),
      ).toBe(rombel.length);
      expect(await inSemester('anggota_rombel', next.to)).toBeGreaterThan(0);
      expect(await inSemester('pembelajaran', next.to)).toBeGreaterThan(0);
      // The old semester keeps its classes and teaching plan (its grades hang off them).
      expect(await inSemester('rombongan_belajar', active)).toBe(oldRombel);
      expect(await inSemester('pembelajaran', active)).toBe(oldPembelajaran);
      // And the new semester's second sync writes nothing.
      const before = await count(T, LAST_WRITE);
      expect((await sync()).status).toBe('done');
      expect(await count(T, LAST_WRITE)).toBe(before);
    } finally {
      admin = activeAdmin;
      sim.reset({ semesterId: active });
    }
  });

  it('holds back a mass removal (more than 30%) until it is confirmed', async () => {
    const T = t();
    // Another school's data behind the same NPSN: every PTK we hold is gone from Dapodik.
    sim.reset({ seed: 7 });
    const notKeluar = `select count(*) n from guru g where g.guru_id_dapodik is not null and not exists
      (select 1 from ptk_keluar k where k.guru_id = g.guru_id and k.semester_id = '${active}')`;
    let run = await sync({ kinds: ['ptk'] });
    expect(kind(run, 'ptk')).toMatchObject({ status: 'done', removed: 0 });
    expect(kind(run, 'ptk').held).toBeGreaterThan(0);
    expect(kind(run, 'ptk').messages.join(' ')).toContain('lebih dari 30%');
    const held = (await count(T, notKeluar)) - sim.state.school.ptk.length;
    expect(held).toBeGreaterThan(sim.state.school.ptk.length / 2);
    run = await sync({ kinds: ['ptk'], confirm_deletions: true });
    expect(kind(run, 'ptk')).toMatchObject({ removed: held, held: 0 });
    expect(await count(T, notKeluar)).toBe(sim.state.school.ptk.length);
  });
});

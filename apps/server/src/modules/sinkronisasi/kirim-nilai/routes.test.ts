import { MAPEL_AGAMA } from '@erapor/contract/penilaian/rules';
import { semesterOfDate } from '@erapor/contract/semester';
import { SYNC_MESSAGES } from '@erapor/contract/sinkronisasi';
import {
  type CekKoneksiResponse,
  type GenerateMatevResult,
  type KirimNilaiItem,
  type KirimNilaiOverview,
  type KirimNilaiResult,
  KIRIM_NILAI_MESSAGES as M,
} from '@erapor/contract/sinkronisasi-kirim';
import { createSimulator, type Simulator } from '@erapor/dapodik-sim/simulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, describeEngines, json, loginAs } from '../../../test/engines';
import { DEMO_NPSN } from '../../demo/seed';
import { transportDefaults } from '../client';
import { count } from '../test-support';

const active = semesterOfDate(new Date()).semester_id;
const BASE = '/api/sinkronisasi/kirim-nilai';

/** Religion subjects (mapel agama) and their agama_id, as in the contract's penilaian rules. */
const RELIGION_IDS = Object.keys(MAPEL_AGAMA).map(Number);
const RELIGION_CASE = Object.entries(MAPEL_AGAMA)
  .map(([mapel, agama]) => `when ${Number(mapel)} then ${Number(agama)}`)
  .join(' ');

// Short waits: the simulator answers in milliseconds.
transportDefaults.retryBaseMs = 5;
transportDefaults.timeoutMs = 1500;

interface SimGrades {
  grades: {
    nilai_id: string;
    anggota_rombel_id: string;
    pembelajaran_id: string | null;
    nilai_kognitif_angka: number;
  }[];
  duplicates: number;
}

describeEngines('kirim nilai ke dapodik', {}, (t) => {
  let sim: Simulator;
  let simUrl = '';
  let admin = '';
  let guru = '';
  let rombelId = '';
  let rombelNama = '';
  let ungraded = '';
  let pembelajaranCount = 0;

  const call = async <T>(method: 'GET' | 'POST', url: string, token = admin, payload?: object) => {
    const res = await t().app.inject({ method, url, headers: bearer(token), payload });
    return { status: res.statusCode, body: json<T & { message: string }>(res), raw: res.body };
  };
  const kirim = async () => {
    const res = await call<KirimNilaiResult>('POST', `${BASE}/rombel/${rombelId}/kirim`);
    expect(res.status, res.raw).toBe(200);
    return res.body;
  };
  const simGrades = async () => json<SimGrades>(await sim.app.inject({ url: '/__sim/grades' }));
  const fault = (body: object) => sim.app.inject({ method: 'POST', url: '/__sim/faults', payload: body });
  const received = async () =>
    json<{ received: unknown[] }>(await sim.app.inject({ url: '/__sim/received' })).received.length;
  /** Expected grades: graded pupils × subjects they take (religion subjects only for their believers). */
  const expectedGrades = () =>
    count(
      t(),
      `select count(*) n from nilai_akhir n join pembelajaran p on p.pembelajaran_id = n.pembelajaran_id
        join anggota_rombel a on a.anggota_rombel_id = n.anggota_rombel_id
        join peserta_didik pd on pd.peserta_didik_id = a.peserta_didik_id
       where p.rombongan_belajar_id = $1 and p.induk_pembelajaran_id is null
         and (p.mata_pelajaran_id not in (select unnest($2::int[])) or
              pd.agama_id = (case p.mata_pelajaran_id ${RELIGION_CASE} end))`,
      [rombelId, RELIGION_IDS],
    );

  beforeAll(async () => {
    sim = createSimulator({ profile: 'tiny', port: 0, admin: true, semesterId: active, npsn: DEMO_NPSN });
    simUrl = await sim.listen();
    admin = (await loginAs(t().app, 'admin@demo.sch.id', active)).accessToken;
    guru = (await loginAs(t().app, 'guru@demo.sch.id', active)).accessToken;
    const [r] = await t().db.query<{ id: string; nama: string; n: number | string }>(
      `select r.rombongan_belajar_id id, r.nama, count(p.*) n from rombongan_belajar r
         join pembelajaran p on p.rombongan_belajar_id = r.rombongan_belajar_id
          and p.induk_pembelajaran_id is null and p.kelompok_id is not null and p.no_urut is not null
          and p.mata_pelajaran_id <> 800001000 and p.mata_pelajaran_id not between 200040000 and 200040099
        where r.jenis_rombel = 1 and r.deleted_at is null and r.semester_id = $1
          and exists (select 1 from anggota_rombel a where a.rombongan_belajar_id = r.rombongan_belajar_id)
        group by 1, 2 order by r.nama limit 1`,
      [active],
    );
    rombelId = r?.id ?? '';
    rombelNama = r?.nama ?? '';
    pembelajaranCount = Number(r?.n ?? 0);
    const [first] = await t().db.query<{ id: string }>(
      `select a.anggota_rombel_id id from anggota_rombel a join peserta_didik pd using (peserta_didik_id)
        where a.rombongan_belajar_id = $1 and a.deleted_at is null order by pd.nama limit 1`,
      [rombelId],
    );
    ungraded = first?.id ?? '';
    // Final grades for every pupil but one, in every subject of the class.
    await t().db.query(
      `insert into nilai_akhir (sekolah_id, anggota_rombel_id, pembelajaran_id, kompetensi_id, nilai)
       select a.sekolah_id, a.anggota_rombel_id, p.pembelajaran_id,
              case when k.nama_kurikulum ilike '%merdeka%' then 4 else 1 end,
              60 + (abs(hashtext(a.anggota_rombel_id::text || p.pembelajaran_id::text)) % 40)
         from anggota_rombel a
         join rombongan_belajar r on r.rombongan_belajar_id = a.rombongan_belajar_id
         left join ref_kurikulum k on k.kurikulum_id = r.kurikulum_id
         join pembelajaran p on p.rombongan_belajar_id = r.rombongan_belajar_id
          and p.induk_pembelajaran_id is null and p.kelompok_id is not null and p.no_urut is not null
        where a.rombongan_belajar_id = $1 and a.deleted_at is null and a.anggota_rombel_id <> $2`,
      [rombelId, ungraded],
    );
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('is for the administrator only: 401 without a token, 403 for a teacher on every route', async () => {
    const { app } = t();
    expect((await app.inject({ url: BASE })).statusCode).toBe(401);
    const calls: ['GET' | 'POST', string, object?][] = [
      ['GET', BASE],
      ['POST', `${BASE}/cek-koneksi`, { url_dapodik: simUrl, token_dapodik: sim.options.token }],
      ['POST', `${BASE}/rombel/${rombelId}/matev`],
      ['POST', `${BASE}/rombel/${rombelId}/kirim`],
      ['GET', `${BASE}/rombel/${rombelId}/items`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(method, url, guru, payload);
      expect(res.status, url).toBe(403);
      expect(res.body.message).toBe('Anda tidak memiliki hak akses untuk tindakan ini.');
    }
    expect(await count(t(), 'select count(*) n from kirim_nilai_item')).toBe(0);
    expect(await received()).toBe(0);
  });

  it('asks for the URL and token first; Cek Koneksi saves them only when Dapodik answers, token masked', async () => {
    const first = await call<KirimNilaiOverview>('GET', BASE);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ configured: false, token_masked: null, npsn: DEMO_NPSN });
    expect(first.body.rombel.some((r) => r.rombongan_belajar_id === rombelId)).toBe(true);
    const early = await call('POST', `${BASE}/rombel/${rombelId}/kirim`);
    expect(early.status).toBe(422);
    expect(early.body.message).toBe(M.notConfigured);

    const missing = await call('POST', `${BASE}/cek-koneksi`, admin, { url_dapodik: simUrl });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe(M.tokenRequired);
    const badUrl = await call('POST', `${BASE}/cek-koneksi`, admin, {
      url_dapodik: 'bukan url',
      token_dapodik: 'x',
    });
    expect(badUrl.status).toBe(400);

    const wrong = await call('POST', `${BASE}/cek-koneksi`, admin, {
      url_dapodik: simUrl,
      token_dapodik: 'token-yang-salah',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe(M.connectFailed(SYNC_MESSAGES.accessDenied));
    expect((await call<KirimNilaiOverview>('GET', BASE)).body.configured).toBe(false);

    const ok = await call<CekKoneksiResponse>('POST', `${BASE}/cek-koneksi`, admin, {
      url_dapodik: `${simUrl}/`,
      token_dapodik: sim.options.token,
    });
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body.message).toBe(M.connected);
    expect(ok.body.nama_sekolah).toBe(sim.state.school.sekolah.nama);
    const overview = await call<KirimNilaiOverview>('GET', BASE);
    expect(overview.body).toMatchObject({ configured: true, url_dapodik: simUrl });
    expect(overview.body.token_masked).toMatch(/^•+/);
    expect(overview.raw).not.toContain(sim.options.token);
    expect(ok.raw).not.toContain(sim.options.token);
    // Stored encrypted, never in clear.
    expect(
      await count(t(), `select count(*) n from settings where key = 'token_dapodik' and value like $1`, [
        `%${sim.options.token}%`,
      ]),
    ).toBe(0);
    // An empty token keeps (and tests) the stored one.
    const again = await call('POST', `${BASE}/cek-koneksi`, admin, {
      url_dapodik: simUrl,
      token_dapodik: '',
    });
    expect(again.status).toBe(200);
  });

  it('generates one mata evaluasi per subject with stable ids, without posting anything yet', async () => {
    const res = await call<GenerateMatevResult>('POST', `${BASE}/rombel/${rombelId}/matev`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ dari_dapodik: 0, dibuat: pembelajaranCount, dilewati: 0 });
    const ids = await t().db.query<{ dapodik_id: string }>(
      `select dapodik_id from kirim_nilai_item where jenis = 'matev' order by item_key`,
    );
    expect(ids).toHaveLength(pembelajaranCount);
    // Again: the same ids, nothing new.
    const twice = await call<GenerateMatevResult>('POST', `${BASE}/rombel/${rombelId}/matev`);
    expect(twice.body.dibuat).toBe(0);
    expect(
      await t().db.query(`select dapodik_id from kirim_nilai_item where jenis = 'matev' order by item_key`),
    ).toEqual(ids);
    expect(sim.state.matev.size).toBe(0);
    const overview = await call<KirimNilaiOverview>('GET', BASE);
    const row = overview.body.rombel.find((r) => r.rombongan_belajar_id === rombelId);
    expect(row).toMatchObject({
      pembelajaran: pembelajaranCount,
      matev: pembelajaranCount,
      matev_terkirim: 0,
    });
  });

  it('sends every final grade once, skips pupils without one (with the reason), and holds one grade per pupil and subject', async () => {
    const expected = await expectedGrades();
    expect(expected).toBeGreaterThan(10);
    const r = await kirim();
    expect(r.matev).toEqual({ sent: pembelajaranCount, unchanged: 0, failed: 0, skipped: 0, withdrawn: 0 });
    expect(r.nilai.sent).toBe(expected);
    expect(r.nilai.failed).toBe(0);
    expect(r.nilai.skipped).toBeGreaterThan(0);
    const skipped = r.items.filter((i) => i.outcome === 'skipped');
    expect(skipped.every((i) => i.message === M.noNilaiAkhir)).toBe(true);
    expect(new Set(skipped.map((i) => i.peserta_didik)).size).toBe(1);
    expect(r.message).toBe(M.summary(r));
    const g = await simGrades();
    expect(g.duplicates).toBe(0);
    expect(g.grades.filter((x) => x.pembelajaran_id !== null)).toHaveLength(expected);
    // The values Dapodik holds are ours.
    const ours = await t().db.query<{ a: string; n: number }>(
      `select a.anggota_rombel_id_dapodik a, n.nilai n from nilai_akhir n
         join anggota_rombel a on a.anggota_rombel_id = n.anggota_rombel_id
         join pembelajaran p on p.pembelajaran_id = n.pembelajaran_id where p.rombongan_belajar_id = $1`,
      [rombelId],
    );
    const byPupil = new Map(ours.map((o) => [o.a, o.n]));
    for (const x of g.grades) expect(byPupil.has(x.anggota_rombel_id)).toBe(true);
    const overview = await call<KirimNilaiOverview>('GET', BASE);
    expect(overview.body.rombel.find((x) => x.rombongan_belajar_id === rombelId)).toMatchObject({
      matev_terkirim: pembelajaranCount,
      nilai_terkirim: expected,
    });
    const items = await call<{ items: KirimNilaiItem[] }>('GET', `${BASE}/rombel/${rombelId}/items`);
    expect(items.body.items.filter((i) => i.jenis === 'nilai' && i.status === 'sent')).toHaveLength(expected);
  });

  it('a re-run sends nothing that Dapodik already holds, then only the grade that changed', async () => {
    const before = await received();
    const idle = await kirim();
    expect(idle.nilai.sent).toBe(0);
    expect(idle.matev.sent).toBe(0);
    expect(idle.nilai.unchanged).toBe(await expectedGrades());
    expect(await received()).toBe(before);

    await t().db.query(
      `update nilai_akhir set nilai = case when nilai = 100 then 99 else nilai + 1 end, updated_at = now()
        where nilai_akhir_id = (select n.nilai_akhir_id from nilai_akhir n join pembelajaran p using (pembelajaran_id)
          where p.rombongan_belajar_id = $1 and p.mata_pelajaran_id not in (select unnest($2::int[]))
          order by n.nilai_akhir_id limit 1)`,
      [rombelId, RELIGION_IDS],
    );
    const one = await kirim();
    expect(one.nilai.sent).toBe(1);
    expect(await received()).toBe(before + 1);
    expect((await simGrades()).duplicates).toBe(0);
  });

  it('a lost answer (processed, then the connection drops) and a 500 are retried with the same ids: still one grade each', async () => {
    const changed = await t().db.query<{ id: string }>(
      `update nilai_akhir set nilai = case when nilai = 100 then 98 else nilai + 1 end, updated_at = now()
        where nilai_akhir_id in (select n.nilai_akhir_id from nilai_akhir n join pembelajaran p using (pembelajaran_id)
          where p.rombongan_belajar_id = $1 and p.mata_pelajaran_id not in (select unnest($2::int[]))
          order by n.nilai_akhir_id desc limit 3) returning nilai_akhir_id id`,
      [rombelId, RELIGION_IDS],
    );
    expect(changed).toHaveLength(3);
    const total = (await simGrades()).grades.length;
    await fault([
      { endpoint: 'WebService/postNilai', mode: 'lost-response', count: 2 },
      { endpoint: 'WebService/postNilai', mode: '500', count: 1 },
    ]);
    const r = await kirim();
    expect(r.nilai).toMatchObject({ sent: 3, failed: 0 });
    const g = await simGrades();
    expect(g.duplicates).toBe(0);
    expect(g.grades).toHaveLength(total);
    // Each of the three answers that were lost was stored once and written again by the retry.
    const values = new Map(
      g.grades.map((x) => [x.anggota_rombel_id + x.pembelajaran_id, x.nilai_kognitif_angka]),
    );
    const ours = await t().db.query<{ k: string; n: number }>(
      `select a.anggota_rombel_id_dapodik::text || p.pembelajaran_id_dapodik::text k, n.nilai n from nilai_akhir n
        join anggota_rombel a using (anggota_rombel_id) join pembelajaran p using (pembelajaran_id)
       where n.nilai_akhir_id = any($1::uuid[])`,
      [changed.map((c) => c.id)],
    );
    for (const o of ours) expect(values.get(o.k)).toBe(o.n);
  });

  it('an item Dapodik keeps refusing is reported as failed and is the only one sent on the next run', async () => {
    await t().db.query(
      `update nilai_akhir set nilai = case when nilai = 100 then 97 else nilai + 1 end, updated_at = now()
        where nilai_akhir_id = (select n.nilai_akhir_id from nilai_akhir n join pembelajaran p using (pembelajaran_id)
          where p.rombongan_belajar_id = $1 and p.mata_pelajaran_id not in (select unnest($2::int[]))
          order by n.nilai desc, n.nilai_akhir_id limit 1)`,
      [rombelId, RELIGION_IDS],
    );
    await fault({ endpoint: 'WebService/postNilai', mode: '500', count: transportDefaults.attempts });
    const failed = await kirim();
    expect(failed.nilai).toMatchObject({ sent: 0, failed: 1 });
    const item = failed.items.find((i) => i.outcome === 'failed');
    expect(item?.message).toBe(SYNC_MESSAGES.serverError(500));
    const overview = await call<KirimNilaiOverview>('GET', BASE);
    expect(overview.body.rombel.find((x) => x.rombongan_belajar_id === rombelId)?.nilai_gagal).toBe(1);

    const before = await received();
    const retried = await kirim();
    expect(retried.nilai).toMatchObject({ sent: 1, failed: 0 });
    expect(await received()).toBe(before + 1);
    expect((await simGrades()).duplicates).toBe(0);
  });

  it('a grade deleted after it was sent is marked deleted in Dapodik once (soft_delete), not left behind', async () => {
    const [gone] = await t().db.query<{ a: string; p: string }>(
      `delete from nilai_akhir where nilai_akhir_id = (select n.nilai_akhir_id from nilai_akhir n
          join pembelajaran p using (pembelajaran_id)
         where p.rombongan_belajar_id = $1 and p.mata_pelajaran_id not in (select unnest($2::int[]))
         order by n.nilai_akhir_id limit 1)
       returning (select anggota_rombel_id_dapodik from anggota_rombel a where a.anggota_rombel_id = nilai_akhir.anggota_rombel_id)::text a,
                 (select pembelajaran_id_dapodik from pembelajaran p where p.pembelajaran_id = nilai_akhir.pembelajaran_id)::text p`,
      [rombelId, RELIGION_IDS],
    );
    const total = (await simGrades()).grades.length;
    const r = await kirim();
    expect(r.nilai).toMatchObject({ sent: 0, withdrawn: 1, failed: 0 });
    expect(r.message).toContain('1 nilai yang dihapus ditandai terhapus di Dapodik');
    const stored = [...sim.state.nilai.values()].find(
      (n) =>
        n.row.anggota_rombel_id === gone?.a &&
        sim.state.matev.get(n.row.id_evaluasi)?.row.pembelajaran_id === gone?.p,
    );
    expect(stored?.row.soft_delete).toBe(1);
    expect((await simGrades()).grades).toHaveLength(total);
    const before = await received();
    expect((await kirim()).nilai.withdrawn).toBe(0);
    expect(await received()).toBe(before);
  });

  it('takes the id of a mata evaluasi Dapodik already has for a subject, instead of making a second one', async () => {
    const [other] = await t().db.query<{
      id: string;
      dapodik: string;
      p: string;
      mapel: number;
      nama: string;
    }>(
      `select r.rombongan_belajar_id id, r.rombongan_belajar_id_dapodik dapodik, p.pembelajaran_id_dapodik p,
              p.mata_pelajaran_id mapel, p.nama_mata_pelajaran nama
         from rombongan_belajar r join pembelajaran p on p.rombongan_belajar_id = r.rombongan_belajar_id
          and p.induk_pembelajaran_id is null and p.kelompok_id is not null and p.no_urut is not null
          and p.mata_pelajaran_id <> 800001000 and p.mata_pelajaran_id not between 200040000 and 200040099
        where r.jenis_rombel = 1 and r.deleted_at is null and r.semester_id = $1 and r.rombongan_belajar_id <> $2
        order by r.nama, p.no_urut limit 1`,
      [active, rombelId],
    );
    const theirs = '0b7c1f9e-2d4a-4c3b-9e8f-1a2b3c4d5e6f';
    const made = await sim.app.inject({
      method: 'POST',
      url: `/WebService/postMatevRapor?npsn=${DEMO_NPSN}&semester_id=${active}`,
      headers: { authorization: `Bearer ${sim.options.token}` },
      payload: {
        id_evaluasi: theirs,
        rombongan_belajar_id: other?.dapodik,
        mata_pelajaran_id: Number(other?.mapel),
        pembelajaran_id: other?.p,
        nm_mata_evaluasi: 'Dari Dapodik',
        a_dari_template: 1,
        soft_delete: 0,
      },
    });
    expect(json<{ success: boolean }>(made).success, made.body).toBe(true);
    const gen = await call<GenerateMatevResult>('POST', `${BASE}/rombel/${other?.id}/matev`);
    expect(gen.status, gen.raw).toBe(200);
    expect(gen.body.dari_dapodik).toBe(1);
    const [stored] = await t().db.query<{ dapodik_id: string }>(
      `select i.dapodik_id from kirim_nilai_item i join pembelajaran p using (pembelajaran_id)
        where i.jenis = 'matev' and p.pembelajaran_id_dapodik = $1`,
      [other?.p],
    );
    expect(stored?.dapodik_id).toBe(theirs);
    const sent = await call<KirimNilaiResult>('POST', `${BASE}/rombel/${other?.id}/kirim`);
    expect(sent.status, sent.raw).toBe(200);
    expect(sent.body.matev.failed).toBe(0);
    expect(sent.body.matev.sent).toBe(gen.body.dari_dapodik + gen.body.dibuat);
    // Dapodik's name is kept; one live matev for the subject.
    expect(sim.state.matev.get(theirs)?.row.nm_mata_evaluasi).toBe('Dari Dapodik');
    const live = [...sim.state.matev.values()].filter(
      (m) => m.row.pembelajaran_id === other?.p && m.row.soft_delete === 0,
    );
    expect(live).toHaveLength(1);
  });

  it('skips a pupil without a Dapodik membership id, and stops with the reason when Dapodik refuses access', async () => {
    const [pupil] = await t().db.query<{ id: string; nama: string }>(
      `select a.anggota_rombel_id id, pd.nama from anggota_rombel a join peserta_didik pd using (peserta_didik_id)
        where a.rombongan_belajar_id = $1 and a.anggota_rombel_id <> $2 order by pd.nama limit 1`,
      [rombelId, ungraded],
    );
    await t().db.query(
      `update anggota_rombel set anggota_rombel_id_dapodik = null where anggota_rombel_id = $1`,
      [pupil?.id],
    );
    // Grades sent before stay in Dapodik; the pupil's items are reported as skipped now.
    const r = await kirim();
    const theirs = r.items.filter((i) => i.peserta_didik === pupil?.nama);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((i) => i.outcome === 'skipped' && i.message === M.pupilNotDapodik)).toBe(true);

    await fault({ endpoint: 'WebService/getSekolah', mode: 'access-denied', count: 1 });
    const denied = await call('POST', `${BASE}/rombel/${rombelId}/kirim`);
    expect(denied.status).toBe(502);
    expect(denied.body.message).toBe(SYNC_MESSAGES.accessDenied);
    expect(rombelNama).not.toBe('');
  });
});

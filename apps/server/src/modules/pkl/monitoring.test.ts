import { MESSAGES } from '@erapor/contract/errors';
import {
  MONITORING_PKL_MESSAGES,
  type MonitoringPklDetail,
  type MonitoringPklList,
} from '@erapor/contract/pkl/monitoring';
import { PKL_MESSAGES } from '@erapor/contract/pkl/perencanaan';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { nilaiPkl, pdPkl, praktikKerjaLapangan } from '../../db/tables/pkl';
import { aktPd, dudi, guru, mou } from '../../db/tables/referensi';
import { anotherSchoolRombel, type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json } from '../../test/engines';
import { demoTokens, staffToken } from '../penilaian/beranda/test-accounts';
import { pklPlanFixture } from './test-plan';

const URL = '/api/progress/nilai-pkl';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TP = [id(0xc11), id(0xc12), id(0xc13)] as const;
const DUDI_B = id(0xc21);
const PLAN_B = id(0xc24);
const SCHOOL_2 = id(0xc31);
const ROMBEL_2 = id(0xc32);
const PLAN_2 = id(0xc36);

type Body = { message: string; details?: Record<string, string> };

// Monitoring › Nilai PKL (issue #12 item 6): the Waka reads every plan with its counts and one plan's
// scores; the admin (no Waka resource, decision 027), wali, guru, pembimbing, siswa: 403.
describeEngines('PKL: Monitoring Nilai PKL (Waka)', {}, (t) => {
  let demo: SeededDemo;
  let tokens: Record<string, string> = {};
  let fx: Awaited<ReturnType<typeof pklPlanFixture>>;
  let peserta: string[] = [];
  let guruB = '';

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    tokens = { ...(await demoTokens(t().app, demo, ['admin', 'guru', 'wali', 'siswa', 'pkl', 'waka'])) };
    fx = await pklPlanFixture(t().app, db, demo, { tpIds: TP, waliEmail: 'wali-pkl-mon@test.sch.id' });
    tokens.classWali = fx.waliToken;
    peserta = fx.plan.peserta.map((p) => p.peserta_didik_id).sort();
    const [a, b] = peserta as [string, string];
    const score = (pd: string, tp: string, nilai: number, deskripsi: string | null) => ({
      sekolahId: demo.sekolahId,
      pesertaDidikId: pd,
      pklId: fx.plan.pkl_id,
      tpId: tp,
      nilai,
      deskripsi,
    });
    // a: two of three TPs scored, b: one; the rest unscored → 3 scores, nobody dinilai (a
    // participant is dinilai with every TP scored: issue #14 item 7).
    await db
      .insert(nilaiPkl)
      .values([score(a, TP[0], 80, 'Teliti'), score(a, TP[2], 90, null), score(b, TP[1], 75, 'Rapi')]);
    await db.update(pdPkl).set({ catatan: 'Rajin dan sopan' }).where(eq(pdPkl.pesertaDidikId, a));

    // A second plan of the school: another DUDI, another pembimbing, no participants yet.
    guruB = demo.school.ptk.find((p) => p.ptk_id !== demo.accounts.pkl.guruId)?.ptk_id ?? '';
    await db.insert(dudi).values({ dudiId: DUDI_B, sekolahId: demo.sekolahId, nama: 'CV Zeta Monitoring' });
    await db.insert(mou).values({ mouId: id(0xc22), sekolahId: demo.sekolahId, dudiId: DUDI_B });
    await db
      .insert(aktPd)
      .values({ aktPdId: id(0xc23), sekolahId: demo.sekolahId, mouId: id(0xc22), judulAktPd: 'PKL Zeta' });
    await db.insert(praktikKerjaLapangan).values({
      pklId: PLAN_B,
      sekolahId: demo.sekolahId,
      semesterId: demo.semesterId,
      guruId: guruB,
      rombonganBelajarId: fx.rombel.rombongan_belajar_id,
      aktPdId: id(0xc23),
      tanggalMulai: '2025-08-01',
      tanggalSelesai: '2025-11-14',
      instruktur: 'Instruktur Zeta',
    });

    // Another school with a plan of its own: never listed, 404 by id.
    await anotherSchoolRombel(db, {
      sekolahId: SCHOOL_2,
      rombelId: ROMBEL_2,
      npsn: '69999961',
      semesterId: demo.semesterId,
      tingkat: 12,
    });
    await db.insert(dudi).values({ dudiId: id(0xc33), sekolahId: SCHOOL_2, nama: 'PT Lain' });
    await db.insert(mou).values({ mouId: id(0xc34), sekolahId: SCHOOL_2, dudiId: id(0xc33) });
    await db
      .insert(aktPd)
      .values({ aktPdId: id(0xc35), sekolahId: SCHOOL_2, mouId: id(0xc34), judulAktPd: 'PKL' });
    await db
      .insert(guru)
      .values({ guruId: id(0xc37), sekolahId: SCHOOL_2, nama: 'Guru Lain', jenisPtkId: 3 });
    await db.insert(praktikKerjaLapangan).values({
      pklId: PLAN_2,
      sekolahId: SCHOOL_2,
      semesterId: demo.semesterId,
      guruId: id(0xc37),
      rombonganBelajarId: ROMBEL_2,
      aktPdId: id(0xc35),
      tanggalMulai: '2025-07-01',
      tanggalSelesai: '2025-07-30',
      instruktur: 'X',
    });
    // Roles are per semester: a Waka of 2022/2023 (PKL is no subject yet).
    tokens.pastWaka = await staffToken(
      t().app,
      db,
      { ...demo, semesterId: '20222' },
      { guruId: demo.accounts.waka.guruId ?? guruB, email: 'waka-lalu@test.sch.id', roles: ['guru', 'waka'] },
    );
    tokens.pembimbingB = await staffToken(t().app, db, demo, {
      guruId: guruB,
      email: 'pkl-mon-b@test.sch.id',
      roles: ['guru', 'pembimbing'],
    });
  });

  const get = async <T = Body>(url: string, who: string) => {
    const res = await t().app.inject({ method: 'GET', url, headers: bearer(tokens[who] ?? '') });
    return { status: res.statusCode, body: json<T>(res) };
  };
  const list = (q: string, who = 'waka') => get<MonitoringPklList>(`${URL}${q}`, who);

  it("lists the school's plans with their counts for the Waka", async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    const a = res.body.data.find((r) => r.pkl_id === fx.plan.pkl_id);
    expect(a).toMatchObject({
      kelas: fx.rombel.nama,
      tingkat: 12,
      nama_dudi: fx.dudi.nama,
      judul_akt_pd: fx.plan.judul_akt_pd,
      tanggal_mulai: '2025-07-01',
      tanggal_selesai: '2025-12-31',
      guru_id: demo.accounts.pkl.guruId,
      nama_pembimbing: fx.plan.nama_pembimbing,
      jml_peserta: peserta.length,
      jml_tp: 3,
      jml_dinilai: 0,
      jml_nilai: 3,
      percent: 0,
      status: 'belum',
    });
    const b = res.body.data.find((r) => r.pkl_id === PLAN_B);
    expect(b).toMatchObject({
      nama_dudi: 'CV Zeta Monitoring',
      jml_peserta: 0,
      jml_tp: 0,
      jml_dinilai: 0,
      percent: null,
      status: null,
    });
    expect(res.body.data.some((r) => r.pkl_id === PLAN_2)).toBe(false);
  });

  it('filters by Tingkat, Rombel, DUDI and Pembimbing, searches, sorts and pages on the server', async () => {
    const ids = async (q: string) => (await list(q)).body.data.map((r) => r.pkl_id);
    expect(await ids('?tingkat=12')).toHaveLength(2);
    expect(await ids('?tingkat=10')).toEqual([]);
    expect(await ids(`?rombongan_belajar_id=${fx.rombel.rombongan_belajar_id}`)).toHaveLength(2);
    // Another school's class is refused, never an empty list (monitoring's shared filter rule).
    expect((await list(`?rombongan_belajar_id=${ROMBEL_2}`)).status).toBe(400);
    expect(await ids(`?dudi_id=${DUDI_B}`)).toEqual([PLAN_B]);
    expect(await ids(`?guru_id=${demo.accounts.pkl.guruId}`)).toEqual([fx.plan.pkl_id]);
    expect(await ids('?q=zeta')).toEqual([PLAN_B]);
    expect(await ids('?sort_by=jml_peserta&sort_dir=desc')).toEqual([fx.plan.pkl_id, PLAN_B]);
    // Lowest % first by default: 0,0 % before the plan with nobody ("-").
    expect(await ids('')).toEqual([fx.plan.pkl_id, PLAN_B]);
    expect(await ids('?status=belum')).toEqual([fx.plan.pkl_id]);
    expect(await ids('?sort_by=tanggal_mulai&sort_dir=desc')).toEqual([PLAN_B, fx.plan.pkl_id]);
    const page2 = await list('?sort_by=tanggal_mulai&per_page=10&page=2');
    expect(page2.body).toMatchObject({ data: [], total: 2, page: 2 });
    // Bad filters: 400 with the field's message.
    const bad = await get(`${URL}?tingkat=9&dudi_id=x`, 'waka');
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({
      tingkat: MONITORING_PKL_MESSAGES.tingkat,
      dudi_id: MONITORING_PKL_MESSAGES.dudi,
    });
    expect((await get(`${URL}?sort_by=nama_siswa`, 'waka')).status).toBe(400);
  });

  it('gives one plan per pupil and TP: catatan, Nilai, Deskripsi', async () => {
    const res = await get<MonitoringPklDetail>(`${URL}/${fx.plan.pkl_id}`, 'waka');
    expect(res.status).toBe(200);
    expect(res.body.rencana).toMatchObject({
      pkl_id: fx.plan.pkl_id,
      instruktur: 'Budi Instruktur',
      nip: '198001012010011001',
      jml_dinilai: 0,
    });
    expect(res.body.tp.map((x) => x.deskripsi)).toEqual(['TP PKL 1', 'TP PKL 2', 'TP PKL 3']);
    expect(res.body.peserta.map((p) => p.peserta_didik_id).sort()).toEqual(peserta);
    const [a, b] = peserta;
    const pa = res.body.peserta.find((p) => p.peserta_didik_id === a);
    expect(pa?.catatan).toBe('Rajin dan sopan');
    expect(pa?.nilai.map((n) => [n.tp_id, n.nilai, n.deskripsi])).toEqual([
      [TP[0], 80, 'Teliti'],
      [TP[1], null, null],
      [TP[2], 90, null],
    ]);
    const pb = res.body.peserta.find((p) => p.peserta_didik_id === b);
    expect(pb?.catatan).toBeNull();
    expect(pb?.nilai.map((n) => n.nilai)).toEqual([null, 75, null]);
    const empty = await get<MonitoringPklDetail>(`${URL}/${PLAN_B}`, 'waka');
    expect(empty.body).toMatchObject({ tp: [], peserta: [] });
  });

  it('refuses everyone but the Waka (403); another school or an unknown id 404; before 2023/2024 409', async () => {
    for (const who of ['admin', 'guru', 'wali', 'classWali', 'pkl', 'pembimbingB', 'siswa']) {
      const l = await list('', who);
      expect(l.status, who).toBe(403);
      expect((l.body as unknown as Body).message).toBe(MESSAGES.forbidden);
      expect((await get(`${URL}/${fx.plan.pkl_id}`, who)).status, who).toBe(403);
    }
    for (const plan of [PLAN_2, id(0xabc)]) {
      const res = await get(`${URL}/${plan}`, 'waka');
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(PKL_MESSAGES.notFound);
    }
    const past = await get(URL, 'pastWaka');
    expect(past.status).toBe(409);
    expect(past.body.message).toBe(PKL_MESSAGES.beforePkl);
    expect((await get(`${URL}/${fx.plan.pkl_id}`, 'pastWaka')).status).toBe(409);
  });
});

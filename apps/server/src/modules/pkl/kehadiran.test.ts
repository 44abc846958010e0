import {
  KEHADIRAN_PKL_MESSAGES,
  type KehadiranPklRencanaList,
  type KehadiranPklResponse,
  type KehadiranPklSaved,
} from '@erapor/contract/pkl/kehadiran';
import type { RencanaPklSaved } from '@erapor/contract/pkl/perencanaan';
import { absensiPklMessage } from '@erapor/contract/pkl/rules';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { tpMapel, tujuanPembelajaran } from '../../db/tables/kurikulum';
import { absensiPkl, praktikKerjaLapangan } from '../../db/tables/pkl';
import { aktPd, dudi, guru, mou, pembelajaran } from '../../db/tables/referensi';
import { anotherSchoolRombel, type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json } from '../../test/engines';
import { withKelasLocked, withPenilaianClosed } from '../../test/gate';
import { demoTokens, otherWali, staffToken } from '../penilaian/beranda/test-accounts';

const URL = '/api/pkl/kehadiran';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TP = id(0xa51);
const SCHOOL_2 = id(0xa52);
const ROMBEL_2 = id(0xa53);
const PLAN_2 = id(0xa57);

type Body = { message: string; details?: Record<string, string> };

// Kehadiran PKL (issue #12 item 4): owner and co-supervisor write; the class's wali and Waka read.
describeEngines('PKL: Kehadiran', {}, (t) => {
  let demo: SeededDemo;
  let tokens: Record<string, string> = {};
  let pklId = '';
  let peserta: string[] = [];

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    tokens = {
      ...(await demoTokens(t().app, demo, ['admin', 'guru', 'wali', 'siswa', 'ekskul', 'pkl', 'waka'])),
    };
    const s = demo.school;
    const pklPembelajaran = s.relations.pklPembelajaranId;
    const rombel = s.rombongan_belajar.find((r) =>
      r.pembelajaran.some((p) => p.pembelajaran_id === pklPembelajaran),
    );
    const found = s.dudi
      .flatMap((d) => d.mou.flatMap((m) => m.akt_pd.map((a) => ({ d, a }))))
      .find((x) => x.a.id_akt_pd === s.relations.pklAktPdIds[0]);
    const pklGuru = demo.accounts.pkl.guruId;
    const coGuru = found?.a.bimbing_pd.find((b) => b.ptk_id !== pklGuru)?.ptk_id;
    if (!rombel || !found || !coGuru || !pklGuru) throw new Error('demo PKL fixtures missing');
    await db
      .update(pembelajaran)
      .set({ guruPengajarId: coGuru })
      .where(eq(pembelajaran.pembelajaranId, pklPembelajaran));
    await db
      .insert(tujuanPembelajaran)
      .values({ tpId: TP, sekolahId: demo.sekolahId, cpId: 1, deskripsi: 'TP PKL' });
    await db.insert(tpMapel).values({ sekolahId: demo.sekolahId, tpId: TP, pembelajaranId: pklPembelajaran });
    tokens.co = await staffToken(t().app, db, demo, {
      guruId: coGuru,
      email: 'pkl-hadir-co@test.sch.id',
      roles: ['guru', 'pembimbing'],
    });
    const others = s.ptk.filter((p) => ![pklGuru, coGuru, rombel.ptk_id].includes(p.ptk_id));
    tokens.otherPembimbing = await staffToken(t().app, db, demo, {
      guruId: others[0]?.ptk_id ?? '',
      email: 'pkl-hadir-lain@test.sch.id',
      roles: ['guru', 'pembimbing'],
    });
    tokens.classWali = await staffToken(t().app, db, demo, {
      guruId: rombel.ptk_id,
      email: 'pkl-hadir-wali@test.sch.id',
      roles: ['guru', 'wali'],
    });
    tokens.otherWali = (
      await otherWali(t().app, db, demo, 'pkl-hadir-wali2@test.sch.id', [rombel.ptk_id])
    ).token;

    // The plan, as pkl@ makes it on Perencanaan: 1–30 Jul 2025 (30 days).
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/pkl/rencana',
      headers: bearer(tokens.pkl ?? ''),
      payload: {
        rombongan_belajar_id: rombel.rombongan_belajar_id,
        dudi_id: found.d.dudi_id,
        akt_pd_id: found.a.id_akt_pd,
        tanggal_mulai: '2025-07-01',
        tanggal_selesai: '2025-07-30',
        instruktur: 'Budi Instruktur',
        nip: '',
        tp_ids: [TP],
      },
    });
    if (res.statusCode !== 201) throw new Error(`plan not created: ${res.body}`);
    const plan = json<RencanaPklSaved>(res).data;
    pklId = plan.pkl_id;
    peserta = plan.peserta.map((p) => p.peserta_didik_id);
    if (peserta.length < 2) throw new Error('plan without participants');

    // Another school with a plan of its own (404 for everyone here).
    await anotherSchoolRombel(db, {
      sekolahId: SCHOOL_2,
      rombelId: ROMBEL_2,
      npsn: '69999951',
      semesterId: demo.semesterId,
      tingkat: 12,
    });
    await db.insert(dudi).values({ dudiId: id(0xa54), sekolahId: SCHOOL_2, nama: 'PT Lain' });
    await db.insert(mou).values({ mouId: id(0xa55), sekolahId: SCHOOL_2, dudiId: id(0xa54) });
    await db
      .insert(aktPd)
      .values({ aktPdId: id(0xa56), sekolahId: SCHOOL_2, mouId: id(0xa55), judulAktPd: 'PKL' });
    await db
      .insert(guru)
      .values({ guruId: id(0xa58), sekolahId: SCHOOL_2, nama: 'Guru Lain', jenisPtkId: 3 });
    await db.insert(praktikKerjaLapangan).values({
      pklId: PLAN_2,
      sekolahId: SCHOOL_2,
      semesterId: demo.semesterId,
      guruId: id(0xa58),
      rombonganBelajarId: ROMBEL_2,
      aktPdId: id(0xa56),
      tanggalMulai: '2025-07-01',
      tanggalSelesai: '2025-07-30',
      instruktur: 'X',
    });
  });

  const call = async <T = Body>(method: 'GET' | 'PUT', url: string, who: string, payload?: object) => {
    const res = await t().app.inject({ method, url, payload, headers: bearer(tokens[who] ?? '') });
    return { status: res.statusCode, body: json<T>(res) };
  };
  const get = (who: string, plan = pklId) => call<KehadiranPklResponse>('GET', `${URL}?pkl_id=${plan}`, who);
  const zero = { sakit: 0, izin: 0, alpa: 0 };
  const row = (i: number, cells: object, sebelumnya: object = zero) => ({
    peserta_didik_id: peserta[i],
    sakit: 0,
    izin: 0,
    alpa: 0,
    ...cells,
    sebelumnya: { ...zero, ...sebelumnya },
  });
  const put = (who: string, rows: object[], plan = pklId) =>
    call<KehadiranPklSaved & Body>('PUT', URL, who, { pkl_id: plan, rows });
  const stored = async () =>
    (await t().db.db.select().from(absensiPkl).where(eq(absensiPkl.pklId, pklId)))
      .map((r) => `${r.pesertaDidikId}:${r.sakit}/${r.izin}/${r.alpa}`)
      .sort();

  it('lists the plan for its owner, co-supervisor, the class wali and the Waka; others see none or 403', async () => {
    for (const who of ['pkl', 'co', 'classWali', 'waka']) {
      const res = await call<KehadiranPklRencanaList>('GET', `${URL}/rencana`, who);
      expect(res.status, who).toBe(200);
      expect(
        res.body.data.map((p) => p.pkl_id),
        who,
      ).toEqual([pklId]);
    }
    for (const who of ['otherPembimbing', 'otherWali']) {
      const res = await call<KehadiranPklRencanaList>('GET', `${URL}/rencana`, who);
      expect(res.status, who).toBe(200);
      expect(res.body.data, who).toEqual([]);
    }
    for (const who of ['admin', 'guru', 'siswa', 'ekskul'])
      expect((await call('GET', `${URL}/rencana`, who)).status, who).toBe(403);
  });

  it('reads the grid per role: writers may change, wali and Waka read; others 403; another school 404', async () => {
    const own = await get('pkl');
    expect(own.status).toBe(200);
    expect(own.body.rencana.hari).toBe(30);
    expect(own.body.bisa_ubah).toBe(true);
    expect(own.body.data.map((r) => r.peserta_didik_id).sort()).toEqual([...peserta].sort());
    expect(own.body.data.every((r) => r.sakit === 0 && r.izin === 0 && r.alpa === 0)).toBe(true);
    expect((await get('co')).body.bisa_ubah).toBe(true);
    for (const who of ['classWali', 'waka']) {
      const res = await get(who);
      expect(res.status, who).toBe(200);
      expect(res.body.bisa_ubah, who).toBe(false);
    }
    for (const who of ['otherPembimbing', 'otherWali', 'admin', 'guru', 'siswa', 'ekskul'])
      expect((await get(who)).status, who).toBe(403);
    expect((await get('pkl', PLAN_2)).status).toBe(404);
    expect((await get('waka', PLAN_2)).status).toBe(404);
  });

  it('saves for the owner and the co-supervisor; wali, Waka and others are refused; nothing written', async () => {
    for (const who of ['classWali', 'waka', 'otherPembimbing', 'otherWali', 'admin', 'guru', 'siswa'])
      expect((await put(who, [row(0, { sakit: 1 })])).status, who).toBe(403);
    expect((await put('pkl', [row(0, { sakit: 1 })], PLAN_2)).status).toBe(404);
    expect(await stored()).toEqual([]);

    const saved = await put('pkl', [row(0, { sakit: 2, izin: '1', alpa: '' })]);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(KEHADIRAN_PKL_MESSAGES.saved);
    expect(saved.body.saved).toBe(1);
    const byCo = await put('co', [row(1, { alpa: 3 })]);
    expect(byCo.status).toBe(200);
    expect(await stored()).toEqual([`${peserta[0]}:2/1/0`, `${peserta[1]}:0/0/3`].sort());
    const reread = await get('classWali');
    expect(reread.body.data.find((r) => r.peserta_didik_id === peserta[0])).toMatchObject({
      sakit: 2,
      izin: 1,
      alpa: 0,
    });
  });

  it('refuses bad input with the field message, database unchanged', async () => {
    const before = await stored();
    const cases: [object, string, string][] = [
      [{ sakit: -1 }, 'sakit', 'Jumlah hari tidak boleh di bawah 0 (nol)!'],
      [{ izin: 'abc' }, 'izin', 'Jumlah hari harus berupa angka!'],
      [{ alpa: '1,5' }, 'alpa', 'Jumlah hari harus berupa bilangan bulat (tanpa koma)!'],
      // 10 + 10 + 11 = 31 days in a 30-day placement.
      [{ sakit: 10, izin: 10, alpa: 11 }, 'alpa', absensiPklMessage(30)],
    ];
    for (const [cells, field, message] of cases) {
      const res = await put('pkl', [row(2, cells)]);
      expect(res.status, JSON.stringify(cells)).toBe(422);
      expect(res.body.details?.[`rows.0.${field}`]).toBe(message);
    }
    // The bound holds exactly at the placement's days.
    const notParticipant = await put('pkl', [{ ...row(2, {}), peserta_didik_id: id(0xa5f), sakit: 1 }]);
    expect(notParticipant.status).toBe(422);
    expect(notParticipant.body.details?.['rows.0.peserta_didik_id']).toBe(
      KEHADIRAN_PKL_MESSAGES.notParticipant,
    );
    expect(await stored()).toEqual(before);
    const exact = await put('pkl', [row(2, { sakit: 10, izin: 10, alpa: 10 })]);
    expect(exact.status).toBe(200);
  });

  it('a stale save is 409 naming the pupil, nothing written; a retried identical save succeeds', async () => {
    // peserta[0] is stored 2/1/0; this browser loaded 0/0/0.
    const before = await stored();
    const stale = await put('co', [row(0, { sakit: 5 }), row(1, { alpa: 4 }, { alpa: 3 })]);
    expect(stale.status).toBe(409);
    expect(stale.body.details?.['rows.0.sakit']).toBeTruthy();
    expect(await stored()).toEqual(before);
    const retried = await put('pkl', [row(0, { sakit: 2, izin: 1 })]);
    expect(retried.status).toBe(200);
    expect(retried.body.saved).toBe(0);
  });

  it('obeys the school switch and the class lock (423), nothing written', async () => {
    const before = await stored();
    const kelasId = (await get('pkl')).body.rencana.rombongan_belajar_id;
    await withPenilaianClosed(t().db.db, demo, async () => {
      expect((await put('pkl', [row(3, { sakit: 1 })])).status).toBe(423);
      expect((await get('pkl')).body.penilaian_tertutup).toBeTruthy();
    });
    await withKelasLocked(t().db.db, kelasId, async () => {
      expect((await put('co', [row(3, { sakit: 1 })])).status).toBe(423);
    });
    expect(await stored()).toEqual(before);
  });

  it('answers 409 before 2023/2024', async () => {
    const past = await staffToken(
      t().app,
      t().db.db,
      { ...demo, semesterId: '20222' },
      {
        guruId: demo.accounts.pkl.guruId ?? '',
        email: 'pkl-hadir-lalu@test.sch.id',
        roles: ['guru', 'pembimbing'],
      },
    );
    const res = await t().app.inject({ method: 'GET', url: `${URL}/rencana`, headers: bearer(past) });
    expect(res.statusCode).toBe(409);
  });
});

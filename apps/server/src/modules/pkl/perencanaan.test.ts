import { MAPEL_PKL } from '@erapor/contract/penilaian/rules';
import {
  type PilihanResponse,
  PKL_MESSAGES,
  type RencanaPklDetail,
  type RencanaPklList,
  type RencanaPklSaved,
} from '@erapor/contract/pkl/perencanaan';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { tpMapel, tujuanPembelajaran } from '../../db/tables/kurikulum';
import { nilaiPkl, pdPkl, praktikKerjaLapangan, tpPkl } from '../../db/tables/pkl';
import {
  aktPd,
  anggotaAktPd,
  bimbingPd,
  dudi,
  guru,
  mou,
  pembelajaran,
  rombonganBelajar,
} from '../../db/tables/referensi';
import { riwayatNilai } from '../../db/tables/riwayat-nilai';
import { sekolah } from '../../db/tables/sekolah';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';
import { staffToken } from '../penilaian/beranda/test-accounts';
import { setStatusPenilaian } from '../sekolah/settings';

const RENCANA = '/api/pkl/rencana';
const PILIHAN = '/api/pkl/pilihan';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
// Fixtures of this suite: two PKS beside the demo's, three TPs, another school with its own plan.
const PKS_OTHER_DUDI = id(0x9c1);
const PKS_NOT_MINE = id(0x9c2);
const TP = [id(0x9d1), id(0x9d2), id(0x9d3)] as const;
const SCHOOL_2 = id(0x9e1);
const PLAN_2 = id(0x9e7);

type Body = { message: string; details?: Record<string, string>; statusCode?: number };

describeEngines('PKL: Perencanaan Penilaian PKL', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let kelas = { id: '', members: [] as string[] };
  let pks = { id: '', dudiId: '', members: [] as string[] };
  let dudi2 = '';
  let coGuru = '';
  let otherClass = '';
  let pklPembelajaran = '';
  let otherGuru = '';

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    for (const key of ['admin', 'guru', 'wali', 'siswa', 'ekskul', 'pkl', 'waka'] as const) {
      tokens[key] = (await loginAs(t().app, demo.accounts[key].email, demo.semesterId)).accessToken;
    }
    const s = demo.school;
    pklPembelajaran = s.relations.pklPembelajaranId;
    const rombel = s.rombongan_belajar.find((r) =>
      r.pembelajaran.some((p) => p.pembelajaran_id === pklPembelajaran),
    );
    const aktId = s.relations.pklAktPdIds[0];
    const owner = s.dudi.flatMap((d) => d.mou.flatMap((m) => m.akt_pd.map((a) => ({ d, m, a }))));
    const found = owner.find((x) => x.a.id_akt_pd === aktId);
    const another = s.dudi.find((d) => d.dudi_id !== found?.d.dudi_id);
    if (!rombel || !found || !another) throw new Error('demo PKL fixtures missing');
    kelas = {
      id: rombel.rombongan_belajar_id,
      members: rombel.anggota_rombel.map((a) => a.peserta_didik_id),
    };
    pks = {
      id: found.a.id_akt_pd,
      dudiId: found.d.dudi_id,
      members: found.a.anggota_akt_pd
        .map((m) => m.registrasi_peserta_didik.peserta_didik_id)
        .filter((pd) => kelas.members.includes(pd)),
    };
    dudi2 = another.dudi_id;
    const pklGuru = demo.accounts.pkl.guruId;
    const second = found.a.bimbing_pd.find((b) => b.ptk_id !== pklGuru)?.ptk_id;
    if (!second || !pklGuru) throw new Error('no co-supervisor in the demo');
    coGuru = second;
    otherClass = s.relations.waliRombelId;
    if (rombel.ptk_id === pklGuru || rombel.ptk_id === coGuru) throw new Error('wali is a supervisor');

    // The co-supervisor teaches the class's PKL too (guru pengajar), as the rule asks.
    await db
      .update(pembelajaran)
      .set({ guruPengajarId: coGuru })
      .where(eq(pembelajaran.pembelajaranId, pklPembelajaran));
    // A PKS of the other DUDI that pkl@ supervises (3 pupils of the class), and one of the same
    // DUDI that pkl@ does not supervise.
    await db.insert(aktPd).values([
      {
        aktPdId: PKS_OTHER_DUDI,
        sekolahId: demo.sekolahId,
        mouId: another.mou[0]?.mou_id ?? '',
        judulAktPd: 'PKL Uji Dua',
      },
      { aktPdId: PKS_NOT_MINE, sekolahId: demo.sekolahId, mouId: found.m.mou_id, judulAktPd: 'PKL Uji Lain' },
    ]);
    await db
      .insert(anggotaAktPd)
      .values([
        ...kelas.members
          .slice(0, 3)
          .map((pd) => ({ sekolahId: demo.sekolahId, aktPdId: PKS_OTHER_DUDI, pesertaDidikId: pd })),
        ...kelas.members
          .slice(3, 5)
          .map((pd) => ({ sekolahId: demo.sekolahId, aktPdId: PKS_NOT_MINE, pesertaDidikId: pd })),
      ]);
    await db.insert(bimbingPd).values([
      { sekolahId: demo.sekolahId, aktPdId: PKS_OTHER_DUDI, guruId: pklGuru },
      { sekolahId: demo.sekolahId, aktPdId: PKS_NOT_MINE, guruId: coGuru },
    ]);
    // Three TPs: two mapped to the class's PKL subject, one to another subject of the class.
    const otherPembelajaran = rombel.pembelajaran.find((p) => p.mata_pelajaran_id !== MAPEL_PKL);
    await db.insert(tujuanPembelajaran).values(
      TP.map((tpId, i) => ({
        tpId,
        sekolahId: demo.sekolahId,
        cpId: 1,
        deskripsi: `Menerapkan kompetensi PKL ${i + 1}`,
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i)),
      })),
    );
    await db.insert(tpMapel).values([
      { sekolahId: demo.sekolahId, tpId: TP[0], pembelajaranId: pklPembelajaran },
      { sekolahId: demo.sekolahId, tpId: TP[1], pembelajaranId: pklPembelajaran },
      { sekolahId: demo.sekolahId, tpId: TP[2], pembelajaranId: otherPembelajaran?.pembelajaran_id ?? '' },
    ]);

    const others = s.ptk.filter((p) => ![pklGuru, coGuru, rombel.ptk_id].includes(p.ptk_id));
    tokens.co = await staffToken(t().app, db, demo, {
      guruId: coGuru,
      email: 'pkl-dua@test.sch.id',
      roles: ['guru', 'pembimbing'],
    });
    otherGuru = others[0]?.ptk_id ?? '';
    tokens.otherPembimbing = await staffToken(t().app, db, demo, {
      guruId: otherGuru,
      email: 'pkl-lain@test.sch.id',
      roles: ['guru', 'pembimbing'],
    });
    tokens.classWali = await staffToken(t().app, db, demo, {
      guruId: rombel.ptk_id,
      email: 'wali-pkl@test.sch.id',
      roles: ['guru', 'wali'],
    });
    tokens.pastPkl = await staffToken(
      t().app,
      db,
      { ...demo, semesterId: '20222' },
      { guruId: pklGuru, email: 'pkl-lalu@test.sch.id', roles: ['guru', 'pembimbing'] },
    );

    // Another school with a plan of its own.
    await db.insert(sekolah).values({ sekolahId: SCHOOL_2, npsn: '69999912', nama: 'SMK Lain' });
    await db.insert(dudi).values({ dudiId: id(0x9e2), sekolahId: SCHOOL_2, nama: 'PT Lain' });
    await db.insert(mou).values({ mouId: id(0x9e3), sekolahId: SCHOOL_2, dudiId: id(0x9e2) });
    await db
      .insert(aktPd)
      .values({ aktPdId: id(0x9e4), sekolahId: SCHOOL_2, mouId: id(0x9e3), judulAktPd: 'PKL' });
    await db
      .insert(guru)
      .values({ guruId: id(0x9e5), sekolahId: SCHOOL_2, nama: 'Guru Lain', jenisPtkId: 3 });
    await db.insert(rombonganBelajar).values({
      rombonganBelajarId: id(0x9e6),
      sekolahId: SCHOOL_2,
      semesterId: demo.semesterId,
      nama: 'XII TKJ 9',
      tingkat: 12,
      jenisRombel: 1,
    });
    await db.insert(praktikKerjaLapangan).values({
      pklId: PLAN_2,
      sekolahId: SCHOOL_2,
      semesterId: demo.semesterId,
      guruId: id(0x9e5),
      rombonganBelajarId: id(0x9e6),
      aktPdId: id(0x9e4),
      tanggalMulai: '2025-07-14',
      tanggalSelesai: '2025-12-13',
      instruktur: 'Instruktur Lain',
    });
  });

  const call = async <T = Body>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who: string,
    payload?: object,
  ) => {
    const res = await t().app.inject({ method, url, payload, headers: bearer(tokens[who] ?? '') });
    return { status: res.statusCode, body: json<T>(res) };
  };
  const plan = (over: object = {}) => ({
    rombongan_belajar_id: kelas.id,
    dudi_id: pks.dudiId,
    akt_pd_id: pks.id,
    tanggal_mulai: '2025-07-14',
    tanggal_selesai: '2025-12-13',
    instruktur: 'Budi Santoso',
    nip: '',
    tp_ids: [TP[0], TP[1]],
    ...over,
  });
  const plansOfSchool = async () =>
    (
      await t()
        .db.db.select({ id: praktikKerjaLapangan.pklId })
        .from(praktikKerjaLapangan)
        .where(eq(praktikKerjaLapangan.sekolahId, demo.sekolahId))
    ).length;
  const sorted = (xs: readonly string[]) => [...xs].sort();
  let pklId = '';

  it('offers pkl@ only the classes where they teach PKL, the DUDI and PKS they supervise, the mapped TPs', async () => {
    const byTingkat = await call<PilihanResponse>('GET', `${PILIHAN}?tingkat=12`, 'pkl');
    expect(byTingkat.status).toBe(200);
    expect(byTingkat.body.rombel.map((r) => r.value)).toEqual([kelas.id]);
    expect((await call<PilihanResponse>('GET', `${PILIHAN}?tingkat=10`, 'pkl')).body.rombel).toEqual([]);

    const cascade = await call<PilihanResponse>('GET', `${PILIHAN}?rombongan_belajar_id=${kelas.id}`, 'pkl');
    expect(sorted(cascade.body.dudi.map((d) => d.value))).toEqual(sorted([pks.dudiId, dudi2]));
    expect(cascade.body.tp).toEqual([
      { value: TP[0], label: 'Menerapkan kompetensi PKL 1' },
      { value: TP[1], label: 'Menerapkan kompetensi PKL 2' },
    ]);
    expect(cascade.body.pks).toEqual([]);
    const ofDudi = await call<PilihanResponse>(
      'GET',
      `${PILIHAN}?rombongan_belajar_id=${kelas.id}&dudi_id=${pks.dudiId}`,
      'pkl',
    );
    // Not PKS_NOT_MINE: same DUDI, holds pupils of the class, but pkl@ does not supervise it.
    expect(ofDudi.body.pks.map((p) => [p.value, p.jml_peserta])).toEqual([[pks.id, pks.members.length]]);
    const ofDudi2 = await call<PilihanResponse>(
      'GET',
      `${PILIHAN}?rombongan_belajar_id=${kelas.id}&dudi_id=${dudi2}`,
      'pkl',
    );
    expect(ofDudi2.body.pks).toEqual([{ value: PKS_OTHER_DUDI, label: 'PKL Uji Dua', jml_peserta: 3 }]);

    const notMine = await call('GET', `${PILIHAN}?rombongan_belajar_id=${otherClass}`, 'pkl');
    expect(notMine.status).toBe(403);
    expect(notMine.body.message).toBe(PKL_MESSAGES.notPklTeacher);
    for (const who of ['guru', 'wali', 'classWali', 'waka', 'admin', 'ekskul', 'siswa'])
      expect((await call('GET', `${PILIHAN}?tingkat=12`, who)).status, who).toBe(403);
  });

  it('refuses bad plans with the field message, writing nothing', async () => {
    const cases: [object, number, Record<string, string>][] = [
      [
        { tanggal_selesai: '2025-07-13' },
        400,
        { tanggal_selesai: 'Tanggal Selesai tidak boleh sebelum Tanggal Mulai!' },
      ],
      [
        { tp_ids: [] },
        400,
        { tp_ids: 'Rencana Penilaian PKL gagal disimpan. Pastikan telah memilih Tujuan Pembelajaran!' },
      ],
      [
        { dudi_id: '', instruktur: ' ' },
        400,
        { dudi_id: 'DUDI tidak boleh kosong!', instruktur: 'Nama Lengkap Instruktur tidak boleh kosong!' },
      ],
      [{ akt_pd_id: PKS_OTHER_DUDI }, 422, { akt_pd_id: PKL_MESSAGES.pksOtherDudi }],
      [{ akt_pd_id: PKS_NOT_MINE }, 422, { akt_pd_id: PKL_MESSAGES.notSupervisor }],
      [{ tp_ids: [TP[0], TP[2]] }, 422, { tp_ids: PKL_MESSAGES.tpNotMapped }],
    ];
    for (const [over, status, details] of cases) {
      const res = await call('POST', RENCANA, 'pkl', plan(over));
      expect(res.status, JSON.stringify(over)).toBe(status);
      expect(res.body.details).toEqual(details);
    }
    expect((await call('POST', RENCANA, 'pkl', plan({ rombongan_belajar_id: otherClass }))).status).toBe(403);
    for (const who of ['classWali', 'waka', 'admin', 'guru', 'siswa', 'ekskul'])
      expect((await call('POST', RENCANA, who, plan())).status, who).toBe(403);
    // A pembimbing who does not teach this class's PKL.
    const stranger = await call('POST', RENCANA, 'otherPembimbing', plan());
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe(PKL_MESSAGES.notPklTeacher);
    expect(await plansOfSchool()).toBe(0);
  });

  it('saves a plan whose participants are the PKS pupils of the class; one plan per PKS and class', async () => {
    const res = await call<RencanaPklSaved>('POST', RENCANA, 'pkl', plan({ nip: ' 1987 ' }));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Rencana Penilaian PKL berhasil disimpan');
    const d = res.body.data;
    pklId = d.pkl_id;
    expect(d).toMatchObject({
      rombongan_belajar_id: kelas.id,
      dudi_id: pks.dudiId,
      akt_pd_id: pks.id,
      tanggal_mulai: '2025-07-14',
      tanggal_selesai: '2025-12-13',
      instruktur: 'Budi Santoso',
      nip: '1987',
      milik: true,
      jml_nilai: 0,
      guru_id: demo.accounts.pkl.guruId,
    });
    expect(sorted(d.peserta.map((p) => p.peserta_didik_id))).toEqual(sorted(pks.members));
    expect(d.jml_peserta).toBe(pks.members.length);
    expect(d.tp.map((x) => x.tp_id)).toEqual([TP[0], TP[1]]);
    const again = await call('POST', RENCANA, 'pkl', plan());
    expect(again.status).toBe(422);
    expect(again.body.details).toEqual({ akt_pd_id: PKL_MESSAGES.duplicate });
    expect(await plansOfSchool()).toBe(1);
  });

  it('lists and shows plans to owner, co-supervisor, the class wali, the Waka and the admin only', async () => {
    const list = (who: string) => call<RencanaPklList>('GET', `${RENCANA}?per_page=10`, who);
    const seen: Record<string, number> = {};
    for (const who of ['pkl', 'co', 'otherPembimbing', 'classWali', 'wali', 'waka', 'admin']) {
      const res = await list(who);
      expect(res.status, who).toBe(200);
      seen[who] = res.body.total;
      // Never another school's plan.
      expect(
        res.body.data.every((r) => r.pkl_id !== PLAN_2),
        who,
      ).toBe(true);
    }
    expect(seen).toEqual({ pkl: 1, co: 1, otherPembimbing: 0, classWali: 1, wali: 0, waka: 1, admin: 1 });
    const [mine] = (await list('pkl')).body.data;
    expect(mine).toMatchObject({
      pkl_id: pklId,
      milik: true,
      bisa_hapus: true,
      jml_peserta: pks.members.length,
    });
    expect((await list('co')).body.data[0]).toMatchObject({ milik: false, bisa_hapus: false });
    expect((await list('admin')).body.data[0]).toMatchObject({ milik: false, bisa_hapus: true });
    for (const who of ['guru', 'ekskul', 'siswa']) expect((await list(who)).status, who).toBe(403);

    for (const [who, status] of [
      ['pkl', 200],
      ['co', 200],
      ['classWali', 200],
      ['waka', 200],
      ['admin', 200],
      ['otherPembimbing', 403],
      ['wali', 403],
      ['guru', 403],
      ['ekskul', 403],
      ['siswa', 403],
    ] as const) {
      expect((await call('GET', `${RENCANA}/${pklId}`, who)).status, who).toBe(status);
    }
    for (const who of ['pkl', 'waka', 'admin']) {
      const foreign = await call('GET', `${RENCANA}/${PLAN_2}`, who);
      expect(foreign.status, who).toBe(404);
      expect(foreign.body.message).toBe(PKL_MESSAGES.notFound);
      expect((await call('GET', `${RENCANA}/${id(0xabc)}`, who)).status).toBe(404);
    }
  });

  it('refuses PKL before 2023/2024 (409, after the role check)', async () => {
    const past = await call('GET', RENCANA, 'pastPkl');
    expect(past.status).toBe(409);
    expect(past.body.message).toBe(PKL_MESSAGES.beforePkl);
    expect((await call('POST', RENCANA, 'pastPkl', plan())).status).toBe(409);
  });

  it('lets only the owner edit; a stale edit and an unconfirmed drop of a scored TP are 409, nothing changed', async () => {
    const db = t().db.db;
    const loaded = (await call<RencanaPklDetail>('GET', `${RENCANA}/${pklId}`, 'pkl')).body;
    for (const who of ['co', 'otherPembimbing', 'classWali', 'waka', 'admin', 'guru', 'siswa']) {
      const res = await call('PUT', `${RENCANA}/${pklId}`, who, plan({ instruktur: 'Orang Lain' }));
      expect(res.status, who).toBe(403);
    }
    expect((await call('PUT', `${RENCANA}/${PLAN_2}`, 'pkl', plan())).status).toBe(404);

    // A score under TP 2 makes it "scored".
    const pupil = pks.members[0] ?? '';
    await db
      .insert(nilaiPkl)
      .values({ sekolahId: demo.sekolahId, pesertaDidikId: pupil, pklId, tpId: TP[1], nilai: 85 });
    const drop = await call(
      'PUT',
      `${RENCANA}/${pklId}`,
      'pkl',
      plan({ tp_ids: [TP[0]], updated_at: loaded.updated_at }),
    );
    expect(drop.status).toBe(409);
    expect(drop.body.details).toEqual({ jumlah_nilai: '1' });
    expect(drop.body.message).toContain('menghapus 1 nilai PKL');
    expect((await db.select().from(tpPkl).where(eq(tpPkl.pklId, pklId))).length).toBe(2);
    expect((await db.select().from(nilaiPkl).where(eq(nilaiPkl.pklId, pklId))).length).toBe(1);
    // A wrong count is no confirmation.
    const wrong = await call(
      'PUT',
      `${RENCANA}/${pklId}`,
      'pkl',
      plan({ tp_ids: [TP[0]], konfirmasi_hapus_nilai: 2 }),
    );
    expect(wrong.status).toBe(409);

    // An edit that keeps the scored TP goes through; the earlier loaded version is stale after it.
    const kept = await call<RencanaPklSaved>(
      'PUT',
      `${RENCANA}/${pklId}`,
      'pkl',
      plan({ instruktur: 'Siti Aminah', updated_at: loaded.updated_at }),
    );
    expect(kept.status).toBe(200);
    expect(kept.body.data.instruktur).toBe('Siti Aminah');
    // The stale edit would change the instructor, the dates, drop a TP and move to another PKS
    // (other participants): nothing of the plan, its TPs or its participants may change.
    const snapshot = async () => ({
      plan: await db.select().from(praktikKerjaLapangan).where(eq(praktikKerjaLapangan.pklId, pklId)),
      tp: (await db.select().from(tpPkl).where(eq(tpPkl.pklId, pklId))).sort((x, y) =>
        x.tpId.localeCompare(y.tpId),
      ),
      pd: (await db.select().from(pdPkl).where(eq(pdPkl.pklId, pklId))).sort((x, y) =>
        x.pesertaDidikId.localeCompare(y.pesertaDidikId),
      ),
      nilai: (await db.select().from(nilaiPkl).where(eq(nilaiPkl.pklId, pklId))).length,
    });
    const before = await snapshot();
    expect(before.plan[0]?.instruktur).toBe('Siti Aminah');
    expect(before.tp.map((x) => x.tpId)).toEqual([TP[0], TP[1]].sort());
    expect(before.pd.map((x) => x.pesertaDidikId)).toEqual(sorted(pks.members));
    const stale = await call(
      'PUT',
      `${RENCANA}/${pklId}`,
      'pkl',
      plan({
        instruktur: 'Basi',
        tanggal_mulai: '2025-08-01',
        dudi_id: dudi2,
        akt_pd_id: PKS_OTHER_DUDI,
        tp_ids: [TP[0]],
        konfirmasi_hapus_nilai: 1,
        updated_at: loaded.updated_at,
      }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(PKL_MESSAGES.stale);
    expect(await snapshot()).toEqual(before);

    const confirmed = await call<RencanaPklSaved>(
      'PUT',
      `${RENCANA}/${pklId}`,
      'pkl',
      plan({ instruktur: 'Siti Aminah', tp_ids: [TP[0]], konfirmasi_hapus_nilai: 1 }),
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.tp.map((x) => x.tp_id)).toEqual([TP[0]]);
    expect((await db.select().from(nilaiPkl).where(eq(nilaiPkl.pklId, pklId))).length).toBe(0);
    // The removed score is in the Riwayat Perubahan Nilai as the PKL grid names it; the refused and
    // stale edits above left nothing.
    const history = await db
      .select({
        jenis: riwayatNilai.jenis,
        pd: riwayatNilai.pesertaDidikId,
        kunci: riwayatNilai.kunci,
        lama: riwayatNilai.nilaiLama,
        baru: riwayatNilai.nilaiBaru,
        sumber: riwayatNilai.sumber,
      })
      .from(riwayatNilai)
      .where(eq(riwayatNilai.jenis, 'pkl'));
    expect(history).toEqual([
      { jenis: 'pkl', pd: pupil, kunci: TP[1], lama: '85', baru: null, sumber: 'layar' },
    ]);
  });

  it('keeps a pupil Dapodik dropped from the PKS with their scores until Perbaharui, which asks first', async () => {
    const db = t().db.db;
    const pupil = pks.members[1] ?? '';
    await db
      .insert(nilaiPkl)
      .values({ sekolahId: demo.sekolahId, pesertaDidikId: pupil, pklId, tpId: TP[0], nilai: 90 });
    // The re-sync's effect: the pupil is no longer a member of the PKS.
    await db
      .delete(anggotaAktPd)
      .where(and(eq(anggotaAktPd.aktPdId, pks.id), eq(anggotaAktPd.pesertaDidikId, pupil)));
    const still = (await call<RencanaPklDetail>('GET', `${RENCANA}/${pklId}`, 'pkl')).body;
    expect(still.peserta.find((p) => p.peserta_didik_id === pupil)?.jml_nilai).toBe(1);

    const refresh = await call('PUT', `${RENCANA}/${pklId}`, 'pkl', plan({ tp_ids: [TP[0]] }));
    expect(refresh.status).toBe(409);
    expect(refresh.body.details).toEqual({ jumlah_nilai: '1' });
    expect((await db.select().from(pdPkl).where(eq(pdPkl.pklId, pklId))).length).toBe(pks.members.length);
    const done = await call<RencanaPklSaved>(
      'PUT',
      `${RENCANA}/${pklId}`,
      'pkl',
      plan({ tp_ids: [TP[0]], konfirmasi_hapus_nilai: 1 }),
    );
    expect(done.status).toBe(200);
    expect(sorted(done.body.data.peserta.map((p) => p.peserta_didik_id))).toEqual(
      sorted(pks.members.filter((m) => m !== pupil)),
    );
    expect(done.body.data.jml_nilai).toBe(0);
  });

  it('obeys the school switch and the class lock (423)', async () => {
    const db = t().db.db;
    const actor = { sekolahId: demo.sekolahId, semesterId: demo.semesterId };
    await setStatusPenilaian(db, actor, false);
    try {
      expect((await call('PUT', `${RENCANA}/${pklId}`, 'pkl', plan({ tp_ids: [TP[0]] }))).status).toBe(423);
      expect(
        (await call('POST', RENCANA, 'pkl', plan({ dudi_id: dudi2, akt_pd_id: PKS_OTHER_DUDI }))).status,
      ).toBe(423);
      expect((await call('DELETE', `${RENCANA}/${pklId}`, 'pkl')).status).toBe(423);
    } finally {
      await setStatusPenilaian(db, actor, true);
    }
    await db
      .update(rombonganBelajar)
      .set({ kunciNilai: true })
      .where(eq(rombonganBelajar.rombonganBelajarId, kelas.id));
    try {
      expect((await call('DELETE', `${RENCANA}/${pklId}`, 'pkl')).status).toBe(423);
    } finally {
      await db
        .update(rombonganBelajar)
        .set({ kunciNilai: false })
        .where(eq(rombonganBelajar.rombonganBelajarId, kelas.id));
    }
    expect(await plansOfSchool()).toBe(1);
  });

  it('lets the admin hand a plan to another PKL teacher of the class, and nobody else', async () => {
    const url = `${RENCANA}/${pklId}/pembimbing`;
    for (const who of ['pkl', 'co', 'waka', 'classWali', 'guru', 'siswa'])
      expect((await call('PUT', url, who, { guru_id: coGuru })).status, who).toBe(403);
    const notTeacher = await call('PUT', url, 'admin', { guru_id: demo.accounts.guru.guruId });
    expect(notTeacher.status).toBe(422);
    expect(notTeacher.body.details).toEqual({ guru_id: PKL_MESSAGES.guruNotPklTeacher });
    expect((await call('PUT', `${RENCANA}/${PLAN_2}/pembimbing`, 'admin', { guru_id: coGuru })).status).toBe(
      404,
    );
    const moved = await call<RencanaPklSaved>('PUT', url, 'admin', { guru_id: coGuru });
    expect(moved.status).toBe(200);
    expect(moved.body.data.guru_id).toBe(coGuru);
    // Now co@ owns it and pkl@ is the co-supervisor (supervises the PKS, teaches the class's PKL).
    expect((await call<RencanaPklDetail>('GET', `${RENCANA}/${pklId}`, 'co')).body.milik).toBe(true);
    expect((await call('PUT', `${RENCANA}/${pklId}`, 'pkl', plan({ tp_ids: [TP[0]] }))).status).toBe(403);
    const back = await call('PUT', url, 'admin', { guru_id: demo.accounts.pkl.guruId });
    expect(back.status).toBe(200);
  });

  it('lets a teacher the admin handed the plan to keep it current without supervising its PKS', async () => {
    const db = t().db.db;
    // otherPembimbing teaches the class's PKL (guru pengajar) but is in no bimbing_pd of the PKS.
    await db
      .update(pembelajaran)
      .set({ guruPengajarId: otherGuru })
      .where(eq(pembelajaran.pembelajaranId, pklPembelajaran));
    try {
      const url = `${RENCANA}/${pklId}/pembimbing`;
      expect((await call('PUT', url, 'admin', { guru_id: otherGuru })).status).toBe(200);
      const kept = await call<RencanaPklSaved>(
        'PUT',
        `${RENCANA}/${pklId}`,
        'otherPembimbing',
        plan({ instruktur: 'Instruktur Baru' }),
      );
      expect(kept.status, JSON.stringify(kept.body)).toBe(200);
      expect(kept.body.data.instruktur).toBe('Instruktur Baru');
      // Another PKS is still theirs to choose only when they supervise it.
      const moved = await call(
        'PUT',
        `${RENCANA}/${pklId}`,
        'otherPembimbing',
        plan({ akt_pd_id: PKS_NOT_MINE }),
      );
      expect(moved.status).toBe(422);
      expect(moved.body.details).toEqual({ akt_pd_id: PKL_MESSAGES.notSupervisor });
      const [row] = await db
        .select({ aktPdId: praktikKerjaLapangan.aktPdId, guruId: praktikKerjaLapangan.guruId })
        .from(praktikKerjaLapangan)
        .where(eq(praktikKerjaLapangan.pklId, pklId));
      expect(row).toEqual({ aktPdId: pks.id, guruId: otherGuru });
    } finally {
      await db
        .update(pembelajaran)
        .set({ guruPengajarId: coGuru })
        .where(eq(pembelajaran.pembelajaranId, pklPembelajaran));
      await db
        .update(praktikKerjaLapangan)
        .set({ guruId: demo.accounts.pkl.guruId ?? '' })
        .where(eq(praktikKerjaLapangan.pklId, pklId));
    }
  });

  it('deletes: owner or admin; a scored plan needs the confirmed count', async () => {
    const db = t().db.db;
    await db.insert(nilaiPkl).values([
      { sekolahId: demo.sekolahId, pesertaDidikId: pks.members[2] ?? '', pklId, tpId: TP[0], nilai: 80 },
      { sekolahId: demo.sekolahId, pesertaDidikId: pks.members[3] ?? '', pklId, tpId: TP[0], nilai: 0 },
    ]);
    for (const who of ['co', 'otherPembimbing', 'classWali', 'waka', 'guru', 'siswa'])
      expect((await call('DELETE', `${RENCANA}/${pklId}`, who)).status, who).toBe(403);
    expect((await call('DELETE', `${RENCANA}/${PLAN_2}`, 'admin')).status).toBe(404);
    const ask = await call('DELETE', `${RENCANA}/${pklId}`, 'pkl');
    expect(ask.status).toBe(409);
    expect(ask.body).toMatchObject({ message: PKL_MESSAGES.deleteScores(2), details: { jumlah_nilai: '2' } });
    expect(await plansOfSchool()).toBe(1);
    const gone = await call('DELETE', `${RENCANA}/${pklId}?konfirmasi_hapus_nilai=2`, 'pkl');
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe('Rencana Penilaian PKL berhasil dihapus');
    expect(await plansOfSchool()).toBe(0);
    const left = await db.execute(sql`select
      (select count(*)::int from nilai_pkl where pkl_id = ${pklId}) +
      (select count(*)::int from pd_pkl where pkl_id = ${pklId}) +
      (select count(*)::int from tp_pkl where pkl_id = ${pklId}) as n`);
    expect(Number((left as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(0);

    // The admin deletes an unscored plan of pkl@.
    const again = await call<RencanaPklSaved>(
      'POST',
      RENCANA,
      'pkl',
      plan({ dudi_id: dudi2, akt_pd_id: PKS_OTHER_DUDI }),
    );
    expect(again.status).toBe(201);
    expect(again.body.data.jml_peserta).toBe(3);
    expect((await call('DELETE', `${RENCANA}/${again.body.data.pkl_id}`, 'admin')).status).toBe(200);
    expect(await plansOfSchool()).toBe(0);
  });
});

import {
  RENCANA_MESSAGES,
  type RencanaDetail,
  type RencanaList,
  type RencanaPilihan,
} from '@erapor/contract/ukk/rencana';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { riwayatNilai } from '../../db/tables/riwayat-nilai';
import { nilaiUkk, rencanaUkk } from '../../db/tables/ukk';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';
import { UKK_FIX, ukkFixtures } from './test-fixtures';

const RENCANA = '/api/ukk/rencana';
type Body = { message: string; details?: Record<string, string>; rencana_ukk_id?: string };

describeEngines('UKK: Rencana Penilaian UKK', {}, (t) => {
  /** The Riwayat Perubahan Nilai of UKK scores: pupil, old and new value, how, who's roles. */
  const ukkHistory = async () =>
    (
      await t()
        .db.db.select({
          ar: riwayatNilai.anggotaRombelId,
          lama: riwayatNilai.nilaiLama,
          baru: riwayatNilai.nilaiBaru,
          sumber: riwayatNilai.sumber,
          peran: riwayatNilai.peran,
        })
        .from(riwayatNilai)
        .where(eq(riwayatNilai.jenis, 'ukk'))
        .orderBy(riwayatNilai.riwayatNilaiId)
    ).map((r) => [r.ar, r.lama, r.baru, r.sumber, r.peran.includes('kaprog')]);

  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let fx: Awaited<ReturnType<typeof ukkFixtures>>;
  let planId = '';

  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t().app.inject({ method, url, headers: bearer(tokens[who] ?? ''), ...(payload ? { payload } : {}) });
  const snapshot = async () => {
    const db = t().db.db;
    const plans = await db.select().from(rencanaUkk).orderBy(rencanaUkk.rencanaUkkId);
    const scores = await db.select().from(nilaiUkk).orderBy(nilaiUkk.nilaiUkkId);
    return JSON.stringify({ plans, scores });
  };
  const body = (over: Record<string, unknown> = {}) => ({
    rombongan_belajar_id: fx.kelas,
    paket_ukk_id: UKK_FIX.paket,
    internal: fx.internal,
    eksternal: UKK_FIX.asesor,
    tanggal_sertifikat: '2026-06-15',
    pola_ukk: 'sekolah',
    anggota_rombel_ids: fx.members.slice(0, 5).map((m) => m.id),
    ...over,
  });

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    fx = await ukkFixtures(db, demo);
    for (const key of ['admin', 'guru', 'wali', 'siswa', 'pkl', 'waka', 'kaprog'] as const) {
      tokens[key] = (await loginAs(t().app, demo.accounts[key].email, demo.semesterId)).accessToken;
    }
  });

  it('offers the class, the examiners holding `internal`, asesors with a DUDI, the matching active packages and the pupils', async () => {
    const res = await call('kaprog', 'GET', `${RENCANA}/pilihan?tingkat=12&rombongan_belajar_id=${fx.kelas}`);
    expect(res.statusCode).toBe(200);
    const p = json<RencanaPilihan>(res);
    expect(p.rombel.map((r) => r.value)).toContain(fx.kelas);
    // guru@ (fixture) and the demo's penguji@ hold `internal`; wali@ does not.
    expect(p.internal.map((g) => g.value)).toContain(fx.internal);
    expect(p.internal).toHaveLength(2);
    expect(p.internal.map((g) => g.value)).not.toContain(demo.accounts.wali.guruId);
    expect(p.eksternal).toEqual([{ value: UKK_FIX.asesor, label: 'Asesor Berdudi (PT Asesor Mitra)' }]);
    expect(p.paket.map((x) => x.value)).toEqual([UKK_FIX.paket]);
    expect(p.siswa).toHaveLength(fx.members.length);
  });

  it('refuses empty fields with the reference messages', async () => {
    const before = await snapshot();
    const res = await call('kaprog', 'POST', RENCANA, {
      rombongan_belajar_id: '',
      paket_ukk_id: '',
      internal: '',
      eksternal: '',
      tanggal_sertifikat: '',
      pola_ukk: 'sekolah',
      anggota_rombel_ids: [],
    });
    expect(res.statusCode).toBe(400);
    expect(json<Body>(res).details).toMatchObject({
      rombongan_belajar_id: RENCANA_MESSAGES.rombelRequired,
      paket_ukk_id: RENCANA_MESSAGES.paketRequired,
      internal: RENCANA_MESSAGES.internalRequired,
      eksternal: RENCANA_MESSAGES.eksternalRequired,
      tanggal_sertifikat: RENCANA_MESSAGES.tanggalRequired,
      anggota_rombel_ids: RENCANA_MESSAGES.pesertaRequired,
    });
    expect(await snapshot()).toBe(before);
  });

  it.each([
    [
      'an asesor without DUDI',
      { eksternal: UKK_FIX.asesorTanpaDudi },
      'eksternal',
      RENCANA_MESSAGES.eksternalNotAsesor,
    ],
    [
      'a guru without `internal`',
      { internal: UKK_FIX.asesor },
      'internal',
      RENCANA_MESSAGES.internalNotPenguji,
    ],
    [
      'a package of another curriculum',
      { paket_ukk_id: UKK_FIX.paketOther },
      'paket_ukk_id',
      RENCANA_MESSAGES.paketNotOffered,
    ],
  ])('refuses %s (422, nothing written)', async (_name, over, field, message) => {
    const before = await snapshot();
    const res = await call('kaprog', 'POST', RENCANA, body(over));
    expect(res.statusCode).toBe(422);
    expect(json<Body>(res).details?.[field]).toBe(message);
    expect(await snapshot()).toBe(before);
  });

  it('creates a plan with five pupils, none scored yet', async () => {
    const res = await call('kaprog', 'POST', RENCANA, body());
    expect(res.statusCode).toBe(201);
    expect(json<Body>(res).message).toBe(RENCANA_MESSAGES.saved);
    planId = json<Body>(res).rencana_ukk_id ?? '';
    const list = json<RencanaList>(await call('kaprog', 'GET', RENCANA));
    expect(list.data.map((r) => [r.nama_paket_id, r.nama_internal, r.nama_eksternal, r.jml_pd])).toEqual([
      ['Instalasi Jaringan', expect.any(String), 'Asesor Berdudi', 5],
    ]);
    const d = json<RencanaDetail>(await call('kaprog', 'GET', `${RENCANA}/${planId}`));
    expect(d.peserta).toHaveLength(5);
    expect(d.peserta.every((p) => p.nilai === null && p.kesimpulan === '')).toBe(true);
    expect(d.pola_ukk).toBe('sekolah');
  });

  it('Ubah keeps scores, asks before dropping a scored pupil, then drops it on confirmation', async () => {
    const db = t().db.db;
    const [first, second] = fx.members;
    await db
      .update(nilaiUkk)
      .set({ nilai: 69 })
      .where(eq(nilaiUkk.anggotaRombelId, first?.id ?? ''));
    await db
      .update(nilaiUkk)
      .set({ nilai: 90 })
      .where(eq(nilaiUkk.anggotaRombelId, second?.id ?? ''));
    // Date, Pola UKK and a sixth pupil change; the scored pupils stay: scores kept.
    const six = fx.members.slice(0, 6).map((m) => m.id);
    const ok = await call(
      'kaprog',
      'PUT',
      `${RENCANA}/${planId}`,
      body({ tanggal_sertifikat: '2026-07-01', pola_ukk: 'dunia_kerja', anggota_rombel_ids: six }),
    );
    expect(ok.statusCode).toBe(200);
    let d = json<RencanaDetail>(await call('kaprog', 'GET', `${RENCANA}/${planId}`));
    expect([d.tanggal_sertifikat, d.pola_ukk, d.peserta.length]).toEqual(['2026-07-01', 'dunia_kerja', 6]);
    const scoreOf = (dd: RencanaDetail, ar: string | undefined) =>
      dd.peserta.find((p) => p.anggota_rombel_id === ar);
    expect(scoreOf(d, first?.id)).toMatchObject({ nilai: 69, kesimpulan: 'Belum Kompeten' });
    expect(scoreOf(d, second?.id)).toMatchObject({ nilai: 90, kesimpulan: 'Kompeten' });

    // Dropping the scored first pupil asks, naming them; nothing changes.
    const before = await snapshot();
    const without = six.filter((x) => x !== first?.id);
    const ask = await call('kaprog', 'PUT', `${RENCANA}/${planId}`, body({ anggota_rombel_ids: without }));
    expect(ask.statusCode).toBe(409);
    expect(json<Body>(ask).details?.jumlah_nilai).toBe('1');
    expect(json<Body>(ask).message).toContain('menghapus 1 nilai UKK');
    expect(await snapshot()).toBe(before);
    const yes = await call(
      'kaprog',
      'PUT',
      `${RENCANA}/${planId}`,
      body({ anggota_rombel_ids: without, konfirmasi_hapus_nilai: 1 }),
    );
    expect(yes.statusCode).toBe(200);
    d = json<RencanaDetail>(await call('kaprog', 'GET', `${RENCANA}/${planId}`));
    expect(d.peserta.map((p) => p.anggota_rombel_id).sort()).toEqual([...without].sort());
    expect(scoreOf(d, second?.id)?.nilai).toBe(90);
    // The removed score is in the Riwayat Perubahan Nilai, in the Kaprog's name; nothing else.
    expect(await ukkHistory()).toEqual([[first?.id, '69', null, 'layar', true]]);
  });

  it('deleting a scored plan asks first', async () => {
    const before = await snapshot();
    const ask = await call('kaprog', 'DELETE', `${RENCANA}/${planId}`);
    expect(ask.statusCode).toBe(409);
    expect(json<Body>(ask).message).toBe(RENCANA_MESSAGES.deleteScores(1));
    expect(await snapshot()).toBe(before);
    const historyBefore = await ukkHistory();
    const yes = await call('kaprog', 'DELETE', `${RENCANA}/${planId}?konfirmasi_hapus_nilai=1`);
    expect(json<Body>(yes).message).toBe(RENCANA_MESSAGES.deleted);
    const second = (await ukkHistory()).slice(historyBefore.length);
    expect(second).toEqual([[expect.any(String), '90', null, 'layar', true]]);
    const [n] = await t()
      .db.db.select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(nilaiUkk);
    expect(n?.n).toBe(0);
  });

  describe('authorization: only a Kaprog of the school', () => {
    it.each(['admin', 'guru', 'wali', 'waka', 'pkl', 'siswa'])('%s gets 403', async (who) => {
      const created = await call('kaprog', 'POST', RENCANA, body());
      const id = json<Body>(created).rencana_ukk_id ?? '';
      const before = await snapshot();
      for (const res of await Promise.all([
        call(who, 'GET', RENCANA),
        call(who, 'GET', `${RENCANA}/pilihan`),
        call(who, 'GET', `${RENCANA}/${id}`),
        call(who, 'POST', RENCANA, body()),
        call(who, 'PUT', `${RENCANA}/${id}`, body()),
        call(who, 'DELETE', `${RENCANA}/${id}`),
      ]))
        expect(res.statusCode).toBe(403);
      expect(await snapshot()).toBe(before);
      await call('kaprog', 'DELETE', `${RENCANA}/${id}`);
    });
  });
});

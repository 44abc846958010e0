import { SCORE_MESSAGES } from '@erapor/contract/penilaian/rules';
import { NILAI_UKK_MESSAGES, type NilaiUkkGrid, type PenilaianRencana } from '@erapor/contract/ukk/nilai';
import type { RencanaDetail } from '@erapor/contract/ukk/rencana';
import { beforeAll, describe, expect, it } from 'vitest';
import { roleUser } from '../../db/tables/pengguna';
import { nilaiUkk } from '../../db/tables/ukk';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';
import { setStatusPenilaian } from '../sekolah/settings';
import { UKK_FIX, ukkFixtures } from './test-fixtures';

type Body = { message: string; details?: Record<string, string>; rencana_ukk_id?: string };

describeEngines('UKK: Proses Penilaian UKK', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let fx: Awaited<ReturnType<typeof ukkFixtures>>;
  let mine = '';
  let other = '';
  let pupils: string[] = [];

  const call = (who: string, method: 'GET' | 'PUT', url: string, payload?: unknown) =>
    t().app.inject({ method, url, headers: bearer(tokens[who] ?? ''), ...(payload ? { payload } : {}) });
  const grid = async (who = 'guru', id = mine) =>
    json<NilaiUkkGrid>(await call(who, 'GET', `/api/ukk/rencana/${id}/nilai`));
  const scores = async () =>
    JSON.stringify(await t().db.db.select().from(nilaiUkk).orderBy(nilaiUkk.nilaiUkkId));
  const save = (rows: unknown[], who = 'guru', id = mine) =>
    call(who, 'PUT', `/api/ukk/rencana/${id}/nilai`, { rows });

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    fx = await ukkFixtures(db, demo);
    // wali@ examines another plan of the same class.
    await db.insert(roleUser).values({
      userId: demo.accounts.wali.userId,
      role: 'internal',
      semesterId: demo.semesterId,
      sekolahId: demo.sekolahId,
    });
    for (const key of ['admin', 'guru', 'wali', 'siswa', 'waka', 'kaprog'] as const) {
      tokens[key] = (await loginAs(t().app, demo.accounts[key].email, demo.semesterId)).accessToken;
    }
    pupils = fx.members.slice(0, 5).map((m) => m.id);
    const plan = (internal: string) =>
      t().app.inject({
        method: 'POST',
        url: '/api/ukk/rencana',
        headers: bearer(tokens.kaprog ?? ''),
        payload: {
          rombongan_belajar_id: fx.kelas,
          paket_ukk_id: UKK_FIX.paket,
          internal,
          eksternal: UKK_FIX.asesor,
          tanggal_sertifikat: '2026-06-15',
          pola_ukk: 'sekolah',
          anggota_rombel_ids: pupils,
        },
      });
    mine = json<Body>(await plan(fx.internal)).rencana_ukk_id ?? '';
    other = json<Body>(await plan(demo.accounts.wali.guruId ?? '')).rencana_ukk_id ?? '';
    expect(mine && other).toBeTruthy();
  });

  it('lists only the plans naming the caller as internal examiner', async () => {
    const res = await call('guru', 'GET', '/api/ukk/penilaian/rencana');
    expect(json<PenilaianRencana>(res).data.map((r) => r.rencana_ukk_id)).toEqual([mine]);
  });

  it('saves 69, 70 and 100; the plan reads Belum Kompeten, Kompeten, Kompeten; an empty cell stays blank', async () => {
    const g = await grid();
    expect(g.siswa).toHaveLength(5);
    expect(g.can_edit).toBe(true);
    const [a, b, c] = g.siswa;
    const res = await save([
      { anggota_rombel_id: a?.anggota_rombel_id, nilai: 69, sebelumnya: null },
      { anggota_rombel_id: b?.anggota_rombel_id, nilai: '70', sebelumnya: null },
      { anggota_rombel_id: c?.anggota_rombel_id, nilai: 100, sebelumnya: null },
    ]);
    expect(res.statusCode).toBe(200);
    expect(json<Body>(res).message).toBe(NILAI_UKK_MESSAGES.saved);
    const d = json<RencanaDetail>(
      await t().app.inject({
        method: 'GET',
        url: `/api/ukk/rencana/${mine}`,
        headers: bearer(tokens.kaprog ?? ''),
      }),
    );
    const by = new Map(d.peserta.map((p) => [p.anggota_rombel_id, p]));
    expect(
      [a, b, c].map((s) => [
        by.get(s?.anggota_rombel_id ?? '')?.nilai,
        by.get(s?.anggota_rombel_id ?? '')?.kesimpulan,
      ]),
    ).toEqual([
      [69, 'Belum Kompeten'],
      [70, 'Kompeten'],
      [100, 'Kompeten'],
    ]);
    expect(d.peserta.filter((p) => p.nilai === null).map((p) => p.kesimpulan)).toEqual(['', '']);
  });

  it('refuses 101 and "7a" per cell, and a stale cell with 409; nothing written', async () => {
    const [a, b, , d] = (await grid()).siswa;
    const before = await scores();
    const bad = await save([
      { anggota_rombel_id: d?.anggota_rombel_id, nilai: 101, sebelumnya: null },
      { anggota_rombel_id: b?.anggota_rombel_id, nilai: '7a', sebelumnya: 70 },
    ]);
    expect(bad.statusCode).toBe(422);
    expect(json<Body>(bad).details).toEqual({
      'rows.0.nilai': SCORE_MESSAGES.aboveMax,
      'rows.1.nilai': SCORE_MESSAGES.notNumber,
    });
    // a was 69 when saved; this browser still thinks it is empty.
    const stale = await save([
      { anggota_rombel_id: a?.anggota_rombel_id, nilai: 80, sebelumnya: null },
      { anggota_rombel_id: d?.anggota_rombel_id, nilai: 80, sebelumnya: null },
    ]);
    expect(stale.statusCode).toBe(409);
    expect(json<Body>(stale).message).toBe(NILAI_UKK_MESSAGES.conflict([a?.nama ?? '']));
    expect(await scores()).toBe(before);
  });

  it('an emptied cell removes the score', async () => {
    const [, , c] = (await grid()).siswa;
    const res = await save([{ anggota_rombel_id: c?.anggota_rombel_id, nilai: '', sebelumnya: 100 }]);
    expect(json<Body & { deleted: number }>(res).deleted).toBe(1);
    expect((await grid()).siswa.find((s) => s.anggota_rombel_id === c?.anggota_rombel_id)?.nilai).toBeNull();
  });

  it('the school switch closes writes (423), nothing written', async () => {
    const [, , , d] = (await grid()).siswa;
    const actor = { sekolahId: demo.sekolahId, semesterId: demo.semesterId };
    await setStatusPenilaian(t().db.db, actor, false);
    try {
      const before = await scores();
      expect((await grid()).can_edit).toBe(false);
      const res = await save([{ anggota_rombel_id: d?.anggota_rombel_id, nilai: 75, sebelumnya: null }]);
      expect(res.statusCode).toBe(423);
      expect(json<Body>(res).message).toBe('Penilaian tidak aktif. Silahkan hubungi administrator!');
      expect(await scores()).toBe(before);
    } finally {
      await setStatusPenilaian(t().db.db, actor, true);
    }
  });

  describe("authorization: only the plan's internal examiner", () => {
    it.each(['kaprog', 'wali', 'admin', 'waka', 'siswa'])("%s gets 403 on guru@'s plan", async (who) => {
      const before = await scores();
      const row = { anggota_rombel_id: pupils[4], nilai: 80, sebelumnya: null };
      for (const res of [await call(who, 'GET', `/api/ukk/rencana/${mine}/nilai`), await save([row], who)])
        expect(res.statusCode).toBe(403);
      expect(await scores()).toBe(before);
    });
    it('the examiner of one plan gets 403 on another', async () => {
      expect((await call('guru', 'GET', `/api/ukk/rencana/${other}/nilai`)).statusCode).toBe(403);
      const res = await save([{ anggota_rombel_id: pupils[0], nilai: 80, sebelumnya: null }], 'guru', other);
      expect(res.statusCode).toBe(403);
      expect(json<Body>(res).message).toBe(NILAI_UKK_MESSAGES.notExaminer);
      expect((await call('wali', 'GET', `/api/ukk/rencana/${other}/nilai`)).statusCode).toBe(200);
    });
    it.each(['kaprog', 'admin', 'waka', 'siswa'])("%s gets 403 on the examiner's plan list", async (who) => {
      expect((await call(who, 'GET', '/api/ukk/penilaian/rencana')).statusCode).toBe(403);
    });
  });
});

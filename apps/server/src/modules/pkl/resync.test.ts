import type { PklWaliResponse } from '@erapor/contract/wali-kelas/ekskul';
import { createSimulator, type Simulator } from '@erapor/dapodik-sim/simulator';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nilaiPkl, pdPkl } from '../../db/tables/pkl';
import { anggotaAktPd } from '../../db/tables/referensi';
import { encryptText } from '../../secrets';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json } from '../../test/engines';
import { DEMO_NPSN } from '../demo/seed';
import { demoTokens } from '../penilaian/beranda/test-accounts';
import { setSetting } from '../sekolah/service';
import { transportDefaults } from '../sinkronisasi/client';
import { kindOf, runSync } from '../sinkronisasi/test-support';
import { pklPlanFixture } from './test-plan';

transportDefaults.retryBaseMs = 5;

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TP = [id(0xe11), id(0xe12)] as const;

// Decision 034 "Participants": a Dapodik re-sync that drops a pupil from a PKS leaves their pd_pkl
// row and PKL scores (and so their PKL grade) in place; only the supervisor's next edit of the plan
// asks before they go. Here the sync really runs, against the simulator serving the demo school.
describeEngines('PKL: a Dapodik re-sync removing a pupil from a PKS', {}, (t) => {
  let demo: SeededDemo;
  let sim: Simulator;
  let admin = '';
  let fx: Awaited<ReturnType<typeof pklPlanFixture>>;
  let a = '';

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    sim = createSimulator({ profile: 'tiny', port: 0, semesterId: demo.semesterId, npsn: DEMO_NPSN });
    const url = await sim.listen();
    admin = (await demoTokens(t().app, demo, ['admin'])).admin;
    const key = t().app.ctx.secrets.encryptionKey;
    const scope = { sekolahId: demo.sekolahId };
    await setSetting(db, scope, { key: 'url_dapodik', value: url, semesterId: null });
    await setSetting(db, scope, {
      key: 'token_dapodik',
      value: encryptText(key, sim.options.token),
      semesterId: null,
    });
    fx = await pklPlanFixture(t().app, db, demo, { tpIds: TP, waliEmail: 'wali-pkl-resync@test.sch.id' });
    a = fx.plan.peserta[0]?.peserta_didik_id ?? '';
    // a: 80 and 91 → PKL nilai akhir round(85.5) = 86.
    const res = await t().app.inject({
      method: 'PUT',
      url: `/api/pkl/rencana/${fx.plan.pkl_id}/nilai`,
      headers: bearer(fx.pklToken),
      payload: {
        rows: TP.map((tp, i) => ({
          peserta_didik_id: a,
          tp_id: tp,
          nilai: [80, 91][i],
          deskripsi: 'Teliti',
          sebelumnya: null,
        })),
      },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  });
  afterAll(async () => {
    await sim?.close();
  });

  it("keeps the pupil's PKL scores, participation and grade", async () => {
    const db = t().db.db;
    const membership = () =>
      db
        .select({ id: anggotaAktPd.anggotaAktPdId })
        .from(anggotaAktPd)
        .where(and(eq(anggotaAktPd.aktPdId, fx.plan.akt_pd_id), eq(anggotaAktPd.pesertaDidikId, a)));
    expect(await membership()).toHaveLength(1);

    // In Dapodik the pupil leaves the PKS; the administrator syncs the DUDI relations.
    const akt = sim.state.school.dudi
      .flatMap((d) => d.mou.flatMap((m) => m.akt_pd))
      .find((x) => x.id_akt_pd === fx.plan.akt_pd_id);
    if (!akt) throw new Error('the simulator has no such PKS');
    const before = akt.anggota_akt_pd.length;
    akt.anggota_akt_pd = akt.anggota_akt_pd.filter((m) => m.registrasi_peserta_didik.peserta_didik_id !== a);
    expect(akt.anggota_akt_pd).toHaveLength(before - 1);
    sim.state.mutated(new Date(), []);
    const run = await runSync(t(), admin, { kinds: ['dudi'] });
    expect(run.status, JSON.stringify(run)).toBe('done');
    expect(kindOf(run, 'dudi').status).toBe('done');
    // The dudi kind reconciles the members of every PKS it received: the membership is gone.
    expect(await membership()).toHaveLength(0);
    expect(kindOf(run, 'dudi').removed).toBeGreaterThanOrEqual(1);

    // The scores, the participation and the grade stay.
    const scores = await db
      .select({ tp: nilaiPkl.tpId, nilai: nilaiPkl.nilai })
      .from(nilaiPkl)
      .where(and(eq(nilaiPkl.pklId, fx.plan.pkl_id), eq(nilaiPkl.pesertaDidikId, a)));
    expect(scores.map((s) => s.nilai).sort()).toEqual([80, 91]);
    const pd = await db
      .select({ id: pdPkl.pesertaDidikId })
      .from(pdPkl)
      .where(and(eq(pdPkl.pklId, fx.plan.pkl_id), eq(pdPkl.pesertaDidikId, a)));
    expect(pd).toHaveLength(1);
    const view = await t().app.inject({
      url: '/api/wali-kelas/praktik-kerja-lapangan',
      headers: bearer(fx.waliToken),
    });
    expect(view.statusCode).toBe(200);
    const pupil = json<PklWaliResponse>(view).data?.find((p) => p.peserta_didik_id === a);
    expect(pupil?.nilai_akhir).toEqual({ nilai: 86, deskripsi: 'Teliti' });
    expect(pupil?.penempatan[0]?.nilai.map((n) => n.nilai)).toEqual([80, 91]);
  });
});

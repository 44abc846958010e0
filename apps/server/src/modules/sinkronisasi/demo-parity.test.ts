import { semesterOfDate } from '@erapor/contract/semester';
import { SYNC_MESSAGES, type SyncRun } from '@erapor/contract/sinkronisasi';
import { createSimulator, type Simulator } from '@erapor/dapodik-sim/simulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encryptText } from '../../secrets';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';
import { DEMO_NPSN } from '../demo/seed';
import { setSetting } from '../sekolah/service';
import { transportDefaults } from './client';

const active = semesterOfDate(new Date()).semester_id;
transportDefaults.retryBaseMs = 5;

/**
 * The demo seed writes the school "as the Dapodik sync would" (src/modules/demo/write-school.ts):
 * syncing it against the simulator serving the same generated school must find it as it is.
 */
describeEngines('sinkronisasi over the demo school', { config: { demoProfile: 'smk-standard' } }, (t) => {
  let sim: Simulator;
  let admin = '';
  beforeAll(async () => {
    sim = createSimulator({ profile: 'smk-standard', port: 0, semesterId: active, npsn: DEMO_NPSN });
    const url = await sim.listen();
    const login = await loginAs(t().app, 'admin@demo.sch.id', active);
    admin = login.accessToken;
    const sekolahId = (login.userData.sekolah as { sekolah_id: string }).sekolah_id;
    const key = t().app.ctx.secrets.encryptionKey;
    await setSetting(t().db.db, { sekolahId }, { key: 'url_dapodik', value: url, semesterId: null });
    await setSetting(
      t().db.db,
      { sekolahId },
      { key: 'token_dapodik', value: encryptText(key, sim.options.token), semesterId: null },
    );
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('finds every kind in sync (nothing new, nothing removed), with progress at least every 200 rows', async () => {
    const { app } = t();
    const res = await app.inject({
      method: 'POST',
      url: '/api/sinkronisasi/dapodik',
      headers: bearer(admin),
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(202);
    const { runId } = json<{ runId: string }>(res);
    const events = await app.inject({
      url: `/api/sinkronisasi/runs/${runId}/events`,
      headers: bearer(admin),
    });
    const body = events.body.split('\n\n').filter((b) => b.startsWith('event: progress'));
    const run = JSON.parse(body.at(-1)?.split('\n')[1]?.slice(6) ?? 'null') as SyncRun;
    expect(run.status).toBe('done');
    const summary = run.kinds.map((k) => ({
      kind: k.kind,
      i: k.inserted,
      u: k.updated,
      r: k.revived,
      d: k.removed,
    }));
    expect(summary).toEqual(run.kinds.map((k) => ({ kind: k.kind, i: 0, u: 0, r: 0, d: 0 })));
    // The seeded pair of pupils sharing a NISN: the seed and the sync follow one rule (the smaller
    // peserta_didik_id keeps it), so nothing moves, and the clash is reported naming both pupils.
    const pd = run.kinds.find((k) => k.kind === 'peserta_didik_aktif');
    const school = sim.state.school;
    const pair = school.edgeCases.duplicateNisn
      .map((id) => school.peserta_didik.find((p) => p.peserta_didik_id === id))
      .sort((a, b) => ((a?.peserta_didik_id ?? '') < (b?.peserta_didik_id ?? '') ? -1 : 1));
    const [keeper, other] = pair;
    if (!keeper || !other) throw new Error('no duplicate NISN pair');
    expect(pd?.messages).toContain(SYNC_MESSAGES.duplicateNisn(keeper.nisn, keeper.nama, [other.nama]));
    const stored = await t().db.query<{ id: string; nisn: string | null }>(
      'select peserta_didik_id_dapodik id, nisn from peserta_didik where peserta_didik_id_dapodik = any($1::uuid[]) order by 1',
      [[keeper.peserta_didik_id, other.peserta_didik_id]],
    );
    expect(stored).toEqual([
      { id: keeper.peserta_didik_id, nisn: keeper.nisn },
      { id: other.peserta_didik_id, nisn: null },
    ]);
    // Live progress at least every 200 rows: ~1,500 pupils give at least 7 apply events.
    const runs = body.map((b) => JSON.parse(b.split('\n')[1]?.slice(6) ?? 'null') as SyncRun);
    const applying = new Set(
      runs
        .map((r) => r.kinds.find((k) => k.kind === 'peserta_didik_aktif'))
        .filter((k) => k?.phase === 'apply')
        .map((k) => k?.processed),
    );
    expect(applying.size).toBeGreaterThanOrEqual(Math.floor((pd?.processed ?? 0) / 200));
    expect(pd?.processed).toBeGreaterThan(1000);
  });
});

import { SUMBER_DAPODIK_SETTING } from '@erapor/contract/sekolah';
import { semesterOfDate } from '@erapor/contract/semester';
import { SYNC_MESSAGES, type SyncKindResult, type SyncRun } from '@erapor/contract/sinkronisasi';
import { createSimulator, type Simulator } from '@erapor/dapodik-sim/simulator';
import { dapodikCounts } from '@erapor/demo-school/counts';
import type { PesertaDidik } from '@erapor/demo-school/types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encryptText } from '../../secrets';
import { describeEngines, loginAs, type TestApp } from '../../test/engines';
import { setSetting } from '../sekolah/service';
import { transportDefaults } from './client';
import { WEBSERVICE_KINDS } from './sources/webservice';
import { count, kindOf, LAST_WRITE, runSync } from './test-support';

/*
 * Issue #10 item 7: a NISN two pupils share in Dapodik goes to the same pupil through /sync/v1 and
 * through the Web Service, whatever order the rows come in, and the clash is reported by name; the
 * per-kind counts put every record in exactly one bucket, on a first sync into an empty install and
 * on the re-sync.
 */

const active = semesterOfDate(new Date()).semester_id;
const NPSN = '69999999';
const ADMIN = 'operator@sekolah.sch.id';
const PASSWORD = 'rahasia-sekali';

transportDefaults.retryBaseMs = 5;
transportDefaults.timeoutMs = 1500;

/** Every bucket a record can land in. */
const total = (k: SyncKindResult) =>
  k.inserted + k.updated + k.unchanged + k.revived + k.removed + k.held + k.skipped;

/**
 * Two active pupils of different classes made to share a NISN, picked so that the one listed first
 * by the Web Service (the generator's order) has the larger peserta_didik_id; /sync/v1 lists by id,
 * so the two sources deliver the pair in opposite orders.
 */
function makeClash(sim: Simulator): { keeper: PesertaDidik; other: PesertaDidik; nisn: string } {
  const pupils = sim.state.school.peserta_didik;
  for (let i = 0; i < pupils.length; i++) {
    const first = pupils[i] as PesertaDidik;
    const second = pupils
      .slice(i + 1)
      .find(
        (p) =>
          p.peserta_didik_id < first.peserta_didik_id &&
          p.anggota_rombel.rombongan_belajar_id !== first.anggota_rombel.rombongan_belajar_id,
      );
    if (second) {
      // The larger id (listed first) gets the smaller one's NISN.
      first.nisn = second.nisn;
      return { keeper: second, other: first, nisn: second.nisn };
    }
  }
  throw new Error('no pair');
}

for (const source of ['sync', 'webservice'] as const) {
  describeEngines(
    `sinkronisasi counts and the NISN clash (${source})`,
    { config: { seedDemo: false } },
    (t) => {
      let sim: Simulator;
      let admin = '';
      let sekolahId = '';
      let clash: ReturnType<typeof makeClash>;

      const sync = () => runSync(t(), admin);
      const kind = kindOf;
      const nisnOf = async (T: TestApp, id: string) =>
        (
          await T.db.query<{ nisn: string | null }>(
            'select nisn from peserta_didik where peserta_didik_id_dapodik = $1',
            [id],
          )
        )[0]?.nisn;
      /** The kinds this source runs (the Web Service offers six). */
      const ran = (run: SyncRun) =>
        run.kinds.filter((k) => source === 'sync' || WEBSERVICE_KINDS.has(k.kind));

      beforeAll(async () => {
        sim = createSimulator({ profile: 'tiny', port: 0, admin: true, semesterId: active });
        clash = makeClash(sim);
        // A PTK who has left before the school's first sync (tiny has none of its own).
        const leaver = sim.state.school.ptk.at(-1);
        const left = await sim.app.inject({
          method: 'POST',
          url: '/__sim/ptk-leaves',
          payload: { ptk: leaver?.ptk_id },
        });
        expect(left.statusCode, left.body).toBe(200);
        const url = await sim.listen();
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
        const key = app.ctx.secrets.encryptionKey;
        const set = (k: string, value: string) =>
          setSetting(db.db, { sekolahId }, { key: k, value, semesterId: null });
        await set('url_dapodik', url);
        await set('token_dapodik', encryptText(key, sim.options.token));
        await set(SUMBER_DAPODIK_SETTING, source);
      });
      afterAll(async () => {
        await sim?.close();
      });

      let first: SyncRun;

      it('first sync into an empty install: the smaller peserta_didik_id keeps the NISN, the clash is named; nothing is "removed"', async () => {
        const T = t();
        first = await sync();
        expect(first.status, JSON.stringify(first.kinds.map((k) => [k.kind, k.error]))).toBe('done');
        expect(await nisnOf(T, clash.keeper.peserta_didik_id)).toBe(clash.nisn);
        expect(await nisnOf(T, clash.other.peserta_didik_id)).toBeNull();
        const pd = kind(first, 'peserta_didik_aktif');
        expect(pd.messages).toContain(
          SYNC_MESSAGES.duplicateNisn(clash.nisn, clash.keeper.nama, [clash.other.nama]),
        );
        expect(pd.warnings).toBeGreaterThanOrEqual(1);

        // An empty install: everything is new (the registered school's row is filled in), nothing goes.
        const c = dapodikCounts(sim.state.school);
        for (const k of ran(first)) {
          expect({
            kind: k.kind,
            removed: k.removed,
            held: k.held,
            revived: k.revived,
            errors: k.errors,
          }).toEqual({
            kind: k.kind,
            removed: 0,
            held: 0,
            revived: 0,
            errors: 0,
          });
          expect(k.updated, k.kind).toBe(k.kind === 'sekolah' ? 1 : 0);
          expect(k.unchanged, k.kind).toBe(0);
        }
        // Each pupil once (with their membership of a class), each pupil who left once (with their
        // pd_keluar row), each PTK once (a PTK who left comes with their keluar mark, not "removed").
        expect(pd.inserted).toBe(c.pd_aktif + c.anggota_reguler);
        const gelar = await count(T, 'select count(*) n from gelar_ptk');
        expect(kind(first, 'ptk').inserted).toBe(source === 'sync' ? c.ptk + c.ptk_keluar + gelar : c.ptk);
        if (source === 'sync') {
          expect(c.pd_keluar).toBeGreaterThan(0);
          expect(c.ptk_keluar).toBeGreaterThan(0);
          expect(kind(first, 'peserta_didik_keluar').inserted).toBe(c.pd_keluar);
        }
      });

      it('the re-sync finds the same records, each unchanged, and the same clash', async () => {
        const T = t();
        const before = await count(T, LAST_WRITE);
        const again = await sync();
        expect(again.status).toBe('done');
        expect(again.message).toBe(SYNC_MESSAGES.doneNoChanges);
        for (const k of ran(again)) {
          const was = kind(first, k.kind);
          expect({ kind: k.kind, records: total(k), unchanged: k.unchanged + k.skipped }).toEqual({
            kind: k.kind,
            records: total(was),
            unchanged: total(was),
          });
        }
        expect(await count(T, LAST_WRITE)).toBe(before);
        expect(kind(again, 'peserta_didik_aktif').messages).toContain(
          SYNC_MESSAGES.duplicateNisn(clash.nisn, clash.keeper.nama, [clash.other.nama]),
        );
        expect(await nisnOf(T, clash.keeper.peserta_didik_id)).toBe(clash.nisn);
      });

      it('the other source gives the NISN to the same pupil and changes nothing', async () => {
        const T = t();
        await setSetting(
          T.db.db,
          { sekolahId },
          { key: SUMBER_DAPODIK_SETTING, value: source === 'sync' ? 'webservice' : 'sync', semesterId: null },
        );
        try {
          const run = await sync();
          expect(run.status).toBe('done');
          expect(kind(run, 'peserta_didik_aktif')).toMatchObject({ inserted: 0, updated: 0, removed: 0 });
          expect(await nisnOf(T, clash.keeper.peserta_didik_id)).toBe(clash.nisn);
          expect(await nisnOf(T, clash.other.peserta_didik_id)).toBeNull();
        } finally {
          await setSetting(
            T.db.db,
            { sekolahId },
            { key: SUMBER_DAPODIK_SETTING, value: source, semesterId: null },
          );
        }
      });

      it('a NISN held the other way round (an older install) moves to the rule’s pupil, reported as updated', async () => {
        const T = t();
        // As the first-come rule left it: the larger id holds the NISN.
        await T.db.query('update peserta_didik set nisn = null where peserta_didik_id_dapodik = $1', [
          clash.keeper.peserta_didik_id,
        ]);
        await T.db.query('update peserta_didik set nisn = $2 where peserta_didik_id_dapodik = $1', [
          clash.other.peserta_didik_id,
          clash.nisn,
        ]);
        const run = await sync();
        expect(run.status, JSON.stringify(run.kinds.map((k) => [k.kind, k.error]))).toBe('done');
        expect(await nisnOf(T, clash.keeper.peserta_didik_id)).toBe(clash.nisn);
        expect(await nisnOf(T, clash.other.peserta_didik_id)).toBeNull();
        const pd = kind(run, 'peserta_didik_aktif');
        expect(pd).toMatchObject({ updated: 2, inserted: 0, removed: 0 });
        expect(total(pd)).toBe(total(kind(first, 'peserta_didik_aktif')));
      });

      it('a pupil the school created itself keeps the NISN it holds; the Dapodik pupil goes without until it is free', async () => {
        const T = t();
        const pupil = sim.state.school.peserta_didik.find(
          (p) =>
            p.peserta_didik_id !== clash.keeper.peserta_didik_id &&
            p.peserta_didik_id !== clash.other.peserta_didik_id,
        );
        if (!pupil) throw new Error('no pupil');
        await T.db.query('update peserta_didik set nisn = null where peserta_didik_id_dapodik = $1', [
          pupil.peserta_didik_id,
        ]);
        await T.db.query(
          `insert into peserta_didik (sekolah_id, nama, nisn) values ($1, 'Siswa Lokal', $2)`,
          [sekolahId, pupil.nisn],
        );
        try {
          const run = await sync();
          expect(run.status).toBe('done');
          expect(kind(run, 'peserta_didik_aktif').messages).toContain(
            SYNC_MESSAGES.duplicateNisn(pupil.nisn, 'Siswa Lokal', [pupil.nama], true),
          );
          expect(await nisnOf(T, pupil.peserta_didik_id)).toBeNull();
        } finally {
          await T.db.query(
            `delete from peserta_didik where nama = 'Siswa Lokal' and peserta_didik_id_dapodik is null`,
          );
        }
        // Free again: the next sync gives it back, one pupil updated.
        const run = await sync();
        expect(kind(run, 'peserta_didik_aktif')).toMatchObject({ updated: 1, inserted: 0, removed: 0 });
        expect(await nisnOf(T, pupil.peserta_didik_id)).toBe(pupil.nisn);
      });

      it('a pembelajaran whose teacher is not in e-Rapor is kept without a teacher, and says so', async () => {
        const T = t();
        const p = sim.state.school.rombongan_belajar.flatMap((r) => r.pembelajaran)[0];
        if (!p) throw new Error('no pembelajaran');
        const ptkId = p.ptk_id;
        const unknown = '00000000-0000-4000-8000-0000000000aa';
        p.ptk_id = unknown;
        sim.state.mutated(new Date(), []);
        const guruOf = async () =>
          (
            await T.db.query<{ guru_id: string | null; deleted_at: unknown }>(
              'select guru_id, deleted_at from pembelajaran where pembelajaran_id_dapodik = $1',
              [p.pembelajaran_id],
            )
          )[0];
        try {
          const run = await sync();
          const k = kind(run, 'pembelajaran');
          expect(k.messages).toContain(
            SYNC_MESSAGES.parentMissingKept(
              'Guru (PTK)',
              unknown,
              `pembelajaran ${p.nama_mata_pelajaran}`,
              'guru',
            ),
          );
          expect(k).toMatchObject({ updated: 1, skipped: 0, removed: 0 });
          expect(await guruOf()).toMatchObject({ guru_id: null, deleted_at: null });
        } finally {
          p.ptk_id = ptkId;
          sim.state.mutated(new Date(), []);
        }
        const back = await sync();
        expect(kind(back, 'pembelajaran')).toMatchObject({ updated: 1, skipped: 0 });
        expect((await guruOf())?.guru_id).not.toBeNull();
      });
    },
  );
}

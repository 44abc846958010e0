import { BIODATA_FIELDS, type PortalBiodata, type Usulan } from '@erapor/contract/portal/biodata';
import { createSimulator, type Simulator } from '@erapor/dapodik-sim/simulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pesertaDidik } from '../../db/tables/referensi';
import { encryptText } from '../../secrets';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json } from '../../test/engines';
import { DEMO_NPSN } from '../demo/seed';
import { demoTokens } from '../penilaian/beranda/test-accounts';
import { setSetting } from '../sekolah/service';
import { transportDefaults } from '../sinkronisasi/client';
import { PD_OWNED } from '../sinkronisasi/kinds/peserta-didik';
import { kindOf, runSync } from '../sinkronisasi/test-support';
import { BIODATA_COLUMNS } from './biodata';

transportDefaults.retryBaseMs = 5;

/*
 * An approved Biodata correction is school-owned (decision 046): the peserta didik sync writes
 * Dapodik's value of these columns only when it inserts the pupil (PD_INSERT_ONLY) or never (the
 * guardian's address and phone), so a re-sync does not undo it.
 */
describe('the columns a pupil may correct are not overwritten by the peserta didik sync', () => {
  it('no Biodata column is one the sync owns (writes on every run)', () => {
    const owned = new Set<string>(PD_OWNED);
    for (const f of BIODATA_FIELDS) expect(owned.has(BIODATA_COLUMNS[f]), f).toBe(false);
  });
});

describeEngines('portal: an approved Biodata correction survives a Dapodik re-sync', {}, (t) => {
  let demo: SeededDemo;
  let sim: Simulator;
  let tokens: Record<'admin' | 'wali' | 'siswa', string>;

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    sim = createSimulator({ profile: 'tiny', port: 0, semesterId: demo.semesterId, npsn: DEMO_NPSN });
    const url = await sim.listen();
    tokens = await demoTokens(t().app, demo, ['admin', 'wali', 'siswa']);
    const key = t().app.ctx.secrets.encryptionKey;
    await setSetting(db, demo, { key: 'url_dapodik', value: url, semesterId: null });
    await setSetting(db, demo, {
      key: 'token_dapodik',
      value: encryptText(key, sim.options.token),
      semesterId: null,
    });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('keeps the approved values while the synced ones follow Dapodik', async () => {
    const db = t().db.db;
    const own = demo.accounts.siswa.pesertaDidikId ?? '';
    const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
      t().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    const b = json<PortalBiodata>(await call('GET', '/api/portal/biodata', tokens.siswa)).data;
    const proposed = await call('POST', '/api/portal/biodata', tokens.siswa, {
      status: 'Anak Tiri',
      anak_ke: 3,
      diterima_kelas: b.diterima_kelas,
      email: 'koreksi@contoh.id',
      nama_wali: 'Wali Hasil Koreksi',
      alamat_wali: 'Jl. Koreksi 1',
      telp_wali: '081200001111',
      kerja_wali: b.kerja_wali,
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const id = json<{ usulan: Usulan }>(proposed).usulan.usulan_biodata_id;
    expect((await call('POST', `/api/usulan-biodata/${id}/setujui`, tokens.wali)).statusCode).toBe(200);

    // In Dapodik the pupil's record changes: the guardian, e-mail and order of birth differ from the
    // approved values, and so does the mobile number (a field the sync owns).
    const pupil = sim.state.school.peserta_didik.find((p) => p.peserta_didik_id === own);
    if (!pupil) throw new Error('siswa@ is not served by the simulator');
    Object.assign(pupil, {
      nama_wali: 'Wali Versi Dapodik',
      email: 'dapodik@contoh.id',
      anak_keberapa: 5,
      nomor_telepon_seluler: '089900002222',
    });
    sim.state.mutated(new Date(), [['peserta-didik', own, 'upsert']]);
    const run = await runSync(t(), tokens.admin, { kinds: ['peserta_didik_aktif'] });
    expect(run.status, JSON.stringify(run)).toBe('done');
    expect(kindOf(run, 'peserta_didik_aktif').status).toBe('done');

    const [row] = await db.select().from(pesertaDidik).where(eq(pesertaDidik.pesertaDidikId, own));
    // The sync did reach the pupil: its own field follows Dapodik.
    expect(row?.noHp).toBe('089900002222');
    // The approved correction stays.
    expect(row).toMatchObject({
      status: 'Anak Tiri',
      anakKe: 3,
      email: 'koreksi@contoh.id',
      namaWali: 'Wali Hasil Koreksi',
      alamatWali: 'Jl. Koreksi 1',
      telpWali: '081200001111',
    });
  });
});

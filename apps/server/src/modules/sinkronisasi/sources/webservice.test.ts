import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SUMBER_DAPODIK_SETTING as SOURCE_SETTING } from '@erapor/contract/sekolah';
import { semesterOfDate } from '@erapor/contract/semester';
import { SYNC_KINDS, SYNC_MESSAGES, type SyncOverview, type SyncRun } from '@erapor/contract/sinkronisasi';
import { createSimulator, type Simulator } from '@erapor/dapodik-sim/simulator';
import { dapodikCounts } from '@erapor/demo-school/counts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptText } from '../../../secrets';
import { bearer, describeEngines, json, loginAs, type TestApp } from '../../../test/engines';
import { setSetting } from '../../sekolah/service';
import { transportDefaults } from '../client';
import { count, kindOf, LAST_WRITE, runSync } from '../test-support';
import { WEBSERVICE_KINDS, WEBSERVICE_MESSAGES, WebServiceSource } from './webservice';

const active = semesterOfDate(new Date()).semester_id;
const NPSN = '69999999';
const ADMIN = 'operator@sekolah.sch.id';
const PASSWORD = 'rahasia-sekali';
const URL = '/api/sinkronisasi/dapodik';

transportDefaults.retryBaseMs = 5;
transportDefaults.timeoutMs = 1500;

type Api = Record<string, unknown>;

/**
 * A school's own Dapodik: the simulator's Web Service face only (every other path 404), with a
 * switch that makes one endpoint refuse in a `success:false` body delivered as HTTP 200.
 */
function webServiceOnly(target: string) {
  const refuse = new Map<string, string>();
  const server: Server = createServer(async (req, res) => {
    const url = new globalThis.URL(req.url ?? '/', target);
    if (!url.pathname.startsWith('/WebService/')) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>404 Not Found</h1>');
      return;
    }
    const name = url.pathname.slice('/WebService/'.length);
    const refusal = refuse.get(name);
    if (refusal !== undefined) {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ success: false, message: refusal }));
      return;
    }
    const answer = await fetch(url, { headers: { authorization: req.headers.authorization ?? '' } });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
    res.end(await answer.text());
  });
  return {
    refuse,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('WebServiceSource: Web Service bodies as /sync/v1 records', () => {
  let sim: Simulator;
  let url = '';
  beforeAll(async () => {
    sim = createSimulator({ profile: 'tiny', port: 0, semesterId: active });
    url = await sim.listen();
  });
  afterAll(async () => {
    await sim?.close();
  });
  const source = (extra: object = {}) =>
    new WebServiceSource({
      baseUrl: url,
      token: sim.options.token,
      npsn: NPSN,
      semesterId: active,
      ...extra,
    });

  it('getSekolah (rows an object) becomes the sekolah document, without what the Web Service lacks', async () => {
    const { data } = await source().document<Api>('sekolah');
    const s = sim.state.school.sekolah;
    expect(data).toMatchObject({
      sekolah_id: s.sekolah_id,
      nama: s.nama,
      npsn: s.npsn,
      status_sekolah: String(s.status_sekolah),
    });
    expect(data.jurusan_sp).toBeUndefined();
    expect(data.kepala_sekolah_ptk_id).toBeUndefined();
  });

  it('pupils get §2.2 names, registrasi{} and anggota_rombel{}; every page is read', async () => {
    const before = transportDefaults.pageLimit;
    transportDefaults.pageLimit = 3;
    const pages: number[] = [];
    try {
      const list = await source({ onPage: (n: number) => pages.push(n) }).list<Api>('peserta-didik', {
        status: 'aktif',
      });
      const school = sim.state.school;
      expect(list.rows).toHaveLength(school.peserta_didik.length);
      expect(list.mismatch).toBe(false);
      expect(pages.length).toBeGreaterThan(1);
      const pd = school.peserta_didik[0];
      if (!pd) throw new Error('no pupil');
      const row = list.rows.find((r) => r.peserta_didik_id === pd.peserta_didik_id);
      expect(row).toMatchObject({
        nama: pd.nama,
        nama_ibu_kandung: pd.nama_ibu_kandung,
        pekerjaan_id_ayah: String(pd.pekerjaan_id_ayah),
        registrasi: { nipd: pd.registrasi_peserta_didik.nipd },
        anggota_rombel: {
          anggota_rombel_id: pd.anggota_rombel.anggota_rombel_id,
          rombongan_belajar_id: pd.anggota_rombel.rombongan_belajar_id,
        },
      });
    } finally {
      transportDefaults.pageLimit = before;
    }
  });

  it('rombel, members and pembelajaran come from one getRombonganBelajar per run', async () => {
    const cache = new Map();
    const s = source({ cache });
    const rombel = await s.list<Api>('rombongan-belajar', { jenis: '1,16' });
    const pilihan = await s.list<Api>('anggota-rombel', { jenis: '16' });
    const pembelajaran = await s.list<Api>('pembelajaran');
    const c = dapodikCounts(sim.state.school);
    expect(rombel.rows).toHaveLength(c.rombel.reguler + c.rombel.pilihan);
    expect(rombel.rows.every((r) => 'wali_ptk_id' in r && !('anggota_rombel' in r))).toBe(true);
    expect(pilihan.rows).toHaveLength(c.anggota_pilihan);
    expect(pembelajaran.rows).toHaveLength(c.pembelajaran);
    expect(pembelajaran.rows.every((p) => typeof p.rombongan_belajar_id === 'string')).toBe(true);
    expect([...cache.keys()]).toEqual(['getRombonganBelajar']);
  });
});

/** The columns both sources fill, of the rows of the kinds the Web Service offers. */
const SNAPSHOT = {
  guru: `select guru_id_dapodik id, nama, nuptk, nip, nik, jenis_kelamin, tempat_lahir, tanggal_lahir::text, jenis_ptk_id,
           agama_id, status_kepegawaian_id, jabatan_ptk_id, email from guru
         where guru_id_dapodik is not null and not exists (select 1 from ptk_keluar k where k.guru_id = guru.guru_id)
         order by 1`,
  peserta_didik: `select peserta_didik_id_dapodik id, nama, no_induk, nisn, nik, jenis_kelamin, tanggal_lahir::text, agama_id,
           alamat, rt, rw, nama_dusun, kode_wilayah, no_hp, sekolah_asal, diterima::text, nama_ibu, kerja_ayah, kerja_ibu, anak_ke
         from peserta_didik where active order by 1`,
  rombongan_belajar: `select r.rombongan_belajar_id_dapodik id, r.nama, r.tingkat, r.jenis_rombel, r.kurikulum_id, r.nama_ruang,
           g.guru_id_dapodik wali from rombongan_belajar r left join guru g on g.guru_id = r.guru_id
         where r.deleted_at is null and r.jenis_rombel in (1, 16) order by 1`,
  anggota_rombel: `select a.anggota_rombel_id_dapodik id, r.rombongan_belajar_id_dapodik rombel, p.peserta_didik_id_dapodik pd,
           a.jenis_pendaftaran_id from anggota_rombel a join rombongan_belajar r using (rombongan_belajar_id)
           join peserta_didik p on p.peserta_didik_id = a.peserta_didik_id
         where a.deleted_at is null and r.jenis_rombel in (1, 16) order by 1`,
  pembelajaran: `select b.pembelajaran_id_dapodik id, r.rombongan_belajar_id_dapodik rombel, g.guru_id_dapodik guru,
           b.mata_pelajaran_id, b.nama_mata_pelajaran, i.pembelajaran_id_dapodik induk, b.jam_mengajar_per_minggu
         from pembelajaran b join rombongan_belajar r on r.rombongan_belajar_id = b.rombongan_belajar_id
           left join guru g on g.guru_id = b.guru_id left join pembelajaran i on i.pembelajaran_id = b.induk_pembelajaran_id
         where b.deleted_at is null and r.jenis_rombel in (1, 16) order by 1`,
  sekolah: `select nama, nss, bentuk_pendidikan_id, status_sekolah, alamat, desa_kelurahan, kecamatan, kabupaten, provinsi,
           kode_pos, no_telp, email, website, sekolah_id_dapodik from sekolah`,
};

async function snapshot(t: TestApp): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [name, sql] of Object.entries(SNAPSHOT)) out[name] = await t.db.query(sql);
  return out;
}

describeEngines('sinkronisasi dapodik through the Web Service', { config: { seedDemo: false } }, (t) => {
  let sim: Simulator;
  let simUrl = '';
  let admin = '';
  let sekolahId = '';

  const setting = (key: string, value: string | null) =>
    setSetting(t().db.db, { sekolahId }, { key, value, semesterId: null });
  const sync = (payload: object = {}) => runSync(t(), admin, payload);
  const kind = kindOf;
  const writes = (run: SyncRun) =>
    run.kinds.map((k) => ({ kind: k.kind, n: k.inserted + k.updated + k.revived + k.removed }));
  const noWrites = (run: SyncRun) => run.kinds.map((k) => ({ kind: k.kind, n: 0 }));

  beforeAll(async () => {
    sim = createSimulator({ profile: 'tiny', port: 0, admin: true, semesterId: active });
    simUrl = await sim.listen();
    const { app } = t();
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
    await setting('url_dapodik', simUrl);
    await setting('token_dapodik', encryptText(key, sim.options.token));
    await setting(SOURCE_SETTING, 'webservice');
  });
  afterAll(async () => {
    await sim?.close();
  });

  let viaWebService: Record<string, unknown[]> = {};

  it('a full sync through the Web Service fills the kinds it offers and reports the others as unavailable', async () => {
    const T = t();
    const run = await sync();
    expect(run.status, JSON.stringify(run.kinds.filter((k) => k.status !== 'done'))).toBe('done');
    for (const k of run.kinds) {
      if (WEBSERVICE_KINDS.has(k.kind)) {
        expect(k.status, k.kind).toBe('done');
        expect(k.errors, `${k.kind}: ${k.messages.join('; ')}`).toBe(0);
      } else {
        expect(k.status, k.kind).toBe('skipped');
        expect(k.error, k.kind).toBe(WEBSERVICE_MESSAGES.unavailable(k.kind));
      }
    }
    expect(kind(run, 'peserta_didik_keluar').error).toBe(
      'Peserta Didik Keluar tidak tersedia di Web Service Dapodik; data ini di e-Rapor tidak diubah.',
    );
    expect(kind(run, 'ptk').messages).toContain(WEBSERVICE_MESSAGES.ptkPartial);

    const school = sim.state.school;
    const c = dapodikCounts(school);
    expect(await count(T, 'select count(*) n from guru where guru_id_dapodik is not null')).toBe(c.ptk);
    expect(await count(T, 'select count(*) n from peserta_didik where active')).toBe(c.pd_aktif);
    expect(await count(T, 'select count(*) n from rombongan_belajar where deleted_at is null')).toBe(
      c.rombel.reguler + c.rombel.pilihan,
    );
    expect(await count(T, 'select count(*) n from pembelajaran where deleted_at is null')).toBe(
      c.pembelajaran,
    );
    const members = `select count(*) n from anggota_rombel a join rombongan_belajar r using (rombongan_belajar_id)
      where a.deleted_at is null and r.jenis_rombel = `;
    expect(await count(T, `${members} 1`)).toBe(c.anggota_reguler);
    expect(await count(T, `${members} 16`)).toBe(c.anggota_pilihan);
    // Nothing of the kinds it lacks.
    expect(await count(T, 'select count(*) n from pd_keluar')).toBe(0);
    expect(await count(T, 'select count(*) n from ekstrakurikuler')).toBe(0);
    expect(await count(T, 'select count(*) n from dudi')).toBe(0);

    // A few values, quirky typing normalised (codes as strings, "" for missing text).
    const pd = school.peserta_didik[0];
    const ptk = school.ptk[0];
    if (!pd || !ptk) throw new Error('no data');
    const [p] = await T.db.query<Api>(
      `select nama, no_induk, nisn, nama_ibu, kerja_ayah, agama_id, nik from peserta_didik where peserta_didik_id_dapodik = $1`,
      [pd.peserta_didik_id],
    );
    expect(p).toMatchObject({
      nama: pd.nama,
      no_induk: pd.registrasi_peserta_didik.nipd,
      nisn: pd.nisn,
      nama_ibu: pd.nama_ibu_kandung,
      kerja_ayah: pd.pekerjaan_id_ayah,
      agama_id: pd.agama_id,
      nik: pd.nik ?? null,
    });
    const [g] = await T.db.query<Api>(
      'select nama, jenis_ptk_id, nuptk, alamat from guru where guru_id_dapodik = $1',
      [ptk.ptk_id],
    );
    expect(g).toMatchObject({
      nama: ptk.nama,
      jenis_ptk_id: ptk.ptk_terdaftar.jenis_ptk_id,
      nuptk: ptk.nuptk ?? null,
      alamat: null,
    });

    // The overview counts what the Web Service can count.
    const overview = json<SyncOverview>(await T.app.inject({ url: URL, headers: bearer(admin) }));
    expect(overview.dapodik_error).toBeNull();
    const row = (k: string) => overview.kinds.find((x) => x.kind === k);
    expect(row('ptk')).toMatchObject({ dapodik: c.ptk, sinkron: c.ptk, status: 'Lengkap' });
    expect(row('pembelajaran')).toMatchObject({ dapodik: c.pembelajaran, status: 'Lengkap' });
    expect(row('dudi')?.dapodik).toBeNull();
    viaWebService = await snapshot(T);
  });

  it('a second sync through the Web Service writes nothing', async () => {
    const before = await count(t(), LAST_WRITE);
    const run = await sync();
    expect(run.status).toBe('done');
    expect(run.message).toBe(SYNC_MESSAGES.doneNoChanges);
    expect(writes(run)).toEqual(noWrites(run));
    expect(await count(t(), LAST_WRITE)).toBe(before);
  });

  it('gives the same rows as a sync through /sync/v1, and neither source undoes the other', async () => {
    const T = t();
    await setting(SOURCE_SETTING, 'sync');
    const full = await sync();
    expect(full.status, JSON.stringify(full.kinds.filter((k) => k.status !== 'done'))).toBe('done');
    // /sync/v1 changes none of the rows the Web Service wrote, only adds what it alone has (addresses,
    // keluar, ekskul, jurusan_sp and with it the rombel's program keahlian).
    expect(kind(full, 'rombongan_belajar').removed).toBe(0);
    for (const k of ['peserta_didik_aktif', 'anggota_rombel_pilihan', 'pembelajaran'] as const)
      expect({ kind: k, u: kind(full, k).updated, r: kind(full, k).removed }).toEqual({
        kind: k,
        u: 0,
        r: 0,
      });
    const viaSync = await snapshot(T);
    for (const name of Object.keys(SNAPSHOT)) expect(viaSync[name], name).toEqual(viaWebService[name]);

    // Back to the Web Service: nothing /sync/v1 filled in is lost or rewritten.
    await setting(SOURCE_SETTING, 'webservice');
    const before = await count(T, LAST_WRITE);
    const again = await sync();
    expect(again.status).toBe('done');
    expect(writes(again)).toEqual(noWrites(again));
    expect(await count(T, LAST_WRITE)).toBe(before);
    expect(await count(T, 'select count(*) n from jurusan_sp where deleted_at is null')).toBe(
      sim.state.school.sekolah.jurusan_sp.length,
    );
    expect(await count(T, 'select count(*) n from guru where alamat is not null')).toBeGreaterThan(0);
  });

  it('Dapodik errors in HTTP 200 bodies give the Indonesian message of the kind', async () => {
    const T = t();
    const before = await count(T, LAST_WRITE);
    // Plain text "Access denied …" (HTTP 200) for getGtk: the PTK fail, the run stops there.
    await sim.app.inject({
      method: 'POST',
      url: '/__sim/faults',
      payload: { endpoint: 'getGtk', mode: 'access-denied', count: 0 },
    });
    let run = await sync();
    await sim.app.inject({ method: 'DELETE', url: '/__sim/faults' });
    expect(run.status).toBe('failed');
    expect(kind(run, 'sekolah').status).toBe('done');
    expect(kind(run, 'ptk')).toMatchObject({ status: 'failed', error: SYNC_MESSAGES.accessDenied });
    expect(kind(run, 'pembelajaran')).toMatchObject({ status: 'skipped' });

    // `{success:false, http_code:404, message:"Sekolah tidak ditemukan"}` (HTTP 200), with raw header text in front.
    const npsn = sim.state.school.sekolah.npsn;
    sim.state.school.sekolah.npsn = '11111111';
    sim.options.errorPrefix = true;
    try {
      run = await sync();
    } finally {
      sim.state.school.sekolah.npsn = npsn;
      sim.options.errorPrefix = false;
    }
    expect(run.status).toBe('failed');
    expect(run.message).toBe(SYNC_MESSAGES.schoolNotFound(NPSN));
    expect(kind(run, 'sekolah').error).toBe(SYNC_MESSAGES.schoolNotFound(NPSN));
    expect(await count(T, LAST_WRITE)).toBe(before);
  });

  it('without /sync/v1 the Web Service is used by itself; a success:false of one endpoint fails its kind only', async () => {
    const own = webServiceOnly(simUrl);
    const url = await own.listen();
    try {
      await setting(SOURCE_SETTING, null);
      await setting('url_dapodik', url);
      let run = await sync();
      expect(run.status, JSON.stringify(run.kinds.filter((k) => k.status !== 'done'))).toBe('done');
      expect(kind(run, 'dudi').error).toBe(WEBSERVICE_MESSAGES.unavailable('dudi'));
      expect(writes(run)).toEqual(noWrites(run));

      own.refuse.set('getPesertaDidik', 'Data sedang diproses, coba lagi nanti');
      run = await sync();
      expect(run.status).toBe('failed');
      expect(run.message).toBe(SYNC_MESSAGES.donePartial(4, SYNC_KINDS.length - 4));
      expect(kind(run, 'peserta_didik_aktif')).toMatchObject({
        status: 'failed',
        error: 'Dapodik menolak permintaan getPesertaDidik: Data sedang diproses, coba lagi nanti',
      });
      // Its dependants are skipped, the independent kinds ran.
      expect(kind(run, 'anggota_rombel_pilihan').status).toBe('skipped');
      expect(kind(run, 'pembelajaran').status).toBe('done');
    } finally {
      await setting('url_dapodik', simUrl);
      await own.close();
    }
  });
});

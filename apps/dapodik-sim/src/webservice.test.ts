import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from './simulator.ts';
import { admin, testSimulator, wsGet } from './test-support.ts';
import { fakePasswordHash } from './webservice/rows.ts';

describe('Web Service quirks (quirks on, the default)', () => {
  let sim: Simulator;
  beforeAll(() => {
    sim = testSimulator();
  });
  afterAll(() => sim.close());

  it('getSekolah: envelope with rows as one object', async () => {
    const res = await wsGet(sim, 'getSekolah');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['results', 'id', 'start', 'limit', 'rows']);
    expect(Array.isArray(body.rows)).toBe(false);
    expect(body).toMatchObject({ results: 1, start: 0, limit: 0 });
    expect(body.rows).toMatchObject({ npsn: '69999999', bentuk_pendidikan_id: 15, status_sekolah: '1' });
    expect(typeof body.rows.lintang).toBe('string');
  });

  it('codes travel as strings, except kurikulum, mapel, agama and bentuk pendidikan', async () => {
    const rombel = (await wsGet(sim, 'getRombonganBelajar')).json().rows[0];
    expect(typeof rombel.jenis_rombel).toBe('string');
    expect(typeof rombel.tingkat_pendidikan_id).toBe('string');
    expect(typeof rombel.kurikulum_id).toBe('number');
    expect(rombel.jenis_rombel_str).toBe('Kelas');
    expect(typeof rombel.pembelajaran[0].mata_pelajaran_id).toBe('number');
    expect(typeof rombel.pembelajaran[0].jam_mengajar_per_minggu).toBe('string');
    const noEmail = sim.state.school.peserta_didik.find((p) => p.email === null);
    const pd = (await wsGet(sim, 'getPesertaDidik'))
      .json()
      .rows.find((r: { peserta_didik_id: string }) => r.peserta_didik_id === noEmail?.peserta_didik_id);
    expect(typeof pd.agama_id).toBe('number');
    expect(typeof pd.jenis_pendaftaran_id).toBe('string');
    expect(pd.nama_ibu).toBe(noEmail?.nama_ibu_kandung);
    expect(pd).toHaveProperty('pekerjaan_ayah_id');
    expect(pd).not.toHaveProperty('nama_ibu_kandung');
    expect(pd.email).toBe('');
    const gtk = (await wsGet(sim, 'getGtk')).json().rows[0];
    expect(typeof gtk.jenis_ptk_id).toBe('string');
    expect(gtk.jenis_ptk_id_str).toBeTruthy();
  });

  it('getPengguna sends a bcrypt-shaped password hash (never a real one)', async () => {
    const rows = (await wsGet(sim, 'getPengguna')).json().rows;
    expect(rows[0].password).toMatch(/^\$2y\$10\$[./A-Za-z0-9]{53}$/);
    expect(rows[0].password).toBe(fakePasswordHash(rows[0].pengguna_id));
    expect(rows.find((u: { username: string }) => u.username === 'admin@demo.sch.id')).toBeDefined();
  });

  it('getMataPelajaran lists the subjects the school teaches', async () => {
    const body = (await wsGet(sim, 'getMataPelajaran')).json();
    const taught = new Set(
      sim.state.school.rombongan_belajar.flatMap((r) => r.pembelajaran.map((p) => p.mata_pelajaran_id)),
    );
    expect(body.results).toBe(taught.size);
    expect(body.rows.every((m: { nama: string | null }) => m.nama)).toBe(true);
  });

  it('getMatevNilai is empty until e-Rapor pushes (as reported of real schools)', async () => {
    const body = (await wsGet(sim, 'getMatevNilai', { a_dari_template: 1 })).json();
    expect(body).toMatchObject({ results: 0, rows: [] });
  });

  it('filters by rombongan_belajar_id and semester_id', async () => {
    const id = sim.state.school.rombongan_belajar[1]?.rombongan_belajar_id as string;
    const one = (await wsGet(sim, 'getRombonganBelajar', { rombongan_belajar_id: id })).json();
    expect(one.results).toBe(1);
    expect(one.rows[0].rombongan_belajar_id).toBe(id);
    const other = (await wsGet(sim, 'getRombonganBelajar', { semester_id: '20242' })).json();
    expect(other.results).toBe(0);
  });
});

describe('Web Service paging: both public styles', () => {
  let sim: Simulator;
  let all: { peserta_didik_id: string }[];
  beforeAll(async () => {
    sim = testSimulator();
    all = (await wsGet(sim, 'getPesertaDidik')).json().rows;
  });
  afterAll(() => sim.close());

  it('start+limit pages concatenate to the unpaged list, results is the total', async () => {
    const got: string[] = [];
    for (let start = 0; start < all.length; start += 7) {
      const body = (await wsGet(sim, 'getPesertaDidik', { start, limit: 7 })).json();
      expect(body).toMatchObject({ results: all.length, start, limit: 7 });
      got.push(...body.rows.map((r: { peserta_didik_id: string }) => r.peserta_didik_id));
    }
    expect(got).toEqual(all.map((r) => r.peserta_didik_id));
    expect(new Set(got).size).toBe(got.length);
  });

  it('page+limit (1-based) gives the same pages; the client stops at a short page', async () => {
    const got: string[] = [];
    for (let page = 1; ; page++) {
      const body = (await wsGet(sim, 'getPesertaDidik', { page, limit: 9 })).json();
      expect(body.start).toBe((page - 1) * 9);
      got.push(...body.rows.map((r: { peserta_didik_id: string }) => r.peserta_didik_id));
      if (body.rows.length < 9) break;
    }
    expect(got).toEqual(all.map((r) => r.peserta_didik_id));
  });

  it('without paging parameters everything comes, start/limit 0', async () => {
    const body = (await wsGet(sim, 'getPesertaDidik')).json();
    expect(body).toMatchObject({ start: 0, limit: 0, results: all.length });
    expect(body.rows).toHaveLength(all.length);
  });
});

describe('quirks off', () => {
  it('numbers stay numbers and missing text stays null', async () => {
    const sim = testSimulator({ quirks: false });
    const sekolah = (await wsGet(sim, 'getSekolah')).json().rows;
    expect(sekolah.status_sekolah).toBe(1);
    expect(sekolah.lintang).toBe(sim.state.school.sekolah.lintang);
    const rombel = (await wsGet(sim, 'getRombonganBelajar')).json().rows[0];
    expect(rombel.jenis_rombel).toBe(1);
    const noEmail = sim.state.school.peserta_didik.find((p) => p.email === null);
    const pd = (await wsGet(sim, 'getPesertaDidik'))
      .json()
      .rows.find((r: { peserta_didik_id: string }) => r.peserta_didik_id === noEmail?.peserta_didik_id);
    expect(pd.email).toBeNull();
    await sim.close();
  });
});

describe('admin controls exist only with --admin', () => {
  it('404 without admin, 200 with', async () => {
    const off = testSimulator({ admin: false });
    expect((await admin(off, 'GET', 'state')).statusCode).toBe(404);
    expect((await admin(off, 'POST', 'faults', { mode: '500' })).statusCode).toBe(404);
    const on = testSimulator();
    expect((await admin(on, 'GET', 'state')).statusCode).toBe(200);
    await Promise.all([off.close(), on.close()]);
  });
});

import { semesterOfDate } from '@erapor/contract/semester';
import { beforeAll, expect, it } from 'vitest';
import { bearer, describeEngines, json, loginAs } from '../../../test/engines';

const active = semesterOfDate(new Date()).semester_id;

describeEngines('referensi DUDI', {}, (t) => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const who of ['admin', 'guru', 'wali', 'waka', 'kaprog', 'ekskul', 'pkl', 'siswa']) {
      tokens[who] = (await loginAs(t().app, `${who}@demo.sch.id`, active)).accessToken;
    }
  });
  const get = (url: string, who = 'admin') => t().app.inject({ url, headers: bearer(tokens[who] ?? '') });
  const del = (url: string, who = 'admin') =>
    t().app.inject({ method: 'DELETE', url, headers: bearer(tokens[who] ?? '') });

  it('lists the DUDI of the school with their number of PKL activities, searched and sorted in SQL', async () => {
    const expected = await t().db.query<{ dudi_id: string; nama: string; n: number }>(
      `select d.dudi_id, d.nama, (select count(*)::int from akt_pd a join mou m on m.mou_id = a.mou_id
         where m.dudi_id = d.dudi_id) as n from dudi d order by d.nama, d.dudi_id`,
    );
    expect(expected.length).toBeGreaterThan(0);
    const res = await get('/api/dudi?sort_by=nama');
    expect(res.statusCode, res.body).toBe(200);
    const page = json<{ data: { dudi_id: string; nama: string; jml_aktifitas: number }[]; total: number }>(
      res,
    );
    expect(page.total).toBe(expected.length);
    expect(page.data.map((d) => [d.dudi_id, d.jml_aktifitas])).toEqual(
      expected.slice(0, 10).map((d) => [d.dudi_id, d.n]),
    );
    const byCount = json<{ data: { jml_aktifitas: number }[] }>(
      await get('/api/dudi?sort_by=jml_aktifitas&sort_dir=desc'),
    );
    expect(byCount.data[0]?.jml_aktifitas).toBe(Math.max(...expected.map((d) => d.n)));
    const first = expected[0];
    const found = json<{ data: { nama: string }[] }>(
      await get(`/api/dudi?q=${encodeURIComponent(first?.nama ?? '')}`),
    );
    expect(found.data.map((d) => d.nama)).toContain(first?.nama);
    expect(json<{ total: number }>(await get('/api/dudi?q=tidak-ada-dudi-seperti-ini')).total).toBe(0);
    expect((await get('/api/dudi?sort_by=npwp')).statusCode).toBe(400);
  });

  it("shows a DUDI's MoUs, PKL activities with supervisors and members, and removes a member", async () => {
    const [akt] = await t().db.query<{ akt_pd_id: string; dudi_id: string; n: number }>(
      `select a.akt_pd_id, m.dudi_id, (select count(*)::int from anggota_akt_pd x where x.akt_pd_id = a.akt_pd_id) as n
         from akt_pd a join mou m on m.mou_id = a.mou_id
         where exists (select 1 from bimbing_pd b where b.akt_pd_id = a.akt_pd_id)
         order by n desc limit 1`,
    );
    if (!akt) throw new Error('demo has no PKL activity');
    const detail = json<{
      nama: string;
      mou: { nomor_mou: string | null }[];
      akt_pd: { akt_pd_id: string; pembimbing: string[]; jml_pd: number }[];
    }>(await get(`/api/dudi/${akt.dudi_id}`));
    const mouCount = await t().db.query<{ n: number }>(
      'select count(*)::int as n from mou where dudi_id = $1',
      [akt.dudi_id],
    );
    expect(detail.mou.length).toBe(mouCount[0]?.n);
    expect(detail.mou[0]?.nomor_mou).toBeTruthy();
    const a = detail.akt_pd.find((x) => x.akt_pd_id === akt.akt_pd_id);
    expect(a?.jml_pd).toBe(akt.n);
    expect(a?.pembimbing.length).toBeGreaterThan(0);

    const members = json<{
      akt_pd: { dudi: string };
      data: { anggota_akt_pd_id: string; nama: string; kelas: string | null }[];
    }>(await get(`/api/dudi/akt-pd/${akt.akt_pd_id}/anggota`));
    expect(members.akt_pd.dudi).toBe(detail.nama);
    expect(members.data.length).toBe(akt.n);
    expect(members.data.every((m) => m.kelas)).toBe(true);
    const names = members.data.map((m) => m.nama);
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));

    const victim = members.data[0]?.anggota_akt_pd_id ?? '';
    // Others may not remove anyone.
    for (const who of ['guru', 'wali', 'pkl', 'siswa']) {
      expect((await del(`/api/dudi/anggota-akt-pd/${victim}`, who)).statusCode).toBe(403);
    }
    const removed = await del(`/api/dudi/anggota-akt-pd/${victim}`);
    expect(json(removed)).toEqual({ message: 'Data Peserta Prakerin berhasil dihapus' });
    expect(
      json<{ data: unknown[] }>(await get(`/api/dudi/akt-pd/${akt.akt_pd_id}/anggota`)).data.length,
    ).toBe(akt.n - 1);
    expect((await del(`/api/dudi/anggota-akt-pd/${victim}`)).statusCode).toBe(404);
    expect((await get('/api/dudi/00000000-0000-4000-8000-999999999999')).statusCode).toBe(404);
    expect((await get('/api/dudi/bukan-uuid')).statusCode).toBe(400);
  });

  it('refuses every DUDI endpoint to every role but the administrator', async () => {
    const [row] = await t().db.query<{ dudi_id: string; akt_pd_id: string; anggota: string }>(
      `select m.dudi_id, a.akt_pd_id, x.anggota_akt_pd_id as anggota from anggota_akt_pd x
         join akt_pd a on a.akt_pd_id = x.akt_pd_id join mou m on m.mou_id = a.mou_id limit 1`,
    );
    const urls = ['/api/dudi', `/api/dudi/${row?.dudi_id}`, `/api/dudi/akt-pd/${row?.akt_pd_id}/anggota`];
    for (const url of urls) {
      for (const who of ['guru', 'wali', 'waka', 'kaprog', 'ekskul', 'pkl', 'siswa']) {
        expect((await get(url, who)).statusCode, `${who} ${url}`).toBe(403);
      }
      expect((await t().app.inject({ url })).statusCode).toBe(401);
      expect((await get(url)).statusCode).toBe(200);
    }
    for (const who of ['guru', 'waka', 'kaprog', 'ekskul', 'siswa']) {
      expect((await del(`/api/dudi/anggota-akt-pd/${row?.anggota}`, who)).statusCode).toBe(403);
    }
    const still = await t().db.query('select 1 from anggota_akt_pd where anggota_akt_pd_id = $1', [
      row?.anggota,
    ]);
    expect(still.length).toBe(1);
  });
});

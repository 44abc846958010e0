import type { ListResponse } from '@erapor/contract/list';
import type { EkskulRow } from '@erapor/contract/referensi/ekskul';
import { beforeAll, expect, it } from 'vitest';
import { type SeededDemo, seedDemo } from '../../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../../test/engines';

describeEngines('referensi ekstrakurikuler', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    demo = await seedDemo(t().db.db);
    for (const key of ['admin', 'wali', 'guru', 'siswa', 'waka', 'ekskul'] as const) {
      tokens[key] = (await loginAs(t().app, demo.accounts[key].email, demo.semesterId)).accessToken;
    }
  });
  const get = async (url: string, who: string) => {
    const res = await t().app.inject({ url, headers: bearer(tokens[who] ?? '') });
    return { status: res.statusCode, body: json<ListResponse<EkskulRow>>(res) };
  };

  it('lists the extracurriculars with pembina and member count', async () => {
    const res = await get('/api/referensi/ekstrakurikuler?per_page=25', 'admin');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(demo.school.ekstrakurikuler.length);
    const own = demo.school.ekstrakurikuler.find((e) => e.ID_kelas_ekskul === demo.school.relations.ekskulId);
    const row = res.body.data.find((r) => r.ekstrakurikuler_id === own?.ID_kelas_ekskul);
    const members = demo.school.rombongan_belajar.find(
      (r) => r.rombongan_belajar_id === own?.rombongan_belajar_id,
    )?.anggota_rombel.length;
    expect(row).toMatchObject({ nama_ekskul: own?.nm_ekskul, jumlah_anggota: members });
    expect(row?.pembina).toContain('Rudi Hartono');
    const search = await get(`/api/referensi/ekstrakurikuler?q=${encodeURIComponent('rudi')}`, 'admin');
    expect(search.body.data.map((r) => r.ekstrakurikuler_id)).toEqual([own?.ID_kelas_ekskul]);
    const byCount = await get('/api/referensi/ekstrakurikuler?sort_by=jumlah_anggota&sort_dir=desc', 'admin');
    const counts = byCount.body.data.map((r) => r.jumlah_anggota);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect((await get('/api/referensi/ekstrakurikuler?sort_by=guru_id', 'admin')).status).toBe(400);
  });

  it('is for the administrator only', async () => {
    for (const who of ['wali', 'guru', 'siswa', 'waka', 'ekskul']) {
      expect((await get('/api/referensi/ekstrakurikuler', who)).status).toBe(403);
    }
  });
});

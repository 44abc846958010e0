import type { ListResponse } from '@erapor/contract/list';
import type { MapelRow } from '@erapor/contract/referensi/mapel';
import { beforeAll, expect, it } from 'vitest';
import { type SeededDemo, seedDemo } from '../../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../../test/engines';

describeEngines('referensi mata pelajaran', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    demo = await seedDemo(t().db.db);
    for (const key of ['admin', 'wali', 'guru', 'siswa', 'waka'] as const) {
      tokens[key] = (await loginAs(t().app, demo.accounts[key].email, demo.semesterId)).accessToken;
    }
  });
  const get = async (url: string, who: string) => {
    const res = await t().app.inject({ url, headers: bearer(tokens[who] ?? '') });
    return { status: res.statusCode, body: json<ListResponse<MapelRow>>(res) };
  };

  it('lists each subject the school teaches once, with its number of classes', async () => {
    const live = demo.school.rombongan_belajar.filter((r) => !(r.soft_delete ?? r.Soft_delete));
    const perMapel = new Map<number, Set<string>>();
    for (const r of live) {
      for (const p of r.pembelajaran) {
        const set = perMapel.get(p.mata_pelajaran_id) ?? new Set();
        set.add(r.rombongan_belajar_id);
        perMapel.set(p.mata_pelajaran_id, set);
      }
    }
    const res = await get('/api/referensi/mata-pelajaran?per_page=100&sort_by=mata_pelajaran_id', 'admin');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(perMapel.size);
    const first = res.body.data[0];
    expect(first?.mata_pelajaran_id).toBe(Math.min(...perMapel.keys()));
    expect(first?.jumlah_rombel).toBe(perMapel.get(first?.mata_pelajaran_id ?? 0)?.size);

    const byId = await get(`/api/referensi/mata-pelajaran?q=${first?.mata_pelajaran_id}`, 'admin');
    expect(byId.body.data.map((r) => r.mata_pelajaran_id)).toContain(first?.mata_pelajaran_id);
    const byName = await get('/api/referensi/mata-pelajaran?q=matematika', 'admin');
    expect(byName.body.total).toBeGreaterThan(0);
    expect(byName.body.data.every((r) => /matematika/i.test(r.nama))).toBe(true);
    const most = await get('/api/referensi/mata-pelajaran?sort_by=jumlah_rombel&sort_dir=desc', 'admin');
    expect(most.body.data[0]?.jumlah_rombel).toBe(Math.max(...[...perMapel.values()].map((s) => s.size)));
    expect((await get('/api/referensi/mata-pelajaran?sort_by=kkm', 'admin')).status).toBe(400);
  });

  it('is for the administrator only', async () => {
    for (const who of ['wali', 'guru', 'siswa', 'waka']) {
      expect((await get('/api/referensi/mata-pelajaran', who)).status).toBe(403);
    }
    expect((await t().app.inject({ url: '/api/referensi/mata-pelajaran' })).statusCode).toBe(401);
  });
});

import type { AbsensiResponse } from '@erapor/contract/wali-kelas/absensi';
import type { PklWaliResponse } from '@erapor/contract/wali-kelas/ekskul';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { nilaiPkl, pdPkl } from '../../db/tables/pkl';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json } from '../../test/engines';
import { demoTokens, otherWali } from '../penilaian/beranda/test-accounts';
import { pklPlanFixture } from './test-plan';

const URL = '/api/wali-kelas/praktik-kerja-lapangan';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TP = [id(0xb11), id(0xb12), id(0xb13), id(0xb14)] as const;

// The homeroom's PKL view (issue #12 item 6) and the PKL absences beside Ketidakhadiran (issue #11
// item 3): the class's wali reads them; another wali, guru, siswa, Waka, admin: 403.
describeEngines('PKL: the wali kelas reads the class PKL', {}, (t) => {
  let demo: SeededDemo;
  let tokens: Record<string, string> = {};
  let fx: Awaited<ReturnType<typeof pklPlanFixture>>;
  let peserta: string[] = [];

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    tokens = { ...(await demoTokens(t().app, demo, ['admin', 'guru', 'wali', 'siswa', 'pkl', 'waka'])) };
    // 1 Jul – 31 Dec 2025: 184 days, Lamanya 6 bulan.
    fx = await pklPlanFixture(t().app, db, demo, { tpIds: TP, waliEmail: 'wali-pkl-view@test.sch.id' });
    tokens.classWali = fx.waliToken;
    tokens.otherWali = (
      await otherWali(t().app, db, demo, 'wali-pkl-view2@test.sch.id', [fx.rombel.ptk_id])
    ).token;
    peserta = fx.plan.peserta.map((p) => p.peserta_didik_id).sort();
    const [a, b] = peserta as [string, string];
    // Hand-computed: a = 80, 85, 0, 90 → round(255 / 3) = 85; b = 80, 85 → 82.5 → 83.
    const score = (pd: string, tp: string, nilai: number, deskripsi: string | null) => ({
      sekolahId: demo.sekolahId,
      pesertaDidikId: pd,
      pklId: fx.plan.pkl_id,
      tpId: tp,
      nilai,
      deskripsi,
    });
    await db
      .insert(nilaiPkl)
      .values([
        score(a, TP[0], 80, 'Teliti'),
        score(a, TP[1], 85, 'Teliti'),
        score(a, TP[2], 0, null),
        score(a, TP[3], 90, 'Disiplin'),
        score(b, TP[0], 80, null),
        score(b, TP[1], 85, null),
      ]);
    await db.update(pdPkl).set({ catatan: 'Rajin dan sopan' }).where(eq(pdPkl.pesertaDidikId, a));
    const res = await t().app.inject({
      method: 'PUT',
      url: '/api/pkl/kehadiran',
      headers: bearer(fx.pklToken),
      payload: {
        pkl_id: fx.plan.pkl_id,
        rows: [
          { peserta_didik_id: a, sakit: 2, izin: 1, alpa: 3, sebelumnya: { sakit: 0, izin: 0, alpa: 0 } },
        ],
      },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  });

  const get = async <T>(url: string, who: string) => {
    const res = await t().app.inject({ method: 'GET', url, headers: bearer(tokens[who] ?? '') });
    return { status: res.statusCode, body: json<T>(res) };
  };

  it("gives the class's wali each pupil's placement, scores, catatan, S/I/A and the PKL nilai akhir", async () => {
    const res = await get<PklWaliResponse>(URL, 'classWali');
    expect(res.status).toBe(200);
    expect(res.body.rombel.rombongan_belajar_id).toBe(fx.rombel.rombongan_belajar_id);
    const data = res.body.data ?? [];
    expect(data.map((p) => p.anggota_rombel_id).sort()).toEqual(
      fx.rombel.anggota_rombel.map((a) => a.anggota_rombel_id).sort(),
    );
    const [a, b] = peserta;
    const pa = data.find((p) => p.peserta_didik_id === a);
    expect(pa?.nilai_akhir).toEqual({ nilai: 85, deskripsi: 'Teliti, Disiplin' });
    expect(pa?.penempatan).toHaveLength(1);
    expect(pa?.penempatan[0]).toMatchObject({
      pkl_id: fx.plan.pkl_id,
      nama_dudi: fx.dudi.nama,
      judul_akt_pd: fx.plan.judul_akt_pd,
      tanggal_mulai: '2025-07-01',
      tanggal_selesai: '2025-12-31',
      instruktur: 'Budi Instruktur',
      nip_instruktur: '198001012010011001',
      pembimbing: fx.plan.nama_pembimbing,
      catatan: 'Rajin dan sopan',
      sakit: 2,
      izin: 1,
      alpa: 3,
    });
    expect(pa?.penempatan[0]?.nilai.map((n) => [n.tp, n.nilai, n.deskripsi])).toEqual([
      ['TP PKL 1', 80, 'Teliti'],
      ['TP PKL 2', 85, 'Teliti'],
      ['TP PKL 3', 0, null],
      ['TP PKL 4', 90, 'Disiplin'],
    ]);
    const pb = data.find((p) => p.peserta_didik_id === b);
    expect(pb?.nilai_akhir).toEqual({ nilai: 83, deskripsi: null });
    expect(pb?.penempatan[0]?.nilai.map((n) => n.nilai)).toEqual([80, 85, null, null]);
    // A pupil of the class outside the PKS: listed, without placement or grade.
    const outside = data.filter((p) => !peserta.includes(p.peserta_didik_id));
    for (const p of outside) expect(p).toMatchObject({ penempatan: [], nilai_akhir: null });
  });

  it('puts the PKL absences beside Ketidakhadiran (the class absences untouched)', async () => {
    const res = await get<AbsensiResponse>('/api/wali-kelas/ketidakhadiran', 'classWali');
    expect(res.status).toBe(200);
    const anggotaA = fx.rombel.anggota_rombel.find(
      (r) => r.peserta_didik_id === peserta[0],
    )?.anggota_rombel_id;
    expect(res.body.pkl).toEqual([{ anggota_rombel_id: anggotaA, sakit: 2, izin: 1, alpa: 3 }]);
    expect(res.body.data.every((r) => r.sakit === 0 && r.izin === 0 && r.alpa === 0)).toBe(true);
  });

  it('says no data for a class without a plan; another wali, guru, siswa, pembimbing, Waka, admin: 403', async () => {
    const own = await get<PklWaliResponse>(URL, 'otherWali');
    expect(own.status).toBe(200);
    expect(own.body.data).toBeNull();
    expect((await get<AbsensiResponse>('/api/wali-kelas/ketidakhadiran', 'otherWali')).body.pkl).toBeNull();
    const q = `?rombongan_belajar_id=${fx.rombel.rombongan_belajar_id}`;
    for (const who of ['otherWali', 'guru', 'siswa', 'pkl', 'waka', 'admin'])
      expect((await get(`${URL}${q}`, who)).status, who).toBe(403);
  });
});

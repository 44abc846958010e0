import type { LingkupMateriGrid, NilaiAkhirGrid } from '@erapor/contract/penilaian/asesmen';
import type { BerandaGuruResponse, BerandaWaliResponse } from '@erapor/contract/penilaian/beranda';
import type { RoleName } from '@erapor/contract/roles';
import { beforeAll, expect, it } from 'vitest';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { describeEngines, loginAs } from '../../test/engines';
import { berandaGuru } from '../penilaian/beranda/service';

/*
 * Decision 022 from a fresh install: the living demo school (profile 'tiny', living on) seen through
 * the API the way the teachers see it.
 */
describeEngines('living demo school', { config: { seedDemo: false } }, (t) => {
  let demo: SeededDemo;
  beforeAll(async () => {
    demo = await seedDemo(t().db.db, { profile: 'tiny', living: true });
  });

  async function get<T>(token: string, url: string): Promise<T> {
    const res = await t().app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as T;
  }
  const tokenOf = async (key: 'guru' | 'wali' | 'admin', semesterId = demo.semesterId) =>
    (await loginAs(t().app, demo.accounts[key].email, semesterId)).accessToken;

  it('guru@ lands on subjects with TPs and scores to continue, and Nilai Akhir suggests grades', async () => {
    const token = await tokenOf('guru');
    const beranda = await get<BerandaGuruResponse>(token, '/api/beranda/guru');
    const partial = beranda.data.find((r) => r.pd_dinilai > 0 && r.pd_dinilai < r.pd);
    expect(partial, 'a partly graded subject').toBeDefined();
    const id = partial?.pembelajaran_id ?? '';

    const lm = await get<LingkupMateriGrid>(token, `/api/penilaian/pembelajaran/${id}/lingkup-materi`);
    expect(lm.tp.length).toBeGreaterThan(0);
    const filled = lm.siswa.map((s) => Object.keys(s.nilai).length);
    expect(filled.some((n) => n === lm.tp.length)).toBe(true);
    expect(filled.some((n) => n < lm.tp.length)).toBe(true); // some pupils still to score

    const na = await get<NilaiAkhirGrid>(token, `/api/penilaian/pembelajaran/${id}/nilai-akhir`);
    const saved = na.siswa.filter((s) => s.nilai_akhir !== null);
    expect(saved.length).toBe(partial?.pd_dinilai);
    // The stored grades are the app's own suggestion, and some suggestions wait to be saved.
    for (const s of saved) expect(s.nilai_akhir).toBe(s.nilai_asesmen);
    expect(na.siswa.some((s) => s.nilai_akhir === null && s.nilai_asesmen !== null)).toBe(true);
    expect(na.siswa.some((s) => s.nilai_asesmen === null && s.kurang === 'sas')).toBe(true);
  });

  it('the school has complete, partly graded and not started subjects; wali@ sees their class complete', async () => {
    const rows: BerandaGuruResponse['data'] = [];
    for (const ptk of demo.school.ptk) {
      const actor = {
        userId: ptk.ptk_id,
        sekolahId: demo.sekolahId,
        semesterId: demo.semesterId,
        roles: ['guru'] as RoleName[],
        guruId: ptk.ptk_id,
        pesertaDidikId: null,
        familyId: ptk.ptk_id,
        mustChangePassword: false,
      };
      rows.push(...(await berandaGuru(t().db.db, actor)).data);
    }
    const graded = rows.filter((r) => r.pd > 0);
    const complete = graded.filter((r) => r.pd_dinilai === r.pd).length;
    const partly = graded.filter((r) => r.pd_dinilai > 0 && r.pd_dinilai < r.pd).length;
    const none = graded.filter((r) => r.pd_dinilai === 0).length;
    expect(complete).toBeGreaterThan(partly);
    expect(partly).toBeGreaterThan(0);
    expect(none).toBeGreaterThan(0);

    const wali = await get<BerandaWaliResponse>(await tokenOf('wali'), '/api/beranda/wali');
    const kelas = wali.kelas.find((k) => k.rombongan_belajar_id === demo.school.relations.waliRombelId);
    expect(kelas?.pembelajaran.length).toBeGreaterThan(0);
    for (const p of kelas?.pembelajaran ?? []) {
      expect(p.pd, p.nama_mata_pelajaran).toBeGreaterThan(0);
      expect(p.pd_dinilai, p.nama_mata_pelajaran).toBe(p.pd);
    }
  });

  it('the head teacher and the report date are set', async () => {
    const page = await get<{
      kepala_sekolah: string | null;
      tanggal_rapor: string | null;
      zona: string | null;
    }>(await tokenOf('admin'), '/api/setting');
    expect(page.kepala_sekolah).toBe(demo.school.sekolah.kepala_sekolah_ptk_id);
    // Kota Bekasi: WIB, so the administrator can save Pengaturan Umum as it stands.
    expect(page.zona).toBe('Asia/Jakarta');
    expect(page.tanggal_rapor).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const kepala = demo.school.ptk.find((p) => p.ptk_id === page.kepala_sekolah);
    expect(kepala?.nip).toMatch(/^\d{18}$/);
  });

  it('logged in to the semester before, the same pupils are one class lower with their final grades', async () => {
    expect(demo.historySemesterIds).toHaveLength(3);
    const before = demo.historySemesterIds[2] ?? '';
    const token = await tokenOf('guru', before);
    const beranda = await get<BerandaGuruResponse>(token, '/api/beranda/guru');
    const row = beranda.data.find((r) => r.rombel === 'X TJKT 1' && r.mata_pelajaran_id === 401000000);
    expect(row, 'guru@ taught Matematika in X TJKT 1').toBeDefined();
    expect(row?.pd_dinilai).toBe(row?.pd);

    const na = await get<NilaiAkhirGrid>(
      token,
      `/api/penilaian/pembelajaran/${row?.pembelajaran_id}/nilai-akhir`,
    );
    const today = demo.school.rombongan_belajar.find((r) => r.nama === 'XI TJKT 1');
    const names = new Map(demo.school.peserta_didik.map((p) => [p.peserta_didik_id, p.nama]));
    const expected = (today?.anggota_rombel ?? []).map((a) => names.get(a.peserta_didik_id)).sort();
    expect(na.siswa.map((s) => s.nama).sort()).toEqual(expected);
    expect(na.siswa.every((s) => s.nilai_akhir !== null)).toBe(true);

    // wali@'s class of that semester is complete too.
    const wali = await get<BerandaWaliResponse>(await tokenOf('wali', before), '/api/beranda/wali');
    const kelas = wali.kelas.find((k) => k.nama === 'X TJKT 1');
    for (const p of kelas?.pembelajaran ?? []) expect(p.pd_dinilai, p.nama_mata_pelajaran).toBe(p.pd);
  });

  it('a second seed changes nothing', async () => {
    const counts = async () =>
      t().db.query<{ n: string }>(
        `select (select count(*) from nilai_akhir) || '/' || (select count(*) from nilai_tp) || '/' ||
          (select count(*) from tujuan_pembelajaran) || '/' || (select count(*) from nilai_sikap) || '/' ||
          (select count(*) from anggota_rombel) as n`,
      );
    const before = await counts();
    await seedDemo(t().db.db, { profile: 'tiny', living: true });
    expect(await counts()).toEqual(before);
  });
});

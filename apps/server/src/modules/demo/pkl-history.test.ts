import type { KehadiranPklResponse } from '@erapor/contract/pkl/kehadiran';
import type { NilaiPklGrid } from '@erapor/contract/pkl/penilaian';
import type { RencanaPklList } from '@erapor/contract/pkl/perencanaan';
import { lamanyaBulan } from '@erapor/contract/pkl/rules';
import { beforeAll, expect, it } from 'vitest';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';
import { raporKelas } from '../cetak/rapor/data';

/*
 * Issue #27 item 2 from a fresh install: the living demo (profile 'tiny') shows pkl@ plans, scores and
 * attendance; a grade-12 pupil's report card carries the PKL section; a card of the semester before
 * (2025/2026 Genap while 2026/2027 Ganjil is active) has absences, the homeroom note and kokurikuler.
 */
describeEngines('living demo: PKL and past cards', { config: { seedDemo: false } }, (t) => {
  let demo: SeededDemo;
  let token: string;
  beforeAll(async () => {
    demo = await seedDemo(t().db.db, { profile: 'tiny', living: true });
    token = (await loginAs(t().app, demo.accounts.pkl.email, demo.semesterId)).accessToken;
  });

  async function get<T>(url: string): Promise<T> {
    const res = await t().app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return json<T>(res);
  }

  type Kelas = {
    rombongan_belajar_id: string;
    nama: string;
    tingkat: number;
    jenis_rombel: number;
    semester_id: string;
    guru_id: string | null;
  };
  const kelas = async (where: string, params: unknown[]) =>
    (
      await t().db.query<Kelas>(
        `select rombongan_belajar_id, nama, tingkat, jenis_rombel, semester_id, guru_id
         from rombongan_belajar where sekolah_id = $1 and ${where}`,
        [demo.sekolahId, ...params],
      )
    )[0];
  const rapor = (k: Kelas | undefined) =>
    raporKelas(t().db.db, {
      rombonganBelajarId: k?.rombongan_belajar_id ?? '',
      nama: k?.nama ?? '',
      tingkat: k?.tingkat ?? 0,
      jenisRombel: k?.jenis_rombel ?? 1,
      semesterId: k?.semester_id ?? '',
      guruId: k?.guru_id ?? null,
      sekolahId: demo.sekolahId,
    });

  it('pkl@ sees their plan with scores to continue, notes and attendance', async () => {
    const list = await get<RencanaPklList>('/api/pkl/rencana');
    expect(list.data.length).toBe(demo.school.relations.pklAktPdIds.length);
    const id = list.data[0]?.pkl_id ?? '';

    const nilai = await get<NilaiPklGrid>(`/api/pkl/rencana/${id}/nilai`);
    expect(nilai.tp).toHaveLength(3);
    expect(nilai.can_edit).toBe(true);
    const scored = nilai.siswa.filter((s) => Object.keys(s.nilai).length === nilai.tp.length);
    // Partly scored: some pupils have every TP scored, the others none yet.
    expect(scored.length).toBeGreaterThan(0);
    expect(scored.length).toBeLessThan(nilai.siswa.length);
    expect(nilai.siswa.some((s) => s.catatan !== null)).toBe(true);

    const hadir = await get<KehadiranPklResponse>(`/api/pkl/kehadiran?pkl_id=${id}`);
    expect(hadir.bisa_ubah).toBe(true);
    expect(hadir.data).toHaveLength(nilai.siswa.length);
    expect(hadir.data.every((r) => r.updated_at !== null)).toBe(true);
    expect(hadir.data.some((r) => r.sakit + r.izin + r.alpa > 0)).toBe(true);
  });

  it("a grade-12 pupil's report card has the PKL section, and the scored pupils a PKL grade", async () => {
    const pembelajaranId = demo.school.relations.pklPembelajaranId;
    const k = await kelas(
      `rombongan_belajar_id = (select rombongan_belajar_id from pembelajaran where pembelajaran_id = $2)`,
      [pembelajaranId],
    );
    expect(k?.tingkat).toBe(12);
    const card = await rapor(k);
    expect(card.siswa.length).toBeGreaterThan(0);
    const [plan] = await t().db.query<{ mulai: string; selesai: string }>(
      `select tanggal_mulai::text as mulai, tanggal_selesai::text as selesai
       from praktik_kerja_lapangan where rombongan_belajar_id = $1`,
      [k?.rombongan_belajar_id],
    );
    const dudi = new Set(demo.school.dudi.map((d) => d.nama));
    for (const s of card.siswa) {
      expect(s.pkl, s.nama).toHaveLength(1);
      expect(dudi.has(s.pkl[0]?.mitra ?? '')).toBe(true);
      expect(s.pkl[0]?.lamanya).toBe(lamanyaBulan(plan?.mulai ?? '', plan?.selesai ?? ''));
      expect(s.pkl[0]?.lamanya).toBe(4); // 3 Aug – 28 Nov: 3 months and 26 days
    }
    const graded = await t().db.query<{ n: number }>(
      'select count(*)::int as n from nilai_akhir where pembelajaran_id = $1',
      [pembelajaranId],
    );
    expect(graded[0]?.n).toBeGreaterThan(0);
    expect(graded[0]?.n).toBeLessThan(card.siswa.length);
  });

  it('the card of the semester before has absences, the homeroom note and kokurikuler', async () => {
    const before = demo.historySemesterIds.at(-1) ?? '';
    // 20252 (2025/2026 Genap) while 20261 is active; kokurikuler is printed from 20251.
    expect(before >= '20252').toBe(true);
    const k = await kelas('semester_id = $2 and guru_id = $3 and jenis_rombel = 1', [
      before,
      demo.accounts.wali.guruId,
    ]);
    const card = await rapor(k);
    expect(card.siswa.length).toBeGreaterThan(0);
    for (const s of card.siswa) {
      expect(s.absensi, s.nama).not.toBeNull();
      expect(s.catatanWali?.length, s.nama).toBeGreaterThan(20);
      expect(s.kokurikuler?.length, s.nama).toBeGreaterThan(20);
    }
  });

  it('a second seed changes nothing in the PKL tables', async () => {
    const counts = async () =>
      t().db.query<{ n: string }>(
        `select (select count(*) from praktik_kerja_lapangan) || '/' || (select count(*) from nilai_pkl) || '/' ||
          (select count(*) from absensi_pkl) || '/' || (select count(*) from pd_pkl) || '/' ||
          (select count(*) from absensi) || '/' || (select count(*) from catatan_wali) as n`,
      );
    const first = await counts();
    await seedDemo(t().db.db, { profile: 'tiny', living: true });
    expect(await counts()).toEqual(first);
  });
});

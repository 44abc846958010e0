import { MESSAGES } from '@erapor/contract/errors';
import type { BerandaDetailResponse } from '@erapor/contract/penilaian/beranda';
import { KOMPETENSI } from '@erapor/contract/penilaian/rules';
import {
  type NilaiPklGrid,
  PKL_NILAI_MESSAGES,
  type PklGenerated,
  type RencanaNilaiList,
} from '@erapor/contract/pkl/penilaian';
import { PKL_MESSAGES, type RencanaPklSaved } from '@erapor/contract/pkl/perencanaan';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { tpMapel, tujuanPembelajaran } from '../../db/tables/kurikulum';
import { deskripsiMataPelajaran, nilaiAkhir } from '../../db/tables/penilaian';
import { nilaiPkl, pdPkl, praktikKerjaLapangan } from '../../db/tables/pkl';
import { aktPd, anggotaRombel, bimbingPd, dudi, guru, mou, pembelajaran } from '../../db/tables/referensi';
import { riwayatNilai } from '../../db/tables/riwayat-nilai';
import { anotherSchoolRombel, type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json } from '../../test/engines';
import { withKelasLocked, withPenilaianClosed } from '../../test/gate';
import { demoTokens, staffToken } from '../penilaian/beranda/test-accounts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
// Fixtures: four TPs mapped to the class's PKL subject, one mapped elsewhere; another school's plan.
const TP = [id(0xa41), id(0xa42), id(0xa43), id(0xa44)] as const;
const TP_OTHER = id(0xa45);
const SCHOOL_2 = id(0xa51);
const PLAN_2 = id(0xa57);

type Body = { message: string; details?: Record<string, string> };
type Row = {
  peserta_didik_id: string;
  tp_id: string | null;
  nilai: number | string | null;
  deskripsi: string | null;
  sebelumnya: { nilai: number | null; deskripsi: string | null } | null;
};

describeEngines('PKL: Input Penilaian and the PKL nilai akhir', {}, (t) => {
  let demo: SeededDemo;
  let tokens: Record<string, string> = {};
  let kelas = '';
  let pklPembelajaran = '';
  let peserta: string[] = [];
  let outsider = '';
  let pklId = '';
  let planBody: Record<string, unknown> = {};
  let aktPdId = '';
  let otherGuru = '';

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    tokens = {
      ...(await demoTokens(t().app, demo, ['admin', 'guru', 'wali', 'siswa', 'ekskul', 'pkl', 'waka'])),
    };
    const s = demo.school;
    pklPembelajaran = s.relations.pklPembelajaranId;
    const rombel = s.rombongan_belajar.find((r) =>
      r.pembelajaran.some((p) => p.pembelajaran_id === pklPembelajaran),
    );
    const aktId = s.relations.pklAktPdIds[0];
    const found = s.dudi
      .flatMap((d) => d.mou.flatMap((m) => m.akt_pd.map((a) => ({ d, a }))))
      .find((x) => x.a.id_akt_pd === aktId);
    if (!rombel || !found) throw new Error('demo PKL fixtures missing');
    kelas = rombel.rombongan_belajar_id;
    const pklGuru = demo.accounts.pkl.guruId ?? '';
    const coGuru = found.a.bimbing_pd.find((b) => b.ptk_id !== pklGuru)?.ptk_id ?? '';
    // The co-supervisor teaches the class's PKL too (guru pengajar).
    await db
      .update(pembelajaran)
      .set({ guruPengajarId: coGuru })
      .where(eq(pembelajaran.pembelajaranId, pklPembelajaran));
    const otherPembelajaran = rombel.pembelajaran.find((p) => p.pembelajaran_id !== pklPembelajaran);
    await db.insert(tujuanPembelajaran).values(
      [...TP, TP_OTHER].map((tpId, i) => ({
        tpId,
        sekolahId: demo.sekolahId,
        cpId: 1,
        deskripsi: `Kompetensi PKL uji ${i + 1}`,
        createdAt: new Date(Date.UTC(2030, 0, 1, 0, 0, i)),
      })),
    );
    await db.insert(tpMapel).values([
      ...TP.map((tpId) => ({ sekolahId: demo.sekolahId, tpId, pembelajaranId: pklPembelajaran })),
      {
        sekolahId: demo.sekolahId,
        tpId: TP_OTHER,
        pembelajaranId: otherPembelajaran?.pembelajaran_id ?? '',
      },
    ]);
    tokens.co = await staffToken(t().app, db, demo, {
      guruId: coGuru,
      email: 'pkl-co-nilai@test.sch.id',
      roles: ['guru', 'pembimbing'],
    });
    tokens.classWali = await staffToken(t().app, db, demo, {
      guruId: rombel.ptk_id,
      email: 'wali-pkl-nilai@test.sch.id',
      roles: ['guru', 'wali'],
    });
    // Another Pembimbing PKL: neither owns the plan nor co-supervises it (no bimbing_pd of its PKS,
    // does not teach the class's PKL).
    aktPdId = found.a.id_akt_pd;
    const supervisors = found.a.bimbing_pd.map((b) => b.ptk_id);
    otherGuru =
      s.ptk.find((p) => ![pklGuru, coGuru, rombel.ptk_id, ...supervisors].includes(p.ptk_id))?.ptk_id ?? '';
    if (!otherGuru) throw new Error('no other teacher in the demo');
    tokens.otherPembimbing = await staffToken(t().app, db, demo, {
      guruId: otherGuru,
      email: 'pkl-lain-nilai@test.sch.id',
      roles: ['guru', 'pembimbing'],
    });
    // pkl@ in a semester before 2023/2024.
    tokens.pastPkl = await staffToken(
      t().app,
      db,
      { ...demo, semesterId: '20222' },
      { guruId: pklGuru, email: 'pkl-lalu-nilai@test.sch.id', roles: ['guru', 'pembimbing'] },
    );

    // pkl@ owns no plan in the demo: create one through the Perencanaan API.
    planBody = {
      rombongan_belajar_id: kelas,
      dudi_id: found.d.dudi_id,
      akt_pd_id: found.a.id_akt_pd,
      tanggal_mulai: '2025-07-14',
      tanggal_selesai: '2025-12-13',
      instruktur: 'Budi Santoso',
      nip: '',
      tp_ids: [...TP],
    };
    const created = await t().app.inject({
      method: 'POST',
      url: '/api/pkl/rencana',
      headers: bearer(tokens.pkl ?? ''),
      payload: planBody,
    });
    expect(created.statusCode, created.body).toBe(201);
    const plan = json<RencanaPklSaved>(created).data;
    pklId = plan.pkl_id;
    peserta = plan.peserta.map((p) => p.peserta_didik_id);
    outsider =
      rombel.anggota_rombel.map((a) => a.peserta_didik_id).find((pd) => !peserta.includes(pd)) ?? id(0xa99);
    expect(peserta.length).toBeGreaterThan(1);

    // Another school with a plan of its own.
    await anotherSchoolRombel(db, {
      sekolahId: SCHOOL_2,
      rombelId: id(0xa56),
      npsn: '69999941',
      semesterId: demo.semesterId,
      tingkat: 12,
    });
    await db.insert(dudi).values({ dudiId: id(0xa52), sekolahId: SCHOOL_2, nama: 'PT Lain' });
    await db.insert(mou).values({ mouId: id(0xa53), sekolahId: SCHOOL_2, dudiId: id(0xa52) });
    await db
      .insert(aktPd)
      .values({ aktPdId: id(0xa54), sekolahId: SCHOOL_2, mouId: id(0xa53), judulAktPd: 'PKL' });
    await db
      .insert(guru)
      .values({ guruId: id(0xa55), sekolahId: SCHOOL_2, nama: 'Guru Lain', jenisPtkId: 3 });
    await db.insert(praktikKerjaLapangan).values({
      pklId: PLAN_2,
      sekolahId: SCHOOL_2,
      semesterId: demo.semesterId,
      guruId: id(0xa55),
      rombonganBelajarId: id(0xa56),
      aktPdId: id(0xa54),
      tanggalMulai: '2025-07-14',
      tanggalSelesai: '2025-12-13',
      instruktur: 'Instruktur Lain',
    });
  });

  const call = async <T = Body>(method: 'GET' | 'PUT', url: string, who: string, payload?: object) => {
    const res = await t().app.inject({ method, url, payload, headers: bearer(tokens[who] ?? '') });
    return { status: res.statusCode, body: json<T>(res) };
  };
  const nilaiUrl = (plan = pklId) => `/api/pkl/rencana/${plan}/nilai`;
  const save = (who: string, rows: Row[], plan = pklId) => call('PUT', nilaiUrl(plan), who, { rows });
  const score = (pd: string, tp: string, nilai: Row['nilai'], deskripsi: string | null = null): Row => ({
    peserta_didik_id: pd,
    tp_id: tp,
    nilai,
    deskripsi,
    sebelumnya: null,
  });
  const stored = async () =>
    (
      await t()
        .db.db.select({
          pd: nilaiPkl.pesertaDidikId,
          tp: nilaiPkl.tpId,
          nilai: nilaiPkl.nilai,
          d: nilaiPkl.deskripsi,
        })
        .from(nilaiPkl)
        .where(eq(nilaiPkl.pklId, pklId))
    )
      .map((r) => `${r.pd}|${r.tp}|${r.nilai}|${r.d ?? ''}`)
      .sort();
  const finalOf = async (pd: string) => {
    const db = t().db.db;
    const [ar] = await db
      .select({ id: anggotaRombel.anggotaRombelId })
      .from(anggotaRombel)
      .where(and(eq(anggotaRombel.rombonganBelajarId, kelas), eq(anggotaRombel.pesertaDidikId, pd)));
    const grades = await db
      .select({ nilai: nilaiAkhir.nilai, k: nilaiAkhir.kompetensiId })
      .from(nilaiAkhir)
      .where(
        and(eq(nilaiAkhir.pembelajaranId, pklPembelajaran), eq(nilaiAkhir.anggotaRombelId, ar?.id ?? '')),
      );
    const [text] = await db
      .select({ d: deskripsiMataPelajaran.deskripsiPengetahuan })
      .from(deskripsiMataPelajaran)
      .where(
        and(
          eq(deskripsiMataPelajaran.pembelajaranId, pklPembelajaran),
          eq(deskripsiMataPelajaran.anggotaRombelId, ar?.id ?? ''),
        ),
      );
    return { grades, deskripsi: text?.d ?? null };
  };

  it('offers the plans the caller may score: owner and co-supervisor; others 403', async () => {
    for (const who of ['pkl', 'co']) {
      const res = await call<RencanaNilaiList>('GET', '/api/pkl/penilaian/rencana', who);
      expect(res.status, who).toBe(200);
      expect(
        res.body.data.map((r) => [r.pkl_id, r.rombongan_belajar_id, r.tingkat]),
        who,
      ).toEqual([[pklId, kelas, 12]]);
    }
    for (const who of ['classWali', 'wali', 'waka', 'admin', 'guru', 'ekskul', 'siswa'])
      expect((await call('GET', '/api/pkl/penilaian/rencana', who)).status, who).toBe(403);
    // Another pembimbing is offered none of pkl@'s plans.
    const other = await call<RencanaNilaiList>('GET', '/api/pkl/penilaian/rencana', 'otherPembimbing');
    expect(other.status).toBe(200);
    expect(other.body.data).toEqual([]);
  });

  it('shows the grid to owner and co-supervisor (editable), the class wali, Waka and admin (read-only)', async () => {
    const grid = await call<NilaiPklGrid>('GET', nilaiUrl(), 'pkl');
    expect(grid.status).toBe(200);
    expect(grid.body.can_edit).toBe(true);
    expect(grid.body.tp.map((x) => x.tp_id)).toEqual([...TP]);
    expect(grid.body.siswa.map((s) => s.peserta_didik_id).sort()).toEqual([...peserta].sort());
    expect((await call<NilaiPklGrid>('GET', nilaiUrl(), 'co')).body.can_edit).toBe(true);
    for (const who of ['classWali', 'waka', 'admin']) {
      const res = await call<NilaiPklGrid>('GET', nilaiUrl(), who);
      expect(res.status, who).toBe(200);
      expect(res.body.can_edit, who).toBe(false);
    }
    for (const who of ['wali', 'guru', 'ekskul', 'siswa'])
      expect((await call('GET', nilaiUrl(), who)).status, who).toBe(403);
    // Another pembimbing's plan: 403.
    const other = await call('GET', nilaiUrl(), 'otherPembimbing');
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(MESSAGES.forbidden);
    expect((await call('GET', nilaiUrl(PLAN_2), 'pkl')).status).toBe(404);
  });

  it('refuses bad cells with the Indonesian message per cell, writing nothing', async () => {
    const [a, b] = peserta as [string, string];
    const res = await save('pkl', [
      score(a, TP[0], 101),
      score(a, TP[1], 'abc'),
      score(a, TP[2], '85,5'),
      score(outsider, TP[0], 80),
      score(b, TP_OTHER, 80),
      score(b, TP[0], 80, 'x'.repeat(501)),
      score(b, TP[1], '', 'tanpa nilai'),
      { peserta_didik_id: b, tp_id: null, nilai: null, deskripsi: 'c'.repeat(1001), sebelumnya: null },
    ]);
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({
      'rows.0.nilai': 'Nilai tidak boleh di atas 100 (seratus)!',
      'rows.1.nilai': 'Nilai harus berupa angka!',
      'rows.2.nilai': 'Nilai harus berupa bilangan bulat (tanpa koma)!',
      'rows.3.peserta_didik_id': PKL_NILAI_MESSAGES.pdNotInPlan,
      'rows.4.tp_id': PKL_NILAI_MESSAGES.tpNotInPlan,
      'rows.5.deskripsi': 'Deskripsi maksimal 500 karakter!',
      'rows.6.nilai': PKL_NILAI_MESSAGES.deskripsiWithoutNilai,
      'rows.7.catatan': 'Catatan PKL maksimal 1000 karakter!',
    });
    expect(await stored()).toEqual([]);
  });

  /** The Riwayat entries of the PKL subject's nilai akhir and capaian, in order. */
  const derivedHistory = async () =>
    (
      await t()
        .db.db.select({
          jenis: riwayatNilai.jenis,
          lama: riwayatNilai.nilaiLama,
          baru: riwayatNilai.nilaiBaru,
        })
        .from(riwayatNilai)
        .where(eq(riwayatNilai.pembelajaranId, pklPembelajaran))
        .orderBy(riwayatNilai.riwayatNilaiId)
    ).map((r) => `${r.jenis}: ${r.lama ?? '-'} → ${r.baru ?? '-'}`);

  it('saves for the owner and recomputes the PKL nilai akhir in the same save (80, 85, 0, 90 → 85)', async () => {
    const [a] = peserta as [string];
    const res = await save('pkl', [
      score(a, TP[0], 80, 'Bekerja teliti'),
      score(a, TP[1], '85', ' Bekerja teliti '),
      score(a, TP[2], 0),
      score(a, TP[3], 90, 'Disiplin'),
      {
        peserta_didik_id: a,
        tp_id: null,
        nilai: null,
        deskripsi: 'Sangat baik selama PKL',
        sebelumnya: null,
      },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Nilai PKL berhasil disimpan');
    const final = await finalOf(a);
    expect(final.grades).toHaveLength(1);
    expect(final.grades[0]?.nilai).toBe(85);
    expect([KOMPETENSI.merdeka, KOMPETENSI.k13]).toContain(final.grades[0]?.k);
    expect(final.deskripsi).toBe('Bekerja teliti, Disiplin');
    // The derived grade and text join the Riwayat Perubahan Nilai with the scores.
    expect(await derivedHistory()).toEqual([
      'nilai_akhir: - → 85',
      'capaian: - → Pengetahuan: Bekerja teliti, Disiplin',
    ]);
    const grid = await call<NilaiPklGrid>('GET', nilaiUrl(), 'classWali');
    const row = grid.body.siswa.find((s) => s.peserta_didik_id === a);
    expect(row?.catatan).toBe('Sangat baik selama PKL');
    expect(row?.nilai[TP[1]]).toEqual({ nilai: 85, deskripsi: 'Bekerja teliti' });
  });

  it('lets the co-supervisor change a score (80 → 100: 80… becomes 100, 85, 90 → 92)', async () => {
    const [a] = peserta as [string];
    const res = await save('co', [
      { ...score(a, TP[0], 100, 'Bekerja teliti'), sebelumnya: { nilai: 80, deskripsi: 'Bekerja teliti' } },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // (100 + 85 + 90) / 3 = 91.67 → 92
    expect((await finalOf(a)).grades[0]?.nilai).toBe(92);
    // The grade changed, the text did not: one more entry.
    expect((await derivedHistory()).slice(2)).toEqual(['nilai_akhir: 85 → 92']);
  });

  it('refuses the save of wali, Waka, admin, guru, pembina and siswa (403), another school (404)', async () => {
    const [, b] = peserta as [string, string];
    const before = await stored();
    for (const who of ['classWali', 'wali', 'waka', 'admin', 'guru', 'ekskul', 'siswa'])
      expect((await save(who, [score(b, TP[0], 70)])).status, who).toBe(403);
    expect((await save('pkl', [score(b, TP[0], 70)], PLAN_2)).status).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it("refuses another pembimbing on this plan (403): grid and save, even one who supervises the PKS without teaching the class's PKL", async () => {
    const db = t().db.db;
    const [, b] = peserta as [string, string];
    const notes = async () =>
      (
        await db
          .select({ pd: pdPkl.pesertaDidikId, c: pdPkl.catatan })
          .from(pdPkl)
          .where(eq(pdPkl.pklId, pklId))
      )
        .map((r) => `${r.pd}|${r.c ?? ''}`)
        .sort();
    const before = { nilai: await stored(), catatan: await notes() };
    const refused = async () => {
      const read = await call('GET', nilaiUrl(), 'otherPembimbing');
      expect(read.status).toBe(403);
      expect(read.body.message).toBe(MESSAGES.forbidden);
      const write = await save('otherPembimbing', [
        score(b, TP[0], 70, 'Tidak boleh'),
        { peserta_didik_id: b, tp_id: null, nilai: null, deskripsi: 'Catatan orang lain', sebelumnya: null },
      ]);
      expect(write.status).toBe(403);
      expect(write.body.message).toBe(MESSAGES.forbidden);
    };
    await refused();
    // Supervising the plan's PKS alone does not make a co-supervisor: teaching the class's PKL is needed too.
    await db.insert(bimbingPd).values({ sekolahId: demo.sekolahId, aktPdId, guruId: otherGuru });
    try {
      await refused();
    } finally {
      await db.delete(bimbingPd).where(and(eq(bimbingPd.aktPdId, aktPdId), eq(bimbingPd.guruId, otherGuru)));
    }
    expect({ nilai: await stored(), catatan: await notes() }).toEqual(before);
  });

  it('refuses Input Penilaian before 2023/2024 (409 with the reason), writing nothing', async () => {
    const [, b] = peserta as [string, string];
    const before = await stored();
    const responses = [
      await call('GET', '/api/pkl/penilaian/rencana', 'pastPkl'),
      await call('GET', nilaiUrl(), 'pastPkl'),
      await save('pastPkl', [score(b, TP[0], 70)]),
    ];
    for (const res of responses) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(PKL_MESSAGES.beforePkl);
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses a stale save (409) and a closed gate (423), writing nothing', async () => {
    const [a, b] = peserta as [string, string];
    const before = await stored();
    // The browser loaded 80 (before the co-supervisor's 100).
    const stale = await save('pkl', [
      score(b, TP[0], 75),
      { ...score(a, TP[0], 60), sebelumnya: { nilai: 80, deskripsi: 'Bekerja teliti' } },
    ]);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('telah diubah oleh pengguna lain');
    expect(stale.body.details?.['rows.1.nilai']).toBe('Diubah oleh pengguna lain (sekarang: 100)');
    await withPenilaianClosed(t().db.db, demo, async () => {
      expect((await save('pkl', [score(b, TP[0], 75)])).status).toBe(423);
    });
    await withKelasLocked(t().db.db, kelas, async () => {
      expect((await save('co', [score(b, TP[0], 75)])).status).toBe(423);
    });
    expect(await stored()).toEqual(before);
  });

  it('removes the nilai akhir when no non-zero score is left (never a hidden 0)', async () => {
    const [a] = peserta as [string];
    const res = await save('pkl', [
      { ...score(a, TP[0], null), sebelumnya: { nilai: 100, deskripsi: 'Bekerja teliti' } },
      { ...score(a, TP[1], ''), sebelumnya: { nilai: 85, deskripsi: 'Bekerja teliti' } },
      { ...score(a, TP[3], null), sebelumnya: { nilai: 90, deskripsi: 'Disiplin' } },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Only the 0 of TP 3 is left.
    expect(await stored()).toEqual([`${a}|${TP[2]}|0|`]);
    expect(await finalOf(a)).toEqual({ grades: [], deskripsi: null });
    const [note] = await t()
      .db.db.select({ c: pdPkl.catatan })
      .from(pdPkl)
      .where(and(eq(pdPkl.pklId, pklId), eq(pdPkl.pesertaDidikId, a)));
    expect(note?.c).toBe('Sangat baik selama PKL');
  });

  it('Generate Nilai on the Beranda detail recomputes the class from the PKL scores (its pembimbing only)', async () => {
    const db = t().db.db;
    const [a, b] = peserta as [string, string];
    const url = `/api/pkl/pembelajaran/${pklPembelajaran}/generate-nilai`;
    const post = async (who: string, to = url) => {
      const res = await t().app.inject({ method: 'POST', url: to, headers: bearer(tokens[who] ?? '') });
      return { status: res.statusCode, body: json<PklGenerated>(res) };
    };
    const detail = (who: string) =>
      call<BerandaDetailResponse>('GET', `/api/beranda/pembelajaran/${pklPembelajaran}`, who);
    expect((await detail('pkl')).body.pkl).toEqual({ can_generate: true });
    expect((await detail('classWali')).body.pkl).toEqual({ can_generate: false });

    // b gets 70 and 81 → 76 (75.5 half away from zero); then both grade rows are tampered with.
    expect((await save('pkl', [score(b, TP[0], 70), score(b, TP[1], 81)])).status).toBe(200);
    expect((await finalOf(b)).grades[0]?.nilai).toBe(76);
    const arOf = async (pd: string) =>
      (
        await db
          .select({ id: anggotaRombel.anggotaRombelId })
          .from(anggotaRombel)
          .where(and(eq(anggotaRombel.rombonganBelajarId, kelas), eq(anggotaRombel.pesertaDidikId, pd)))
      )[0]?.id ?? '';
    await db.delete(nilaiAkhir).where(eq(nilaiAkhir.anggotaRombelId, await arOf(b)));
    await db.insert(nilaiAkhir).values({
      sekolahId: demo.sekolahId,
      anggotaRombelId: await arOf(a),
      pembelajaranId: pklPembelajaran,
      kompetensiId: KOMPETENSI.merdeka,
      nilai: 50,
    });

    for (const who of ['classWali', 'wali', 'waka', 'admin', 'guru', 'ekskul', 'siswa'])
      expect((await post(who)).status, who).toBe(403);
    // Another pembimbing (does not teach the class's PKL): 403 with the reason.
    const other = await post('otherPembimbing');
    expect(other.status).toBe(403);
    expect((other.body as unknown as Body).message).toBe(PKL_NILAI_MESSAGES.notPembimbing);
    // Before 2023/2024: 409 with the reason.
    const past = await post('pastPkl');
    expect(past.status).toBe(409);
    expect((past.body as unknown as Body).message).toBe(PKL_MESSAGES.beforePkl);
    expect((await post('pkl', `/api/pkl/pembelajaran/${id(0xa98)}/generate-nilai`)).status).toBe(404);
    await withPenilaianClosed(db, demo, async () => {
      expect((await post('pkl')).status).toBe(423);
    });
    expect((await finalOf(b)).grades).toEqual([]);

    const res = await post('pkl');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Nilai Praktik Kerja Lapangan berhasil digenerate');
    expect(res.body.generated).toBe(1);
    expect(res.body.tanpa_nilai.map((x) => x.anggota_rombel_id)).toContain(await arOf(a));
    expect((await finalOf(b)).grades[0]?.nilai).toBe(76);
    expect(await finalOf(a)).toEqual({ grades: [], deskripsi: null });
    // The co-supervisor teaches the class's PKL (guru pengajar): may generate too; same values.
    expect((await post('co')).status).toBe(200);
    expect((await finalOf(b)).grades[0]?.nilai).toBe(76);
  });

  it('follows a plan edit that drops scores and a plan delete (the nilai akhir recomputed, then removed)', async () => {
    const [, b] = peserta as [string, string];
    const url = `/api/pkl/rencana/${pklId}`;
    const put = (body: object) =>
      t().app.inject({ method: 'PUT', url, payload: body, headers: bearer(tokens.pkl ?? '') });
    // b holds 70 (TP 1) and 81 (TP 2) → 76; dropping TP 2 (one score, confirmed) leaves 70.
    const body = { ...planBody, tp_ids: [TP[0], TP[2], TP[3]] };
    const unconfirmed = await put(body);
    expect(unconfirmed.statusCode).toBe(409);
    expect((await finalOf(b)).grades[0]?.nilai).toBe(76);
    const jumlah = Number(json<Body>(unconfirmed).details?.jumlah_nilai);
    const confirmed = await put({ ...body, konfirmasi_hapus_nilai: jumlah });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await finalOf(b)).grades[0]?.nilai).toBe(70);

    const n = (await stored()).length;
    const del = await t().app.inject({
      method: 'DELETE',
      url: `${url}?konfirmasi_hapus_nilai=${n}`,
      headers: bearer(tokens.pkl ?? ''),
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(await finalOf(b)).toEqual({ grades: [], deskripsi: null });
  });
});

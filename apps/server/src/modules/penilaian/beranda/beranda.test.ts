import {
  BERANDA_PENILAIAN_MESSAGES,
  type BerandaDetailResponse,
  type BerandaGuruResponse,
  type BerandaWaliResponse,
} from '@erapor/contract/penilaian/beranda';
import { PENILAIAN_GATE_MESSAGES } from '@erapor/contract/penilaian/gate';
import { localDate } from '@erapor/contract/penilaian/sikap';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { deskripsiMataPelajaran, nilaiAkhir } from '../../../db/tables/penilaian';
import { anggotaRombel, rombonganBelajar } from '../../../db/tables/referensi';
import { type SeededDemo, seedDemo } from '../../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../../test/engines';
import { staffToken } from './test-accounts';

const P5_PARENT = 200040000;
const MTK = 401000000;

describeEngines('beranda guru dan wali kelas', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let waliRombel = '';
  let mtk = ''; // guru@'s Matematika in wali@'s class
  let members: { anggota: string; nama: string }[] = [];
  let guruSubjects: string[] = [];
  let waliSubjects: string[] = [];
  let guruName = '';

  beforeAll(async () => {
    demo = await seedDemo(t().db.db);
    for (const key of ['admin', 'wali', 'guru', 'siswa', 'waka', 'ekskul'] as const) {
      tokens[key] = (await loginAs(t().app, demo.accounts[key].email, demo.semesterId)).accessToken;
    }
    const school = demo.school;
    waliRombel = school.relations.waliRombelId;
    const live = school.rombongan_belajar.filter((r) => !r.soft_delete);
    const isP5 = (
      p: { mata_pelajaran_id: number; induk_pembelajaran_id: string | null },
      r: (typeof live)[number],
    ) =>
      p.mata_pelajaran_id === P5_PARENT ||
      r.pembelajaran.find((x) => x.pembelajaran_id === p.induk_pembelajaran_id)?.mata_pelajaran_id ===
        P5_PARENT;
    guruSubjects = live.flatMap((r) =>
      r.pembelajaran
        .filter((p) => p.ptk_id === demo.accounts.guru.guruId && !isP5(p, r))
        .map((p) => p.pembelajaran_id),
    );
    const wali = live.find((r) => r.rombongan_belajar_id === waliRombel);
    if (!wali) throw new Error('no wali class');
    waliSubjects = wali.pembelajaran.filter((p) => !isP5(p, wali)).map((p) => p.pembelajaran_id);
    mtk = wali.pembelajaran.find((p) => p.mata_pelajaran_id === MTK && p.ptk_id === demo.accounts.guru.guruId)
      ?.pembelajaran_id as string;
    const names = new Map(school.peserta_didik.map((p) => [p.peserta_didik_id, p.nama]));
    members = wali.anggota_rombel.map((a) => ({
      anggota: a.anggota_rombel_id,
      nama: names.get(a.peserta_didik_id) ?? '',
    }));
    guruName = school.ptk.find((p) => p.ptk_id === demo.accounts.guru.guruId)?.nama ?? '';

    const otherClass = live.find((r) => r.jenis_rombel === 1 && r.rombongan_belajar_id !== waliRombel);
    tokens.otherWali = await staffToken(t().app, t().db.db, demo, {
      guruId: otherClass?.ptk_id ?? '',
      email: 'wali-lain@test.sch.id',
      roles: ['guru', 'wali'],
    });
    const stranger = school.ptk.find(
      (p) => p.ptk_id !== wali.ptk_id && !wali.pembelajaran.some((b) => b.ptk_id === p.ptk_id),
    );
    tokens.stranger = await staffToken(t().app, t().db.db, demo, {
      guruId: stranger?.ptk_id ?? '',
      email: 'guru-lain@test.sch.id',
      roles: ['guru'],
    });

    // Grades written directly (the grade screens are another engineer's): three pupils graded in
    // Matematika, one of whom also has capaian texts and a K13-kind row that must not win.
    const db = t().db.db;
    const [a, b, c] = members;
    await db.insert(nilaiAkhir).values([
      {
        sekolahId: demo.sekolahId,
        anggotaRombelId: a?.anggota ?? '',
        pembelajaranId: mtk,
        kompetensiId: 4,
        nilai: 88,
      },
      {
        sekolahId: demo.sekolahId,
        anggotaRombelId: a?.anggota ?? '',
        pembelajaranId: mtk,
        kompetensiId: 1,
        nilai: 10,
      },
      {
        sekolahId: demo.sekolahId,
        anggotaRombelId: b?.anggota ?? '',
        pembelajaranId: mtk,
        kompetensiId: 4,
        nilai: 75,
      },
      {
        sekolahId: demo.sekolahId,
        anggotaRombelId: c?.anggota ?? '',
        pembelajaranId: mtk,
        kompetensiId: 4,
        nilai: 60,
      },
    ]);
    await db.insert(deskripsiMataPelajaran).values({
      sekolahId: demo.sekolahId,
      anggotaRombelId: a?.anggota ?? '',
      pembelajaranId: mtk,
      deskripsiPengetahuan: 'Menunjukkan penguasaan yang baik dalam menghitung luas',
      deskripsiKeterampilan: null,
    });
    // c leaves the class: neither a member nor graded any more.
    await db
      .update(anggotaRombel)
      .set({ deletedAt: new Date() })
      .where(eq(anggotaRombel.anggotaRombelId, c?.anggota ?? ''));
  });

  const call = async <T = Record<string, unknown>>(
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    who: string,
    payload?: object,
  ) => {
    const res = await t().app.inject({ method, url, payload, headers: bearer(tokens[who] ?? '') });
    return { status: res.statusCode, body: json<T>(res) };
  };

  it('lists the subjects the teacher teaches with members and graded pupils', async () => {
    const res = await call<BerandaGuruResponse>('GET', '/api/beranda/guru', 'guru');
    expect(res.status).toBe(200);
    expect(res.body.data.map((r) => r.pembelajaran_id).sort()).toEqual([...guruSubjects].sort());
    const row = res.body.data.find((r) => r.pembelajaran_id === mtk);
    expect(row).toMatchObject({ rombongan_belajar_id: waliRombel, pd: members.length - 1, pd_dinilai: 2 });
    expect(row?.wali_kelas).toBeTruthy();
    for (const r of res.body.data.filter((x) => x.pembelajaran_id !== mtk)) expect(r.pd_dinilai).toBe(0);
    expect((await call<BerandaGuruResponse>('GET', '/api/beranda/guru', 'wali')).status).toBe(200);
    for (const who of ['admin', 'siswa'])
      expect((await call('GET', '/api/beranda/guru', who)).status).toBe(403);
  });

  it('details a subject for its teacher and the class’s wali only', async () => {
    const url = `/api/beranda/pembelajaran/${mtk}`;
    const res = await call<BerandaDetailResponse>('GET', url, 'guru');
    expect(res.status).toBe(200);
    expect(res.body.title).toBe(
      BERANDA_PENILAIAN_MESSAGES.detailTitle(res.body.pembelajaran.nama_mata_pelajaran),
    );
    expect(res.body.pembelajaran.guru).toBe(guruName);
    expect(res.body.data).toHaveLength(members.length - 1);
    const [a, b, c] = members;
    const byId = new Map(res.body.data.map((r) => [r.anggota_rombel_id, r]));
    expect(byId.get(a?.anggota ?? '')).toMatchObject({
      nama: a?.nama,
      nilai_akhir: 88,
      capaian_dicapai: 'Menunjukkan penguasaan yang baik dalam menghitung luas',
      capaian_ditingkatkan: null,
    });
    expect(byId.get(b?.anggota ?? '')).toMatchObject({ nilai_akhir: 75, capaian_dicapai: null });
    expect(byId.has(c?.anggota ?? '')).toBe(false);
    expect(res.body.data.filter((r) => r.nilai_akhir === null)).toHaveLength(members.length - 3);
    expect(res.body.data.map((r) => r.no)).toEqual(res.body.data.map((_, i) => i + 1));
    expect((await call('GET', url, 'wali')).status).toBe(200);
    for (const who of ['otherWali', 'stranger', 'admin', 'siswa'])
      expect((await call('GET', url, who)).status).toBe(403);
    expect(
      (await call('GET', '/api/beranda/pembelajaran/00000000-0000-4000-8000-000000000000', 'guru')).status,
    ).toBe(404);
    expect((await call('GET', '/api/beranda/pembelajaran/x', 'guru')).status).toBe(400);
  });

  it('shows the wali their class with every subject, teacher and progress', async () => {
    const res = await call<BerandaWaliResponse>('GET', '/api/beranda/wali', 'wali');
    expect(res.status).toBe(200);
    expect(res.body.status_penilaian).toBe(true);
    expect(res.body.kelas).toHaveLength(1);
    const kelas = res.body.kelas[0];
    expect(kelas).toMatchObject({
      rombongan_belajar_id: waliRombel,
      jenis_rombel: 1,
      kunci_nilai: false,
      can_lock: true,
    });
    expect(kelas?.pembelajaran.map((p) => p.pembelajaran_id).sort()).toEqual([...waliSubjects].sort());
    expect(kelas?.pembelajaran.find((p) => p.pembelajaran_id === mtk)).toMatchObject({
      guru: guruName,
      pd: members.length - 1,
      pd_dinilai: 2,
    });
    // Sub-subjects follow their parent.
    const list = kelas?.pembelajaran ?? [];
    list.forEach((p, i) => {
      if (p.induk_pembelajaran_id) {
        const parent = list.findIndex((x) => x.pembelajaran_id === p.induk_pembelajaran_id);
        expect(parent).toBeLessThan(i);
      }
    });
    for (const who of ['guru', 'admin', 'siswa', 'ekskul'])
      expect((await call('GET', '/api/beranda/wali', who)).status).toBe(403);
  });

  it('lets the class’s wali and the admin lock it, which closes grade writes there', async () => {
    const url = `/api/beranda/rombel/${waliRombel}/kunci-nilai`;
    const locked = async () =>
      (
        await t()
          .db.db.select()
          .from(rombonganBelajar)
          .where(eq(rombonganBelajar.rombonganBelajarId, waliRombel))
      )[0]?.kunciNilai;
    for (const who of ['otherWali', 'guru', 'waka', 'siswa']) {
      expect((await call('PUT', url, who, { kunci_nilai: true })).status).toBe(403);
    }
    expect((await call('PUT', url, 'wali', { kunci_nilai: 'ya' })).status).toBe(400);
    expect(await locked()).toBe(false);

    const res = await call<{ message: string; kunci_nilai: boolean }>('PUT', url, 'wali', {
      kunci_nilai: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: BERANDA_PENILAIAN_MESSAGES.kunciSaved, kunci_nilai: true });
    expect(await locked()).toBe(true);
    expect(
      (await call<BerandaWaliResponse>('GET', '/api/beranda/wali', 'wali')).body.kelas[0]?.kunci_nilai,
    ).toBe(true);
    // A teacher of the class now meets the wali's lock on a grade write.
    const andi = demo.school.rombongan_belajar
      .find((r) => r.rombongan_belajar_id === waliRombel)
      ?.anggota_rombel.find(
        (a) => a.peserta_didik_id === demo.accounts.siswa.pesertaDidikId,
      )?.anggota_rombel_id;
    const write = await call('POST', '/api/penilaian/sikap', 'guru', {
      tingkat: 10,
      rombongan_belajar_id: waliRombel,
      anggota_rombel_id: andi,
      tanggal: localDate(new Date(), 'Asia/Jakarta'),
      dimensi_id: 3,
      elemen_id: 14,
      opsi_id: 1,
      deskripsi: 'Datang tepat waktu',
    });
    expect(write.status).toBe(423);
    expect(write.body.message).toBe(PENILAIAN_GATE_MESSAGES.lockedByWali);

    const admin = await call('PUT', url, 'admin', { kunci_nilai: false });
    expect(admin.status).toBe(200);
    expect(await locked()).toBe(false);
    const other = demo.school.rombongan_belajar.find(
      (r) => r.jenis_rombel === 1 && r.rombongan_belajar_id !== waliRombel,
    );
    expect(
      (
        await call('PUT', `/api/beranda/rombel/${other?.rombongan_belajar_id}/kunci-nilai`, 'wali', {
          kunci_nilai: true,
        })
      ).status,
    ).toBe(403);
    const ekskulRombel = demo.school.ekstrakurikuler[0]?.rombongan_belajar_id;
    expect(
      (await call('PUT', `/api/beranda/rombel/${ekskulRombel}/kunci-nilai`, 'admin', { kunci_nilai: true }))
        .status,
    ).toBe(404);
  });
});

import type { ListResponse } from '@erapor/contract/list';
import { PENILAIAN_GATE_MESSAGES } from '@erapor/contract/penilaian/gate';
import {
  localDate,
  SIKAP_MESSAGES,
  type SikapDetail,
  type SikapKelasResponse,
  type SikapReferensi,
  type SikapRow,
  semesterDateRange,
} from '@erapor/contract/penilaian/sikap';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { nilaiSikap } from '../../../db/tables/penilaian';
import { rombonganBelajar } from '../../../db/tables/referensi';
import { type SeededDemo, seedDemo } from '../../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../../test/engines';
import { setStatusPenilaian } from '../../sekolah/settings';
import { staffToken } from '../beranda/test-accounts';

const P5_PARENT = 200040000;

describeEngines('penilaian sikap', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let waliRombel = '';
  let andi = ''; // siswa@'s membership in wali@'s class
  let otherMember = ''; // a pupil of another class guru@ teaches
  let otherRombel = '';
  let guruRombels: string[] = [];
  const today = localDate(new Date(), 'Asia/Jakarta');

  beforeAll(async () => {
    demo = await seedDemo(t().db.db);
    for (const key of ['admin', 'wali', 'guru', 'siswa', 'waka'] as const) {
      tokens[key] = (await loginAs(t().app, demo.accounts[key].email, demo.semesterId)).accessToken;
    }
    const school = demo.school;
    waliRombel = school.relations.waliRombelId;
    const regular = school.rombongan_belajar.filter((r) => r.jenis_rombel === 1 && !r.soft_delete);
    const teaches = (r: (typeof regular)[number], ptk: string | null) =>
      r.pembelajaran.some(
        (p) => p.ptk_id === ptk && p.mata_pelajaran_id !== P5_PARENT && !p.induk_pembelajaran_id,
      );
    guruRombels = regular
      .filter((r) => teaches(r, demo.accounts.guru.guruId))
      .map((r) => r.rombongan_belajar_id);
    const wali = regular.find((r) => r.rombongan_belajar_id === waliRombel);
    andi =
      wali?.anggota_rombel.find((a) => a.peserta_didik_id === demo.accounts.siswa.pesertaDidikId)
        ?.anggota_rombel_id ?? '';
    const other = regular.find((r) => r.rombongan_belajar_id === school.relations.k13RombelId);
    otherRombel = other?.rombongan_belajar_id ?? '';
    otherMember = other?.anggota_rombel[0]?.anggota_rombel_id ?? '';
    // A teacher of the school who teaches nothing in wali@'s class and is no wali there.
    const stranger = school.ptk.find(
      (p) =>
        p.ptk_id !== wali?.ptk_id &&
        !regular.some((r) => r.ptk_id === p.ptk_id) &&
        wali &&
        !wali.pembelajaran.some((b) => b.ptk_id === p.ptk_id) &&
        regular.some((r) => teaches(r, p.ptk_id)),
    );
    tokens.stranger = await staffToken(t().app, t().db.db, demo, {
      guruId: stranger?.ptk_id ?? '',
      email: 'stranger@test.sch.id',
      roles: ['guru'],
    });
    // The homeroom teacher of another class who teaches nothing in wali@'s class.
    const otherWali = regular.find(
      (r) =>
        r.rombongan_belajar_id !== waliRombel &&
        wali &&
        !wali.pembelajaran.some((b) => b.ptk_id === r.ptk_id),
    );
    tokens.otherWali = await staffToken(t().app, t().db.db, demo, {
      guruId: otherWali?.ptk_id ?? '',
      email: 'wali-lain@test.sch.id',
      roles: ['guru', 'wali'],
    });
  });

  const call = async <T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who: string,
    payload?: object,
  ) => {
    const res = await t().app.inject({ method, url, payload, headers: bearer(tokens[who] ?? '') });
    return { status: res.statusCode, body: json<T>(res) };
  };
  const count = async () =>
    Number((await t().db.db.select({ n: sql<number>`count(*)` }).from(nilaiSikap))[0]?.n ?? 0);
  const note = (extra: object = {}) => ({
    tingkat: 10,
    rombongan_belajar_id: waliRombel,
    anggota_rombel_id: andi,
    tanggal: today,
    dimensi_id: 6,
    elemen_id: 10,
    opsi_id: 1,
    deskripsi: 'Membantu teman menyelesaikan tugas kelompok',
    ...extra,
  });

  it('gives the dimensions with their elements, grouped by the corrected dimension code', async () => {
    const res = await call<SikapReferensi>('GET', '/api/penilaian/sikap/referensi', 'guru');
    expect(res.status).toBe(200);
    expect(res.body.dimensi.map((d) => d.dimensi_id)).toEqual([1, 2, 3, 4, 5, 6]);
    const names = (id: number) =>
      res.body.dimensi.find((d) => d.dimensi_id === id)?.elemen.map((e) => e.nama);
    // p5.xlsx: Kolaborasi/Kepedulian/Berbagi carry kode_dimensi 4 but belong to Bergotong-royong (no 6).
    expect(names(6)).toEqual(['Kolaborasi', 'Kepedulian', 'Berbagi']);
    expect(names(3)).toEqual(['Pemahaman diri dan situasi yang dihadapi', 'Regulasi diri']);
    expect(names(1)).toHaveLength(5);
    expect(res.body.opsi).toEqual([
      { value: 1, label: 'Positif' },
      { value: 2, label: 'Negatif' },
    ]);
    expect((await call('GET', '/api/penilaian/sikap/referensi', 'admin')).status).toBe(200);
    expect((await call('GET', '/api/penilaian/sikap/referensi', 'siswa')).status).toBe(403);
  });

  it('offers the classes the caller teaches, and their pupils; others get 403', async () => {
    const res = await call<{
      data: { rombongan_belajar_id: string; tingkat: number; penilaian_tertutup: null }[];
    }>('GET', '/api/penilaian/sikap/rombel', 'guru');
    expect(res.status).toBe(200);
    expect(res.body.data.map((r) => r.rombongan_belajar_id).sort()).toEqual([...guruRombels].sort());
    expect(res.body.data.find((r) => r.rombongan_belajar_id === waliRombel)).toMatchObject({
      tingkat: 10,
      penilaian_tertutup: null,
    });
    const wali = await call<{ data: { rombongan_belajar_id: string }[] }>(
      'GET',
      '/api/penilaian/sikap/rombel',
      'wali',
    );
    expect(wali.body.data.map((r) => r.rombongan_belajar_id)).toContain(waliRombel);
    for (const who of ['admin', 'siswa'])
      expect((await call('GET', '/api/penilaian/sikap/rombel', who)).status).toBe(403);

    const pd = await call<{ data: { anggota_rombel_id: string; nama: string }[] }>(
      'GET',
      `/api/penilaian/sikap/rombel/${waliRombel}/peserta-didik`,
      'guru',
    );
    const size = demo.school.rombongan_belajar.find((r) => r.rombongan_belajar_id === waliRombel)
      ?.anggota_rombel.length;
    expect(pd.body.data).toHaveLength(size ?? -1);
    expect(pd.body.data.find((p) => p.anggota_rombel_id === andi)?.nama).toBe('Andi Pratama');
    const names = pd.body.data.map((p) => p.nama);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(
      (await call('GET', `/api/penilaian/sikap/rombel/${waliRombel}/peserta-didik`, 'stranger')).status,
    ).toBe(403);
    expect(
      (await call('GET', `/api/penilaian/sikap/rombel/${waliRombel}/peserta-didik`, 'siswa')).status,
    ).toBe(403);
  });

  it('refuses bad notes field by field and writes nothing', async () => {
    const before = await count();
    const empty = await call<{ details: Record<string, string> }>('POST', '/api/penilaian/sikap', 'guru', {});
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual({
      tingkat: SIKAP_MESSAGES.tingkatRequired,
      rombongan_belajar_id: SIKAP_MESSAGES.rombelRequired,
      anggota_rombel_id: SIKAP_MESSAGES.pdRequired,
      tanggal: SIKAP_MESSAGES.tanggalRequired,
      dimensi_id: SIKAP_MESSAGES.dimensiRequired,
      elemen_id: SIKAP_MESSAGES.elemenRequired,
      opsi_id: SIKAP_MESSAGES.opsiRequired,
      deskripsi: SIKAP_MESSAGES.uraianRequired,
    });

    const { awal, akhir } = semesterDateRange(demo.semesterId);
    const dayBefore = new Date(`${awal}T00:00:00Z`);
    dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
    const bad = await call<{ details: Record<string, string> }>(
      'POST',
      '/api/penilaian/sikap',
      'guru',
      note({
        tingkat: 11,
        tanggal: dayBefore.toISOString().slice(0, 10),
        dimensi_id: 1,
        elemen_id: 10,
        anggota_rombel_id: otherMember,
      }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.details).toEqual({
      rombongan_belajar_id: SIKAP_MESSAGES.rombelTingkat,
      tanggal: SIKAP_MESSAGES.tanggalOutside(awal, akhir),
      elemen_id: SIKAP_MESSAGES.elemenNotInDimensi,
      anggota_rombel_id: SIKAP_MESSAGES.pdNotInRombel,
    });

    const tomorrow = new Date(`${today}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const next = tomorrow.toISOString().slice(0, 10);
    const future = await call<{ details: Record<string, string> }>(
      'POST',
      '/api/penilaian/sikap',
      'guru',
      note({ tanggal: next, dimensi_id: 9, elemen_id: 99 }),
    );
    expect(future.status).toBe(422);
    expect(future.body.details).toEqual({
      tanggal: next > akhir ? SIKAP_MESSAGES.tanggalOutside(awal, akhir) : SIKAP_MESSAGES.tanggalFuture,
      dimensi_id: SIKAP_MESSAGES.dimensiUnknown,
      elemen_id: SIKAP_MESSAGES.elemenUnknown,
    });
    expect(await count()).toBe(before);
  });

  it('lets only teachers of the class write there', async () => {
    const before = await count();
    const stranger = await call('POST', '/api/penilaian/sikap', 'stranger', note());
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe(SIKAP_MESSAGES.rombelNotTaught);
    for (const who of ['admin', 'siswa', 'otherWali'])
      expect((await call('POST', '/api/penilaian/sikap', who, note())).status).toBe(403);
    expect(await count()).toBe(before);
  });

  let created: SikapDetail;

  it('creates a note, which the author lists, reads and may edit', async () => {
    const res = await call<{ message: string; data: SikapDetail }>(
      'POST',
      '/api/penilaian/sikap',
      'guru',
      note(),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SIKAP_MESSAGES.saved);
    created = res.body.data;
    expect(created).toMatchObject({
      anggota_rombel_id: andi,
      nama: 'Andi Pratama',
      tanggal: today,
      dimensi_id: 6,
      dimensi: 'Bergotong-royong',
      elemen: 'Kolaborasi',
      opsi_id: 1,
      tingkat: 10,
      rombongan_belajar_id: waliRombel,
      can_edit: true,
    });
    const [row] = await t()
      .db.db.select()
      .from(nilaiSikap)
      .where(eq(nilaiSikap.nilaiSikapId, created.nilai_sikap_id));
    expect(row).toMatchObject({ guruId: demo.accounts.guru.guruId, semesterId: demo.semesterId });

    // A second, older note by guru@ in another class, and one by wali@.
    const { awal } = semesterDateRange(demo.semesterId);
    const second = await call(
      'POST',
      '/api/penilaian/sikap',
      'guru',
      note({
        tingkat: 12,
        rombongan_belajar_id: otherRombel,
        anggota_rombel_id: otherMember,
        tanggal: awal,
        opsi_id: 2,
        dimensi_id: 2,
        elemen_id: 16,
        deskripsi: 'Belum mau menjelaskan alasan jawabannya',
      }),
    );
    expect(second.status).toBe(200);
    expect(
      (await call('POST', '/api/penilaian/sikap', 'wali', note({ deskripsi: 'Catatan wali' }))).status,
    ).toBe(200);

    const own = await call<ListResponse<SikapRow>>('GET', '/api/penilaian/sikap', 'guru');
    expect(own.status).toBe(200);
    expect(own.body.total).toBe(2);
    // Newest date first by default.
    expect(own.body.data.map((r) => r.tanggal)).toEqual([today, awal]);
    expect(own.body.data[0]?.guru).toBeTruthy();
    const byRombel = await call<ListResponse<SikapRow>>(
      'GET',
      `/api/penilaian/sikap?rombongan_belajar_id=${otherRombel}`,
      'guru',
    );
    expect(byRombel.body.data.map((r) => r.anggota_rombel_id)).toEqual([otherMember]);
    const search = await call<ListResponse<SikapRow>>('GET', '/api/penilaian/sikap?q=andi%20prat', 'guru');
    expect(search.body.data.map((r) => r.nilai_sikap_id)).toEqual([created.nilai_sikap_id]);
    const byOpsi = await call<ListResponse<SikapRow>>(
      'GET',
      '/api/penilaian/sikap?sort_by=opsi&sort_dir=desc',
      'guru',
    );
    expect(byOpsi.body.data.map((r) => r.opsi_id)).toEqual([2, 1]);
    expect((await call('GET', '/api/penilaian/sikap?sort_by=deskripsi', 'guru')).status).toBe(400);
    const wali = await call<ListResponse<SikapRow>>('GET', '/api/penilaian/sikap', 'wali');
    expect(wali.body.data.map((r) => r.deskripsi)).toEqual(['Catatan wali']);
    for (const who of ['admin', 'siswa'])
      expect((await call('GET', '/api/penilaian/sikap', who)).status).toBe(403);
  });

  it('shows a note to its author, the wali of the pupil’s class, admin and waka only', async () => {
    const url = `/api/penilaian/sikap/${created.nilai_sikap_id}`;
    expect((await call<SikapDetail>('GET', url, 'guru')).body.can_edit).toBe(true);
    const wali = await call<SikapDetail>('GET', url, 'wali');
    expect(wali.status).toBe(200);
    expect(wali.body.can_edit).toBe(false);
    expect((await call<SikapDetail>('GET', url, 'waka')).body.can_edit).toBe(false);
    expect((await call('GET', url, 'admin')).status).toBe(200);
    for (const who of ['stranger', 'otherWali', 'siswa'])
      expect((await call('GET', url, who)).status).toBe(403);
    expect(
      (await call('GET', '/api/penilaian/sikap/00000000-0000-4000-8000-000000000000', 'guru')).status,
    ).toBe(404);
    expect((await call('GET', '/api/penilaian/sikap/abc', 'guru')).status).toBe(400);
  });

  it('lists the notes of a class to its wali (every author), admin and waka', async () => {
    const url = `/api/penilaian/sikap/kelas/${waliRombel}`;
    const wali = await call<SikapKelasResponse>('GET', url, 'wali');
    expect(wali.status).toBe(200);
    expect(wali.body.total).toBe(2);
    expect(new Set(wali.body.data.map((r) => r.deskripsi))).toEqual(
      new Set(['Catatan wali', 'Membantu teman menyelesaikan tugas kelompok']),
    );
    expect((await call('GET', url, 'admin')).status).toBe(200);
    expect((await call('GET', url, 'waka')).status).toBe(200);
    for (const who of ['guru', 'otherWali', 'stranger', 'siswa'])
      expect((await call('GET', url, who)).status).toBe(403);
  });

  it('lets only the author edit, refuses a stale version and bad fields without writing', async () => {
    const url = `/api/penilaian/sikap/${created.nilai_sikap_id}`;
    const edit = {
      tanggal: created.tanggal,
      dimensi_id: 3,
      elemen_id: 14,
      opsi_id: 2,
      deskripsi: 'Belum mengatur waktu belajar',
      updated_at: created.updated_at,
    };
    for (const who of ['wali', 'stranger', 'siswa'])
      expect((await call('PUT', url, who, edit)).status).toBe(403);
    const bad = await call<{ details: Record<string, string> }>('PUT', url, 'guru', {
      ...edit,
      elemen_id: 10,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.details).toEqual({ elemen_id: SIKAP_MESSAGES.elemenNotInDimensi });
    const stale = await call('PUT', url, 'guru', { ...edit, updated_at: '2020-01-01T00:00:00.000Z' });
    expect(stale.status).toBe(409);
    const [unchanged] = await t()
      .db.db.select()
      .from(nilaiSikap)
      .where(eq(nilaiSikap.nilaiSikapId, created.nilai_sikap_id));
    expect(unchanged).toMatchObject({ dimensiId: 6, elemenId: 10, opsiId: 1 });

    const ok = await call<{ message: string; data: SikapDetail }>('PUT', url, 'guru', edit);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(SIKAP_MESSAGES.updated);
    expect(ok.body.data).toMatchObject({ dimensi: 'Mandiri', elemen: 'Regulasi diri', opsi_id: 2 });
    // The version loaded before the edit is now stale.
    expect((await call('PUT', url, 'guru', edit)).status).toBe(409);
    created = ok.body.data;
  });

  it('refuses writes while the class is locked or assessment is closed (423)', async () => {
    const db = t().db.db;
    const before = await count();
    await db
      .update(rombonganBelajar)
      .set({ kunciNilai: true })
      .where(eq(rombonganBelajar.rombonganBelajarId, waliRombel));
    try {
      const locked = await call('POST', '/api/penilaian/sikap', 'guru', note());
      expect(locked.status).toBe(423);
      expect(locked.body.message).toBe(PENILAIAN_GATE_MESSAGES.lockedByWali);
      const del = await call('DELETE', `/api/penilaian/sikap/${created.nilai_sikap_id}`, 'guru');
      expect(del.status).toBe(423);
      const options = await call<{
        data: { rombongan_belajar_id: string; penilaian_tertutup: string | null }[];
      }>('GET', '/api/penilaian/sikap/rombel', 'guru');
      for (const r of options.body.data) {
        expect(r.penilaian_tertutup).toBe(
          r.rombongan_belajar_id === waliRombel ? PENILAIAN_GATE_MESSAGES.lockedByWali : null,
        );
      }
    } finally {
      await db
        .update(rombonganBelajar)
        .set({ kunciNilai: false })
        .where(eq(rombonganBelajar.rombonganBelajarId, waliRombel));
    }
    await setStatusPenilaian(db, demo, false);
    try {
      const closed = await call('POST', '/api/penilaian/sikap', 'guru', note());
      expect(closed.status).toBe(423);
      expect(closed.body.message).toBe(PENILAIAN_GATE_MESSAGES.closedBySchool);
    } finally {
      await setStatusPenilaian(db, demo, true);
    }
    expect(await count()).toBe(before);
  });

  it('lets only the author delete', async () => {
    const url = `/api/penilaian/sikap/${created.nilai_sikap_id}`;
    const before = await count();
    for (const who of ['wali', 'stranger', 'admin', 'siswa'])
      expect((await call('DELETE', url, who)).status).toBe(403);
    expect(await count()).toBe(before);
    const ok = await call('DELETE', url, 'guru');
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(SIKAP_MESSAGES.deleted);
    expect(await count()).toBe(before - 1);
    expect((await call('DELETE', url, 'guru')).status).toBe(404);
  });
});

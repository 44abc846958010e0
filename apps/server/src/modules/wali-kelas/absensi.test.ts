import { PENILAIAN_GATE_MESSAGES } from '@erapor/contract/penilaian/gate';
import { ABSENSI_MESSAGES, type AbsensiResponse, HARI_MESSAGES } from '@erapor/contract/wali-kelas/absensi';
import { inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { absensi } from '../../db/tables/wali-kelas';
import { anotherSchoolRombel, type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json } from '../../test/engines';
import { withKelasLocked, withPenilaianClosed } from '../../test/gate';
import { demoTokens, otherWali } from '../penilaian/beranda/test-accounts';

const URL = '/api/wali-kelas/ketidakhadiran';
const SCHOOL_2 = '00000000-0000-4000-8000-0000000005c2';
const ROMBEL_2 = '00000000-0000-4000-8000-0000000005c3';

describeEngines('wali kelas: ketidakhadiran', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let kelas = { id: '', nama: '', members: [] as string[] };
  let other = { id: '', members: [] as string[] };

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    Object.assign(
      tokens,
      await demoTokens(t().app, demo, ['admin', 'guru', 'wali', 'siswa', 'ekskul', 'pkl', 'kaprog', 'waka']),
    );
    const { own, another, token } = await otherWali(t().app, db, demo, 'wali-lain@test.sch.id');
    tokens.otherWali = token;
    kelas = {
      id: own.rombongan_belajar_id,
      nama: own.nama,
      members: own.anggota_rombel.map((a) => a.anggota_rombel_id),
    };
    other = {
      id: another.rombongan_belajar_id,
      members: another.anggota_rombel.map((a) => a.anggota_rombel_id),
    };
    // A second school with a class of its own.
    await anotherSchoolRombel(db, {
      sekolahId: SCHOOL_2,
      rombelId: ROMBEL_2,
      npsn: '69999997',
      semesterId: demo.semesterId,
    });
  });

  const call = async <T = { message: string; details?: Record<string, string>; saved?: number }>(
    method: 'GET' | 'PUT',
    url: string,
    who: string,
    payload?: object,
  ) => {
    const res = await t().app.inject({ method, url, payload, headers: bearer(tokens[who] ?? '') });
    return { status: res.statusCode, body: json<T>(res) };
  };
  const grid = (who = 'wali', query = '') => call<AbsensiResponse>('GET', `${URL}${query}`, who);
  const zero = { sakit: 0, izin: 0, alpa: 0 };
  const save = (rows: object[], who = 'wali', rombel = kelas.id) =>
    call('PUT', URL, who, { rombongan_belajar_id: rombel, rows });
  const stored = async () =>
    (
      await t()
        .db.db.select({
          id: absensi.anggotaRombelId,
          sakit: absensi.sakit,
          izin: absensi.izin,
          alpa: absensi.alpa,
        })
        .from(absensi)
        .where(inArray(absensi.anggotaRombelId, [...kelas.members, ...other.members]))
    ).sort((a, b) => a.id.localeCompare(b.id));

  it('gives the wali their class: Nama, NISN and S/I/A (0 when nothing is stored), no PKL data yet', async () => {
    const res = await grid();
    expect(res.status).toBe(200);
    expect(res.body.rombel).toEqual({ rombongan_belajar_id: kelas.id, nama: kelas.nama });
    expect(res.body.kelas).toEqual([{ value: kelas.id, label: kelas.nama }]);
    expect(res.body.pkl).toBeNull();
    expect(res.body.penilaian_tertutup).toBeNull();
    expect(res.body.data.map((r) => r.anggota_rombel_id).sort()).toEqual([...kelas.members].sort());
    for (const r of res.body.data) expect(r).toMatchObject({ ...zero, updated_at: null });
    const names = res.body.data.map((r) => r.nama);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await grid('wali', `?rombongan_belajar_id=${kelas.id}`)).status).toBe(200);
  });

  it('answers 403 to every other role and another class, 404 to a class of another school', async () => {
    for (const who of ['guru', 'otherWali', 'ekskul', 'pkl', 'siswa', 'kaprog', 'waka', 'admin']) {
      expect((await grid(who, `?rombongan_belajar_id=${kelas.id}`)).status, who).toBe(403);
      expect(
        (await save([{ anggota_rombel_id: kelas.members[0], ...zero, sakit: 1, sebelumnya: zero }], who))
          .status,
        who,
      ).toBe(403);
    }
    expect((await grid('otherWali')).body.rombel?.rombongan_belajar_id).toBe(other.id);
    expect((await grid('wali', `?rombongan_belajar_id=${other.id}`)).status).toBe(403);
    const foreign = await grid('wali', `?rombongan_belajar_id=${ROMBEL_2}`);
    expect(foreign.status).toBe(404);
    expect((foreign.body as unknown as { message: string }).message).toBe(ABSENSI_MESSAGES.notFound);
    const row = { anggota_rombel_id: kelas.members[0], sakit: 1, izin: 0, alpa: 0, sebelumnya: zero };
    expect((await save([row], 'wali', ROMBEL_2)).status).toBe(404);
    expect((await save([row], 'wali', other.id)).status).toBe(403);
    expect((await grid('wali', '?rombongan_belajar_id=xyz')).status).toBe(400);
    expect(await stored()).toEqual([]);
  });

  it('refuses bad days and pupils of another class with Indonesian messages, writing nothing', async () => {
    const [a, b] = kelas.members as [string, string];
    const bad = await save([
      { anggota_rombel_id: a, sakit: -1, izin: 'abc', alpa: 201, sebelumnya: zero },
      { anggota_rombel_id: b, sakit: '1.5', izin: 2, alpa: '', sebelumnya: zero },
      { anggota_rombel_id: other.members[0], sakit: 1, izin: 0, alpa: 0, sebelumnya: zero },
    ]);
    expect(bad.status).toBe(422);
    expect(bad.body.details).toEqual({
      'rows.0.sakit': 'Jumlah hari tidak boleh di bawah 0 (nol)!',
      'rows.0.izin': 'Jumlah hari harus berupa angka!',
      'rows.0.alpa': 'Jumlah hari tidak boleh lebih dari 200!',
      'rows.1.sakit': HARI_MESSAGES.notWhole,
      'rows.2.anggota_rombel_id': ABSENSI_MESSAGES.notMember,
    });
    const twice = await save([
      { anggota_rombel_id: a, sakit: 1, izin: 0, alpa: 0, sebelumnya: zero },
      { anggota_rombel_id: a, sakit: 2, izin: 0, alpa: 0, sebelumnya: zero },
    ]);
    expect(twice.status).toBe(422);
    expect(twice.body.details).toEqual({ 'rows.1.anggota_rombel_id': ABSENSI_MESSAGES.duplicateRow });
    expect(
      (
        await save([
          { anggota_rombel_id: a, sakit: 1, izin: 0, alpa: 0, sebelumnya: { ...zero, sakit: 201 } },
        ])
      ).status,
    ).toBe(400);
    expect((await call('PUT', URL, 'wali', { rombongan_belajar_id: kelas.id, rows: [] })).status).toBe(400);
    expect(await stored()).toEqual([]);
  });

  it('saves the grid in one go (blank = 0), refuses a stale save with 409 and accepts a retry', async () => {
    const [a, b, c] = kelas.members as [string, string, string];
    const first = await save([
      { anggota_rombel_id: a, sakit: '2', izin: '', alpa: null, sebelumnya: zero },
      { anggota_rombel_id: b, sakit: 0, izin: 1, alpa: 200, sebelumnya: zero },
      { anggota_rombel_id: c, sakit: '', izin: 0, alpa: 0, sebelumnya: zero },
    ]);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(ABSENSI_MESSAGES.saved);
    expect(first.body.saved).toBe(2);
    const byId = (x: { id: string }, y: { id: string }) => x.id.localeCompare(y.id);
    expect(await stored()).toEqual(
      [
        { id: a, sakit: 2, izin: 0, alpa: 0 },
        { id: b, sakit: 0, izin: 1, alpa: 200 },
      ].sort(byId),
    );
    const g = await grid();
    expect(g.body.data.find((r) => r.anggota_rombel_id === b)).toMatchObject({
      sakit: 0,
      izin: 1,
      alpa: 200,
    });
    expect(g.body.data.find((r) => r.anggota_rombel_id === b)?.updated_at).not.toBeNull();

    // Loaded before the first save: b is now stored differently → 409 naming b, nothing written.
    const stale = await save([
      { anggota_rombel_id: c, sakit: 5, izin: 0, alpa: 0, sebelumnya: zero },
      { anggota_rombel_id: b, sakit: 3, izin: 0, alpa: 0, sebelumnya: zero },
    ]);
    expect(stale.status).toBe(409);
    const namaB = g.body.data.find((r) => r.anggota_rombel_id === b)?.nama ?? '';
    expect(stale.body.message).toBe(ABSENSI_MESSAGES.conflict([namaB]));
    expect(stale.body.details).toEqual({
      'rows.1.izin': 'Diubah oleh pengguna lain (sekarang: 1)',
      'rows.1.alpa': 'Diubah oleh pengguna lain (sekarang: 200)',
    });
    expect((await stored()).length).toBe(2);

    // A retry of a save that went through is no conflict.
    const retry = await save([{ anggota_rombel_id: a, sakit: 2, izin: 0, alpa: 0, sebelumnya: zero }]);
    expect(retry.status).toBe(200);
    expect(retry.body.saved).toBe(0);
    const edit = await save([
      { anggota_rombel_id: a, sakit: 0, izin: 3, alpa: '1', sebelumnya: { ...zero, sakit: 2 } },
    ]);
    expect(edit.status).toBe(200);
    expect((await stored()).find((r) => r.id === a)).toEqual({ id: a, sakit: 0, izin: 3, alpa: 1 });
  });

  it('is closed (423) while assessment is closed school-wide or the class is locked', async () => {
    const db = t().db.db;
    const [a] = kelas.members as [string];
    const before = await stored();
    const row = {
      anggota_rombel_id: a,
      sakit: 9,
      izin: 3,
      alpa: 1,
      sebelumnya: { sakit: 0, izin: 3, alpa: 1 },
    };
    await withPenilaianClosed(db, demo, async () => {
      const res = await save([row]);
      expect(res.status).toBe(423);
      expect(res.body.message).toBe(PENILAIAN_GATE_MESSAGES.closedBySchool);
      expect((await grid()).body.penilaian_tertutup).toBe(PENILAIAN_GATE_MESSAGES.closedBySchool);
    });
    await withKelasLocked(db, kelas.id, async () => {
      const res = await save([row]);
      expect(res.status).toBe(423);
      expect(res.body.message).toBe(ABSENSI_MESSAGES.lockedOwn);
      expect((await grid()).body.penilaian_tertutup).toBe(ABSENSI_MESSAGES.lockedOwn);
    });
    expect(await stored()).toEqual(before);
    expect((await save([row])).status).toBe(200);
  });

  it('the living demo fills every regular class, keeping what a wali saved', async () => {
    const before = await stored();
    await seedDemo(t().db.db, { living: true });
    const res = await grid('otherWali');
    expect(res.body.data.length).toBe(other.members.length);
    expect(res.body.data.every((r) => r.updated_at !== null)).toBe(true);
    expect(res.body.data.some((r) => r.sakit + r.izin + r.alpa > 0)).toBe(true);
    const mine = await stored();
    for (const r of before) expect(mine.find((m) => m.id === r.id)).toEqual(r);
  });
});

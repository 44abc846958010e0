import { PENILAIAN_GATE_MESSAGES } from '@erapor/contract/penilaian/gate';
import { CATATAN_MESSAGES, type CatatanResponse } from '@erapor/contract/wali-kelas/catatan';
import { CATATAN_SIKAP_MESSAGES, type CatatanSikapResponse } from '@erapor/contract/wali-kelas/catatan-sikap';
import type { EkskulWaliResponse, PklWaliResponse } from '@erapor/contract/wali-kelas/ekskul';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { nilaiEkstrakurikuler, nilaiSikap } from '../../db/tables/penilaian';
import { guru } from '../../db/tables/referensi';
import { refP5Dimensi, refP5Elemen } from '../../db/tables/referensi-ref';
import { catatanBudayaKerja, catatanWali } from '../../db/tables/wali-kelas';
import { anotherSchoolRombel, type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json } from '../../test/engines';
import { withKelasLocked, withPenilaianClosed } from '../../test/gate';
import { demoTokens, otherWali, staffToken } from '../penilaian/beranda/test-accounts';

const CATATAN = '/api/wali-kelas/catatan-wali-kelas';
const KOKURIKULER = '/api/wali-kelas/kokurikuler';
const SIKAP = '/api/wali-kelas/catatan-sikap';
const EKSKUL = '/api/wali-kelas/nilai-ekstrakurikuler';
const PKL = '/api/wali-kelas/praktik-kerja-lapangan';
const SCHOOL_2 = '00000000-0000-4000-8000-0000000006c2';
const ROMBEL_2 = '00000000-0000-4000-8000-0000000006c3';

type Body = { message: string; details?: Record<string, string>; saved?: number };

describeEngines('wali kelas: catatan, kokurikuler, catatan sikap, ekskul, PKL', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let kelas = { id: '', nama: '', members: [] as string[] };
  let other = { id: '', members: [] as string[] };
  let k13 = { id: '', members: [] as string[] };

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    Object.assign(
      tokens,
      await demoTokens(t().app, demo, ['admin', 'guru', 'wali', 'siswa', 'ekskul', 'pkl', 'kaprog', 'waka']),
    );
    const k13Rombel = demo.school.rombongan_belajar.find(
      (r) => r.rombongan_belajar_id === demo.school.relations.k13RombelId,
    );
    if (!k13Rombel) throw new Error('demo K13 class missing');
    // Another class's wali: not the K13 class's, who has a log-in of their own below.
    const { own, another, token } = await otherWali(t().app, db, demo, 'wali-lain@test.sch.id', [
      k13Rombel.ptk_id,
    ]);
    tokens.otherWali = token;
    const ids = (r: typeof own) => r.anggota_rombel.map((a) => a.anggota_rombel_id);
    kelas = { id: own.rombongan_belajar_id, nama: own.nama, members: ids(own) };
    other = { id: another.rombongan_belajar_id, members: ids(another) };
    k13 = { id: k13Rombel.rombongan_belajar_id, members: ids(k13Rombel) };
    tokens.k13Wali = await staffToken(t().app, db, demo, {
      guruId: k13Rombel.ptk_id,
      email: 'wali-k13@test.sch.id',
      roles: ['guru', 'wali'],
    });
    // wali@ logged in to 2024/2025 Genap, before Kokurikuler existed.
    tokens.pastWali = await staffToken(
      t().app,
      db,
      { ...demo, semesterId: '20242' },
      {
        guruId: own.ptk_id,
        email: 'wali-lalu@test.sch.id',
        roles: ['guru', 'wali'],
      },
    );
    await anotherSchoolRombel(db, {
      sekolahId: SCHOOL_2,
      rombelId: ROMBEL_2,
      npsn: '69999996',
      semesterId: demo.semesterId,
    });
  });

  const call = async <T = Body>(method: 'GET' | 'PUT', url: string, who: string, payload?: object) => {
    const res = await t().app.inject({ method, url, payload, headers: bearer(tokens[who] ?? '') });
    return { status: res.statusCode, body: json<T>(res) };
  };
  const load = (url: string, who = 'wali', query = '') => call<CatatanResponse>('GET', `${url}${query}`, who);
  const save = (url: string, rows: object[], who = 'wali', rombel = kelas.id) =>
    call('PUT', url, who, { rombongan_belajar_id: rombel, rows });
  const stored = async (type = 'catatan_walas') =>
    (
      await t()
        .db.db.select({
          id: catatanWali.anggotaRombelId,
          uraian: catatanWali.uraianDeskripsi,
          type: catatanWali.type,
        })
        .from(catatanWali)
        .where(inArray(catatanWali.anggotaRombelId, [...kelas.members, ...other.members]))
    )
      .filter((r) => r.type === type)
      .map(({ id, uraian }) => ({ id, uraian }))
      .sort((a, b) => a.id.localeCompare(b.id));
  const byId = (x: { id: string }, y: { id: string }) => x.id.localeCompare(y.id);

  it('gives the wali their class with Nama, NISN and an empty text per pupil', async () => {
    for (const [url, jenis] of [
      [CATATAN, 'catatan_walas'],
      [KOKURIKULER, 'kokurikuler'],
    ] as const) {
      const res = await load(url);
      expect(res.status, url).toBe(200);
      expect(res.body.jenis).toBe(jenis);
      expect(res.body.rombel).toEqual({ rombongan_belajar_id: kelas.id, nama: kelas.nama });
      expect(res.body.kelas).toEqual([{ value: kelas.id, label: kelas.nama }]);
      expect(res.body.penilaian_tertutup).toBeNull();
      expect(res.body.data.map((r) => r.anggota_rombel_id).sort()).toEqual([...kelas.members].sort());
      for (const r of res.body.data) expect(r).toMatchObject({ uraian: '', updated_at: null });
    }
  });

  it('answers 403 to every other role and another class, 404 to a class of another school', async () => {
    const row = { anggota_rombel_id: kelas.members[0], uraian: 'Baik', sebelumnya: '' };
    const sikapRow = { anggota_rombel_id: kelas.members[0], dimensi_id: 1, catatan: 'Baik', sebelumnya: '' };
    const q = `?rombongan_belajar_id=${kelas.id}`;
    for (const who of ['guru', 'otherWali', 'k13Wali', 'ekskul', 'pkl', 'siswa', 'kaprog', 'waka', 'admin']) {
      for (const url of [CATATAN, KOKURIKULER, SIKAP, EKSKUL, PKL])
        expect((await load(url, who, q)).status, `${who} GET ${url}`).toBe(403);
      for (const url of [CATATAN, KOKURIKULER])
        expect((await save(url, [row], who)).status, `${who} PUT ${url}`).toBe(403);
      expect((await save(SIKAP, [sikapRow], who)).status, `${who} PUT sikap`).toBe(403);
    }
    for (const url of [CATATAN, KOKURIKULER, SIKAP, EKSKUL, PKL]) {
      expect((await load(url, 'wali', `?rombongan_belajar_id=${other.id}`)).status, url).toBe(403);
      const foreign = await load(url, 'wali', `?rombongan_belajar_id=${ROMBEL_2}`);
      expect(foreign.status, url).toBe(404);
      expect((foreign.body as unknown as Body).message).toBe('Rombongan belajar tidak ditemukan.');
    }
    expect((await save(CATATAN, [row], 'wali', ROMBEL_2)).status).toBe(404);
    expect((await save(CATATAN, [row], 'wali', other.id)).status).toBe(403);
    expect((await save(SIKAP, [sikapRow], 'wali', ROMBEL_2)).status).toBe(404);
    expect((await load(CATATAN, 'otherWali')).body.rombel.rombongan_belajar_id).toBe(other.id);
    expect(await stored()).toEqual([]);
    expect(await stored('kokurikuler')).toEqual([]);
  });

  it('refuses a 1,001-character note and a pupil of another class (422), writing nothing', async () => {
    const [a, b] = kelas.members as [string, string];
    const bad = await save(CATATAN, [
      { anggota_rombel_id: a, uraian: 'Rajin. ', sebelumnya: '' },
      { anggota_rombel_id: b, uraian: 'x'.repeat(1001), sebelumnya: '' },
      { anggota_rombel_id: other.members[0], uraian: 'Baik', sebelumnya: '' },
    ]);
    expect(bad.status).toBe(422);
    expect(bad.body.details).toEqual({
      'rows.1.uraian': 'Catatan tidak boleh lebih dari 1000 karakter!',
      'rows.2.anggota_rombel_id': CATATAN_MESSAGES.notMember,
    });
    const twice = await save(KOKURIKULER, [
      { anggota_rombel_id: a, uraian: 'Satu', sebelumnya: '' },
      { anggota_rombel_id: a, uraian: 'Dua', sebelumnya: '' },
    ]);
    expect(twice.status).toBe(422);
    expect(twice.body.details).toEqual({ 'rows.1.anggota_rombel_id': CATATAN_MESSAGES.duplicateRow });
    expect((await call('PUT', CATATAN, 'wali', { rombongan_belajar_id: kelas.id, rows: [] })).status).toBe(
      400,
    );
    expect(await stored()).toEqual([]);
    expect(await stored('kokurikuler')).toEqual([]);
  });

  it('saves texts per class (trimmed; empty deletes), keeps the two kinds apart, 409 on a stale save', async () => {
    const [a, b, c] = kelas.members as [string, string, string];
    const long = 'y'.repeat(1000);
    const first = await save(CATATAN, [
      { anggota_rombel_id: a, uraian: '  Pertahankan prestasimu. ', sebelumnya: '' },
      { anggota_rombel_id: b, uraian: long, sebelumnya: '' },
      { anggota_rombel_id: c, uraian: '   ', sebelumnya: '' },
    ]);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: 'Data berhasil disimpan', saved: 2 });
    expect(await stored()).toEqual(
      [
        { id: a, uraian: 'Pertahankan prestasimu.' },
        { id: b, uraian: long },
      ].sort(byId),
    );
    const kok = await save(KOKURIKULER, [
      { anggota_rombel_id: a, uraian: 'Kolaborasi baik.', sebelumnya: '' },
    ]);
    expect(kok.status).toBe(200);
    expect(await stored('kokurikuler')).toEqual([{ id: a, uraian: 'Kolaborasi baik.' }]);
    const g = await load(CATATAN);
    expect(g.body.data.find((r) => r.anggota_rombel_id === a)).toMatchObject({
      uraian: 'Pertahankan prestasimu.',
    });
    expect(g.body.data.find((r) => r.anggota_rombel_id === a)?.updated_at).not.toBeNull();
    expect((await load(KOKURIKULER)).body.data.find((r) => r.anggota_rombel_id === a)?.uraian).toBe(
      'Kolaborasi baik.',
    );

    // Loaded before the first save: b's text is there now → 409 naming b, nothing written.
    const stale = await save(CATATAN, [
      { anggota_rombel_id: c, uraian: 'Baru', sebelumnya: '' },
      { anggota_rombel_id: b, uraian: 'Lain', sebelumnya: '' },
    ]);
    expect(stale.status).toBe(409);
    const namaB = g.body.data.find((r) => r.anggota_rombel_id === b)?.nama ?? '';
    expect(stale.body.message).toBe(CATATAN_MESSAGES.conflict([namaB]));
    expect(Object.keys(stale.body.details ?? {})).toEqual(['rows.1.uraian']);
    expect((await stored()).length).toBe(2);

    // A retry of a save that went through is no conflict; emptying a text deletes its row.
    const retry = await save(CATATAN, [
      { anggota_rombel_id: a, uraian: 'Pertahankan prestasimu.', sebelumnya: '' },
    ]);
    expect(retry.status).toBe(200);
    expect(retry.body.saved).toBe(0);
    const cleared = await save(CATATAN, [{ anggota_rombel_id: b, uraian: '', sebelumnya: long }]);
    expect(cleared.status).toBe(200);
    expect(await stored()).toEqual([{ id: a, uraian: 'Pertahankan prestasimu.' }]);
    expect(await stored('kokurikuler')).toEqual([{ id: a, uraian: 'Kolaborasi baik.' }]);
  });

  it('is closed (423) while assessment is closed school-wide or the class is locked', async () => {
    const db = t().db.db;
    const [a] = kelas.members as [string];
    const before = await stored();
    const row = { anggota_rombel_id: a, uraian: 'Ditutup?', sebelumnya: 'Pertahankan prestasimu.' };
    await withPenilaianClosed(db, demo, async () => {
      for (const url of [CATATAN, KOKURIKULER]) {
        const res = await save(url, [row]);
        expect(res.status, url).toBe(423);
        expect(res.body.message).toBe(PENILAIAN_GATE_MESSAGES.closedBySchool);
        expect((await load(url)).body.penilaian_tertutup).toBe(PENILAIAN_GATE_MESSAGES.closedBySchool);
      }
    });
    await withKelasLocked(db, kelas.id, async () => {
      const res = await save(CATATAN, [row]);
      expect(res.status).toBe(423);
      expect(res.body.message).toBe(CATATAN_MESSAGES.lockedOwn);
    });
    expect(await stored()).toEqual(before);
    expect((await save(CATATAN, [row])).status).toBe(200);
  });

  it('answers Kokurikuler before 2025/2026 with 409 and the reason; Catatan Wali Kelas stays', async () => {
    const res = await call('GET', KOKURIKULER, 'pastWali');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(CATATAN_MESSAGES.kokurikulerBelumBerlaku);
    const put = await save(
      KOKURIKULER,
      [{ anggota_rombel_id: kelas.members[0], uraian: 'x', sebelumnya: '' }],
      'pastWali',
    );
    expect(put.status).toBe(409);
    // A non-wali still hears 403 first.
    expect((await call('GET', KOKURIKULER, 'guru')).status).toBe(403);
  });

  it('Catatan Sikap: the teachers’ notes per pupil, read-only for a Merdeka class', async () => {
    const db = t().db.db;
    const [a] = kelas.members as [string];
    const [dimensi] = await db.select().from(refP5Dimensi).orderBy(refP5Dimensi.no).limit(1);
    const [elemen] = await db.select().from(refP5Elemen).orderBy(refP5Elemen.no).limit(1);
    if (!dimensi || !elemen) throw new Error('P5 reference missing');
    await db.insert(nilaiSikap).values({
      sekolahId: demo.sekolahId,
      semesterId: demo.semesterId,
      anggotaRombelId: a,
      guruId: demo.accounts.guru.guruId ?? '',
      tanggal: '2026-08-10',
      dimensiId: dimensi.no,
      elemenId: elemen.no,
      opsiId: 2,
      deskripsi: 'Sering terlambat masuk kelas.',
    });
    const [author] = await db
      .select({ nama: guru.nama })
      .from(guru)
      .where(eq(guru.guruId, demo.accounts.guru.guruId ?? ''));
    const res = await call<CatatanSikapResponse>('GET', SIKAP, 'wali');
    expect(res.status).toBe(200);
    expect(res.body.k13).toBe(false);
    expect(res.body.dimensi).toEqual([]);
    expect(res.body.data.length).toBe(kelas.members.length);
    const mine = res.body.data.find((r) => r.anggota_rombel_id === a);
    expect(mine?.catatan_guru).toEqual([
      {
        guru: author?.nama,
        dimensi: dimensi.dimensi,
        elemen: elemen.elemen,
        deskripsi: 'Sering terlambat masuk kelas.',
        opsi: 'Negatif',
        tanggal: '2026-08-10',
      },
    ]);
    expect(res.body.data.filter((r) => r.catatan_guru.length === 0).length).toBe(kelas.members.length - 1);
    const put = await save(SIKAP, [
      { anggota_rombel_id: a, dimensi_id: dimensi.no, catatan: 'x', sebelumnya: '' },
    ]);
    expect(put.status).toBe(409);
    expect(put.body.message).toBe(CATATAN_SIKAP_MESSAGES.notK13);
  });

  it('Catatan Sikap Wali Kelas for a K13 class: a text per dimension, 422 over 1,000, 409 stale', async () => {
    const db = t().db.db;
    const res = await call<CatatanSikapResponse>('GET', SIKAP, 'k13Wali');
    expect(res.status).toBe(200);
    expect(res.body.k13).toBe(true);
    expect(res.body.rombel.rombongan_belajar_id).toBe(k13.id);
    expect(res.body.dimensi.length).toBeGreaterThan(0);
    const [d1, d2] = res.body.dimensi.map((d) => d.dimensi_id) as [number, number];
    const [a, b] = k13.members as [string, string];
    const rows = () =>
      db
        .select({
          id: catatanBudayaKerja.anggotaRombelId,
          d: catatanBudayaKerja.budayaKerjaId,
          c: catatanBudayaKerja.catatan,
        })
        .from(catatanBudayaKerja)
        .where(inArray(catatanBudayaKerja.anggotaRombelId, k13.members));
    const bad = await save(
      SIKAP,
      [
        { anggota_rombel_id: a, dimensi_id: d1, catatan: 'Jujur', sebelumnya: '' },
        { anggota_rombel_id: b, dimensi_id: d2, catatan: 'z'.repeat(1001), sebelumnya: '' },
        { anggota_rombel_id: b, dimensi_id: 99, catatan: 'z', sebelumnya: '' },
      ],
      'k13Wali',
      k13.id,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.details).toEqual({
      'rows.1.catatan': CATATAN_MESSAGES.tooLong,
      'rows.2.dimensi_id': CATATAN_SIKAP_MESSAGES.unknownDimensi,
    });
    expect(await rows()).toEqual([]);
    const ok = await save(
      SIKAP,
      [
        { anggota_rombel_id: a, dimensi_id: d1, catatan: ' Jujur dan santun. ', sebelumnya: '' },
        { anggota_rombel_id: a, dimensi_id: d2, catatan: 'Mandiri.', sebelumnya: '' },
      ],
      'k13Wali',
      k13.id,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Catatan Sikap berhasil disimpan');
    const after = await call<CatatanSikapResponse>('GET', SIKAP, 'k13Wali');
    expect(after.body.data.find((r) => r.anggota_rombel_id === a)?.catatan_wali).toEqual({
      [String(d1)]: 'Jujur dan santun.',
      [String(d2)]: 'Mandiri.',
    });
    const stale = await save(
      SIKAP,
      [{ anggota_rombel_id: a, dimensi_id: d2, catatan: 'Lain', sebelumnya: '' }],
      'k13Wali',
      k13.id,
    );
    expect(stale.status).toBe(409);
    const cleared = await save(
      SIKAP,
      [{ anggota_rombel_id: a, dimensi_id: d2, catatan: '', sebelumnya: 'Mandiri.' }],
      'k13Wali',
      k13.id,
    );
    expect(cleared.status).toBe(200);
    expect(await rows()).toEqual([{ id: a, d: d1, c: 'Jujur dan santun.' }]);
    await withPenilaianClosed(db, demo, async () => {
      const closed = await save(
        SIKAP,
        [{ anggota_rombel_id: b, dimensi_id: d1, catatan: 'x', sebelumnya: '' }],
        'k13Wali',
        k13.id,
      );
      expect(closed.status).toBe(423);
    });
    expect((await rows()).length).toBe(1);
  });

  it('Nilai Ekstrakurikuler: each pupil’s ekskul with pembina and predikat, ungraded flagged', async () => {
    const db = t().db.db;
    const pupilOf = new Map(
      demo.school.rombongan_belajar
        .find((r) => r.rombongan_belajar_id === kelas.id)
        ?.anggota_rombel.map((a) => [a.peserta_didik_id, a.anggota_rombel_id]),
    );
    const memberships = demo.school.ekstrakurikuler.flatMap((e) =>
      (
        demo.school.rombongan_belajar.find((r) => r.rombongan_belajar_id === e.rombongan_belajar_id)
          ?.anggota_rombel ?? []
      )
        .filter((m) => pupilOf.has(m.peserta_didik_id))
        .map((m) => ({ e, m })),
    );
    expect(memberships.length).toBeGreaterThan(0);
    const graded = memberships[0] as (typeof memberships)[number];
    await db.insert(nilaiEkstrakurikuler).values({
      sekolahId: demo.sekolahId,
      anggotaRombelId: graded.m.anggota_rombel_id,
      ekstrakurikulerId: graded.e.ID_kelas_ekskul,
      nilai: 2,
      deskripsiEkskul: `Melaksanakan kegiatan ${graded.e.nm_ekskul} dengan Baik`,
    });
    const res = await call<EkskulWaliResponse>('GET', EKSKUL, 'wali');
    expect(res.status).toBe(200);
    expect(res.body.rombel.rombongan_belajar_id).toBe(kelas.id);
    const withEkskul = res.body.data.filter((r) => r.nama_ekskul !== null);
    expect(withEkskul.length).toBe(memberships.length);
    const row = withEkskul.find(
      (r) =>
        r.anggota_rombel_id === pupilOf.get(graded.m.peserta_didik_id) &&
        r.nama_ekskul === graded.e.nm_ekskul,
    );
    expect(row).toMatchObject({
      predikat: 'Baik',
      deskripsi: `Melaksanakan kegiatan ${graded.e.nm_ekskul} dengan Baik`,
      dinilai: true,
    });
    expect(row?.pembina).not.toBeNull();
    expect(withEkskul.filter((r) => !r.dinilai).length).toBe(memberships.length - 1);
    for (const r of withEkskul.filter((x) => !x.dinilai))
      expect(r).toMatchObject({ predikat: null, deskripsi: null });
    // Every pupil of the class appears (those in no ekskul once, without ekskul).
    expect(new Set(res.body.data.map((r) => r.anggota_rombel_id))).toEqual(new Set(kelas.members));
  });

  it('Praktik Kerja Lapangan: the class, no PKL data yet', async () => {
    const res = await call<PklWaliResponse>('GET', PKL, 'wali');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      rombel: { rombongan_belajar_id: kelas.id, nama: kelas.nama },
      kelas: [{ value: kelas.id, label: kelas.nama }],
      data: null,
    });
  });

  it('the living demo writes a note and a kokurikuler text for every pupil, keeping what a wali saved', async () => {
    const before = await stored();
    const beforeKok = await stored('kokurikuler');
    await seedDemo(t().db.db, { living: true });
    for (const url of [CATATAN, KOKURIKULER]) {
      const res = await load(url, 'otherWali');
      expect(res.body.data.length, url).toBe(other.members.length);
      expect(
        res.body.data.every((r) => r.uraian.length > 0 && r.uraian.length <= 1000),
        url,
      ).toBe(true);
    }
    const kok = await load(KOKURIKULER, 'otherWali');
    expect(kok.body.data.every((r) => r.uraian.startsWith('Melalui kegiatan kokurikuler'))).toBe(true);
    const mine = await stored();
    for (const r of before) expect(mine.find((m) => m.id === r.id)).toEqual(r);
    const mineKok = await stored('kokurikuler');
    for (const r of beforeKok) expect(mineKok.find((m) => m.id === r.id)).toEqual(r);
    // The ekskul view reads the living demo's grades: most members graded, each with its scale word.
    const ekskul = await call<EkskulWaliResponse>('GET', EKSKUL, 'otherWali');
    const graded = ekskul.body.data.filter((r) => r.dinilai);
    for (const r of graded) expect(['Sangat Baik', 'Baik', 'Cukup', 'Kurang']).toContain(r.predikat);
  });
});

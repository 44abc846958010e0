import { PENILAIAN_GATE_MESSAGES } from '@erapor/contract/penilaian/gate';
import { KENAIKAN_MESSAGES, type KenaikanResponse } from '@erapor/contract/wali-kelas/kenaikan';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { anggotaRombel, rombonganBelajar } from '../../../db/tables/referensi';
import { kenaikanKelas } from '../../../db/tables/wali-kelas';
import { anotherSchoolRombel, type SeededDemo, seedDemo } from '../../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../../test/engines';
import { withKelasLocked, withPenilaianClosed } from '../../../test/gate';
import { pdfText } from '../../../test/pdf-text';
import { demoTokens, staffToken } from '../../penilaian/beranda/test-accounts';
import { setSetting } from '../../sekolah/service';
import { SETTING_KEYS } from '../../sekolah/settings';

const URL = '/api/wali-kelas/kenaikan-kelas';
const SCHOOL_2 = '00000000-0000-4000-8000-0000000029c2';
const ROMBEL_2 = '00000000-0000-4000-8000-0000000029c3';
const UNKNOWN = '00000000-0000-4000-8000-0000000029c4';

type Kelas = { id: string; nama: string; tingkat: number; jurusanSpId: string | null; members: string[] };

describeEngines('wali kelas: kenaikan kelas', {}, (t) => {
  let demo: SeededDemo;
  /** The past Genap semester the living demo writes (2025/2026 Genap). */
  let genap = '';
  const tokens: Record<string, string> = {};
  let kelas: Kelas;
  let other: Kelas;
  let kelasXii: Kelas;

  const classesOf = async (semesterId: string): Promise<Kelas[]> => {
    const db = t().db.db;
    const rombels = await db
      .select({
        id: rombonganBelajar.rombonganBelajarId,
        nama: rombonganBelajar.nama,
        tingkat: rombonganBelajar.tingkat,
        guruId: rombonganBelajar.guruId,
        jurusanSpId: rombonganBelajar.jurusanSpId,
      })
      .from(rombonganBelajar)
      .where(
        and(
          eq(rombonganBelajar.sekolahId, demo.sekolahId),
          eq(rombonganBelajar.semesterId, semesterId),
          eq(rombonganBelajar.jenisRombel, 1),
        ),
      );
    const members = await db
      .select({ id: anggotaRombel.anggotaRombelId, rombel: anggotaRombel.rombonganBelajarId })
      .from(anggotaRombel)
      .where(
        inArray(
          anggotaRombel.rombonganBelajarId,
          rombels.map((r) => r.id),
        ),
      );
    return rombels.map((r) => ({
      ...r,
      members: members.filter((m) => m.rombel === r.id).map((m) => m.id),
    })) as (Kelas & { guruId: string | null })[];
  };

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db, { living: true });
    genap = demo.historySemesterIds.filter((s) => s.endsWith('2')).at(-1) ?? '';
    expect(genap).toBe('20252');
    Object.assign(
      tokens,
      await demoTokens(t().app, demo, ['admin', 'guru', 'wali', 'ekskul', 'pkl', 'kaprog', 'waka'], genap),
    );
    // siswa@ was not at school in 2025/2026: their log-in is the active semester's.
    tokens.siswa = (await loginAs(t().app, demo.accounts.siswa.email, demo.semesterId)).accessToken;
    tokens.waliGanjil = (await loginAs(t().app, demo.accounts.wali.email, demo.semesterId)).accessToken;
    const all = (await classesOf(genap)) as (Kelas & { guruId: string | null })[];
    const own = all.find((r) => r.guruId === demo.accounts.wali.guruId && r.members.length > 0);
    const xii = all.find((r) => r.tingkat === 12 && r.guruId !== own?.guruId && r.members.length > 0);
    const another = all.find(
      (r) => r.tingkat < 12 && r.guruId !== own?.guruId && r.guruId !== xii?.guruId && r.members.length > 0,
    );
    if (!own || !xii || !another) throw new Error('demo classes of 20252 missing');
    if (own.tingkat >= 12) throw new Error('the test expects wali@ to lead a class below XII in 20252');
    kelas = own;
    other = another;
    kelasXii = xii;
    const asWali = (guruId: string | null, email: string) =>
      staffToken(
        t().app,
        db,
        { sekolahId: demo.sekolahId, semesterId: genap },
        {
          guruId: guruId ?? '',
          email,
          roles: ['guru', 'wali'],
        },
      );
    tokens.otherWali = await asWali(another.guruId ?? null, 'wali-lain-kenaikan@test.sch.id');
    tokens.waliXii = await asWali(xii.guruId ?? null, 'wali-xii-kenaikan@test.sch.id');
    await anotherSchoolRombel(db, {
      sekolahId: SCHOOL_2,
      rombelId: ROMBEL_2,
      npsn: '69999929',
      semesterId: genap,
      tingkat: 11,
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
  const grid = (who = 'wali', query = '') => call<KenaikanResponse>('GET', `${URL}${query}`, who);
  const save = (rows: object[], who = 'wali', rombel = kelas.id) =>
    call('PUT', URL, who, { rombongan_belajar_id: rombel, rows });
  const stored = async (ids: readonly string[] = [...kelas.members, ...other.members, ...kelasXii.members]) =>
    (
      await t()
        .db.db.select({
          id: kenaikanKelas.anggotaRombelId,
          status: kenaikanKelas.status,
          nama: kenaikanKelas.namaKelas,
        })
        .from(kenaikanKelas)
        .where(inArray(kenaikanKelas.anggotaRombelId, [...ids]))
    ).sort((a, b) => a.id.localeCompare(b.id));
  const loaded = async (who = 'wali') => {
    const res = await grid(who);
    return new Map(res.body.data.map((r) => [r.anggota_rombel_id, r]));
  };
  const before = (row: { status: number | null; nama_kelas: string | null } | undefined) =>
    row?.status ? { status: row.status, nama_kelas: row.nama_kelas } : null;

  it('gives wali@ in 2025/2026 Genap their class, its pupils, the seeded decisions and the choices', async () => {
    const res = await grid();
    expect(res.status).toBe(200);
    expect(res.body.rombel).toEqual({
      rombongan_belajar_id: kelas.id,
      nama: kelas.nama,
      tingkat: kelas.tingkat,
    });
    expect(res.body.kelulusan).toBe(false);
    expect(res.body.empat_tahun).toBe(false);
    expect(res.body.status).toEqual([
      { value: 1, label: 'Naik Ke Kelas' },
      { value: 2, label: 'Tidak Naik' },
    ]);
    const next = (await classesOf(genap)).filter((r) => r.tingkat === kelas.tingkat + 1).map((r) => r.nama);
    expect([...res.body.kelas_tujuan].sort()).toEqual([...new Set(next)].sort());
    expect(res.body.data.map((r) => r.anggota_rombel_id).sort()).toEqual([...kelas.members].sort());
    // The demo decided for every pupil: up to the next class of the same number, or staying.
    for (const r of res.body.data) {
      expect([1, 2]).toContain(r.status);
      if (r.status === 2) expect(r.nama_kelas).toBe(kelas.nama);
      else expect(r.nama_kelas?.startsWith(kelas.tingkat === 10 ? 'XI ' : 'XII ')).toBe(true);
    }
    const xii = await grid('waliXii');
    expect(xii.body.kelulusan).toBe(true);
    expect(xii.body.status.map((s) => s.value)).toEqual([3, 4]);
    expect(xii.body.kelas_tujuan).toEqual([]);
    expect(xii.body.data.every((r) => r.status === 3 && r.nama_kelas === null)).toBe(true);
  });

  it('answers 403 to every other role and another class, 404 to another school or an unknown class', async () => {
    const [a] = kelas.members as [string];
    const row = { anggota_rombel_id: a, status: 2, nama_kelas: null, sebelumnya: null };
    const snapshot = await stored();
    for (const who of ['guru', 'otherWali', 'ekskul', 'pkl', 'siswa', 'kaprog', 'waka', 'admin']) {
      expect((await grid(who, `?rombongan_belajar_id=${kelas.id}`)).status, who).toBe(403);
      expect((await save([row], who)).status, who).toBe(403);
    }
    expect((await grid('otherWali')).body.rombel.rombongan_belajar_id).toBe(other.id);
    expect((await grid('wali', `?rombongan_belajar_id=${other.id}`)).status).toBe(403);
    expect((await save([row], 'wali', other.id)).status).toBe(403);
    for (const id of [ROMBEL_2, UNKNOWN]) {
      const res = await grid('wali', `?rombongan_belajar_id=${id}`);
      expect(res.status).toBe(404);
      expect((res.body as unknown as { message: string }).message).toBe('Rombongan belajar tidak ditemukan.');
      expect((await save([row], 'wali', id)).status).toBe(404);
    }
    expect((await grid('wali', '?rombongan_belajar_id=xyz')).status).toBe(400);
    expect(await stored()).toEqual(snapshot);
  });

  it('is refused in a Ganjil semester (409) with its message, writing nothing', async () => {
    const snapshot = await stored();
    const res = await grid('waliGanjil');
    expect(res.status).toBe(409);
    expect((res.body as unknown as { message: string }).message).toBe(
      'Kenaikan kelas hanya dapat dilakukan di semester Genap.',
    );
    const put = await save(
      [{ anggota_rombel_id: kelas.members[0], status: 2, sebelumnya: null }],
      'waliGanjil',
    );
    expect(put.status).toBe(409);
    expect(put.body.message).toBe(KENAIKAN_MESSAGES.ganjil);
    expect(await stored()).toEqual(snapshot);
  });

  it('saves Naik with a chosen or typed class, Tidak Naik as the current class, and clears', async () => {
    const [a, b, c] = kelas.members as [string, string, string];
    const now = await loaded();
    const res = await save([
      { anggota_rombel_id: a, status: 1, nama_kelas: '  XII Kelas Ketik 7 ', sebelumnya: before(now.get(a)) },
      { anggota_rombel_id: b, status: 2, nama_kelas: 'ignored', sebelumnya: before(now.get(b)) },
      { anggota_rombel_id: c, status: null, nama_kelas: null, sebelumnya: before(now.get(c)) },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Kenaikan kelas berhasil disimpan');
    const mine = await stored([a, b, c]);
    expect(mine).toEqual(
      [
        { id: a, status: 1, nama: 'XII Kelas Ketik 7' },
        { id: b, status: 2, nama: kelas.nama },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );
    const after = await loaded();
    expect(after.get(c)?.status).toBeNull();
    // A save from a page loaded before this one: 409 naming the pupil, nothing written.
    const stale = await save([
      { anggota_rombel_id: a, status: 2, nama_kelas: null, sebelumnya: before(now.get(a)) },
    ]);
    expect(stale.status).toBe(409);
    expect(stale.body.details?.['rows.0.status']).toBeTruthy();
    expect(await stored([a, b, c])).toEqual(mine);
    // The same save again changes nothing and is no conflict.
    const again = await save([
      { anggota_rombel_id: a, status: 1, nama_kelas: 'XII Kelas Ketik 7', sebelumnya: null },
    ]);
    expect(again.status).toBe(200);
    expect(again.body.saved).toBe(0);
  });

  it('refuses Lulus in class XI, an empty Rombongan Belajar and another class’s pupil with Indonesian messages', async () => {
    const [a, b] = kelas.members as [string, string];
    const snapshot = await stored();
    const now = await loaded();
    const res = await save([
      { anggota_rombel_id: a, status: 3, nama_kelas: null, sebelumnya: before(now.get(a)) },
      { anggota_rombel_id: b, status: 1, nama_kelas: '   ', sebelumnya: before(now.get(b)) },
      { anggota_rombel_id: other.members[0], status: 2, sebelumnya: null },
    ]);
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({
      'rows.0.status': `Status "Lulus" tidak dapat dipilih untuk kelas ${kelas.nama}. Pilihan yang tersedia: Naik Ke Kelas atau Tidak Naik.`,
      'rows.1.nama_kelas': 'Rombongan Belajar tidak boleh kosong!',
      'rows.2.anggota_rombel_id': KENAIKAN_MESSAGES.notMember,
    });
    const bad = await save([{ anggota_rombel_id: a, status: 7, sebelumnya: null }]);
    expect(bad.status).toBe(400);
    expect(await stored()).toEqual(snapshot);
  });

  it('a tingkat-12 class of a four-year programme decides Naik / Tidak Naik, not Lulus', async () => {
    const db = t().db.db;
    const marked =
      (await classesOf(genap)).find(
        (r) => r.tingkat === 12 && r.jurusanSpId === kelasXii.jurusanSpId && r.id !== kelasXii.id,
      ) ?? kelasXii;
    const actor = { sekolahId: demo.sekolahId };
    await setSetting(db, actor, {
      key: SETTING_KEYS.rombel4Tahun,
      value: JSON.stringify([marked.id]),
      semesterId: genap,
    });
    try {
      const res = await grid('waliXii');
      expect(res.body.empat_tahun).toBe(true);
      expect(res.body.kelulusan).toBe(false);
      expect(res.body.status.map((s) => s.value)).toEqual([1, 2]);
      const [a] = kelasXii.members as [string];
      const lulus = await save(
        [{ anggota_rombel_id: a, status: 3, sebelumnya: { status: 3, nama_kelas: null } }],
        'waliXii',
        kelasXii.id,
      );
      expect(lulus.status).toBe(422);
      const naik = await save(
        [
          {
            anggota_rombel_id: a,
            status: 1,
            nama_kelas: 'XIII TKJ 1',
            sebelumnya: { status: 3, nama_kelas: null },
          },
        ],
        'waliXii',
        kelasXii.id,
      );
      expect(naik.status).toBe(200);
      expect(await stored([a])).toEqual([{ id: a, status: 1, nama: 'XIII TKJ 1' }]);
    } finally {
      await setSetting(db, actor, { key: SETTING_KEYS.rombel4Tahun, value: '[]', semesterId: genap });
    }
    expect((await grid('waliXii')).body.status.map((s) => s.value)).toEqual([3, 4]);
  });

  it('is closed (423) while assessment is closed school-wide or the class is locked', async () => {
    const db = t().db.db;
    const [a] = kelas.members as [string];
    const now = await loaded();
    const row = { anggota_rombel_id: a, status: 2, nama_kelas: null, sebelumnya: before(now.get(a)) };
    const snapshot = await stored();
    const inGenap = { sekolahId: demo.sekolahId, semesterId: genap };
    await withPenilaianClosed(db, inGenap, async () => {
      const res = await save([row]);
      expect(res.status).toBe(423);
      expect(res.body.message).toBe(PENILAIAN_GATE_MESSAGES.closedBySchool);
      expect((await grid()).body.penilaian_tertutup).toBe(PENILAIAN_GATE_MESSAGES.closedBySchool);
    });
    await withKelasLocked(db, kelas.id, async () => {
      const res = await save([row]);
      expect(res.status).toBe(423);
      expect(res.body.message).toBe(KENAIKAN_MESSAGES.lockedOwn);
      expect((await grid()).body.penilaian_tertutup).toBe(KENAIKAN_MESSAGES.lockedOwn);
    });
    expect(await stored()).toEqual(snapshot);
    expect((await save([row])).status).toBe(200);
  });
  it('seeding the living demo again keeps what the wali saved and decides for every pupil of 20252', async () => {
    const mine = await stored();
    await seedDemo(t().db.db, { living: true });
    // Every stored decision stays; a pupil whose decision the wali cleared gets the demo's again.
    const after = await stored();
    for (const r of mine) expect(after.find((a) => a.id === r.id)).toEqual(r);
    const [counted] = await t().db.query<{ members: string; decided: string }>(
      `select count(a.*) as members, count(k.*) as decided
        from anggota_rombel a
        join rombongan_belajar r on r.rombongan_belajar_id = a.rombongan_belajar_id
        left join kenaikan_kelas k on k.anggota_rombel_id = a.anggota_rombel_id
        where r.semester_id = $1 and r.jenis_rombel = 1 and r.sekolah_id = $2
          and a.deleted_at is null and r.deleted_at is null`,
      [genap, demo.sekolahId],
    );
    expect(Number(counted?.members)).toBeGreaterThan(0);
    expect(counted?.decided).toEqual(counted?.members);
    // The active semester (Ganjil) gets no decisions from the demo.
    const [active] = await t().db.query<{ n: string }>(
      `select count(*) as n from kenaikan_kelas k join rombongan_belajar r using (rombongan_belajar_id)
        where r.semester_id = $1`,
      [demo.semesterId],
    );
    expect(Number(active?.n)).toBe(0);
  });
  it('the report card of 20252 prints the decision: "Tetap dikelas …" under Kenaikan Kelas, "LULUS" under Status Kelulusan', async () => {
    const [, b] = kelas.members as [string, string];
    const print = async (ar: string, who: string) => {
      const res = await t().app.inject({
        method: 'GET',
        url: `/api/cetak/rapor-nilai-akhir/${ar}`,
        headers: bearer(tokens[who] ?? ''),
      });
      expect(res.statusCode).toBe(200);
      return pdfText(res.rawPayload).text;
    };
    const tetap = await print(b, 'wali');
    expect(tetap).toContain('Kenaikan Kelas');
    expect(tetap).toContain(`Tetap dikelas ${kelas.nama}`);
    const lulus = await print(kelasXii.members[1] as string, 'waliXii');
    expect(lulus).toContain('Status Kelulusan');
    expect(lulus).toContain('LULUS');
  });
});

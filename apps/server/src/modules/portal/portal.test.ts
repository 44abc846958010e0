import {
  PORTAL_MESSAGES,
  type PortalDetil,
  type PortalNilai,
  type PortalProfil,
} from '@erapor/contract/portal/portal';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows';
import { rombonganBelajar } from '../../db/tables/referensi';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';
import { setSetting } from '../sekolah/service';
import { SETTING_KEYS } from '../sekolah/settings';
import { pupilToken } from './test-support';

/*
 * The pupil portal's API (issue #15 items 1–2) on the living demo: siswa@ sees their own subjects,
 * the printed grades of released semesters only, each subject's TP scores; nobody else's.
 */

type Row = Record<string, unknown>;

describeEngines('portal peserta didik', { config: { seedDemo: false } }, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let pesertaDidikId = '';
  beforeAll(async () => {
    demo = await seedDemo(t().db.db, { living: true });
    for (const who of ['admin', 'guru', 'wali', 'waka', 'kaprog'] as const) {
      tokens[who] = (await loginAs(t().app, demo.accounts[who].email, demo.semesterId)).accessToken;
    }
    // siswa@ is in class X (no history): the tests read as an XII pupil who was in the school in
    // every past semester of the living demo, with a log-in made like Generate Pengguna's.
    const [senior] = await sqlRows<Row>(
      t().db.db,
      sql`select a.peserta_didik_id, count(*) as n from anggota_rombel a
        join rombongan_belajar r on r.rombongan_belajar_id = a.rombongan_belajar_id and r.jenis_rombel = 1
        where a.deleted_at is null group by a.peserta_didik_id order by count(*) desc, a.peserta_didik_id limit 1`,
    );
    pesertaDidikId = String(senior?.peserta_didik_id);
    tokens.siswa = await pupilToken(t().app, t().db.db, demo, pesertaDidikId, 'senior@test.sch.id');
    tokens.siswaX = (await loginAs(t().app, demo.accounts.siswa.email, demo.semesterId)).accessToken;
  });
  const get = (url: string, token = tokens.siswa ?? '') =>
    t().app.inject({ method: 'GET', url, headers: bearer(token) });

  /** siswa@'s stored final grades (printed kompetensi) of a semester, by pembelajaran_id. */
  async function storedGrades(semesterId: string): Promise<Map<string, number>> {
    const rows = await sqlRows<Row>(
      t().db.db,
      sql`select n.pembelajaran_id, n.nilai from nilai_akhir n
        join anggota_rombel a on a.anggota_rombel_id = n.anggota_rombel_id and a.deleted_at is null
        join pembelajaran b on b.pembelajaran_id = n.pembelajaran_id and b.rombongan_belajar_id = a.rombongan_belajar_id
        where a.peserta_didik_id = ${pesertaDidikId} and b.semester_id = ${semesterId} and n.kompetensi_id in (1, 4)`,
    );
    return new Map(rows.map((r) => [String(r.pembelajaran_id), Number(r.nilai)]));
  }

  it("profil: the pupil's name and NISN, this semester's class and every semester of a regular class", async () => {
    const res = await get('/api/portal/profil');
    expect(res.statusCode, res.body).toBe(200);
    const p = json<PortalProfil>(res);
    const [pd] = await sqlRows<Row>(
      t().db.db,
      sql`select nama, nisn from peserta_didik where peserta_didik_id = ${pesertaDidikId}`,
    );
    expect(p.nama).toBe(pd?.nama);
    expect(p.nisn).toBe(pd?.nisn);
    const kelas = demo.school.rombongan_belajar.find(
      (r) => r.jenis_rombel === 1 && r.anggota_rombel.some((a) => a.peserta_didik_id === pesertaDidikId),
    );
    expect(p.kelas?.nama).toBe(kelas?.nama);
    expect(p.semester.map((s) => s.semester_id)).toEqual(
      [demo.semesterId, ...demo.historySemesterIds].sort().reverse(),
    );
    // Past semesters are released; the active one waits for the wali's lock.
    for (const s of p.semester.filter((x) => x.semester_id !== demo.semesterId))
      expect(s.rilis).toBe('semester-lalu');
  });

  it('a past semester shows the printed grades; Detil Nilai lists the TP scores as stored', async () => {
    const past = demo.historySemesterIds[demo.historySemesterIds.length - 1] ?? '';
    const res = await get(`/api/portal/nilai/${past}`);
    expect(res.statusCode, res.body).toBe(200);
    const nilai = json<PortalNilai>(res);
    expect(nilai.rilis).toBe('semester-lalu');
    const mapel = nilai.kelompok.flatMap((k) => k.mapel);
    const stored = await storedGrades(past);
    expect(mapel.length).toBeGreaterThan(3);
    expect(stored.size).toBeGreaterThan(3);
    for (const m of mapel) expect(m.nilai, m.nama).toBe(stored.get(m.pembelajaran_id) ?? null);
    expect(mapel.filter((m) => m.guru !== null).length).toBeGreaterThan(0);

    // Detil Nilai of a graded subject: its nilai akhir as printed.
    const [graded] = stored.keys();
    const detil = json<PortalDetil>(await get(`/api/portal/detil-nilai/${graded}`));
    expect(detil).toMatchObject({ rilis: 'semester-lalu', nilai_akhir: stored.get(graded ?? '') });
  });

  it('siswa@ (class X, new this year) has this semester only', async () => {
    const p = json<PortalProfil>(await get('/api/portal/profil', tokens.siswaX));
    expect(p.semester.map((s) => s.semester_id)).toEqual([demo.semesterId]);
    expect(p.kelas?.nama).toBe(
      demo.school.rombongan_belajar.find((r) => r.rombongan_belajar_id === demo.school.relations.waliRombelId)
        ?.nama,
    );
  });

  it('the active semester shows no grade until the wali locks the class or the school opens it', async () => {
    const [own] = await sqlRows<Row>(
      t().db.db,
      sql`select a.rombongan_belajar_id from anggota_rombel a join rombongan_belajar r
        on r.rombongan_belajar_id = a.rombongan_belajar_id and r.jenis_rombel = 1
        where a.peserta_didik_id = ${pesertaDidikId} and a.semester_id = ${demo.semesterId} and a.deleted_at is null`,
    );
    const rombelId = String(own?.rombongan_belajar_id);
    const db = t().db.db;
    const lock = (kunci: boolean) =>
      db
        .update(rombonganBelajar)
        .set({ kunciNilai: kunci })
        .where(and(eq(rombonganBelajar.rombonganBelajarId, rombelId)));
    const open = (value: string) =>
      setSetting(db, demo, { key: SETTING_KEYS.rilisNilaiSiswa, value, semesterId: demo.semesterId });
    const stored = await storedGrades(demo.semesterId);
    expect(stored.size).toBeGreaterThan(0);
    const shown = async () => {
      const n = json<PortalNilai>(await get(`/api/portal/nilai/${demo.semesterId}`));
      return {
        rilis: n.rilis,
        graded: n.kelompok.flatMap((k) => k.mapel).filter((m) => m.nilai !== null).length,
      };
    };
    try {
      await lock(false);
      await open('0');
      expect(await shown()).toEqual({ rilis: 'belum', graded: 0 });
      const [id] = stored.keys();
      const hidden = json<PortalDetil>(await get(`/api/portal/detil-nilai/${id}`));
      expect(hidden).toMatchObject({ rilis: 'belum', nilai_akhir: null, tp: [] });

      await lock(true);
      expect(await shown()).toEqual({ rilis: 'kunci-nilai', graded: stored.size });
      // Detil Nilai of a subject with TP scores: each TP's score as stored, in the TP list's order.
      const [withTp] = await sqlRows<Row>(
        t().db.db,
        sql`select n.pembelajaran_id, count(*) as n from nilai_tp n
          join anggota_rombel a on a.anggota_rombel_id = n.anggota_rombel_id
          where a.peserta_didik_id = ${pesertaDidikId} and a.semester_id = ${demo.semesterId}
          group by n.pembelajaran_id order by n.pembelajaran_id limit 1`,
      );
      expect(withTp, 'the living demo has TP scores this semester').toBeDefined();
      const tpOf = String(withTp?.pembelajaran_id);
      const detil = json<PortalDetil>(await get(`/api/portal/detil-nilai/${tpOf}`));
      expect(detil.rilis).toBe('kunci-nilai');
      expect(detil.nilai_akhir).toBe(stored.get(tpOf) ?? null);
      const scores = await sqlRows<Row>(
        t().db.db,
        sql`select t.deskripsi, n.nilai from nilai_tp n
          join tujuan_pembelajaran t on t.tp_id = n.tp_id
          join anggota_rombel a on a.anggota_rombel_id = n.anggota_rombel_id
          where a.peserta_didik_id = ${pesertaDidikId} and n.pembelajaran_id = ${tpOf}`,
      );
      expect(scores.length).toBe(Number(withTp?.n));
      for (const sc of scores) {
        expect(detil.tp.find((r) => r.deskripsi === sc.deskripsi)?.nilai, String(sc.deskripsi)).toBe(
          Number(sc.nilai),
        );
      }
      await lock(false);
      await open('1');
      expect(await shown()).toEqual({ rilis: 'dibuka-sekolah', graded: stored.size });
    } finally {
      await open('0');
      await lock(false);
    }
  });

  it("another class's subject is refused (403), an unknown one is 404, a malformed id 400", async () => {
    const [other] = await sqlRows<Row>(
      t().db.db,
      sql`select b.pembelajaran_id from pembelajaran b
        where b.semester_id = ${demo.semesterId} and b.rombongan_belajar_id not in (select rombongan_belajar_id from anggota_rombel
            where peserta_didik_id = ${pesertaDidikId} and deleted_at is null)
        limit 1`,
    );
    const res = await get(`/api/portal/detil-nilai/${String(other?.pembelajaran_id)}`);
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe(PORTAL_MESSAGES.notYours);
    expect((await get('/api/portal/detil-nilai/00000000-0000-4000-8000-00000000dead')).statusCode).toBe(404);
    expect((await get('/api/portal/detil-nilai/bukan-id')).statusCode).toBe(400);
    expect((await get('/api/portal/nilai/19991')).statusCode).toBe(404);
    expect((await get('/api/portal/nilai/abc')).statusCode).toBe(400);
  });

  it('only a pupil: admin, guru, wali, waka and kaprog get 403; no login 401', async () => {
    const [b] = await storedGrades(demo.semesterId).then((m) => [...m.keys()]);
    const urls = [
      '/api/portal/profil',
      `/api/portal/nilai/${demo.semesterId}`,
      `/api/portal/detil-nilai/${b}`,
    ];
    for (const url of urls) {
      for (const who of ['admin', 'guru', 'wali', 'waka', 'kaprog']) {
        const res = await get(url, tokens[who]);
        expect(res.statusCode, `${who} ${url}`).toBe(403);
      }
      expect((await t().app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

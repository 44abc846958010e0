import type {
  AkhirSemesterGrid,
  CapaianGrid,
  LingkupMateriGrid,
  MapelPickerResponse,
  NilaiAkhirGrid,
  RombelPickerRow,
} from '@erapor/contract/penilaian/asesmen';
import { ASESMEN_MESSAGES } from '@erapor/contract/penilaian/asesmen';
import { PENILAIAN_GATE_MESSAGES } from '@erapor/contract/penilaian/gate';
import { SCORE_MESSAGES } from '@erapor/contract/penilaian/rules';
import type { Pembelajaran, RombonganBelajar } from '@erapor/demo-school/types';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  deskripsiMataPelajaran,
  nilaiAkhir,
  nilaiSumatif,
  nilaiTp,
  tpNilai,
} from '../../db/tables/penilaian';
import { pembelajaran } from '../../db/tables/referensi';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';
import { insertTps } from './test-fixtures';

const WHO = ['admin', 'guru', 'wali', 'kaprog', 'waka', 'ekskul', 'pkl', 'siswa'] as const;
type Who = (typeof WHO)[number];
type Res<T> = { status: number; body: T & { message?: string; details?: Record<string, string> } };

describeEngines('penilaian asesmen, nilai akhir, capaian', {}, (t) => {
  let demo: SeededDemo;
  const tokens = {} as Record<Who, string>;
  let waliRombel: RombonganBelajar;
  let mtk: Pembelajaran; // guru@'s Merdeka MTK in wali@'s class
  let k13: Pembelajaran; // guru@'s MTK in the K13 class
  let bindo: Pembelajaran; // wali@'s own subject in their class
  let tp: string[] = [];
  let k13Tp: string[] = [];
  let pupils: { anggota_rombel_id: string; nama: string }[] = [];

  const call = async <T = Record<string, unknown>>(
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    who: Who,
    payload?: object,
  ): Promise<Res<T>> => {
    const res = await t().app.inject({ method, url, payload, headers: bearer(tokens[who]) });
    return {
      status: res.statusCode,
      body: json<T & { message?: string; details?: Record<string, string> }>(res),
    };
  };
  const get = <T = Record<string, unknown>>(url: string, who: Who) => call<T>('GET', url, who);
  const put = <T = Record<string, unknown>>(url: string, who: Who, payload: object) =>
    call<T>('PUT', url, who, payload);
  const url = (p: { pembelajaran_id: string }, part: string) =>
    `/api/penilaian/pembelajaran/${p.pembelajaran_id}/${part}`;
  const slmRows = async () =>
    t().db.db.select().from(nilaiTp).where(eq(nilaiTp.pembelajaranId, mtk.pembelajaran_id));

  beforeAll(async () => {
    demo = await seedDemo(t().db.db);
    for (const who of WHO)
      tokens[who] = (await loginAs(t().app, demo.accounts[who].email, demo.semesterId)).accessToken;
    const rombels = demo.school.rombongan_belajar;
    waliRombel = rombels.find(
      (r) => r.rombongan_belajar_id === demo.school.relations.waliRombelId,
    ) as RombonganBelajar;
    const guruId = demo.accounts.guru.guruId;
    mtk = waliRombel.pembelajaran.find(
      (p) => p.ptk_id === guruId && p.mata_pelajaran_id === 401000000,
    ) as Pembelajaran;
    bindo = waliRombel.pembelajaran.find((p) => p.ptk_id === demo.accounts.wali.guruId) as Pembelajaran;
    k13 = rombels
      .flatMap((r) => r.pembelajaran)
      .find((p) => p.pembelajaran_id === demo.school.relations.guruK13PembelajaranId) as Pembelajaran;
    expect(mtk && bindo && k13).toBeTruthy();
    const cp = demo.school.capaian_pembelajaran.find((c) => c.mata_pelajaran_id === 401000000);
    tp = await insertTps(t().db.db, {
      sekolahId: demo.sekolahId,
      pembelajaranId: mtk.pembelajaran_id,
      source: { cpId: cp?.cp_id ?? 1_000_001 },
      texts: ['Menjelaskan bilangan berpangkat.', 'Menyelesaikan persamaan linear', 'Menggunakan SPLDV'],
    });
    const kd = demo.school.kompetensi_dasar.find((k) => k.mata_pelajaran_id === 401000000);
    k13Tp = await insertTps(t().db.db, {
      sekolahId: demo.sekolahId,
      pembelajaranId: k13.pembelajaran_id,
      source: { kdId: kd?.kompetensi_dasar_id ?? '00000000-0000-4000-8000-00000000000d' },
      texts: ['Menganalisis barisan dan deret'],
    });
    const grid = await get<LingkupMateriGrid>(url(mtk, 'lingkup-materi'), 'guru');
    pupils = grid.body.siswa;
  });

  describe('pickers', () => {
    it('offers a teacher the classes where they teach a gradable subject, by tingkat and jenis', async () => {
      const ten = await get<{ data: RombelPickerRow[] }>(
        '/api/penilaian/rombel?tingkat=10&jenis_rombel=1',
        'guru',
      );
      expect(ten.status).toBe(200);
      const expected = demo.school.rombongan_belajar
        .filter(
          (r) =>
            r.jenis_rombel === 1 &&
            r.tingkat_pendidikan_id === 10 &&
            r.pembelajaran.some(
              (p) => p.ptk_id === demo.accounts.guru.guruId && p.mata_pelajaran_id !== 800001000,
            ),
        )
        .map((r) => r.nama)
        .sort();
      expect(ten.body.data.map((r) => r.nama)).toEqual(expected);
      expect(ten.body.data.every((r) => r.mengajar)).toBe(true);
      const twelve = await get<{ data: RombelPickerRow[] }>(
        '/api/penilaian/rombel?tingkat=12&jenis_rombel=1',
        'guru',
      );
      expect(twelve.body.data.map((r) => r.rombongan_belajar_id)).toContain(
        demo.school.relations.k13RombelId,
      );
      expect((await get('/api/penilaian/rombel?tingkat=9&jenis_rombel=1', 'guru')).status).toBe(400);
      expect((await get('/api/penilaian/rombel?tingkat=10&jenis_rombel=51', 'guru')).status).toBe(400);
    });

    it('leaves PKL out: the PKL teacher has no class to grade here', async () => {
      const res = await get<{ data: RombelPickerRow[] }>(
        '/api/penilaian/rombel?tingkat=12&jenis_rombel=1',
        'pkl',
      );
      expect(res.status).toBe(200);
      const pklRombel = demo.school.rombongan_belajar.find((r) =>
        r.pembelajaran.some((p) => p.pembelajaran_id === demo.school.relations.pklPembelajaranId),
      );
      expect(res.body.data.map((r) => r.rombongan_belajar_id)).not.toContain(pklRombel?.rombongan_belajar_id);
    });

    it('lists the subjects: a teacher their own, the wali every gradable one (read-only but theirs)', async () => {
      const guru = await get<MapelPickerResponse>(
        `/api/penilaian/rombel/${waliRombel.rombongan_belajar_id}/pembelajaran`,
        'guru',
      );
      expect(guru.status).toBe(200);
      expect(guru.body.merdeka).toBe(true);
      expect(guru.body.gate).toEqual({ open: true, message: null });
      expect(guru.body.data.map((p) => p.pembelajaran_id)).toEqual([mtk.pembelajaran_id]);
      expect(guru.body.data[0]?.can_edit).toBe(true);
      const wali = await get<MapelPickerResponse>(
        `/api/penilaian/rombel/${waliRombel.rombongan_belajar_id}/pembelajaran`,
        'wali',
      );
      expect(wali.status).toBe(200);
      const ids = wali.body.data.map((p) => p.pembelajaran_id);
      expect(ids).toContain(mtk.pembelajaran_id);
      expect(ids).toContain(bindo.pembelajaran_id);
      expect(wali.body.data.filter((p) => p.can_edit).map((p) => p.pembelajaran_id)).toEqual([
        bindo.pembelajaran_id,
      ]);
      // P5 (no kelompok) is not graded here.
      expect(wali.body.data.some((p) => p.mata_pelajaran_id === 200040000)).toBe(false);
      const k13Rombel = `/api/penilaian/rombel/${demo.school.relations.k13RombelId}/pembelajaran`;
      expect((await get<MapelPickerResponse>(k13Rombel, 'guru')).body.merdeka).toBe(false);
      // Staff who teach nothing gradable in the class, the administrator and pupils: 403.
      const teachesThere = (who: Who) =>
        waliRombel.pembelajaran.some(
          (p) => p.ptk_id === demo.accounts[who].guruId && p.mata_pelajaran_id !== 200040000,
        );
      const outsiders = (['admin', 'waka', 'siswa', 'ekskul', 'pkl', 'kaprog'] as const).filter(
        (w) => !teachesThere(w),
      );
      expect(outsiders).toContain('admin');
      expect(outsiders.length).toBeGreaterThan(2);
      for (const who of outsiders) {
        expect(
          (await get(`/api/penilaian/rombel/${waliRombel.rombongan_belajar_id}/pembelajaran`, who)).status,
        ).toBe(403);
      }
      // A teacher in a class where they neither teach nor are wali: 403.
      const pairs = (['wali', 'kaprog', 'waka', 'ekskul', 'pkl'] as const).flatMap((who) => {
        const r = demo.school.rombongan_belajar.find(
          (x) =>
            x.jenis_rombel === 1 &&
            x.ptk_id !== demo.accounts[who].guruId &&
            !x.pembelajaran.some((p) => p.ptk_id === demo.accounts[who].guruId),
        );
        return r ? [[who, r.rombongan_belajar_id] as const] : [];
      });
      expect(pairs.length).toBeGreaterThan(0);
      for (const [who, id] of pairs) {
        expect((await get(`/api/penilaian/rombel/${id}/pembelajaran`, who)).status, who).toBe(403);
      }
      expect(
        (await get('/api/penilaian/rombel/00000000-0000-4000-8000-000000000000/pembelajaran', 'guru')).status,
      ).toBe(404);
      expect((await get('/api/penilaian/rombel?tingkat=10&jenis_rombel=1', 'admin')).status).toBe(403);
    });
  });

  describe('who reaches a grid', () => {
    it('is the teacher (read and write) and the wali (read); everyone else 403', async () => {
      for (const part of ['lingkup-materi', 'akhir-semester', 'nilai-akhir', 'capaian-kompetensi']) {
        const guru = await get<{ context: { can_edit: boolean } }>(url(mtk, part), 'guru');
        expect(guru.status, part).toBe(200);
        expect(guru.body.context.can_edit).toBe(true);
        const wali = await get<{ context: { can_edit: boolean } }>(url(mtk, part), 'wali');
        expect(wali.status, part).toBe(200);
        expect(wali.body.context.can_edit).toBe(false);
        for (const who of ['admin', 'kaprog', 'waka', 'ekskul', 'pkl', 'siswa'] as const) {
          expect((await get(url(mtk, part), who)).status, `${part} ${who}`).toBe(403);
        }
        // The wali of another class may not read guru@'s K13 subject.
        expect((await get(url(k13, part), 'wali')).status).toBe(403);
      }
      const a = pupils[0]?.anggota_rombel_id ?? '';
      const saves: [string, object][] = [
        ['lingkup-materi', { rows: [{ anggota_rombel_id: a, tp_id: tp[0], nilai: 70, sebelumnya: null }] }],
        ['akhir-semester', { rows: [{ anggota_rombel_id: a, jenis: 'tes', nilai: 70, sebelumnya: null }] }],
        ['nilai-akhir', { rows: [{ anggota_rombel_id: a, tp_id: null, nilai: 70, sebelumnya: null }] }],
        [
          'capaian-kompetensi',
          {
            rows: [
              {
                anggota_rombel_id: a,
                deskripsi_pengetahuan: 'x',
                deskripsi_keterampilan: null,
                sebelumnya: null,
              },
            ],
          },
        ],
      ];
      for (const [part, body] of saves) {
        for (const who of ['wali', 'admin', 'kaprog', 'waka', 'siswa'] as const) {
          expect((await put(url(mtk, part), who, body)).status, `${part} ${who}`).toBe(403);
        }
      }
      for (const who of ['wali', 'admin', 'siswa'] as const) {
        expect((await call('POST', url(mtk, 'capaian-kompetensi/reset'), who)).status).toBe(403);
      }
      expect(await slmRows()).toHaveLength(0);
      expect(
        (await get('/api/penilaian/pembelajaran/00000000-0000-4000-8000-000000000000/nilai-akhir', 'guru'))
          .status,
      ).toBe(404);
      expect((await get('/api/penilaian/pembelajaran/abc/nilai-akhir', 'guru')).status).toBe(400);
    });

    it('refuses a subject that is not active for grading (PKL, or no kelompok)', async () => {
      const pkl = { pembelajaran_id: demo.school.relations.pklPembelajaranId };
      const res = await get(url(pkl, 'lingkup-materi'), 'pkl');
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(ASESMEN_MESSAGES.notGradable);
    });
  });

  describe('Sumatif Lingkup Materi', () => {
    it('shows the mapped TPs as columns and the class’s pupils by name', async () => {
      const res = await get<LingkupMateriGrid>(url(mtk, 'lingkup-materi'), 'guru');
      expect(res.body.tp.map((c) => [c.tp_id, c.label])).toEqual([
        [tp[0], 'TP 1'],
        [tp[1], 'TP 2'],
        [tp[2], 'TP 3'],
      ]);
      expect(res.body.context).toMatchObject({
        merdeka: true,
        kompetensi_id: 4,
        agama_id: null,
        rombel: waliRombel.nama,
      });
      expect(res.body.siswa).toHaveLength(waliRombel.anggota_rombel.length);
      const names = res.body.siswa.map((s) => s.nama);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(res.body.siswa.every((s) => Object.keys(s.nilai).length === 0)).toBe(true);
    });

    it('saves the changed cells in one go, and an empty cell deletes the score', async () => {
      const [a, b] = pupils;
      const ok = await put<{ saved: number; deleted: number }>(url(mtk, 'lingkup-materi'), 'guru', {
        rows: [
          { anggota_rombel_id: a?.anggota_rombel_id, tp_id: tp[0], nilai: 80, sebelumnya: null },
          { anggota_rombel_id: a?.anggota_rombel_id, tp_id: tp[1], nilai: '81', sebelumnya: null },
          { anggota_rombel_id: b?.anggota_rombel_id, tp_id: tp[0], nilai: ' 90 ', sebelumnya: null },
        ],
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ message: ASESMEN_MESSAGES.savedLingkupMateri, saved: 3, deleted: 0 });
      const grid = await get<LingkupMateriGrid>(url(mtk, 'lingkup-materi'), 'guru');
      const byId = new Map(grid.body.siswa.map((s) => [s.anggota_rombel_id, s.nilai]));
      expect(byId.get(a?.anggota_rombel_id ?? '')).toEqual({ [tp[0] as string]: 80, [tp[1] as string]: 81 });
      expect(byId.get(b?.anggota_rombel_id ?? '')).toEqual({ [tp[0] as string]: 90 });
      const del = await put<{ saved: number; deleted: number }>(url(mtk, 'lingkup-materi'), 'guru', {
        rows: [{ anggota_rombel_id: b?.anggota_rombel_id, tp_id: tp[0], nilai: '', sebelumnya: 90 }],
      });
      expect(del.body).toMatchObject({ saved: 0, deleted: 1 });
      expect(await slmRows()).toHaveLength(2);
    });

    it('answers every bad cell at once (422) and writes nothing', async () => {
      const [a, , c] = pupils;
      const other = demo.school.rombongan_belajar.find(
        (r) => r.rombongan_belajar_id === demo.school.relations.k13RombelId,
      )?.anggota_rombel[0]?.anggota_rombel_id;
      const res = await put(url(mtk, 'lingkup-materi'), 'guru', {
        rows: [
          { anggota_rombel_id: c?.anggota_rombel_id, tp_id: tp[0], nilai: 75, sebelumnya: null },
          { anggota_rombel_id: c?.anggota_rombel_id, tp_id: tp[1], nilai: 'abc', sebelumnya: null },
          { anggota_rombel_id: c?.anggota_rombel_id, tp_id: tp[2], nilai: -1, sebelumnya: null },
          { anggota_rombel_id: a?.anggota_rombel_id, tp_id: tp[2], nilai: '101', sebelumnya: null },
          { anggota_rombel_id: a?.anggota_rombel_id, tp_id: tp[0], nilai: 85.5, sebelumnya: 80 },
          { anggota_rombel_id: other, tp_id: tp[0], nilai: 70, sebelumnya: null },
          { anggota_rombel_id: c?.anggota_rombel_id, tp_id: k13Tp[0], nilai: 70, sebelumnya: null },
        ],
      });
      expect(res.status).toBe(422);
      expect(res.body.details).toEqual({
        'rows.1.nilai': SCORE_MESSAGES.notNumber,
        'rows.2.nilai': SCORE_MESSAGES.belowMin,
        'rows.3.nilai': SCORE_MESSAGES.aboveMax,
        'rows.4.nilai': SCORE_MESSAGES.notWhole,
        'rows.5.anggota_rombel_id': ASESMEN_MESSAGES.pdNotInPembelajaran,
        'rows.6.tp_id': ASESMEN_MESSAGES.tpNotMapped,
      });
      expect(await slmRows()).toHaveLength(2);
      // A cell sent twice, an empty save, a save that changes nothing: clear 4xx.
      const twice = await put(url(mtk, 'lingkup-materi'), 'guru', {
        rows: [
          { anggota_rombel_id: c?.anggota_rombel_id, tp_id: tp[0], nilai: 75, sebelumnya: null },
          { anggota_rombel_id: c?.anggota_rombel_id, tp_id: tp[0], nilai: 76, sebelumnya: null },
        ],
      });
      expect(twice.status).toBe(422);
      expect(twice.body.details).toEqual({ 'rows.1.nilai': ASESMEN_MESSAGES.duplicateCell });
      const empty = await put(url(mtk, 'lingkup-materi'), 'guru', { rows: [] });
      expect(empty.status).toBe(400);
      expect(empty.body.details?.rows).toBe(ASESMEN_MESSAGES.noChanges);
      const same = await put(url(mtk, 'lingkup-materi'), 'guru', {
        rows: [{ anggota_rombel_id: a?.anggota_rombel_id, tp_id: tp[0], nilai: '80', sebelumnya: 80 }],
      });
      expect(same.status).toBe(400);
      expect(same.body.message).toBe(ASESMEN_MESSAGES.noChanges);
      expect((await put(url(mtk, 'lingkup-materi'), 'guru', { rows: [{ nilai: 1 }] })).status).toBe(400);
    });

    it('refuses the whole save (409) when a cell changed since it was loaded, naming the pupil', async () => {
      const [a, b] = pupils;
      // Someone else (another tab) changes a's TP 1 from 80 to 82.
      await put(url(mtk, 'lingkup-materi'), 'guru', {
        rows: [{ anggota_rombel_id: a?.anggota_rombel_id, tp_id: tp[0], nilai: 82, sebelumnya: 80 }],
      });
      const stale = await put(url(mtk, 'lingkup-materi'), 'guru', {
        rows: [
          { anggota_rombel_id: b?.anggota_rombel_id, tp_id: tp[2], nilai: 60, sebelumnya: null },
          { anggota_rombel_id: a?.anggota_rombel_id, tp_id: tp[0], nilai: 79, sebelumnya: 80 },
        ],
      });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(ASESMEN_MESSAGES.conflict([a?.nama ?? '']));
      expect(stale.body.message).toContain(a?.nama);
      expect(stale.body.details).toEqual({ 'rows.1.nilai': ASESMEN_MESSAGES.conflictCell(82) });
      // Nothing of it was written, b's cell included.
      const rows = await slmRows();
      expect(rows.map((r) => r.nilai).sort()).toEqual([81, 82]);
      // The same change as stored is no conflict: a retried save succeeds.
      const retry = await put<{ saved: number }>(url(mtk, 'lingkup-materi'), 'guru', {
        rows: [{ anggota_rombel_id: a?.anggota_rombel_id, tp_id: tp[0], nilai: 82, sebelumnya: 80 }],
      });
      expect(retry.status).toBe(200);
      expect(retry.body.saved).toBe(0);
    });

    it('lets only one of two concurrent saves of the same cell win; the other is told', async () => {
      const b = pupils[1];
      const body = (nilai: number) => ({
        rows: [{ anggota_rombel_id: b?.anggota_rombel_id, tp_id: tp[1], nilai, sebelumnya: null }],
      });
      const [x, y] = await Promise.all([
        put(url(mtk, 'lingkup-materi'), 'guru', body(66)),
        put(url(mtk, 'lingkup-materi'), 'guru', body(77)),
      ]);
      expect([x.status, y.status].sort()).toEqual([200, 409]);
      const winner = x.status === 200 ? 66 : 77;
      const [row] = await t()
        .db.db.select()
        .from(nilaiTp)
        .where(and(eq(nilaiTp.anggotaRombelId, b?.anggota_rombel_id ?? ''), eq(nilaiTp.tpId, tp[1] ?? '')));
      expect(row?.nilai).toBe(winner);
    });
  });

  describe('Sumatif Akhir Semester', () => {
    it('stores non-tes and tes and computes na', async () => {
      const [a, b, c] = pupils;
      const res = await put(url(mtk, 'akhir-semester'), 'guru', {
        rows: [
          { anggota_rombel_id: a?.anggota_rombel_id, jenis: 'non-tes', nilai: 85, sebelumnya: null },
          { anggota_rombel_id: a?.anggota_rombel_id, jenis: 'tes', nilai: 86, sebelumnya: null },
          { anggota_rombel_id: c?.anggota_rombel_id, jenis: 'tes', nilai: 70, sebelumnya: null },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(ASESMEN_MESSAGES.savedAkhirSemester);
      const grid = await get<AkhirSemesterGrid>(url(mtk, 'akhir-semester'), 'guru');
      const byId = new Map(grid.body.siswa.map((s) => [s.anggota_rombel_id, s]));
      expect(byId.get(a?.anggota_rombel_id ?? '')).toMatchObject({ non_tes: 85, tes: 86, na: 86 }); // 85.5 → 86
      expect(byId.get(c?.anggota_rombel_id ?? '')).toMatchObject({ non_tes: null, tes: 70, na: 70 });
      expect(byId.get(b?.anggota_rombel_id ?? '')).toMatchObject({ non_tes: null, tes: null, na: null });
      const stored = await t()
        .db.db.select()
        .from(nilaiSumatif)
        .where(eq(nilaiSumatif.pembelajaranId, mtk.pembelajaran_id));
      expect(stored.map((r) => r.jenis).sort()).toEqual(['non-tes', 'tes', 'tes']);
      const bad = await put(url(mtk, 'akhir-semester'), 'guru', {
        rows: [{ anggota_rombel_id: b?.anggota_rombel_id, jenis: 'na', nilai: 80, sebelumnya: null }],
      });
      expect(bad.status).toBe(400);
    });
  });

  describe('Nilai Akhir', () => {
    it('suggests the final grade from SLM and SAS with the subject’s weights', async () => {
      const [a, b, c] = pupils;
      // a: TP 1 = 82, TP 2 = 81 → SLM 81.50; SAS na 86 → (81.50 + 86) / 2 = 83.75 → 84
      // b: TP 2 = 66 or 77 (concurrency test), no SAS → no suggestion (SAS missing)
      // c: no TP score, SAS 70 → no suggestion (SLM missing)
      const grid = await get<NilaiAkhirGrid>(url(mtk, 'nilai-akhir'), 'guru');
      expect(grid.body.bobot_valid).toBe(true);
      const byId = new Map(grid.body.siswa.map((s) => [s.anggota_rombel_id, s]));
      expect(byId.get(a?.anggota_rombel_id ?? '')).toMatchObject({
        nilai_akhir: null,
        nilai_asesmen: 84,
        slm: '81.50',
        sas: 86,
        kurang: null,
      });
      expect(byId.get(b?.anggota_rombel_id ?? '')).toMatchObject({
        nilai_asesmen: null,
        kurang: 'sas',
        sas: null,
      });
      expect(byId.get(c?.anggota_rombel_id ?? '')).toMatchObject({
        nilai_asesmen: null,
        kurang: 'slm',
        slm: null,
        sas: 70,
      });
      // Weights 2 : 1 → (2 × 81.50 + 86) / 3 = 249 / 3 = 83
      await t()
        .db.db.update(pembelajaran)
        .set({ bobotSumatifMateri: 2, bobotSumatifAkhir: 1 })
        .where(eq(pembelajaran.pembelajaranId, mtk.pembelajaran_id));
      const weighted = await get<NilaiAkhirGrid>(url(mtk, 'nilai-akhir'), 'guru');
      expect(
        weighted.body.siswa.find((s) => s.anggota_rombel_id === a?.anggota_rombel_id)?.nilai_asesmen,
      ).toBe(83);
      // A weight of 0 (the column allows it) gives no suggestion rather than a wrong one.
      await t()
        .db.db.update(pembelajaran)
        .set({ bobotSumatifMateri: 0 })
        .where(eq(pembelajaran.pembelajaranId, mtk.pembelajaran_id));
      const zero = await get<NilaiAkhirGrid>(url(mtk, 'nilai-akhir'), 'guru');
      expect(zero.body.bobot_valid).toBe(false);
      expect(zero.body.siswa.every((s) => s.nilai_asesmen === null)).toBe(true);
      await t()
        .db.db.update(pembelajaran)
        .set({ bobotSumatifMateri: 1, bobotSumatifAkhir: 1 })
        .where(eq(pembelajaran.pembelajaranId, mtk.pembelajaran_id));
    });

    it('saves the final grade (kompetensi 4 in a Merdeka class) and ketercapaian per TP', async () => {
      const [a, b] = pupils;
      const res = await put<{ saved: number }>(url(mtk, 'nilai-akhir'), 'guru', {
        rows: [
          { anggota_rombel_id: a?.anggota_rombel_id, tp_id: null, nilai: 84, sebelumnya: null },
          { anggota_rombel_id: a?.anggota_rombel_id, tp_id: tp[0], nilai: 1, sebelumnya: null },
          { anggota_rombel_id: a?.anggota_rombel_id, tp_id: tp[1], nilai: '0', sebelumnya: null },
          { anggota_rombel_id: a?.anggota_rombel_id, tp_id: tp[2], nilai: 1, sebelumnya: null },
          { anggota_rombel_id: b?.anggota_rombel_id, tp_id: tp[0], nilai: 0, sebelumnya: null },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: ASESMEN_MESSAGES.savedNilaiAkhir, saved: 5 });
      const finals = await t()
        .db.db.select()
        .from(nilaiAkhir)
        .where(eq(nilaiAkhir.pembelajaranId, mtk.pembelajaran_id));
      expect(finals.map((f) => [f.anggotaRombelId, f.kompetensiId, f.nilai])).toEqual([
        [a?.anggota_rombel_id, 4, 84],
      ]);
      const grid = await get<NilaiAkhirGrid>(url(mtk, 'nilai-akhir'), 'guru');
      const row = grid.body.siswa.find((s) => s.anggota_rombel_id === a?.anggota_rombel_id);
      expect(row?.nilai_akhir).toBe(84);
      expect(row?.kompeten).toEqual({ [tp[0] as string]: 1, [tp[1] as string]: 0, [tp[2] as string]: 1 });
      const bad = await put(url(mtk, 'nilai-akhir'), 'guru', {
        rows: [
          { anggota_rombel_id: b?.anggota_rombel_id, tp_id: null, nilai: 'sembilan', sebelumnya: null },
          { anggota_rombel_id: b?.anggota_rombel_id, tp_id: tp[1], nilai: 2, sebelumnya: null },
        ],
      });
      expect(bad.status).toBe(422);
      expect(bad.body.details).toEqual({
        'rows.0.nilai': SCORE_MESSAGES.notNumber,
        'rows.1.nilai': ASESMEN_MESSAGES.kompeten,
      });
      // Clearing a verdict deletes it.
      await put(url(mtk, 'nilai-akhir'), 'guru', {
        rows: [{ anggota_rombel_id: b?.anggota_rombel_id, tp_id: tp[0], nilai: null, sebelumnya: 0 }],
      });
      const verdicts = await t()
        .db.db.select()
        .from(tpNilai)
        .where(eq(tpNilai.pembelajaranId, mtk.pembelajaran_id));
      expect(verdicts).toHaveLength(3);
    });

    it('stores kompetensi 1 in a K13 class, and 99 for a parent subject with active sub-subjects', async () => {
      const anggota = (await get<NilaiAkhirGrid>(url(k13, 'nilai-akhir'), 'guru')).body.siswa[0]
        ?.anggota_rombel_id;
      const k = await put(url(k13, 'nilai-akhir'), 'guru', {
        rows: [
          { anggota_rombel_id: anggota, tp_id: null, nilai: 77, sebelumnya: null },
          { anggota_rombel_id: anggota, tp_id: k13Tp[0], nilai: 1, sebelumnya: null },
        ],
      });
      expect(k.status).toBe(200);
      const [row] = await t()
        .db.db.select()
        .from(nilaiAkhir)
        .where(eq(nilaiAkhir.pembelajaranId, k13.pembelajaran_id));
      expect(row?.kompetensiId).toBe(1);

      const parent = demo.school.rombongan_belajar
        .flatMap((r) => r.pembelajaran)
        .find(
          (p) =>
            p.induk_pembelajaran_id === null &&
            p.mata_pelajaran_id !== 200040000 &&
            demo.school.rombongan_belajar.some((r) =>
              r.pembelajaran.some((c) => c.induk_pembelajaran_id === p.pembelajaran_id),
            ),
        ) as Pembelajaran;
      // guru@ becomes its guru pengajar (the admin's choice on the pembelajaran screen).
      await t()
        .db.db.update(pembelajaran)
        .set({ guruPengajarId: demo.accounts.guru.guruId })
        .where(eq(pembelajaran.pembelajaranId, parent.pembelajaran_id));
      const grid = await get<NilaiAkhirGrid>(url(parent, 'nilai-akhir'), 'guru');
      expect(grid.status).toBe(200);
      expect(grid.body.context.kompetensi_id).toBe(99);
      const pupil = grid.body.siswa[0]?.anggota_rombel_id;
      expect(
        (
          await put(url(parent, 'nilai-akhir'), 'guru', {
            rows: [{ anggota_rombel_id: pupil, tp_id: null, nilai: 88, sebelumnya: null }],
          })
        ).status,
      ).toBe(200);
      const [own] = await t()
        .db.db.select()
        .from(nilaiAkhir)
        .where(eq(nilaiAkhir.pembelajaranId, parent.pembelajaran_id));
      expect(own).toMatchObject({ kompetensiId: 99, nilai: 88 });
    });
  });

  describe('religion subjects', () => {
    it('list only the pupils of that religion', async () => {
      const agamaOf = new Map(demo.school.peserta_didik.map((p) => [p.peserta_didik_id, p.agama_id]));
      const islam = waliRombel.pembelajaran.find((p) => p.mata_pelajaran_id === 100011070) as Pembelajaran;
      const res = await get<LingkupMateriGrid>(url(islam, 'lingkup-materi'), 'wali');
      expect(res.status).toBe(200);
      expect(res.body.context.agama_id).toBe(1);
      const muslims = waliRombel.anggota_rombel.filter((a) => agamaOf.get(a.peserta_didik_id) === 1);
      expect(muslims.length).toBeLessThan(waliRombel.anggota_rombel.length);
      expect(res.body.siswa.map((s) => s.anggota_rombel_id).sort()).toEqual(
        muslims.map((a) => a.anggota_rombel_id).sort(),
      );
    });
  });

  describe('Capaian Kompetensi', () => {
    it('generates the texts from the ketercapaian until saved; saves edits; both empty deletes; reset', async () => {
      const [a, b, c] = pupils;
      const grid = await get<CapaianGrid>(url(mtk, 'capaian-kompetensi'), 'guru');
      expect(grid.body.show_reset).toBe(false);
      const rowA = grid.body.siswa.find((s) => s.anggota_rombel_id === a?.anggota_rombel_id);
      expect(rowA).toMatchObject({
        nilai_akhir: 84,
        tersimpan: null,
        generated: true,
        deskripsi_pengetahuan:
          'Menunjukkan penguasaan yang baik dalam menjelaskan bilangan berpangkat, menggunakan SPLDV',
        deskripsi_keterampilan: 'Perlu ditingkatkan dalam menyelesaikan persamaan linear',
      });
      expect(grid.body.siswa.find((s) => s.anggota_rombel_id === c?.anggota_rombel_id)).toMatchObject({
        deskripsi_pengetahuan: null,
        deskripsi_keterampilan: null,
        generated: true,
      });
      const edited = 'Menunjukkan penguasaan yang sangat baik dalam bilangan berpangkat';
      const save = await put(url(mtk, 'capaian-kompetensi'), 'guru', {
        rows: [
          {
            anggota_rombel_id: a?.anggota_rombel_id,
            deskripsi_pengetahuan: edited,
            deskripsi_keterampilan: rowA?.deskripsi_keterampilan,
            sebelumnya: null,
          },
          {
            anggota_rombel_id: b?.anggota_rombel_id,
            deskripsi_pengetahuan: '  ',
            deskripsi_keterampilan: 'Perlu latihan soal cerita',
            sebelumnya: null,
          },
        ],
      });
      expect(save.status).toBe(200);
      expect(save.body.message).toBe(ASESMEN_MESSAGES.savedCapaian);
      const after = await get<CapaianGrid>(url(mtk, 'capaian-kompetensi'), 'guru');
      expect(after.body.show_reset).toBe(true);
      expect(after.body.siswa.find((s) => s.anggota_rombel_id === a?.anggota_rombel_id)).toMatchObject({
        generated: false,
        deskripsi_pengetahuan: edited,
        tersimpan: { deskripsi_pengetahuan: edited, deskripsi_keterampilan: rowA?.deskripsi_keterampilan },
      });
      expect(after.body.siswa.find((s) => s.anggota_rombel_id === b?.anggota_rombel_id)?.tersimpan).toEqual({
        deskripsi_pengetahuan: null,
        deskripsi_keterampilan: 'Perlu latihan soal cerita',
      });
      // Stale: the browser still thinks nothing is saved for a.
      const stale = await put(url(mtk, 'capaian-kompetensi'), 'guru', {
        rows: [
          {
            anggota_rombel_id: a?.anggota_rombel_id,
            deskripsi_pengetahuan: 'x',
            deskripsi_keterampilan: null,
            sebelumnya: null,
          },
        ],
      });
      expect(stale.status).toBe(409);
      const long = await put(url(mtk, 'capaian-kompetensi'), 'guru', {
        rows: [
          {
            anggota_rombel_id: c?.anggota_rombel_id,
            deskripsi_pengetahuan: 'a'.repeat(2001),
            deskripsi_keterampilan: null,
            sebelumnya: null,
          },
        ],
      });
      expect(long.status).toBe(422);
      expect(long.body.details).toEqual({ 'rows.0.deskripsi_pengetahuan': ASESMEN_MESSAGES.deskripsiMax });
      // Both texts emptied: the row goes, the generated texts show again.
      const cleared = await put<{ deleted: number }>(url(mtk, 'capaian-kompetensi'), 'guru', {
        rows: [
          {
            anggota_rombel_id: b?.anggota_rombel_id,
            deskripsi_pengetahuan: '',
            deskripsi_keterampilan: '',
            sebelumnya: { deskripsi_pengetahuan: null, deskripsi_keterampilan: 'Perlu latihan soal cerita' },
          },
        ],
      });
      expect(cleared.body.deleted).toBe(1);
      const reset = await call<{ deleted: number }>('POST', url(mtk, 'capaian-kompetensi/reset'), 'guru');
      expect(reset.status).toBe(200);
      expect(reset.body).toMatchObject({ message: ASESMEN_MESSAGES.resetCapaian, deleted: 1 });
      const rows = await t()
        .db.db.select()
        .from(deskripsiMataPelajaran)
        .where(eq(deskripsiMataPelajaran.pembelajaranId, mtk.pembelajaran_id));
      expect(rows).toHaveLength(0);
    });
  });

  describe('the gate', () => {
    it('refuses every write with 423 when the administrator closes assessment, and shows why', async () => {
      const a = pupils[2]?.anggota_rombel_id;
      expect((await put('/api/status-penilaian', 'admin', { status: false })).status).toBe(200);
      try {
        const grid = await get<LingkupMateriGrid>(url(mtk, 'lingkup-materi'), 'guru');
        expect(grid.body.context.gate).toEqual({
          open: false,
          message: PENILAIAN_GATE_MESSAGES.closedBySchool,
        });
        expect(grid.body.context.can_edit).toBe(false);
        const writes: [string, object][] = [
          ['lingkup-materi', { rows: [{ anggota_rombel_id: a, tp_id: tp[0], nilai: 70, sebelumnya: null }] }],
          [
            'akhir-semester',
            { rows: [{ anggota_rombel_id: a, jenis: 'non-tes', nilai: 70, sebelumnya: null }] },
          ],
          ['nilai-akhir', { rows: [{ anggota_rombel_id: a, tp_id: null, nilai: 70, sebelumnya: null }] }],
          [
            'capaian-kompetensi',
            {
              rows: [
                {
                  anggota_rombel_id: a,
                  deskripsi_pengetahuan: 'x',
                  deskripsi_keterampilan: null,
                  sebelumnya: null,
                },
              ],
            },
          ],
        ];
        for (const [part, body] of writes) {
          const res = await put(url(mtk, part), 'guru', body);
          expect(res.status, part).toBe(423);
          expect(res.body.message).toBe(PENILAIAN_GATE_MESSAGES.closedBySchool);
        }
        expect((await call('POST', url(mtk, 'capaian-kompetensi/reset'), 'guru')).status).toBe(423);
      } finally {
        await put('/api/status-penilaian', 'admin', { status: true });
      }
    });

    it('refuses writes with 423 when the wali locks the class', async () => {
      const a = pupils[2]?.anggota_rombel_id;
      const lock = await put(`/api/beranda/rombel/${waliRombel.rombongan_belajar_id}/kunci-nilai`, 'wali', {
        kunci_nilai: true,
      });
      expect(lock.status).toBe(200);
      try {
        const picker = await get<MapelPickerResponse>(
          `/api/penilaian/rombel/${waliRombel.rombongan_belajar_id}/pembelajaran`,
          'guru',
        );
        expect(picker.body.gate).toEqual({ open: false, message: PENILAIAN_GATE_MESSAGES.lockedByWali });
        const res = await put(url(mtk, 'lingkup-materi'), 'guru', {
          rows: [{ anggota_rombel_id: a, tp_id: tp[0], nilai: 70, sebelumnya: null }],
        });
        expect(res.status).toBe(423);
        expect(res.body.message).toBe(PENILAIAN_GATE_MESSAGES.lockedByWali);
        // Another class is not locked.
        const anggota = (await get<NilaiAkhirGrid>(url(k13, 'nilai-akhir'), 'guru')).body.siswa[1]
          ?.anggota_rombel_id;
        expect(
          (
            await put(url(k13, 'nilai-akhir'), 'guru', {
              rows: [{ anggota_rombel_id: anggota, tp_id: null, nilai: 60, sebelumnya: null }],
            })
          ).status,
        ).toBe(200);
      } finally {
        await put(`/api/beranda/rombel/${waliRombel.rombongan_belajar_id}/kunci-nilai`, 'wali', {
          kunci_nilai: false,
        });
      }
      const open = await put(url(mtk, 'lingkup-materi'), 'guru', {
        rows: [{ anggota_rombel_id: a, tp_id: tp[0], nilai: 70, sebelumnya: null }],
      });
      expect(open.status).toBe(200);
    });
  });
});

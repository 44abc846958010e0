import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CapaianGrid, LingkupMateriGrid, NilaiAkhirGrid } from '@erapor/contract/penilaian/asesmen';
import type { RiwayatNilaiList } from '@erapor/contract/riwayat-nilai';
import type { AbsensiResponse } from '@erapor/contract/wali-kelas/absensi';
import type { Pembelajaran } from '@erapor/demo-school/types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';
import { insertTps } from '../penilaian/test-fixtures';
import { pklPlanFixture } from '../pkl/test-plan';
import { CadanganRefused, openArchive } from './archive';
import { backupSchool } from './export';
import { restoreSchool } from './restore';
import { resign, schoolState } from './test-support';

/*
 * What a restore writes in the Riwayat Perubahan Nilai (riwayat-nilai/cells.ts): the grades are
 * set and changed through the app's own grids (so the grids' entries show how each cell is named),
 * the expected entries are written out by hand.
 */

const dir = mkdtempSync(join(tmpdir(), 'erapor-restore-audit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Rows compared without their order. */
const sortRows = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();

interface Entry {
  riwayat_nilai_id: string;
  semester_id: string;
  user_id: string | null;
  nama_pengguna: string;
  peran: string;
  rombongan_belajar_id: string | null;
  anggota_rombel_id: string | null;
  peserta_didik_id: string | null;
  pembelajaran_id: string | null;
  jenis: string;
  kunci: string;
  nilai_lama: string | null;
  nilai_baru: string | null;
  sumber: string;
}

describeEngines(
  'cadangan: a restore records the grades it changes',
  { config: { seedDemo: false } },
  (t, engine) => {
    let demo: SeededDemo;
    let guru: string;
    let wali: string;
    let mtk: Pembelajaran;
    let tp: string[];
    let p: string[];
    const file = () => join(dir, `${engine}.erapor`);
    /** The restore as the app runs it for the administrator (confirmed with the school's NPSN). */
    const restoreAsAdmin = async (archive: string) =>
      restoreSchool(t().db, await openArchive(archive), {
        schoolNpsn: demo.school.sekolah.npsn,
        confirmNpsn: demo.school.sekolah.npsn,
        requireConfirm: true,
        now: new Date(),
        operator: { userId: demo.accounts.admin.userId, nama: 'Administrator Uji' },
      });

    const call = async <T>(method: 'GET' | 'PUT', url: string, token: string, payload?: object) => {
      const res = await t().app.inject({ method, url, payload, headers: bearer(token) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      return json<T>(res);
    };
    const grid = (part: string) => `/api/penilaian/pembelajaran/${mtk.pembelajaran_id}/${part}`;
    const entries = (where: string, param: number | string) =>
      t().db.query<Entry>(
        `select riwayat_nilai_id::text, semester_id, user_id, nama_pengguna, peran, rombongan_belajar_id,
         anggota_rombel_id, peserta_didik_id, pembelajaran_id, jenis, kunci, nilai_lama, nilai_baru, sumber
       from riwayat_nilai where sekolah_id = $1 and ${where} order by riwayat_nilai_id`,
        [demo.sekolahId, param],
      );
    /** Entries written after entry `id` (before a restore: it gives the archive's entries new ids). */
    const entriesAfter = (id: number) => entries('riwayat_nilai_id > $2', id);
    /** The entries a restore begun at `since` wrote itself. */
    const restoreEntries = (since: Date) =>
      entries(`sumber = 'restore' and waktu >= $2::timestamptz`, since.toISOString());
    const lastId = async () =>
      Number(
        (
          await t().db.query<{ n: string | null }>(
            `select max(riwayat_nilai_id)::text as n from riwayat_nilai`,
          )
        )[0]?.n ?? 0,
      );

    /** The grids' saves: a TP score, the final grade, the description, the absences of pupil p[0]. */
    async function save(v: {
      tp0: number | null;
      tp1OfP2: number | null;
      akhir: number;
      capaian: { deskripsi_pengetahuan: string | null; deskripsi_keterampilan: string | null };
      absensi: { sakit: number; izin: number; alpa: number };
    }) {
      const slm = await call<LingkupMateriGrid>('GET', grid('lingkup-materi'), guru);
      const stored = (i: number, tpId: string) =>
        slm.siswa.find((s) => s.anggota_rombel_id === p[i])?.nilai[tpId] ?? null;
      await call('PUT', grid('lingkup-materi'), guru, {
        rows: [
          { anggota_rombel_id: p[0], tp_id: tp[0], nilai: v.tp0, sebelumnya: stored(0, tp[0] as string) },
          { anggota_rombel_id: p[1], tp_id: tp[0], nilai: 72, sebelumnya: stored(1, tp[0] as string) },
          { anggota_rombel_id: p[2], tp_id: tp[1], nilai: v.tp1OfP2, sebelumnya: stored(2, tp[1] as string) },
        ],
      });
      const na = await call<NilaiAkhirGrid>('GET', grid('nilai-akhir'), guru);
      const naOf = na.siswa.find((s) => s.anggota_rombel_id === p[0])?.nilai_akhir ?? null;
      if (naOf !== v.akhir) {
        await call('PUT', grid('nilai-akhir'), guru, {
          rows: [{ anggota_rombel_id: p[0], tp_id: null, nilai: v.akhir, sebelumnya: naOf }],
        });
      }
      const cap = await call<CapaianGrid>('GET', grid('capaian-kompetensi'), guru);
      await call('PUT', grid('capaian-kompetensi'), guru, {
        rows: [
          {
            anggota_rombel_id: p[0],
            ...v.capaian,
            sebelumnya: cap.siswa.find((s) => s.anggota_rombel_id === p[0])?.tersimpan ?? null,
          },
        ],
      });
      const rombelId = mtk.rombongan_belajar_id;
      const abs = await call<AbsensiResponse>(
        'GET',
        `/api/wali-kelas/ketidakhadiran?rombongan_belajar_id=${rombelId}`,
        wali,
      );
      const row = abs.data.find((r) => r.anggota_rombel_id === p[0]);
      await call('PUT', '/api/wali-kelas/ketidakhadiran', wali, {
        rombongan_belajar_id: rombelId,
        rows: [
          {
            anggota_rombel_id: p[0],
            ...v.absensi,
            sebelumnya: { sakit: row?.sakit ?? 0, izin: row?.izin ?? 0, alpa: row?.alpa ?? 0 },
          },
        ],
      });
    }

    beforeAll(async () => {
      demo = await seedDemo(t().db.db, { profile: 'tiny', living: true });
      guru = (await loginAs(t().app, demo.accounts.guru.email, demo.semesterId)).accessToken;
      wali = (await loginAs(t().app, demo.accounts.wali.email, demo.semesterId)).accessToken;
      const waliRombel = demo.school.rombongan_belajar.find(
        (r) => r.rombongan_belajar_id === demo.school.relations.waliRombelId,
      );
      mtk = waliRombel?.pembelajaran.find(
        (x) => x.ptk_id === demo.accounts.guru.guruId && x.mata_pelajaran_id === 401000000,
      ) as Pembelajaran;
      expect(mtk).toBeTruthy();
      tp = await insertTps(t().db.db, {
        sekolahId: demo.sekolahId,
        pembelajaranId: mtk.pembelajaran_id,
        source: { cpId: 1_000_778 },
        texts: ['Menjelaskan barisan', 'Menghitung deret'],
      });
      const slm = await call<LingkupMateriGrid>('GET', grid('lingkup-materi'), guru);
      p = slm.siswa.slice(0, 3).map((s) => s.anggota_rombel_id);
      expect(p).toHaveLength(3);
      // The state that is backed up.
      await save({
        tp0: 81,
        tp1OfP2: null,
        akhir: 77,
        capaian: { deskripsi_pengetahuan: 'Menguasai barisan', deskripsi_keterampilan: null },
        absensi: { sakit: 2, izin: 0, alpa: 1 },
      });
      await backupSchool(t().db, file(), { sekolahId: demo.sekolahId, appVersion: 'test' });
    });

    it('writes one entry per changed cell, old = the changed value, new = the backed-up one, in the administrator’s name', async () => {
      const backedUp = await schoolState(t().db, demo.sekolahId);
      const beforeChanges = await lastId();
      await save({
        tp0: 37,
        tp1OfP2: 64,
        akhir: 66,
        capaian: { deskripsi_pengetahuan: 'Diubah', deskripsi_keterampilan: 'Perlu latihan' },
        absensi: { sakit: 0, izin: 3, alpa: 1 },
      });
      // What the grids recorded for these changes (gone with the restore: the archive's history returns).
      const byGrids = await entriesAfter(beforeChanges);
      expect(byGrids.map((e) => e.sumber)).toEqual(Array(byGrids.length).fill('layar'));
      const began = new Date();
      const report = await restoreAsAdmin(file());
      const own = await restoreEntries(began);
      const cell = (e: Entry) => [
        e.jenis,
        e.anggota_rombel_id,
        e.pembelajaran_id,
        e.kunci,
        e.nilai_lama,
        e.nilai_baru,
      ];
      const m = mtk.pembelajaran_id;
      expect(sortRows(own.map(cell))).toEqual(
        sortRows([
          ['nilai_tp', p[0], m, tp[0], '37', '81'],
          ['nilai_tp', p[2], m, tp[1], '64', null],
          ['nilai_akhir', p[0], m, 'nilai_akhir', '66', '77'],
          [
            'capaian',
            p[0],
            m,
            'deskripsi',
            'Pengetahuan: Diubah\nKeterampilan: Perlu latihan',
            'Pengetahuan: Menguasai barisan',
          ],
          ['absensi', p[0], null, 'sakit', '0', '2'],
          ['absensi', p[0], null, 'izin', '3', '0'],
        ]),
      );
      expect(report.gradesRecorded).toBe(6);
      for (const e of own) {
        expect(e).toMatchObject({
          sumber: 'restore',
          user_id: demo.accounts.admin.userId,
          nama_pengguna: 'Administrator Uji',
          peran: 'admin',
          semester_id: demo.semesterId,
          rombongan_belajar_id: mtk.rombongan_belajar_id,
          peserta_didik_id: null,
        });
      }
      // Each named as the grid named it, the change undone.
      const named = (e: Entry, lama: string | null, baru: string | null) =>
        JSON.stringify([
          e.semester_id,
          e.rombongan_belajar_id,
          e.anggota_rombel_id,
          e.pembelajaran_id,
          e.jenis,
          e.kunci,
          lama,
          baru,
        ]);
      expect(own.map((e) => named(e, e.nilai_lama, e.nilai_baru)).sort()).toEqual(
        byGrids.map((e) => named(e, e.nilai_baru, e.nilai_lama)).sort(),
      );
      // The archive's own entries are as they were, the restore's appended after them.
      expect(await schoolState(t().db, demo.sekolahId, { restoreSince: began })).toEqual(backedUp);
      const [archived] = await t().db.query<{ n: string }>(
        `select max(riwayat_nilai_id)::text as n from riwayat_nilai where sekolah_id = $1 and sumber <> 'restore'`,
        [demo.sekolahId],
      );
      expect(Math.min(...own.map((e) => Number(e.riwayat_nilai_id)))).toBeGreaterThan(Number(archived?.n));

      // A cell's history on demand shows the restore, newest first.
      const admin = (await loginAs(t().app, demo.accounts.admin.email, demo.semesterId)).accessToken;
      const history = await call<RiwayatNilaiList>(
        'GET',
        `/api/riwayat-nilai?pembelajaran_id=${m}&anggota_rombel_id=${p[0]}&kunci=${tp[0]}`,
        admin,
      );
      expect(history.data.map((r) => [r.sumber, r.nilai_lama, r.nilai_baru, r.pengguna])).toEqual([
        ['restore', '37', '81', 'Administrator Uji'],
        ['layar', null, '81', expect.any(String)],
      ]);
    });

    it('restoring the same state again writes nothing; a refused restore writes nothing', async () => {
      const before = new Date();
      const same = await restoreAsAdmin(file());
      expect(same.gradesRecorded).toBe(0);
      expect(await restoreEntries(before)).toEqual([]);

      await t().db.query(`update nilai_akhir set nilai = 11 where sekolah_id = $1`, [demo.sekolahId]);
      const changed = await schoolState(t().db, demo.sekolahId);
      // Refused late: the archive says one row more than it holds, found while its rows go in.
      const bad = join(dir, `${engine}-inconsistent.erapor`);
      writeFileSync(
        bad,
        resign(readFileSync(file()), (m) => ({
          ...m,
          tables: (m.tables as { name: string; rows: number }[]).map((x) =>
            x.name === 'nilai_akhir' ? { ...x, rows: x.rows + 1 } : x,
          ),
        })),
      );
      const err = await restoreAsAdmin(bad).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CadanganRefused);
      expect(await schoolState(t().db, demo.sekolahId)).toEqual(changed);
      expect(await restoreEntries(before)).toEqual([]);
    });

    it('the other audited kinds, changed in SQL: each entry named and valued as its writer records it, written out by hand', async () => {
      const q = <T = Record<string, string>>(text: string, params: unknown[] = [demo.sekolahId]) =>
        t().db.query<T>(text, params);
      const one = async (table: string, id: string, extra = '') =>
        (
          await q(`select ${id}::text as id, n.*, n.anggota_rombel_id::text as ar from ${table} n
                  where n.sekolah_id = $1 ${extra} order by ${id} limit 1`)
        )[0] as Record<string, string>;
      const sumatif = await one('nilai_sumatif', 'nilai_sumatif_id');
      const kompeten = await one('tp_nilai', 'tp_nilai_id');
      const sikap = await one('nilai_sikap', 'nilai_sikap_id');
      const ekskul = await one('nilai_ekstrakurikuler', 'nilai_ekstrakurikuler_id');
      const p5 = await one('nilai_budaya_kerja', 'nilai_budaya_kerja_id');
      const p5Note = await one(
        'catatan_budaya_kerja',
        'catatan_budaya_kerja_id',
        'and rencana_budaya_kerja_id is not null',
      );
      const wali = await one('catatan_wali', 'catatan_wali_id');
      const naik = await one('kenaikan_kelas', 'kenaikan_kelas_id');
      const ukk = await one('nilai_ukk', 'nilai_ukk_id', 'and nilai is not null');
      // The backed-up state, set by hand.
      const set = async (sql: string, id: string | undefined) => q(sql, [id]);
      await set(`update nilai_sumatif set nilai = 55 where nilai_sumatif_id = $1`, sumatif.id);
      await set(`update tp_nilai set kompeten = 1 where tp_nilai_id = $1`, kompeten.id);
      await set(
        `update nilai_sikap set tanggal = '2026-10-02', dimensi_id = 2, elemen_id = 16, opsi_id = 1, deskripsi = 'Jujur'
          where nilai_sikap_id = $1`,
        sikap.id,
      );
      await set(
        `update nilai_ekstrakurikuler set nilai = 2, deskripsi_ekskul = 'Baik sekali' where nilai_ekstrakurikuler_id = $1`,
        ekskul.id,
      );
      await set(`update nilai_budaya_kerja set opsi_id = 3 where nilai_budaya_kerja_id = $1`, p5.id);
      await set(
        `update catatan_budaya_kerja set catatan = 'Aktif' where catatan_budaya_kerja_id = $1`,
        p5Note.id,
      );
      await set(`update catatan_wali set uraian_deskripsi = 'Rajin' where catatan_wali_id = $1`, wali.id);
      await set(
        `update kenaikan_kelas set status = 1, nama_kelas = 'XI TJKT 1' where kenaikan_kelas_id = $1`,
        naik.id,
      );
      await set(`update nilai_ukk set nilai = 62 where nilai_ukk_id = $1`, ukk.id);
      // The K13 homeroom attitude text (none in the demo): one for the first SAS pupil, dimension 1.
      await set(
        `insert into catatan_budaya_kerja (sekolah_id, anggota_rombel_id, budaya_kerja_id, catatan)
         values ('${demo.sekolahId}', $1, 1, 'Sopan')`,
        sumatif.ar,
      );
      const archive = join(dir, `${engine}-semua.erapor`);
      await backupSchool(t().db, archive, { sekolahId: demo.sekolahId, appVersion: 'test' });
      const backedUp = await schoolState(t().db, demo.sekolahId);
      // The changes.
      await set(`update nilai_sumatif set nilai = 56 where nilai_sumatif_id = $1`, sumatif.id);
      await set(`delete from tp_nilai where tp_nilai_id = $1`, kompeten.id);
      await set(`update nilai_sikap set deskripsi = 'Jujur sekali' where nilai_sikap_id = $1`, sikap.id);
      await set(
        `update nilai_ekstrakurikuler set nilai = 3, deskripsi_ekskul = '' where nilai_ekstrakurikuler_id = $1`,
        ekskul.id,
      );
      await set(`update nilai_budaya_kerja set opsi_id = 4 where nilai_budaya_kerja_id = $1`, p5.id);
      await set(`delete from catatan_budaya_kerja where catatan_budaya_kerja_id = $1`, p5Note.id);
      await set(
        `update catatan_wali set uraian_deskripsi = 'Rajin sekali' where catatan_wali_id = $1`,
        wali.id,
      );
      await set(
        `update kenaikan_kelas set status = 2, nama_kelas = null where kenaikan_kelas_id = $1`,
        naik.id,
      );
      await set(`update nilai_ukk set nilai = null where nilai_ukk_id = $1`, ukk.id);
      await set(
        `delete from catatan_budaya_kerja where anggota_rombel_id = $1 and budaya_kerja_id = 1`,
        sumatif.ar,
      );

      const began = new Date();
      await restoreAsAdmin(archive);
      const own = await restoreEntries(began);
      expect(
        sortRows(own.map((e) => [e.jenis, e.anggota_rombel_id, e.kunci, e.nilai_lama, e.nilai_baru])),
      ).toEqual(
        sortRows([
          ['sumatif', sumatif.ar, sumatif.jenis, '56', '55'],
          ['ketercapaian', kompeten.ar, kompeten.tp_id, null, '1'],
          [
            'sikap',
            sikap.ar,
            sikap.id,
            '2026-10-02 · dimensi 2 · elemen 16 · opsi 1: Jujur sekali',
            '2026-10-02 · dimensi 2 · elemen 16 · opsi 1: Jujur',
          ],
          ['ekskul', ekskul.ar, ekskul.ekstrakurikuler_id, '3', '2 — Baik sekali'],
          ['p5', p5.ar, p5.aspek_budaya_kerja_id, 'SAB', 'BSH'],
          ['p5_catatan', p5Note.ar, `catatan:${p5Note.rencana_budaya_kerja_id}`, null, 'Aktif'],
          ['catatan_wali', wali.ar, wali.type, 'Rajin sekali', 'Rajin'],
          ['kenaikan', naik.ar, 'kenaikan', 'Tidak Naik', 'Naik Ke Kelas XI TJKT 1'],
          ['ukk', ukk.ar, 'nilai', null, '62'],
          ['catatan_sikap', sumatif.ar, '1', null, 'Sopan'],
        ]),
      );
      // Class and semester: the pupil's class, the ekskul's own class, the project's class.
      const classOf = await q<{ ar: string; rombel: string; semester: string }>(
        `select ar.anggota_rombel_id::text as ar, rb.rombongan_belajar_id::text as rombel, rb.semester_id as semester
           from anggota_rombel ar join rombongan_belajar rb on rb.rombongan_belajar_id = ar.rombongan_belajar_id
          where ar.sekolah_id = $1`,
      );
      const byAr = new Map(classOf.map((c) => [c.ar, c]));
      for (const e of own) {
        const c = byAr.get(e.anggota_rombel_id as string);
        const subject = (
          { sumatif: sumatif.pembelajaran_id, ketercapaian: kompeten.pembelajaran_id } as Record<
            string,
            string | undefined
          >
        )[e.jenis];
        expect([
          e.jenis,
          e.rombongan_belajar_id,
          e.semester_id,
          e.pembelajaran_id,
          e.peserta_didik_id,
        ]).toEqual([e.jenis, c?.rombel, c?.semester, subject ?? null, null]);
      }
      expect(await schoolState(t().db, demo.sekolahId, { restoreSince: began })).toEqual(backedUp);
    });

    it('PKL grids (pupils keyed by peserta_didik): score, catatan and attendance entries of a restore', async () => {
      const TP = '7e57a0d1-0000-4000-8000-00000000c0d1';
      const fx = await pklPlanFixture(t().app, t().db.db, demo, {
        tpIds: [TP],
        waliEmail: `wali-restore-pkl-${engine}@test.sch.id`,
      });
      const pklId = fx.plan.pkl_id;
      const pd = fx.plan.peserta[0]?.peserta_didik_id as string;
      const nilai = (v: number, catatan: string, before: [number, string] | null) =>
        call('PUT', `/api/pkl/rencana/${pklId}/nilai`, fx.pklToken, {
          rows: [
            {
              peserta_didik_id: pd,
              tp_id: TP,
              nilai: v,
              deskripsi: 'Bekerja teliti',
              sebelumnya: before && { nilai: before[0], deskripsi: 'Bekerja teliti' },
            },
            {
              peserta_didik_id: pd,
              tp_id: null,
              nilai: null,
              deskripsi: catatan,
              sebelumnya: before && { nilai: null, deskripsi: before[1] },
            },
          ],
        });
      const hadir = (cells: object, sebelumnya: object) =>
        call('PUT', '/api/pkl/kehadiran', fx.pklToken, {
          pkl_id: pklId,
          rows: [{ peserta_didik_id: pd, sakit: 0, izin: 0, alpa: 0, ...cells, sebelumnya }],
        });
      await nilai(80, 'Catatan awal', null);
      await hadir({ sakit: 1 }, { sakit: 0, izin: 0, alpa: 0 });
      const archive = join(dir, `${engine}-pkl.erapor`);
      await backupSchool(t().db, archive, { sekolahId: demo.sekolahId, appVersion: 'test' });
      const backedUp = await schoolState(t().db, demo.sekolahId);
      const beforeChanges = await lastId();
      await nilai(90, 'Catatan baru', [80, 'Catatan awal']);
      await hadir({ alpa: 2 }, { sakit: 1, izin: 0, alpa: 0 });
      const byGrids = await entriesAfter(beforeChanges);

      const began = new Date();
      await restoreAsAdmin(archive);
      const own = await restoreEntries(began);
      const byPd = own.filter((e) => e.peserta_didik_id !== null);
      expect(
        sortRows(
          byPd.map((e) => [
            e.jenis,
            e.peserta_didik_id,
            e.anggota_rombel_id,
            e.kunci,
            e.nilai_lama,
            e.nilai_baru,
          ]),
        ),
      ).toEqual(
        sortRows([
          ['pkl', pd, null, TP, '90', '80'],
          ['pkl_catatan', pd, null, 'catatan', 'Catatan baru', 'Catatan awal'],
          ['absensi_pkl', pd, null, 'sakit', '0', '1'],
          ['absensi_pkl', pd, null, 'alpa', '2', '0'],
        ]),
      );
      for (const e of byPd) {
        expect([e.rombongan_belajar_id, e.semester_id, e.pembelajaran_id]).toEqual([
          fx.rombel.rombongan_belajar_id,
          demo.semesterId,
          null,
        ]);
      }
      // Named as the grids named them, the change undone.
      const named = (e: Entry, lama: string | null, baru: string | null) =>
        JSON.stringify([
          e.semester_id,
          e.rombongan_belajar_id,
          e.peserta_didik_id,
          e.jenis,
          e.kunci,
          lama,
          baru,
        ]);
      expect(byPd.map((e) => named(e, e.nilai_lama, e.nilai_baru)).sort()).toEqual(
        byGrids
          .filter((e) => e.peserta_didik_id !== null)
          .map((e) => named(e, e.nilai_baru, e.nilai_lama))
          .sort(),
      );
      // The PKL subject's nilai akhir, recomputed from the score by the save (and recorded there),
      // is a stored grade the restore gives back too (by membership, as every subject's grade).
      const derived = (entries: Entry[], swap: boolean) =>
        entries
          .filter((e) => e.peserta_didik_id === null)
          .map((e) => [
            e.jenis,
            e.kunci,
            ...(swap ? [e.nilai_baru, e.nilai_lama] : [e.nilai_lama, e.nilai_baru]),
          ]);
      expect(derived(own, false)).toEqual([['nilai_akhir', 'nilai_akhir', '90', '80']]);
      expect(derived(byGrids, true)).toEqual(derived(own, false));
      expect(await schoolState(t().db, demo.sekolahId, { restoreSince: began })).toEqual(backedUp);
    });
  },
);

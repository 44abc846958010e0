import { createHash } from 'node:crypto';
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
import { CadanganRefused, openArchive } from './archive';
import { backupSchool } from './export';
import { restoreSchool } from './restore';
import { schoolState } from './test-support';

/*
 * What a restore writes in the Riwayat Perubahan Nilai (riwayat-nilai/cells.ts): the grades are
 * set and changed through the app's own grids (so the grids' entries show how each cell is named),
 * the expected entries are written out by hand.
 */

const dir = mkdtempSync(join(tmpdir(), 'erapor-restore-audit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
      const report = await restoreSchool(t().db, await openArchive(file()), {
        schoolNpsn: demo.school.sekolah.npsn,
        confirmNpsn: demo.school.sekolah.npsn,
        requireConfirm: true,
        now: new Date(),
        operator: { userId: demo.accounts.admin.userId, nama: 'Administrator Uji' },
      });
      const own = await restoreEntries(began);
      const cell = (e: Entry) => [
        e.jenis,
        e.anggota_rombel_id,
        e.pembelajaran_id,
        e.kunci,
        e.nilai_lama,
        e.nilai_baru,
      ];
      const sort = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();
      const m = mtk.pembelajaran_id;
      expect(sort(own.map(cell))).toEqual(
        sort([
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
      const same = await restoreSchool(t().db, await openArchive(file()), {
        schoolNpsn: demo.school.sekolah.npsn,
        confirmNpsn: demo.school.sekolah.npsn,
        requireConfirm: true,
        now: new Date(),
        operator: { userId: demo.accounts.admin.userId, nama: 'Administrator Uji' },
      });
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
      const err = await restoreSchool(t().db, await openArchive(bad), {
        schoolNpsn: demo.school.sekolah.npsn,
        confirmNpsn: demo.school.sekolah.npsn,
        requireConfirm: true,
        now: new Date(),
        operator: { userId: demo.accounts.admin.userId, nama: 'Administrator Uji' },
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CadanganRefused);
      expect(await schoolState(t().db, demo.sekolahId)).toEqual(changed);
      expect(await restoreEntries(before)).toEqual([]);
    });
  },
);

/** The archive with its manifest changed and re-signed (as restore.test.ts). */
function resign(bytes: Buffer, edit: (m: Record<string, unknown>) => Record<string, unknown>): Buffer {
  const first = bytes.indexOf(0x0a);
  const second = bytes.indexOf(0x0a, first + 1);
  const manifest = edit(JSON.parse(bytes.subarray(first + 1, second).toString('utf8')));
  const data = bytes.subarray(second + 1);
  const checksum = createHash('sha256')
    .update(`${JSON.stringify({ ...manifest, checksum: '' })}\n`)
    .update(data)
    .digest('hex');
  return Buffer.concat([
    bytes.subarray(0, first + 1),
    Buffer.from(`${JSON.stringify({ ...manifest, checksum })}\n`),
    data,
  ]);
}

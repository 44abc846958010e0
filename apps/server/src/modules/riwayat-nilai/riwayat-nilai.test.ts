import type { LingkupMateriGrid, UploadResult } from '@erapor/contract/penilaian/asesmen';
import { RIWAYAT_NILAI_MESSAGES, type RiwayatNilaiList } from '@erapor/contract/riwayat-nilai';
import type { Pembelajaran } from '@erapor/demo-school/types';
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { riwayatNilai } from '../../db/tables/riwayat-nilai';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';
import { multipartFile } from '../../test/multipart';
import { insertTps } from '../penilaian/test-fixtures';

const WHO = ['admin', 'guru', 'wali', 'kaprog', 'waka', 'ekskul', 'pkl', 'siswa'] as const;
type Who = (typeof WHO)[number];

describeEngines('riwayat perubahan nilai', {}, (t) => {
  let demo: SeededDemo;
  const tokens = {} as Record<Who, string>;
  let mtk: Pembelajaran; // guru@'s subject in wali@'s class
  let bindo: Pembelajaran; // wali@'s own subject in their class
  let tp: string[] = [];
  let pupils: { anggota_rombel_id: string; nama: string }[] = [];

  const call = async <T = Record<string, unknown>>(
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    who: Who,
    payload?: object,
  ) => {
    const res = await t().app.inject({ method, url, payload, headers: bearer(tokens[who]) });
    const isJson = String(res.headers['content-type'] ?? '').includes('json');
    return {
      status: res.statusCode,
      body: (isJson ? json(res) : {}) as T & { message?: string },
      raw: res.rawPayload,
    };
  };
  const grid = (p: Pembelajaran, part: string) => `/api/penilaian/pembelajaran/${p.pembelajaran_id}/${part}`;
  const entries = () => t().db.db.select().from(riwayatNilai).orderBy(asc(riwayatNilai.riwayatNilaiId));
  const pupil = (i: number) => pupils[i]?.anggota_rombel_id as string;

  beforeAll(async () => {
    demo = await seedDemo(t().db.db);
    for (const who of WHO)
      tokens[who] = (await loginAs(t().app, demo.accounts[who].email, demo.semesterId)).accessToken;
    const waliRombel = demo.school.rombongan_belajar.find(
      (r) => r.rombongan_belajar_id === demo.school.relations.waliRombelId,
    );
    mtk = waliRombel?.pembelajaran.find(
      (p) => p.ptk_id === demo.accounts.guru.guruId && p.mata_pelajaran_id === 401000000,
    ) as Pembelajaran;
    bindo = waliRombel?.pembelajaran.find((p) => p.ptk_id === demo.accounts.wali.guruId) as Pembelajaran;
    expect(mtk && bindo).toBeTruthy();
    tp = await insertTps(t().db.db, {
      sekolahId: demo.sekolahId,
      pembelajaranId: mtk.pembelajaran_id,
      source: { cpId: 1_000_778 },
      texts: ['Menjelaskan barisan', 'Menghitung deret'],
    });
    pupils = (await call<LingkupMateriGrid>('GET', grid(mtk, 'lingkup-materi'), 'guru')).body.siswa;
    expect(pupils.length).toBeGreaterThan(2);
  });

  describe('writing', () => {
    it('a grid save records one entry per changed cell, with the stored value as the old one', async () => {
      const first = await call('PUT', grid(mtk, 'lingkup-materi'), 'guru', {
        rows: [
          { anggota_rombel_id: pupil(0), tp_id: tp[0], nilai: 80, sebelumnya: null },
          { anggota_rombel_id: pupil(1), tp_id: tp[0], nilai: 70, sebelumnya: null },
        ],
      });
      expect(first.status).toBe(200);
      const second = await call('PUT', grid(mtk, 'lingkup-materi'), 'guru', {
        rows: [
          { anggota_rombel_id: pupil(0), tp_id: tp[0], nilai: 85, sebelumnya: 80 },
          // Sent but unchanged (the browser's loaded value equals the stored one): no entry.
          { anggota_rombel_id: pupil(1), tp_id: tp[0], nilai: 70, sebelumnya: 70 },
          // Emptied.
          { anggota_rombel_id: pupil(1), tp_id: tp[1], nilai: null, sebelumnya: null },
        ],
      });
      // Only the first row changes anything (the third was empty and stays so).
      expect(second.status).toBe(200);
      const third = await call('PUT', grid(mtk, 'lingkup-materi'), 'guru', {
        rows: [{ anggota_rombel_id: pupil(1), tp_id: tp[0], nilai: '', sebelumnya: 70 }],
      });
      expect(third.status).toBe(200);
      const rows = await entries();
      expect(
        rows.map((r) => [r.anggotaRombelId, r.kunci, r.nilaiLama, r.nilaiBaru, r.jenis, r.sumber]),
      ).toEqual([
        [pupil(0), tp[0], null, '80', 'nilai_tp', 'layar'],
        [pupil(1), tp[0], null, '70', 'nilai_tp', 'layar'],
        [pupil(0), tp[0], '80', '85', 'nilai_tp', 'layar'],
        [pupil(1), tp[0], '70', null, 'nilai_tp', 'layar'],
      ]);
      const r0 = rows[0];
      expect(r0?.userId).toBe(demo.accounts.guru.userId);
      expect(r0?.peran.split(',')).toContain('guru');
      expect(r0?.namaPengguna).not.toBe('');
      expect(r0?.pembelajaranId).toBe(mtk.pembelajaran_id);
      expect(r0?.rombonganBelajarId).toBe(mtk.rombongan_belajar_id);
      expect(r0?.semesterId).toBe(demo.semesterId);
      expect(r0?.sekolahId).toBe(demo.sekolahId);
    });

    it('a refused save (stale value 409, bad value 422) records nothing', async () => {
      const before = (await entries()).length;
      const stale = await call('PUT', grid(mtk, 'lingkup-materi'), 'guru', {
        rows: [
          { anggota_rombel_id: pupil(2), tp_id: tp[0], nilai: 60, sebelumnya: null },
          { anggota_rombel_id: pupil(0), tp_id: tp[0], nilai: 90, sebelumnya: 80 }, // stored: 85
        ],
      });
      expect(stale.status).toBe(409);
      const bad = await call('PUT', grid(mtk, 'lingkup-materi'), 'guru', {
        rows: [{ anggota_rombel_id: pupil(2), tp_id: tp[0], nilai: 101, sebelumnya: null }],
      });
      expect(bad.status).toBe(422);
      const other = await call('PUT', grid(bindo, 'akhir-semester'), 'guru', {
        rows: [{ anggota_rombel_id: pupil(2), jenis: 'tes', nilai: 60, sebelumnya: null }],
      });
      expect(other.status).toBe(403);
      expect((await entries()).length).toBe(before);
    });

    it('an Excel upload saved from the grid records its cells as "excel"', async () => {
      const template = await call('GET', grid(mtk, 'template/akhir-semester'), 'guru');
      expect(template.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(template.raw as unknown as ArrayBuffer);
      const sheet = wb.worksheets.find((s) => s.state === 'visible') as ExcelJS.Worksheet;
      sheet.getCell('E10').value = 77;
      sheet.getCell('F10').value = 91;
      sheet.getCell('E11').value = 64;
      const m = multipartFile('file_excel', 'sas.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
      const up = await t().app.inject({
        method: 'POST',
        url: grid(mtk, 'upload/akhir-semester'),
        payload: m.payload,
        headers: { ...m.headers, ...bearer(tokens.guru) },
      });
      expect(up.statusCode).toBe(200);
      const read = json<UploadResult>(up);
      // What the grid sends on Simpan after the upload: every filled cell, marked as from Excel.
      const rows = read.rows.flatMap((r) =>
        Object.entries(r.values)
          .filter(([, v]) => v !== '')
          .map(([jenis, v]) => ({
            anggota_rombel_id: r.anggota_rombel_id,
            jenis,
            nilai: Number(v),
            sebelumnya: null,
          })),
      );
      expect(rows).toHaveLength(3);
      const before = (await entries()).length;
      const save = await call('PUT', grid(mtk, 'akhir-semester'), 'guru', { sumber: 'excel', rows });
      expect(save.status).toBe(200);
      const added = (await entries()).slice(before);
      expect(
        added
          .map((r) => [r.anggotaRombelId, r.jenis, r.kunci, r.nilaiLama, r.nilaiBaru, r.sumber])
          .sort((a, b) => String(a).localeCompare(String(b))),
      ).toEqual(
        [
          [pupil(0), 'sumatif', 'non-tes', null, '77', 'excel'],
          [pupil(0), 'sumatif', 'tes', null, '91', 'excel'],
          [pupil(1), 'sumatif', 'non-tes', null, '64', 'excel'],
        ].sort((a, b) => String(a).localeCompare(String(b))),
      );
    });

    it('changing a description records the old and the new text; a reset records the removal', async () => {
      const put = (rows: object[]) => call('PUT', grid(mtk, 'capaian-kompetensi'), 'guru', { rows });
      expect(
        (
          await put([
            {
              anggota_rombel_id: pupil(0),
              deskripsi_pengetahuan: 'Menguasai barisan',
              deskripsi_keterampilan: null,
              sebelumnya: null,
            },
          ])
        ).status,
      ).toBe(200);
      const before = (await entries()).length;
      expect(
        (
          await put([
            {
              anggota_rombel_id: pupil(0),
              deskripsi_pengetahuan: 'Menguasai barisan dan deret',
              deskripsi_keterampilan: null,
              sebelumnya: { deskripsi_pengetahuan: 'Menguasai barisan', deskripsi_keterampilan: null },
            },
          ])
        ).status,
      ).toBe(200);
      const [changed, ...rest] = (await entries()).slice(before);
      expect(rest).toEqual([]);
      expect([changed?.jenis, changed?.anggotaRombelId, changed?.nilaiLama, changed?.nilaiBaru]).toEqual([
        'capaian',
        pupil(0),
        'Pengetahuan: Menguasai barisan',
        'Pengetahuan: Menguasai barisan dan deret',
      ]);
      const reset = await call('POST', grid(mtk, 'capaian-kompetensi/reset'), 'guru');
      expect(reset.status).toBe(200);
      const [removed, ...more] = (await entries()).slice(before + 1);
      expect(more).toEqual([]);
      expect([removed?.nilaiLama, removed?.nilaiBaru]).toEqual([
        'Pengetahuan: Menguasai barisan dan deret',
        null,
      ]);
    });
  });

  describe('reading', () => {
    const list = (who: Who, query = '', perPage = 100) =>
      call<RiwayatNilaiList>('GET', `/api/riwayat-nilai?per_page=${perPage}${query}`, who);

    it('the administrator and the Waka search the whole school, newest first', async () => {
      const all = (await entries()).length;
      for (const who of ['admin', 'waka'] as const) {
        const res = await list(who);
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(all);
        const ids = res.body.data.map((r) => r.riwayat_nilai_id);
        expect(ids).toEqual([...ids].sort((a, b) => b - a));
      }
      const first = (await list('admin', '&sort_by=waktu&sort_dir=asc', 10)).body.data[0];
      expect(first).toMatchObject({
        mata_pelajaran: mtk.nama_mata_pelajaran,
        peserta_didik: pupils[0]?.nama,
        kunci: 'Menjelaskan barisan',
        nilai_lama: null,
        nilai_baru: '80',
        sumber: 'layar',
        jenis: 'nilai_tp',
      });
    });

    it('filters by class, subject, pupil, user, date range and text, with paging', async () => {
      const pd = demo.school.rombongan_belajar
        .flatMap((r) => r.anggota_rombel ?? [])
        .find((a) => a.anggota_rombel_id === pupil(1));
      const byClass = await list('admin', `&rombongan_belajar_id=${mtk.rombongan_belajar_id}`);
      expect(byClass.body.total).toBe((await entries()).length);
      const bySubject = await list('waka', `&pembelajaran_id=${bindo.pembelajaran_id}`);
      expect(bySubject.body.total).toBe(0);
      const byCell = await list('admin', `&anggota_rombel_id=${pupil(0)}&kunci=${tp[0]}`);
      expect(byCell.body.data.map((r) => [r.nilai_lama, r.nilai_baru])).toEqual([
        ['80', '85'],
        [null, '80'],
      ]);
      expect(pd).toBeDefined();
      const byPupil = await list('admin', `&peserta_didik_id=${pd?.peserta_didik_id}`);
      expect(byPupil.body.data.every((r) => r.peserta_didik === pupils[1]?.nama)).toBe(true);
      expect(byPupil.body.total).toBe(3);
      expect((await list('admin', `&user_id=${demo.accounts.guru.userId}`)).body.total).toBe(
        (await entries()).length,
      );
      expect((await list('admin', `&user_id=${demo.accounts.wali.userId}`)).body.total).toBe(0);
      expect((await list('admin', '&dari=2000-01-01&sampai=2000-12-31')).body.total).toBe(0);
      const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Jakarta' });
      expect((await list('admin', `&dari=${today}&sampai=${today}`)).body.total).toBe(
        (await entries()).length,
      );
      const bad = await list('admin', '&dari=2026-02-01&sampai=2026-01-01');
      expect(bad.status).toBe(400);
      expect(
        (await list('admin', '&q=deret')).body.data.every(
          (r) => r.jenis === 'capaian' || r.kunci === 'Menghitung deret',
        ),
      ).toBe(true);
      const page2 = await call<RiwayatNilaiList>('GET', '/api/riwayat-nilai?per_page=10&page=2', 'admin');
      expect(page2.body.page).toBe(2);
      expect(page2.body.total).toBe((await entries()).length);
    });

    it('a teacher reads their own subjects only: another teacher’s subject is 403', async () => {
      const own = await list('guru');
      expect(own.status).toBe(200);
      expect(own.body.total).toBe((await entries()).length);
      const other = await list('guru', `&pembelajaran_id=${bindo.pembelajaran_id}`);
      expect(other.status).toBe(403);
      expect(other.body.message).toBe(RIWAYAT_NILAI_MESSAGES.forbiddenPembelajaran);
      // The wali teaches BIndo only, but reads the history of their class's pupils in every subject.
      const wali = await list('wali', `&pembelajaran_id=${mtk.pembelajaran_id}`);
      expect(wali.status).toBe(200);
      expect(wali.body.total).toBeGreaterThan(0);
    });

    it('the homeroom teacher sees only their class; other teachers see none of it; a pupil gets 403', async () => {
      const other = demo.school.rombongan_belajar.find(
        (r) => r.rombongan_belajar_id !== mtk.rombongan_belajar_id && r.jenis_rombel === 1,
      );
      expect(other).toBeDefined();
      const res = await list('wali', `&rombongan_belajar_id=${other?.rombongan_belajar_id}`);
      // wali@ teaches a subject in that class too, so the filter is in scope: none of its history.
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(0);
      // Every other demo staff account is a teacher (role guru) of other subjects.
      for (const who of ['kaprog', 'ekskul', 'pkl'] as const) {
        const own = await list(who);
        expect(own.status, who).toBe(200);
        expect(own.body.total, who).toBe(0);
        expect((await list(who, `&pembelajaran_id=${mtk.pembelajaran_id}`)).status, who).toBe(403);
      }
      for (const who of ['siswa'] as const) {
        expect((await list(who)).status, who).toBe(403);
        expect((await call('GET', '/api/riwayat-nilai/excel', who)).status, who).toBe(403);
        expect((await call('GET', '/api/riwayat-nilai/opsi', who)).status, who).toBe(403);
        // Role before the query (decision 042): a bad filter is still 403.
        expect((await list(who, '&dari=kemarin')).status, who).toBe(403);
      }
    });

    it('exports the filtered table to Excel', async () => {
      const res = await call(
        'GET',
        `/api/riwayat-nilai/excel?pembelajaran_id=${mtk.pembelajaran_id}`,
        'waka',
      );
      expect(res.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.raw as unknown as ArrayBuffer);
      const ws = wb.worksheets[0] as ExcelJS.Worksheet;
      let header = 0;
      ws.eachRow((row, n) => {
        if (row.getCell(1).value === 'Waktu') header = n;
      });
      expect(header).toBeGreaterThan(0);
      // Newest first: the capaian reset (new value empty).
      const newest = ws.getRow(header + 1);
      // The time is a date-time cell (Jakarta's wall clock), never text (issue #27 item 1).
      expect([newest.getCell(1).type, newest.getCell(1).numFmt]).toEqual([
        ExcelJS.ValueType.Date,
        'dd-mm-yyyy hh:mm:ss',
      ]);
      expect([6, 8, 9, 10].map((c) => newest.getCell(c).value)).toEqual([
        'Capaian Kompetensi',
        'Pengetahuan: Menguasai barisan dan deret',
        '-',
        'Layar',
      ]);
      expect(ws.rowCount - header).toBe(
        (
          await t()
            .db.db.select()
            .from(riwayatNilai)
            .where(eq(riwayatNilai.pembelajaranId, mtk.pembelajaran_id))
        ).length,
      );
    });

    it('gives the filter options of the caller’s scope', async () => {
      const res = await call<{ pembelajaran: { value: string }[]; pengguna: { value: string }[] }>(
        'GET',
        '/api/riwayat-nilai/opsi',
        'guru',
      );
      expect(res.status).toBe(200);
      expect(res.body.pembelajaran.map((p) => p.value)).toContain(mtk.pembelajaran_id);
      expect(res.body.pembelajaran.map((p) => p.value)).not.toContain(bindo.pembelajaran_id);
      expect(res.body.pengguna.map((p) => p.value)).toEqual([demo.accounts.guru.userId]);
    });
  });
});

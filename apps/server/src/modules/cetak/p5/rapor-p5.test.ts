import { MESSAGES } from '@erapor/contract/errors';
import { RAPOR_P5_MESSAGES, RAPOR_P5_TITLE } from '@erapor/contract/projek/cetak';
import type { NilaiProjekGrid } from '@erapor/contract/projek/penilaian';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { sqlRows } from '../../../db/sql-rows';
import { bearer, describeEngines, json } from '../../../test/engines';
import { pdfText, pdfWords } from '../../../test/pdf-text';
import { staffToken } from '../../penilaian/beranda/test-accounts';
import { P5_SEMESTER, type P5Fixture, p5Fixture } from '../../projek/test-p5';

/** Six sub-elements of three dimensions; printed in checklist order 1, 4, 36, 38, 29, 31. */
const SIX = [
  { elemen: 1, sub_elemen: 1 },
  { elemen: 2, sub_elemen: 4 },
  { elemen: 15, sub_elemen: 36 },
  { elemen: 16, sub_elemen: 38 },
  { elemen: 13, sub_elemen: 29 },
  { elemen: 14, sub_elemen: 31 },
];
/** The levels given in that order. */
const GIVEN = ['MB', 'SB', 'BSH', 'SAB', 'SB', 'MB'];

describeEngines('Cetak: the P5 report', {}, (t) => {
  let f: P5Fixture;
  let pupil = { id: '', nama: '' };
  let waliToken = '';
  let k13Pupil = '';

  const get = (token: string, id = pupil.id) =>
    t().app.inject({ method: 'GET', url: `/api/cetak/rapor-p5/${id}`, headers: bearer(token) });

  beforeAll(async () => {
    const db = t().db.db;
    f = await p5Fixture(t().app, db, 'cetak');
    const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown) =>
      t().app.inject({
        method,
        url,
        headers: bearer(f.tokens.koord),
        ...(payload ? { payload: payload as object } : {}),
      });
    const plan = await call('POST', '/api/projek/rencana', {
      rombongan_belajar_id: f.kelas.id,
      pembelajaran_id: f.kelas.themes[0]?.id,
      nama: 'Gaya Hidup Berkelanjutan',
      deskripsi: 'Memilah sampah sekolah dan membuat kompos.',
      no_urut: 1,
      sub_elemen: SIX,
    });
    expect(plan.statusCode).toBe(201);
    const grid = json<NilaiProjekGrid>(await call('GET', `/api/projek/penilaian/${f.kelas.id}`));
    const [first] = grid.siswa;
    const projek = grid.rencana[0];
    if (!first || !projek) throw new Error('no pupil or project');
    pupil = { id: first.anggota_rombel_id, nama: first.nama };
    const saved = await call('PUT', `/api/projek/penilaian/${f.kelas.id}`, {
      rows: [
        ...projek.aspek.map((a, i) => ({
          anggota_rombel_id: pupil.id,
          aspek_budaya_kerja_id: a.aspek_budaya_kerja_id,
          nilai: GIVEN[i],
          sebelumnya: null,
        })),
        {
          anggota_rombel_id: pupil.id,
          rencana_budaya_kerja_id: projek.rencana_budaya_kerja_id,
          catatan: 'Aktif memilah sampah.',
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [kelas] = await sqlRows<{ guru_id: string }>(
      db,
      sql`select guru_id from rombongan_belajar where rombongan_belajar_id = ${f.kelas.id}`,
    );
    waliToken = await staffToken(
      t().app,
      db,
      { sekolahId: f.demo.sekolahId, semesterId: P5_SEMESTER },
      {
        guruId: kelas?.guru_id ?? '',
        email: 'wali-p5-cetak@test.sch.id',
        roles: ['guru', 'wali'],
      },
    );
    const [k13] = await sqlRows<{ id: string }>(
      db,
      sql`select a.anggota_rombel_id as id from anggota_rombel a
        join rombongan_belajar r on r.rombongan_belajar_id = a.rombongan_belajar_id
        join ref_kurikulum k on k.kurikulum_id = r.kurikulum_id
        where r.sekolah_id = ${f.demo.sekolahId} and r.semester_id = ${P5_SEMESTER} and r.jenis_rombel = 1
          and k.nama_kurikulum not ilike '%merdeka%' and a.deleted_at is null limit 1`,
    );
    k13Pupil = k13?.id ?? '';
  });

  it('prints the header, "Projek Profil 1 | nama", the legend and "Catatan Proses"', async () => {
    const res = await get(f.tokens.koord);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text, pages } = pdfText(res.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(1);
    for (const part of [
      RAPOR_P5_TITLE,
      `Kelas : ${f.kelas.nama}`,
      `Fase : ${f.kelas.tingkat === 10 ? 'E' : 'F'}`,
      `Nama Peserta Didik : ${pupil.nama}`,
      'Tahun Pelajaran : 2024/2025',
      'Projek Profil 1 | Gaya Hidup Berkelanjutan',
      'Memilah sampah sekolah dan membuat kompos.',
      'Mulai Berkembang',
      'Sedang Berkembang',
      'Berkembang Sesuai Harapan',
      'Sangat Berkembang',
      'Catatan Proses Aktif memilah sampah.',
      'Akhlak beragama.',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('Belum Berkembang');
  });

  it('puts "√" under the level given, one per sub-element, rows in checklist order', async () => {
    const words = pdfWords((await get(f.tokens.koord)).rawPayload);
    const head = (kode: string) => {
      const w = words.filter((x) => x.text === kode).at(-1);
      if (!w) throw new Error(`no column ${kode}`);
      return { kode, page: w.page, x: (w.xMin + w.xMax) / 2 };
    };
    const columns = ['MB', 'SB', 'BSH', 'SAB'].map(head);
    const ticks = words.filter((w) => w.text === '√').sort((a, b) => a.page - b.page || a.yMin - b.yMin);
    expect(ticks).toHaveLength(6);
    const under = ticks.map((w) => {
      const x = (w.xMin + w.xMax) / 2;
      return [...columns].sort((a, b) => Math.abs(a.x - x) - Math.abs(b.x - x))[0]?.kode;
    });
    expect(under).toEqual(GIVEN);
  });

  it('the class’s wali, the Waka and the admin print it; others get 403', async () => {
    for (const token of [waliToken, f.tokens.waka, f.tokens.admin])
      expect((await get(token)).statusCode).toBe(200);
    // Another class's wali.
    const [other] = await sqlRows<{ guru_id: string }>(
      t().db.db,
      sql`select guru_id from rombongan_belajar where rombongan_belajar_id = ${f.other.id}`,
    );
    const otherWali = await staffToken(
      t().app,
      t().db.db,
      { sekolahId: f.demo.sekolahId, semesterId: P5_SEMESTER },
      { guruId: other?.guru_id ?? '', email: 'wali-lain-p5-cetak@test.sch.id', roles: ['guru', 'wali'] },
    );
    const refused = await get(otherWali);
    expect(refused.statusCode).toBe(403);
    for (const who of ['guru', 'kaprog', 'koordOther', 'siswa'] as const) {
      const res = await get(f.tokens[who]);
      expect([403, 404], who).toContain(res.statusCode);
      if (who !== 'siswa') {
        expect(res.statusCode, who).toBe(403);
        expect(json<{ message: string }>(res).message).toBe(MESSAGES.forbidden);
      }
    }
  });

  it('no P5 report for a K13 class, nor from 20251 (409 with the reason)', async () => {
    const k13 = await get(f.tokens.waka, k13Pupil);
    expect(k13.statusCode).toBe(409);
    expect(json<{ message: string }>(k13).message).toBe(RAPOR_P5_MESSAGES.notMerdeka);
    const [member] = f.kelasNew.members;
    const fresh = await get(f.tokens.koordNew, member?.id);
    expect(fresh.statusCode).toBe(409);
    expect(json<{ message: string }>(fresh).message).toBe(RAPOR_P5_MESSAGES.newPpa);
  });
});

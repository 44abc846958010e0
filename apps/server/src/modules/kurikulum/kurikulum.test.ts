import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOBOT_MESSAGES, type BobotResponse } from '@erapor/contract/kurikulum/bobot';
import type { FilterOptions } from '@erapor/contract/kurikulum/common';
import { CP_MESSAGES, CP_SEKOLAH_ID_START, type CpRow } from '@erapor/contract/kurikulum/cp';
import { KD_MESSAGES, type KdRow } from '@erapor/contract/kurikulum/kd';
import {
  TP_IN_USE_CODE,
  TP_MESSAGES,
  TP_TEMPLATE,
  TP_TEMPLATE_PARTS,
  type TpMapelResponse,
  type TpRow,
  type TpSumber,
} from '@erapor/contract/kurikulum/tp';
import type { ListResponse } from '@erapor/contract/list';
import { SPREADSHEET_MESSAGES } from '@erapor/contract/spreadsheet';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../actor';
import { refCapaianPembelajaran, refKompetensiDasar } from '../../db/tables/referensi-ref';
import { sekolah } from '../../db/tables/sekolah';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';
import { multipartFile } from '../../test/multipart';
import { CORPUS_OTHER_ROMBEL, CORPUS_TEMPLATE, CORPUS_TP } from './corpus/info';
import * as cpService from './cp';
import * as kdService from './kd';
import * as tpService from './tp';

const MATH = 401000000;
const BINDO = 300110000;
/** National rows (sekolah_id null) this suite adds next to the demo school's own CP/KD. */
const NAS_CP_E = 50001;
const NAS_CP_BINDO = 50002;
const NAS_KD = '0a000000-0000-4000-8000-000000000001';
const NAS_KD_DUP = '0a000000-0000-4000-8000-000000000002';
const SCHOOL_2 = '20000000-0000-4000-8000-000000000002';
const firstPage = (perPage: number) => ({
  page: 1,
  per_page: perPage,
  sort_dir: 'asc' as const,
  tingkat: undefined,
  rombongan_belajar_id: undefined,
  pembelajaran_id: undefined,
});

async function workbook(data: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  return ws;
}

async function filled(template: Buffer, tps: string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  tps.forEach((text, i) => {
    ws.getCell(TP_TEMPLATE.firstRow + i, TP_TEMPLATE.valueColumn).value = text;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describeEngines('kurikulum (KD, CP, TP, bobot)', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  /** guru@'s Matematika: X TJKT 1 (fase E), XI TJKT 1 (fase F), the K13 class (tingkat 12). */
  const p = { e: '', f: '', k13: '', waliBindo: '' };
  const rombel = { e: '', f: '', k13: '' };
  let mathCpE: number[] = [];
  let mathCpF: number[] = [];
  let mathKd: { id: string; kode: string; kompetensi: number; teks: string }[] = [];

  const sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) =>
    t().db.query<T>(text, params);

  beforeAll(async () => {
    demo = await seedDemo(t().db.db);
    for (const who of ['admin', 'guru', 'wali', 'waka', 'siswa', 'ekskul']) {
      tokens[who] = (await loginAs(t().app, `${who}@demo.sch.id`, demo.semesterId)).accessToken;
    }
    const guruId = demo.accounts.guru.guruId;
    for (const r of demo.school.rombongan_belajar) {
      for (const pb of r.pembelajaran) {
        if (pb.ptk_id === guruId && pb.mata_pelajaran_id === MATH) {
          const key = r.kurikulum_id < 1000 ? 'k13' : r.tingkat_pendidikan_id === 10 ? 'e' : 'f';
          p[key] = pb.pembelajaran_id;
          rombel[key] = r.rombongan_belajar_id;
        }
        if (
          pb.ptk_id === demo.accounts.wali.guruId &&
          r.rombongan_belajar_id === demo.school.relations.waliRombelId
        )
          p.waliBindo = pb.pembelajaran_id;
      }
    }
    mathCpE = demo.school.capaian_pembelajaran
      .filter((c) => c.mata_pelajaran_id === MATH && c.fase === 'E')
      .map((c) => c.cp_id);
    mathCpF = demo.school.capaian_pembelajaran
      .filter((c) => c.mata_pelajaran_id === MATH && c.fase === 'F')
      .map((c) => c.cp_id);
    mathKd = demo.school.kompetensi_dasar
      .filter((k) => k.mata_pelajaran_id === MATH)
      .map((k) => ({
        id: k.kompetensi_dasar_id,
        kode: k.id_kompetensi,
        kompetensi: k.kompetensi_id,
        teks: k.kompetensi_dasar,
      }));
    const first = mathKd[0];
    if (!p.e || !p.f || !p.k13 || !p.waliBindo || mathCpE.length < 2 || mathCpF.length < 1 || !first)
      throw new Error('demo school lacks the classes this suite needs');

    const db = t().db.db;
    await db.insert(refCapaianPembelajaran).values([
      {
        cpId: NAS_CP_E,
        mataPelajaranId: MATH,
        fase: 'E',
        elemen: 'Bilangan nasional',
        deskripsi: 'CP nasional fase E',
        isDir: 1,
      },
      {
        cpId: NAS_CP_BINDO,
        mataPelajaranId: BINDO,
        fase: 'E',
        elemen: 'Menyimak',
        deskripsi: 'CP nasional B. Indonesia',
        isDir: 1,
      },
    ]);
    await db.insert(refKompetensiDasar).values([
      {
        kompetensiDasarId: NAS_KD,
        idKompetensi: '3.9',
        kompetensiId: 1,
        mataPelajaranId: MATH,
        kelas12: 1,
        kompetensiDasar: 'Menganalisis barisan dan deret (nasional)',
        kurikulum: 2017,
      },
      {
        // The same KD as the demo school's first Matematika KD, published once more.
        kompetensiDasarId: NAS_KD_DUP,
        idKompetensi: first.kode,
        kompetensiId: first.kompetensi,
        mataPelajaranId: MATH,
        kelas10: 0,
        kelas11: 0,
        kelas12: 1,
        kelas13: 0,
        kompetensiDasar: `  ${first.teks.toUpperCase()} `,
        kurikulum: 2017,
      },
    ]);
  });

  const call = async <T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who: string,
    payload?: object,
  ) => {
    const res = await t().app.inject({ method, url, payload, headers: bearer(tokens[who] ?? '') });
    return { status: res.statusCode, body: json<T>(res), raw: res };
  };
  const get = <T = Record<string, unknown>>(url: string, who: string) => call<T>('GET', url, who);
  const details = (r: { body: unknown }) => (r.body as { details?: Record<string, string> }).details ?? {};

  describe('filter', () => {
    it('offers the caller’s own classes and subjects; admin all; pupils 403', async () => {
      const all = await get<FilterOptions>('/api/kurikulum/filter', 'guru');
      expect(all.status).toBe(200);
      expect(all.body.tingkat.map((o) => o.value)).toEqual(['10', '11', '12']);
      expect(all.body.pembelajaran).toEqual([]);
      const merdeka = await get<FilterOptions>('/api/kurikulum/filter?kurikulum=merdeka', 'guru');
      expect(merdeka.body.tingkat.map((o) => o.value)).toEqual(['10', '11']);
      const k13 = await get<FilterOptions>('/api/kurikulum/filter?kurikulum=k13', 'guru');
      expect(k13.body.rombel.map((o) => o.value)).toEqual([rombel.k13]);
      expect(k13.body.rombel[0]?.merdeka).toBe(false);
      const ten = await get<FilterOptions>(
        `/api/kurikulum/filter?tingkat=10&rombongan_belajar_id=${rombel.e}`,
        'guru',
      );
      expect(ten.body.rombel.map((o) => o.value)).toEqual([rombel.e]);
      expect(ten.body.pembelajaran).toEqual([
        { value: p.e, label: expect.any(String), mata_pelajaran_id: MATH },
      ]);

      const admin = await get<FilterOptions>(
        `/api/kurikulum/filter?tingkat=10&rombongan_belajar_id=${rombel.e}`,
        'admin',
      );
      expect(admin.status).toBe(200);
      const ids = admin.body.pembelajaran.map((o) => o.value);
      expect(ids).toContain(p.e);
      expect(ids).toContain(p.waliBindo);
      expect((await get('/api/kurikulum/filter', 'siswa')).status).toBe(403);
      expect((await get('/api/kurikulum/filter?kurikulum=ktsp', 'guru')).status).toBe(400);
    });
  });

  describe('CP', () => {
    it('lists the CPs of the subjects a teacher teaches, with the filter narrowing them', async () => {
      const all = await get<ListResponse<CpRow>>('/api/kurikulum/cp?per_page=100', 'guru');
      expect(all.status).toBe(200);
      // Demo Matematika CPs (E and F) + the national fase-E one; never B. Indonesia.
      expect(all.body.total).toBe(mathCpE.length + mathCpF.length + 1);
      expect(all.body.data.every((c) => c.mata_pelajaran_id === MATH)).toBe(true);
      const e = await get<ListResponse<CpRow>>(
        `/api/kurikulum/cp?per_page=100&pembelajaran_id=${p.e}`,
        'guru',
      );
      expect(e.body.data.map((c) => c.cp_id).sort()).toEqual([...mathCpE, NAS_CP_E].sort());
      const byTingkat = await get<ListResponse<CpRow>>('/api/kurikulum/cp?per_page=100&tingkat=11', 'guru');
      expect(byTingkat.body.data.map((c) => c.cp_id).sort()).toEqual([...mathCpF].sort());
      const nas = e.body.data.find((c) => c.cp_id === NAS_CP_E);
      expect(nas).toMatchObject({
        fase: 'E',
        aktif: true,
        milik_sekolah: false,
        jumlah_tp: 0,
        can_edit: true,
      });
      expect(e.body.data.find((c) => c.cp_id === mathCpE[0])?.milik_sekolah).toBe(true);
      const search = await get<ListResponse<CpRow>>('/api/kurikulum/cp?q=nasional', 'guru');
      expect(search.body.data.map((c) => c.cp_id)).toEqual([NAS_CP_E]);
      const desc = await get<ListResponse<CpRow>>(
        '/api/kurikulum/cp?per_page=100&sort_by=fase&sort_dir=desc',
        'guru',
      );
      expect(desc.body.data[0]?.fase).toBe('F');
      expect((await get('/api/kurikulum/cp?sort_by=cp_sekolah', 'guru')).status).toBe(400);
    });

    it('gives the admin every CP of the school and the nation; pupils and other teachers’ classes 403', async () => {
      const admin = await get<ListResponse<CpRow>>('/api/kurikulum/cp?per_page=10', 'admin');
      expect(admin.body.total).toBe(demo.school.capaian_pembelajaran.length + 2);
      const waka = await get<ListResponse<CpRow>>('/api/kurikulum/cp?per_page=100', 'waka');
      expect(waka.status).toBe(200);
      expect(waka.body.data.some((c) => c.mata_pelajaran_id === MATH)).toBe(false);
      expect((await get('/api/kurikulum/cp', 'siswa')).status).toBe(403);
      expect((await get(`/api/kurikulum/cp?pembelajaran_id=${p.waliBindo}`, 'guru')).status).toBe(403);
      const notGurus = demo.school.rombongan_belajar.find(
        (r) => r.jenis_rombel === 1 && !Object.values(rombel).includes(r.rombongan_belajar_id),
      );
      expect(
        (await get(`/api/kurikulum/cp?rombongan_belajar_id=${notGurus?.rombongan_belajar_id}`, 'guru'))
          .status,
      ).toBe(403);
    });

    it('switches a national CP off for this school only: cp_sekolah, never the national row', async () => {
      const url = `/api/kurikulum/cp/${NAS_CP_E}/status`;
      expect((await call('PUT', url, 'waka', { aktif: false })).status).toBe(403);
      expect((await call('PUT', url, 'siswa', { aktif: false })).status).toBe(403);
      expect((await call('PUT', '/api/kurikulum/cp/999999999/status', 'guru', { aktif: false })).status).toBe(
        404,
      );
      expect((await call('PUT', url, 'guru', { aktif: 'no' })).status).toBe(400);
      const off = await call('PUT', url, 'guru', { aktif: false });
      expect(off.status).toBe(200);
      expect(off.body.message).toBe('Data Capaian Kompetensi berhasil dinonaktifkan');
      const [row] = await sql<{ aktif: number }>(
        'select aktif from ref_capaian_pembelajaran where cp_id = $1',
        [NAS_CP_E],
      );
      expect(row?.aktif).toBe(1);
      const [own] = await sql<{ aktif: boolean }>(
        'select aktif from cp_sekolah where cp_id = $1 and sekolah_id = $2',
        [NAS_CP_E, demo.sekolahId],
      );
      expect(own?.aktif).toBe(false);
      const list = await get<ListResponse<CpRow>>('/api/kurikulum/cp?q=nasional', 'guru');
      expect(list.body.data[0]?.aktif).toBe(false);
      expect((await call('PUT', url, 'admin', { aktif: true })).status).toBe(200);
      expect((await call('PUT', url, 'guru', { aktif: false })).status).toBe(200);
    });

    it('adds a CP of the school for a Merdeka class, with ids from 2,000,001', async () => {
      const body = {
        tingkat: 10,
        rombongan_belajar_id: rombel.e,
        pembelajaran_id: p.e,
        elemen: 'Geometri',
        deskripsi: 'Peserta didik  menghitung luas bangun datar.',
      };
      const empty = await call('POST', '/api/kurikulum/cp', 'guru', { ...body, elemen: ' ' });
      expect(empty.status).toBe(400);
      expect(details(empty)).toEqual({ elemen: CP_MESSAGES.elemenRequired });
      expect((await call('POST', '/api/kurikulum/cp', 'waka', body)).status).toBe(403);
      expect((await call('POST', '/api/kurikulum/cp', 'siswa', body)).status).toBe(403);
      const k13 = await call('POST', '/api/kurikulum/cp', 'guru', {
        ...body,
        tingkat: 12,
        rombongan_belajar_id: rombel.k13,
        pembelajaran_id: p.k13,
      });
      expect(k13.status).toBe(422);
      expect(details(k13)).toEqual({ rombongan_belajar_id: CP_MESSAGES.notMerdeka });
      const wrongLevel = await call('POST', '/api/kurikulum/cp', 'guru', { ...body, tingkat: 11 });
      expect(details(wrongLevel)).toEqual({ tingkat: CP_MESSAGES.tingkatMismatch });

      const ok = await call<{ cp_id: number; message: string }>('POST', '/api/kurikulum/cp', 'guru', body);
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ message: CP_MESSAGES.saved, cp_id: CP_SEKOLAH_ID_START });
      const [row] = await sql<Record<string, unknown>>(
        'select * from ref_capaian_pembelajaran where cp_id = $1',
        [CP_SEKOLAH_ID_START],
      );
      expect(row).toMatchObject({
        mata_pelajaran_id: MATH,
        fase: 'E',
        is_dir: 0,
        sekolah_id: demo.sekolahId,
        deskripsi: 'Peserta didik menghitung luas bangun datar.',
      });
      const dup = await call('POST', '/api/kurikulum/cp', 'guru', { ...body, elemen: 'geometri' });
      expect(dup.status).toBe(422);
      expect(details(dup)).toEqual({ deskripsi: CP_MESSAGES.duplicate });
      const byAdmin = await call<{ cp_id: number }>('POST', '/api/kurikulum/cp', 'admin', {
        ...body,
        tingkat: 11,
        rombongan_belajar_id: rombel.f,
        pembelajaran_id: p.f,
        elemen: 'Statistika',
      });
      expect(byAdmin.body.cp_id).toBe(CP_SEKOLAH_ID_START + 1);
    });
  });

  describe('KD', () => {
    it('lists the KDs of the teacher’s subjects with their class levels', async () => {
      const all = await get<ListResponse<KdRow>>('/api/kurikulum/kd?per_page=100', 'guru');
      expect(all.status).toBe(200);
      expect(all.body.total).toBe(mathKd.length + 2);
      const nas = all.body.data.find((k) => k.kompetensi_dasar_id === NAS_KD);
      expect(nas).toMatchObject({
        kelas: [12],
        kurikulum: 2017,
        aktif: true,
        milik_sekolah: false,
        kompetensi_dasar_alias: null,
      });
      expect((await get<ListResponse<KdRow>>('/api/kurikulum/kd?tingkat=10', 'guru')).body.total).toBe(0);
      const k13 = await get<ListResponse<KdRow>>(
        `/api/kurikulum/kd?pembelajaran_id=${p.k13}&per_page=100`,
        'guru',
      );
      expect(k13.body.total).toBe(mathKd.length + 2);
      // Pengetahuan (3.x) before keterampilan (4.x) within the subject.
      const kinds = k13.body.data.map((k) => k.kompetensi_id);
      expect(kinds).toEqual([...kinds].sort());
      expect((await get('/api/kurikulum/kd', 'siswa')).status).toBe(403);
      const waka = await get<ListResponse<KdRow>>('/api/kurikulum/kd?per_page=100', 'waka');
      expect(waka.body.data.some((k) => k.mata_pelajaran_id === MATH)).toBe(false);
    });

    it('keeps the alias and status in kd_sekolah; the national row stays as published', async () => {
      const base = `/api/kurikulum/kd/${NAS_KD}`;
      expect((await call('PUT', `${base}/alias`, 'waka', { kompetensi_dasar_alias: 'x' })).status).toBe(403);
      expect((await call('PUT', `${base}/alias`, 'siswa', { kompetensi_dasar_alias: 'x' })).status).toBe(403);
      const blank = await call('PUT', `${base}/alias`, 'guru', { kompetensi_dasar_alias: '  ' });
      expect(details(blank)).toEqual({ kompetensi_dasar_alias: KD_MESSAGES.aliasRequired });
      const set = await call('PUT', `${base}/alias`, 'guru', { kompetensi_dasar_alias: 'Barisan dan deret' });
      expect(set.body.message).toBe(KD_MESSAGES.aliasSaved);
      const row = async () =>
        (await get<ListResponse<KdRow>>(`/api/kurikulum/kd?q=nasional`, 'guru')).body.data.find(
          (k) => k.kompetensi_dasar_id === NAS_KD,
        );
      expect((await row())?.kompetensi_dasar_alias).toBe('Barisan dan deret');
      const [nas] = await sql<{ kompetensi_dasar_alias: string | null; aktif: number }>(
        'select kompetensi_dasar_alias, aktif from ref_kompetensi_dasar where kompetensi_dasar_id = $1',
        [NAS_KD],
      );
      expect(nas).toEqual({ kompetensi_dasar_alias: null, aktif: 1 });
      expect((await call('DELETE', `${base}/alias`, 'admin')).body.message).toBe(KD_MESSAGES.aliasReset);
      expect((await row())?.kompetensi_dasar_alias).toBeNull();

      expect((await call('PUT', `${base}/status`, 'waka', { aktif: false })).status).toBe(403);
      const off = await call('PUT', `${base}/status`, 'guru', { aktif: false });
      expect(off.body.message).toBe('Data KD berhasil dinonaktifkan');
      expect((await row())?.aktif).toBe(false);
      const on = await call('PUT', `${base}/status`, 'admin', { aktif: true });
      expect(on.body.message).toBe('Data KD berhasil diaktifkan');
      expect((await row())?.aktif).toBe(true);
      expect(
        (
          await call('PUT', '/api/kurikulum/kd/0a000000-0000-4000-8000-0000000000ff/status', 'guru', {
            aktif: true,
          })
        ).status,
      ).toBe(404);
    });

    it('adds a KD of the school for the K13 class only', async () => {
      const body = {
        tingkat: 12,
        rombongan_belajar_id: rombel.k13,
        pembelajaran_id: p.k13,
        kompetensi_id: 2,
        id_kompetensi: '4.20',
        kompetensi_dasar: 'Menyajikan  penyelesaian masalah program linear',
      };
      const code = await call('POST', '/api/kurikulum/kd', 'guru', { ...body, id_kompetensi: '3.20' });
      expect(code.status).toBe(400);
      expect(details(code)).toEqual({ id_kompetensi: KD_MESSAGES.kodeKeterampilan });
      const merdeka = await call('POST', '/api/kurikulum/kd', 'guru', {
        ...body,
        tingkat: 10,
        rombongan_belajar_id: rombel.e,
        pembelajaran_id: p.e,
      });
      expect(details(merdeka)).toEqual({ rombongan_belajar_id: KD_MESSAGES.notK13 });
      expect((await call('POST', '/api/kurikulum/kd', 'waka', body)).status).toBe(403);
      expect((await call('POST', '/api/kurikulum/kd', 'siswa', body)).status).toBe(403);
      const ok = await call<{ kompetensi_dasar_id: string }>('POST', '/api/kurikulum/kd', 'guru', body);
      expect(ok.status).toBe(200);
      const [row] = await sql<Record<string, unknown>>(
        'select id_kompetensi, kompetensi_id, kelas_10, kelas_12, kurikulum, sekolah_id, kompetensi_dasar, user_id from ref_kompetensi_dasar where kompetensi_dasar_id = $1',
        [ok.body.kompetensi_dasar_id],
      );
      expect(row).toEqual({
        id_kompetensi: '4.20',
        kompetensi_id: 2,
        kelas_10: 0,
        kelas_12: 1,
        kurikulum: 2017, // "SMK 2013 REV." curriculum
        sekolah_id: demo.sekolahId,
        kompetensi_dasar: 'Menyajikan penyelesaian masalah program linear',
        user_id: demo.accounts.guru.userId,
      });
      const dup = await call('POST', '/api/kurikulum/kd', 'guru', {
        ...body,
        kompetensi_dasar: 'menyajikan penyelesaian masalah PROGRAM LINEAR',
      });
      expect(details(dup)).toEqual({ kompetensi_dasar: KD_MESSAGES.duplicate });
      await sql('delete from ref_kompetensi_dasar where kompetensi_dasar_id = $1', [
        ok.body.kompetensi_dasar_id,
      ]);
    });
  });

  describe('TP', () => {
    const form = (over: object = {}) => ({
      tingkat: 10,
      rombongan_belajar_id: rombel.e,
      pembelajaran_id: p.e,
      cp_id: mathCpE[0],
      deskripsi: 'Menghitung bunga majemuk\n\n  Menghitung  bunga majemuk \nMenyelesaikan persamaan eksponen',
      ...over,
    });
    const tpIdOf = async (deskripsi: string) =>
      (
        await sql<{ tp_id: string }>('select tp_id from tujuan_pembelajaran where deskripsi = $1', [
          deskripsi,
        ])
      )[0]?.tp_id ?? '';

    it('offers the active CPs of the class’s fase, or the KDs of the K13 class', async () => {
      const cp = await get<TpSumber>(`/api/kurikulum/tp/sumber?pembelajaran_id=${p.e}`, 'guru');
      expect(cp.status).toBe(200);
      expect(cp.body.jenis).toBe('cp');
      expect(cp.body.pembelajaran).toMatchObject({ tingkat: 10, fase: 'E', mata_pelajaran_id: MATH });
      // The national one was switched off for this school; the school's own 2,000,001 is in.
      expect(cp.body.data.map((c) => Number(c.id)).sort()).toEqual([...mathCpE, CP_SEKOLAH_ID_START].sort());
      const kd = await get<TpSumber>(`/api/kurikulum/tp/sumber?pembelajaran_id=${p.k13}`, 'guru');
      expect(kd.body.jenis).toBe('kd');
      expect(kd.body.data.map((k) => k.id).sort()).toEqual(
        [...mathKd.map((k) => k.id), NAS_KD, NAS_KD_DUP].sort(),
      );
      expect(kd.body.data.every((k) => k.kompetensi_id === 1 || k.kompetensi_id === 2)).toBe(true);
      expect((await get(`/api/kurikulum/tp/sumber?pembelajaran_id=${p.e}`, 'waka')).status).toBe(403);
      expect((await get(`/api/kurikulum/tp/sumber?pembelajaran_id=${p.e}`, 'admin')).status).toBe(200);
      expect((await get(`/api/kurikulum/tp/sumber?pembelajaran_id=${p.e}`, 'siswa')).status).toBe(403);
    });

    it('adds TPs from the form, one per line, mapped to the teacher’s class; a repeat only links', async () => {
      expect((await call('POST', '/api/kurikulum/tp', 'waka', form())).status).toBe(403);
      expect((await call('POST', '/api/kurikulum/tp', 'admin', form())).status).toBe(403);
      expect((await call('POST', '/api/kurikulum/tp', 'siswa', form())).status).toBe(403);
      expect(details(await call('POST', '/api/kurikulum/tp', 'guru', form({ deskripsi: ' \n ' })))).toEqual({
        deskripsi: TP_MESSAGES.deskripsiRequired,
      });
      expect(details(await call('POST', '/api/kurikulum/tp', 'guru', form({ cp_id: mathCpF[0] })))).toEqual({
        cp_id: TP_MESSAGES.sumberNotForPembelajaran,
      });
      expect(details(await call('POST', '/api/kurikulum/tp', 'guru', form({ cp_id: NAS_CP_E })))).toEqual({
        cp_id: TP_MESSAGES.sumberInactive,
      });
      const first = await call('POST', '/api/kurikulum/tp', 'guru', form());
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ message: TP_MESSAGES.saved, jumlah: 2, baru: 2, dipetakan: 2 });
      const again = await call(
        'POST',
        '/api/kurikulum/tp',
        'guru',
        form({ deskripsi: 'Menghitung bunga majemuk\nMenghitung anuitas' }),
      );
      expect(again.body).toEqual({ message: TP_MESSAGES.saved, jumlah: 2, baru: 1, dipetakan: 1 });

      const list = await get<ListResponse<TpRow>>(
        `/api/kurikulum/tp?pembelajaran_id=${p.e}&per_page=100`,
        'guru',
      );
      expect(list.body.data.map((r) => r.deskripsi)).toEqual([
        'Menghitung bunga majemuk',
        'Menyelesaikan persamaan eksponen',
        'Menghitung anuitas',
      ]);
      const x = demo.school.rombongan_belajar.find((r) => r.rombongan_belajar_id === rombel.e)?.nama;
      expect(list.body.data[0]).toMatchObject({
        cp_id: mathCpE[0],
        fase: 'E',
        kelas: [],
        rombel: [x],
        can_edit: true,
      });
      const cps = await get<ListResponse<CpRow>>(
        `/api/kurikulum/cp?pembelajaran_id=${p.e}&per_page=100`,
        'guru',
      );
      expect(cps.body.data.find((c) => c.cp_id === mathCpE[0])?.jumlah_tp).toBe(3);
      expect((await get<ListResponse<TpRow>>('/api/kurikulum/tp?tingkat=11', 'guru')).body.total).toBe(0);
      expect((await get<ListResponse<TpRow>>('/api/kurikulum/tp?per_page=100', 'waka')).body.total).toBe(0);
      expect(
        (await get<ListResponse<TpRow>>('/api/kurikulum/tp?per_page=100', 'admin')).body.data[0]?.can_edit,
      ).toBe(false);
      expect((await get('/api/kurikulum/tp', 'siswa')).status).toBe(403);
    });

    it('adds a TP under a KD for the K13 class', async () => {
      const kd = mathKd[0];
      const res = await call('POST', '/api/kurikulum/tp', 'guru', {
        tingkat: 12,
        rombongan_belajar_id: rombel.k13,
        pembelajaran_id: p.k13,
        kd_id: kd?.id,
        deskripsi: 'Menentukan suku ke-n barisan aritmetika',
      });
      expect(res.body).toMatchObject({ baru: 1, dipetakan: 1 });
      const list = await get<ListResponse<TpRow>>(`/api/kurikulum/tp?pembelajaran_id=${p.k13}`, 'guru');
      expect(list.body.data).toHaveLength(1);
      expect(list.body.data[0]).toMatchObject({ kd_id: kd?.id, sumber: kd?.kode, kelas: [12], fase: null });
    });

    it('“Hapus Data Ganda” switches off the duplicate with fewer TPs, for this school only', async () => {
      const url = `/api/kurikulum/kd/${NAS_KD_DUP}/hapus-ganda`;
      expect((await call('POST', url, 'waka')).status).toBe(403);
      expect((await call('POST', url, 'siswa')).status).toBe(403);
      const res = await call<{ message: string; jumlah: number }>('POST', url, 'guru');
      expect(res.status).toBe(200);
      expect(res.body.jumlah).toBe(1);
      expect(res.body.message).toMatch(/^KD Mapel .+ dinonaktifkan sebanyak \(1\)$/);
      const state = await sql<{ id: string; aktif: boolean }>(
        'select kompetensi_dasar_id as id, aktif from kd_sekolah where sekolah_id = $1 and kompetensi_dasar_id = any($2::uuid[])',
        [demo.sekolahId, [NAS_KD_DUP, mathKd[0]?.id]],
      );
      // The school's own KD carries a TP, so it stays; the national copy is switched off.
      expect(state).toEqual([{ id: NAS_KD_DUP, aktif: false }]);
      const again = await call<{ message: string }>('POST', url, 'admin');
      expect(again.body.message).toMatch(/tidak memiliki KD Ganda$/);
    });

    it('edits a TP text; another TP’s text under the same CP is refused', async () => {
      const id = await tpIdOf('Menghitung anuitas');
      expect((await call('PUT', `/api/kurikulum/tp/${id}`, 'waka', { deskripsi: 'x' })).status).toBe(403);
      expect((await call('PUT', `/api/kurikulum/tp/${id}`, 'admin', { deskripsi: 'x' })).status).toBe(403);
      const dup = await call('PUT', `/api/kurikulum/tp/${id}`, 'guru', {
        deskripsi: 'Menghitung  bunga majemuk',
      });
      expect(dup.status).toBe(422);
      expect(details(dup)).toEqual({ deskripsi: TP_MESSAGES.duplicateText });
      const ok = await call('PUT', `/api/kurikulum/tp/${id}`, 'guru', {
        deskripsi: 'Menghitung anuitas pinjaman',
      });
      expect(ok.body.message).toBe(TP_MESSAGES.updated);
      expect(await tpIdOf('Menghitung anuitas pinjaman')).toBe(id);
    });

    it('maps and unmaps a TP only to the teacher’s own classes where it fits', async () => {
      const id = await tpIdOf('Menghitung anuitas pinjaman');
      const url = `/api/kurikulum/tp/${id}/mapel`;
      let m = await get<TpMapelResponse>(url, 'guru');
      expect(m.body.data.map((r) => r.pembelajaran_id)).toEqual([p.e]);
      expect(m.body.data[0]?.can_remove).toBe(true);
      expect(m.body.pilihan).toEqual([]); // X TJKT 1 is guru@'s only fase-E Matematika class
      expect((await get(url, 'waka')).status).toBe(403);
      expect((await get(url, 'admin')).status).toBe(200);

      expect((await call('DELETE', `${url}/${p.e}`, 'waka')).status).toBe(403);
      expect((await call('DELETE', `${url}/${p.e}`, 'guru')).status).toBe(200);
      m = await get<TpMapelResponse>(url, 'guru');
      expect(m.body.data).toEqual([]);
      expect(m.body.pilihan.map((o) => o.value)).toEqual([p.e]);
      expect((await call('DELETE', `${url}/${p.e}`, 'guru')).status).toBe(404);

      expect((await call('POST', url, 'guru', { pembelajaran_ids: [p.waliBindo] })).status).toBe(403);
      expect((await call('POST', url, 'admin', { pembelajaran_ids: [p.e] })).status).toBe(403);
      expect((await call('POST', url, 'siswa', { pembelajaran_ids: [p.e] })).status).toBe(403);
      const wrongFase = await call('POST', url, 'guru', { pembelajaran_ids: [p.f] });
      expect(wrongFase.status).toBe(422);
      expect(details(wrongFase)).toEqual({
        'pembelajaran_ids.0': TP_MESSAGES.mapNotAllowed(
          demo.school.rombongan_belajar.find((r) => r.rombongan_belajar_id === rombel.f)?.nama ?? '',
        ),
      });
      expect(details(await call('POST', url, 'guru', { pembelajaran_ids: [] }))).toEqual({
        pembelajaran_ids: TP_MESSAGES.mapRombelRequired,
      });
      const ok = await call('POST', url, 'guru', { pembelajaran_ids: [p.e, p.e] });
      expect(ok.body).toEqual({ message: TP_MESSAGES.mapped, dipetakan: 1 });
      expect((await get<TpMapelResponse>(url, 'guru')).body.data.map((r) => r.pembelajaran_id)).toEqual([
        p.e,
      ]);
    });

    it('asks before removing grades with an unmapping or a delete, then removes them', async () => {
      const id = await tpIdOf('Menyelesaikan persamaan eksponen');
      const [member] = await sql<{ anggota_rombel_id: string }>(
        'select anggota_rombel_id from anggota_rombel where rombongan_belajar_id = $1 and deleted_at is null limit 1',
        [rombel.e],
      );
      await sql(
        'insert into nilai_tp (sekolah_id, anggota_rombel_id, pembelajaran_id, tp_id, nilai) values ($1, $2, $3, $4, 80)',
        [demo.sekolahId, member?.anggota_rombel_id, p.e, id],
      );
      await sql(
        'insert into tp_nilai (sekolah_id, anggota_rombel_id, pembelajaran_id, tp_id, kompeten) values ($1, $2, $3, $4, 1)',
        [demo.sekolahId, member?.anggota_rombel_id, p.e, id],
      );
      const unmap = await call('DELETE', `/api/kurikulum/tp/${id}/mapel/${p.e}`, 'guru');
      expect(unmap.status).toBe(409);
      expect(unmap.body).toMatchObject({
        code: TP_IN_USE_CODE,
        message: TP_MESSAGES.inUse(1, 1),
        details: { nilai_tp: '1', tp_nilai: '1' },
      });
      const del = await call('DELETE', `/api/kurikulum/tp/${id}`, 'guru');
      expect(del.status).toBe(409);
      expect((await call('DELETE', `/api/kurikulum/tp/${id}?force=true`, 'waka')).status).toBe(403);
      expect((await call('DELETE', `/api/kurikulum/tp/${id}?force=true`, 'admin')).status).toBe(403);
      const grades = async () =>
        Number(
          (
            await sql<{ n: number }>(
              'select (select count(*) from nilai_tp where tp_id = $1) + (select count(*) from tp_nilai where tp_id = $1) as n',
              [id],
            )
          )[0]?.n,
        );
      expect(await grades()).toBe(2);

      // Mapped to a class another teacher teaches: their grading would lose it.
      await sql('insert into tp_mapel (sekolah_id, tp_id, pembelajaran_id) values ($1, $2, $3)', [
        demo.sekolahId,
        id,
        p.waliBindo,
      ]);
      const elsewhere = await call('DELETE', `/api/kurikulum/tp/${id}?force=true`, 'guru');
      expect(elsewhere.status).toBe(422);
      expect(elsewhere.body.message).toBe(TP_MESSAGES.mappedElsewhere);
      await sql('delete from tp_mapel where tp_id = $1 and pembelajaran_id = $2', [id, p.waliBindo]);

      expect((await call('DELETE', `/api/kurikulum/tp/${id}/mapel/${p.e}?force=true`, 'guru')).status).toBe(
        200,
      );
      expect(await grades()).toBe(0);
      // The removed score and ketercapaian are in the Riwayat Perubahan Nilai, as the grids name
      // them, in the teacher's name; the refused calls above left none.
      expect(
        await sql(
          `select jenis, anggota_rombel_id, pembelajaran_id, kunci, nilai_lama, nilai_baru, sumber
           from riwayat_nilai where kunci = $1 order by jenis`,
          [id],
        ),
      ).toEqual([
        {
          jenis: 'ketercapaian',
          anggota_rombel_id: member?.anggota_rombel_id,
          pembelajaran_id: p.e,
          kunci: id,
          nilai_lama: '1',
          nilai_baru: null,
          sumber: 'layar',
        },
        {
          jenis: 'nilai_tp',
          anggota_rombel_id: member?.anggota_rombel_id,
          pembelajaran_id: p.e,
          kunci: id,
          nilai_lama: '80',
          nilai_baru: null,
          sumber: 'layar',
        },
      ]);
      expect(
        (await call('POST', `/api/kurikulum/tp/${id}/mapel`, 'guru', { pembelajaran_ids: [p.e] })).status,
      ).toBe(200);
      const ok = await call('DELETE', `/api/kurikulum/tp/${id}?force=true`, 'guru');
      expect(ok.body.message).toBe(TP_MESSAGES.deleted);
      expect(await tpIdOf('Menyelesaikan persamaan eksponen')).toBe('');
      expect((await call('DELETE', `/api/kurikulum/tp/${id}`, 'guru')).status).toBe(404);
    });
  });

  describe('Template TP (Excel)', () => {
    const target = () => `pembelajaran_id=${p.e}&cp_id=${mathCpE[1]}`;
    const upload = (query: string, filename: string, data: Buffer, who = 'guru') => {
      const m = multipartFile('template_excel', filename, data);
      return t().app.inject({
        method: 'POST',
        url: `/api/kurikulum/tp/import?${query}`,
        payload: m.payload,
        headers: { ...m.headers, ...bearer(tokens[who] ?? '') },
      });
    };
    const countTp = async () =>
      Number((await sql<{ n: number }>('select count(*)::int as n from tujuan_pembelajaran'))[0]?.n);

    it('lays the template out as e-Rapor’s: subject and CP codes in C3 and C5, TPs from row 9', async () => {
      expect((await get(`/api/kurikulum/tp/template?${target()}`, 'waka')).status).toBe(403);
      expect((await get(`/api/kurikulum/tp/template?${target()}`, 'admin')).status).toBe(403);
      expect((await get(`/api/kurikulum/tp/template?${target()}`, 'siswa')).status).toBe(403);
      expect((await get(`/api/kurikulum/tp/template?pembelajaran_id=${p.e}`, 'guru')).status).toBe(400);
      const res = await t().app.inject({
        method: 'GET',
        url: `/api/kurikulum/tp/template?${target()}`,
        headers: bearer(tokens.guru ?? ''),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const ws = await workbook(res.rawPayload);
      expect(ws.getCell('A3').value).toBe('Kode Mata Pelajaran');
      expect(ws.getCell('C3').value).toBe(MATH);
      expect(ws.getCell('A5').value).toBe('Kode CP');
      expect(ws.getCell('C5').value).toBe(String(mathCpE[1]));
      expect(ws.getCell('C8').value).toBe('Tujuan Pembelajaran');
      expect(ws.getCell('A9').value).toBe(1);
    });

    it('imports the filled-in template in one go and refuses other workbooks with a clear message', async () => {
      const template = (
        await t().app.inject({
          method: 'GET',
          url: `/api/kurikulum/tp/template?${target()}`,
          headers: bearer(tokens.guru ?? ''),
        })
      ).rawPayload;
      const data = await filled(template, [
        'Menyusun persamaan linear',
        '',
        'Menyusun  persamaan linear',
        'Menggambar grafik fungsi linear',
      ]);
      const before = await countTp();

      for (const who of ['waka', 'admin', 'siswa'])
        expect((await upload(target(), 'tp.xlsx', data, who)).statusCode).toBe(403);
      const notXlsx = await upload(target(), 'tp.csv', Buffer.from('no;tp\n1;Menyusun'));
      expect(notXlsx.statusCode).toBe(422);
      expect(json(notXlsx)).toMatchObject({ details: { template_excel: SPREADSHEET_MESSAGES.notXlsx } });

      const hand = new ExcelJS.Workbook();
      hand.addWorksheet('Sheet1').addRow(['No', 'Tujuan Pembelajaran']);
      const handMade = await upload(target(), 'tp.xlsx', Buffer.from(await hand.xlsx.writeBuffer()));
      expect(json(handMade)).toMatchObject({
        details: {
          template_excel: TP_MESSAGES.templateIncomplete('Sheet1', [
            TP_TEMPLATE_PARTS.mapelKode,
            TP_TEMPLATE_PARTS.sumberKode,
          ]),
        },
      });

      const otherCp = await upload(`pembelajaran_id=${p.e}&cp_id=${mathCpE[0]}`, 'tp.xlsx', data);
      expect(otherCp.statusCode).toBe(422);
      expect(json<{ message: string }>(otherCp).message).toBe(
        TP_MESSAGES.wrongSumber('CP', String(mathCpE[1])),
      );
      const kdTemplate = (
        await t().app.inject({
          method: 'GET',
          url: `/api/kurikulum/tp/template?pembelajaran_id=${p.k13}&kd_id=${NAS_KD}`,
          headers: bearer(tokens.guru ?? ''),
        })
      ).rawPayload;
      const asCp = await upload(target(), 'tp.xlsx', await filled(kdTemplate, ['x']));
      expect(json<{ message: string }>(asCp).message).toBe(TP_MESSAGES.wrongJenis('CP'));
      const tooLong = await upload(target(), 'tp.xlsx', await filled(template, ['ok', 'x'.repeat(1001)]));
      expect(json<{ message: string }>(tooLong).message).toBe(TP_MESSAGES.tooLongCell('C10'));
      expect(json(await upload(target(), 'tp.xlsx', template))).toMatchObject({
        details: { template_excel: TP_MESSAGES.fileEmpty },
      });
      expect(await countTp()).toBe(before);

      const ok = await upload(target(), 'tp.xlsx', data);
      expect(ok.statusCode).toBe(200);
      expect(json(ok)).toEqual({ message: TP_MESSAGES.saved, jumlah: 2, baru: 2, dipetakan: 2 });
      expect(await countTp()).toBe(before + 2);
      const again = await upload(target(), 'tp.xlsx', data);
      expect(json(again)).toEqual({ message: TP_MESSAGES.saved, jumlah: 2, baru: 0, dipetakan: 0 });
      const list = await get<ListResponse<TpRow>>(
        `/api/kurikulum/tp?pembelajaran_id=${p.e}&q=Menyusun`,
        'guru',
      );
      expect(list.body.data.map((r) => [r.deskripsi, r.cp_id])).toEqual([
        ['Menyusun persamaan linear', mathCpE[1]],
      ]);
    });

    describe('files as Excel and LibreOffice save them (corpus/)', () => {
      const CORPUS_CP = Number(CORPUS_TEMPLATE.sumberKode);
      const corpusTarget = () => `pembelajaran_id=${p.e}&cp_id=${CORPUS_CP}`;
      const corpusFile = (name: string) => readFileSync(join(import.meta.dirname, 'corpus', name));
      const corpusTps = async () =>
        (
          await sql<{ deskripsi: string }>(
            'select deskripsi from tujuan_pembelajaran where cp_id = $1 order by created_at',
            [CORPUS_CP],
          )
        ).map((r) => r.deskripsi);

      beforeAll(async () => {
        // The CP the corpus was made for: national, Matematika fase E, active (removed afterwards,
        // so the later tests see the national rows they expect).
        await t().db.db.insert(refCapaianPembelajaran).values({
          cpId: CORPUS_CP,
          mataPelajaranId: MATH,
          fase: 'E',
          elemen: 'Aljabar',
          deskripsi: 'CP nasional untuk berkas contoh',
          isDir: 1,
        });
      });
      afterAll(async () => {
        await sql('delete from tujuan_pembelajaran where cp_id = $1', [CORPUS_CP]);
        await sql('delete from ref_capaian_pembelajaran where cp_id = $1', [CORPUS_CP]);
      });

      it('refuses a formula error, a formula without result and a number, naming the cell; nothing is saved', async () => {
        expect(demo.school.rombongan_belajar.find((r) => r.rombongan_belajar_id === rombel.e)?.nama).toBe(
          CORPUS_TEMPLATE.rombel,
        );
        const cases: [string, string][] = [
          ['rumus-galat-div0.libreoffice.xlsx', SPREADSHEET_MESSAGES.formulaError('C11', '#DIV/0!')],
          ['rumus-galat-na.exceljs.xlsx', SPREADSHEET_MESSAGES.formulaError('C11', '#N/A')],
          ['rumus-tanpa-hasil.exceljs.xlsx', SPREADSHEET_MESSAGES.formulaNoResult('C11')],
          ['angka.libreoffice.xlsx', TP_MESSAGES.tpNotText('C11', 'angka', '5')],
          [
            'label-dihapus.libreoffice.xlsx',
            TP_MESSAGES.templateIncomplete('Template TP', [TP_TEMPLATE_PARTS.sumberKode]),
          ],
        ];
        for (const [file, message] of cases) {
          const res = await upload(corpusTarget(), file, corpusFile(file));
          expect([file, res.statusCode, json(res)]).toMatchObject([
            file,
            422,
            { message, details: { template_excel: message } },
          ]);
        }
        expect(await corpusTps()).toEqual([]);
      });

      it('reads a renamed sheet moved behind another, and a file saved through .xls', async () => {
        const renamed = await upload(
          corpusTarget(),
          'tp.xlsx',
          corpusFile('sheet-diganti-nama.libreoffice.xlsx'),
        );
        expect(json(renamed)).toEqual({ message: TP_MESSAGES.saved, jumlah: 3, baru: 3, dipetakan: 3 });
        const viaXls = await upload(corpusTarget(), 'tp.xlsx', corpusFile('diisi.via-xls.xlsx'));
        expect(json(viaXls)).toEqual({ message: TP_MESSAGES.saved, jumlah: 3, baru: 0, dipetakan: 0 });
        expect(await corpusTps()).toEqual([...CORPUS_TP]);
      });

      it('saves a template made for another class for the chosen one, and says so', async () => {
        const res = await upload(corpusTarget(), 'tp.xlsx', corpusFile('kelas-lain.libreoffice.xlsx'));
        expect(res.statusCode).toBe(200);
        expect(json(res)).toEqual({
          message: TP_MESSAGES.saved,
          jumlah: 3,
          baru: 0,
          dipetakan: 0,
          catatan: [TP_MESSAGES.otherRombel(CORPUS_OTHER_ROMBEL, CORPUS_TEMPLATE.rombel)],
        });
        const mapped = await sql<{ n: number }>(
          `select count(*)::int as n from tp_mapel m join tujuan_pembelajaran tp using (tp_id)
            where tp.cp_id = $1 and m.pembelajaran_id = $2`,
          [CORPUS_CP, p.e],
        );
        expect(mapped[0]?.n).toBe(3);
      });
    });
  });

  describe('bobot', () => {
    let rows: BobotResponse['data'] = [];
    const stored = async (id: string) =>
      (
        await sql<{ m: number; a: number }>(
          'select bobot_sumatif_materi as m, bobot_sumatif_akhir as a from pembelajaran where pembelajaran_id = $1',
          [id],
        )
      )[0];
    const edit = (r: BobotResponse['data'][number], m: unknown, a: unknown) => ({
      pembelajaran_id: r.pembelajaran_id,
      bobot_sumatif_materi: m,
      bobot_sumatif_akhir: a,
      loaded: { bobot_sumatif_materi: r.bobot_sumatif_materi, bobot_sumatif_akhir: r.bobot_sumatif_akhir },
    });

    it('lists the teacher’s own active pembelajaran only', async () => {
      const res = await get<BobotResponse>('/api/kurikulum/bobot', 'guru');
      expect(res.status).toBe(200);
      rows = res.body.data;
      expect(rows.map((r) => r.pembelajaran_id).sort()).toEqual([p.e, p.f, p.k13].sort());
      expect(rows.every((r) => r.bobot_sumatif_materi === 1 && r.bobot_sumatif_akhir === 1)).toBe(true);
      expect((await get('/api/kurikulum/bobot', 'admin')).status).toBe(403);
      expect((await get('/api/kurikulum/bobot', 'siswa')).status).toBe(403);
    });

    it('saves all rows in one transaction, with a message per bad cell', async () => {
      const [a, b] = rows;
      if (!a || !b) throw new Error('rows');
      const bad = await call('PUT', '/api/kurikulum/bobot', 'guru', {
        rows: [edit(a, 2, 3), edit(b, '', 'dua')],
      });
      expect(bad.status).toBe(400);
      expect(details(bad)).toEqual({
        'rows.1.bobot_sumatif_materi': BOBOT_MESSAGES.required,
        'rows.1.bobot_sumatif_akhir': BOBOT_MESSAGES.number,
      });
      expect(details(await call('PUT', '/api/kurikulum/bobot', 'guru', { rows: [edit(a, 0, 1.5)] }))).toEqual(
        {
          'rows.0.bobot_sumatif_materi': BOBOT_MESSAGES.positive,
          'rows.0.bobot_sumatif_akhir': BOBOT_MESSAGES.whole,
        },
      );
      expect(await stored(a.pembelajaran_id)).toEqual({ m: 1, a: 1 });

      // Someone else's pembelajaran in the batch: nothing is written.
      const foreign = { ...edit(a, 5, 5), pembelajaran_id: p.waliBindo };
      expect(
        (await call('PUT', '/api/kurikulum/bobot', 'guru', { rows: [edit(a, 2, 3), foreign] })).status,
      ).toBe(403);
      expect((await call('PUT', '/api/kurikulum/bobot', 'wali', { rows: [edit(a, 2, 3)] })).status).toBe(403);
      expect((await call('PUT', '/api/kurikulum/bobot', 'admin', { rows: [edit(a, 2, 3)] })).status).toBe(
        403,
      );
      expect(await stored(a.pembelajaran_id)).toEqual({ m: 1, a: 1 });

      const ok = await call<BobotResponse & { message: string }>('PUT', '/api/kurikulum/bobot', 'guru', {
        rows: [edit(a, '2', 3), edit(b, 1, 4)],
      });
      expect(ok.status).toBe(200);
      expect(ok.body.message).toBe(BOBOT_MESSAGES.saved);
      expect(await stored(a.pembelajaran_id)).toEqual({ m: 2, a: 3 });
      expect(await stored(b.pembelajaran_id)).toEqual({ m: 1, a: 4 });
      expect(ok.body.data.find((r) => r.pembelajaran_id === b.pembelajaran_id)).toMatchObject({
        bobot_sumatif_materi: 1,
        bobot_sumatif_akhir: 4,
      });
      // A second tab still holding the old values: 409, nothing overwritten.
      const stale = await call('PUT', '/api/kurikulum/bobot', 'guru', { rows: [edit(a, 7, 7)] });
      expect(stale.status).toBe(409);
      expect(await stored(a.pembelajaran_id)).toEqual({ m: 2, a: 3 });
    });
  });

  describe('two schools share the national KD/CP rows', () => {
    const admin2: Actor = {
      userId: '00000000-0000-4000-8000-0000000000a2',
      sekolahId: SCHOOL_2,
      semesterId: '',
      roles: ['admin'],
      guruId: null,
      pesertaDidikId: null,
      familyId: 'f2',
      mustChangePassword: false,
    };

    it('keeps each school’s switch and alias to itself and hides one school’s own rows from the other', async () => {
      admin2.semesterId = demo.semesterId;
      await t().db.db.insert(sekolah).values({ sekolahId: SCHOOL_2, npsn: '69999998', nama: 'SMK Dua' });
      const db = t().db.db;
      // School 1 (guru@) switched the national fase-E CP off earlier; school 2 turns it on and aliases a KD.
      await cpService.setCpStatus(db, admin2, NAS_CP_E, true);
      await kdService.setKdAlias(db, admin2, NAS_KD, { kompetensi_dasar_alias: 'Ringkasan sekolah dua' });
      await kdService.setKdStatus(db, admin2, NAS_KD_DUP, true);

      const s1cp = await get<ListResponse<CpRow>>('/api/kurikulum/cp?q=nasional', 'guru');
      expect(s1cp.body.data.find((c) => c.cp_id === NAS_CP_E)?.aktif).toBe(false);
      const s1kd = await get<ListResponse<KdRow>>('/api/kurikulum/kd?per_page=100', 'guru');
      expect(s1kd.body.data.find((k) => k.kompetensi_dasar_id === NAS_KD)?.kompetensi_dasar_alias).toBeNull();
      expect(s1kd.body.data.find((k) => k.kompetensi_dasar_id === NAS_KD_DUP)?.aktif).toBe(false);

      const s2cp = await cpService.listCp(db, admin2, firstPage(100));
      expect(s2cp.data.map((c) => [c.cp_id, c.aktif])).toEqual([
        [NAS_CP_BINDO, true],
        [NAS_CP_E, true],
      ]);
      const s2kd = await kdService.listKd(db, admin2, firstPage(100));
      expect(s2kd.total).toBe(2);
      expect(s2kd.data.find((k) => k.kompetensi_dasar_id === NAS_KD)?.kompetensi_dasar_alias).toBe(
        'Ringkasan sekolah dua',
      );
      const s2tp = await tpService.listTp(db, admin2, firstPage(10));
      expect(s2tp.total).toBe(0);

      // The shared rows are as published.
      expect(
        await sql(
          'select aktif, kompetensi_dasar_alias from ref_kompetensi_dasar where kompetensi_dasar_id = any($1::uuid[]) order by 1',
          [[NAS_KD, NAS_KD_DUP]],
        ),
      ).toEqual([
        { aktif: 1, kompetensi_dasar_alias: null },
        { aktif: 1, kompetensi_dasar_alias: null },
      ]);
      expect(
        (await sql('select aktif from ref_capaian_pembelajaran where cp_id = $1', [NAS_CP_E]))[0],
      ).toEqual({ aktif: 1 });
      // School 1's own CP (demo) does not exist for school 2.
      await expect(cpService.setCpStatus(db, admin2, mathCpE[0] ?? 0, false)).rejects.toMatchObject({
        statusCode: 404,
      });
      await expect(kdService.setKdStatus(db, admin2, mathKd[0]?.id ?? '', false)).rejects.toMatchObject({
        statusCode: 404,
      });
    });
  });
});

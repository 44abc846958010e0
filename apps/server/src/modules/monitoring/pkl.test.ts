import { MONITORING_FILTER_MESSAGES } from '@erapor/contract/monitoring/filters';
import type {
  MonitoringPklDetail,
  MonitoringPklList,
  MonitoringPklOpsi,
  MonitoringPklRingkasan,
} from '@erapor/contract/pkl/monitoring';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { nilaiPkl, pdPkl, praktikKerjaLapangan } from '../../db/tables/pkl';
import { aktPd, dudi, mou, pdKeluar } from '../../db/tables/referensi';
import { headerRowOf } from '../../lib/excel-sheet';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json } from '../../test/engines';
import { demoTokens } from '../penilaian/beranda/test-accounts';
import { PKL_EXCEL_COLUMNS } from '../pkl/monitoring-excel';
import { pklPlanFixture } from '../pkl/test-plan';
import { writeMonitoringFixture } from './test-fixture-db';

const URL = '/api/progress/nilai-pkl';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TP = [id(0xd11), id(0xd12), id(0xd13)] as const;
const PLAN_B = id(0xd24);
const PLAN_C = id(0xd25);
type Body = { message: string; details?: Record<string, string> };

/*
 * Monitoring › Nilai PKL (issue #14 item 7), counted by hand on the demo's PKL class:
 *   Plan A (pkl@, 3 TPs, 9 participants p0…p8): p0 and p1 every TP scored (dinilai); p2 two TPs
 *     (not); p3 every TP scored but left (pd_keluar: not counted) → 8 / 2 = 25,0 % Sebagian.
 *   Plan B (another pembimbing, no TP, p0 and p1): nobody can be dinilai → 2 / 0 = 0,0 % Belum.
 *   Plan C (no participants) → "-".
 *   The class: 10 / 2 = 20,0 %; the school the same; 2 plans counted, 0 complete, 1 not started.
 */
describeEngines('Monitoring: Nilai PKL (Waka)', {}, (t) => {
  let demo: SeededDemo;
  let tokens: Record<string, string> = {};
  let fx: Awaited<ReturnType<typeof pklPlanFixture>>;
  let p: string[] = [];
  let guruB = '';
  const get = async <T = Body>(url: string, who: string | null) => {
    const res = await t().app.inject({ method: 'GET', url, headers: who ? bearer(tokens[who] ?? '') : {} });
    const binary = res.statusCode === 200 && (url.includes('/excel') || url.includes('/cetak/'));
    return { status: res.statusCode, body: binary ? (null as T) : json<T>(res), raw: res };
  };

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    tokens = {
      ...(await demoTokens(t().app, demo, ['admin', 'guru', 'wali', 'kaprog', 'siswa', 'pkl', 'waka'])),
    };
    fx = await pklPlanFixture(t().app, db, demo, { tpIds: TP, waliEmail: 'wali-mon-pkl@test.sch.id' });
    tokens.classWali = fx.waliToken;
    p = fx.plan.peserta.map((x) => x.peserta_didik_id).sort();
    const A = fx.plan.pkl_id;
    const score = (pd: string | undefined, tp: string) => ({
      sekolahId: demo.sekolahId,
      pesertaDidikId: pd ?? '',
      pklId: A,
      tpId: tp,
      nilai: 80,
      deskripsi: 'Baik',
    });
    await db
      .insert(nilaiPkl)
      .values([
        ...TP.map((tp) => score(p[0], tp)),
        ...TP.map((tp) => score(p[1], tp)),
        score(p[2], TP[0]),
        score(p[2], TP[1]),
        ...TP.map((tp) => score(p[3], tp)),
      ]);
    await db.insert(pdKeluar).values({
      sekolahId: demo.sekolahId,
      semesterId: demo.semesterId,
      pesertaDidikId: p[3] ?? '',
      jenisKeluarId: 2,
    });

    guruB = demo.school.ptk.find((x) => x.ptk_id !== demo.accounts.pkl.guruId)?.ptk_id ?? '';
    await db.insert(dudi).values({ dudiId: id(0xd21), sekolahId: demo.sekolahId, nama: 'CV Mon PKL' });
    await db.insert(mou).values({ mouId: id(0xd22), sekolahId: demo.sekolahId, dudiId: id(0xd21) });
    await db.insert(aktPd).values([
      { aktPdId: id(0xd23), sekolahId: demo.sekolahId, mouId: id(0xd22), judulAktPd: 'PKL Mon B' },
      { aktPdId: id(0xd26), sekolahId: demo.sekolahId, mouId: id(0xd22), judulAktPd: 'PKL Mon C' },
    ]);
    for (const plan of [PLAN_B, PLAN_C])
      await db.insert(praktikKerjaLapangan).values({
        pklId: plan,
        sekolahId: demo.sekolahId,
        semesterId: demo.semesterId,
        guruId: guruB,
        rombonganBelajarId: fx.rombel.rombongan_belajar_id,
        aktPdId: plan === PLAN_B ? id(0xd23) : id(0xd26),
        tanggalMulai: plan === PLAN_B ? '2025-08-01' : '2025-09-01',
        tanggalSelesai: '2025-11-14',
        instruktur: 'Instruktur Mon',
      });
    await db
      .insert(pdPkl)
      .values(
        [p[0], p[1]].map((pd) => ({ sekolahId: demo.sekolahId, pklId: PLAN_B, pesertaDidikId: pd ?? '' })),
      );
    // Another school's Waka (the monitoring fixture school): sees none of these plans.
    const other = await writeMonitoringFixture(t().app, db, {
      seed: 38,
      npsn: '93600038',
      semesterId: demo.semesterId,
      email: 'waka-fixture-pkl@test.sch.id',
    });
    tokens.otherWaka = other.token;
  });

  const keyOf = (pklId: string) =>
    pklId === fx.plan.pkl_id ? 'A' : pklId === PLAN_B ? 'B' : pklId === PLAN_C ? 'C' : pklId;

  it('answers 403 to every role but the Waka (the pembimbing and the wali too), 401 without a login', async () => {
    const detail = `${URL}/${fx.plan.pkl_id}`;
    for (const url of [URL, `${URL}/ringkasan`, `${URL}/opsi`, `${URL}/excel`, detail]) {
      for (const who of ['admin', 'guru', 'wali', 'kaprog', 'siswa', 'pkl', 'classWali'])
        expect((await get(url, who)).status, `${who} ${url}`).toBe(403);
      expect((await get(url, null)).status, url).toBe(401);
    }
  });

  it('counts every plan as by hand, lowest % first, nothing expected last', async () => {
    const res = await get<MonitoringPklList>(URL, 'waka');
    expect(res.status).toBe(200);
    expect(
      res.body.data.map((r) => [keyOf(r.pkl_id), r.jml_peserta, r.jml_dinilai, r.percent, r.status]),
    ).toEqual([
      ['B', 2, 0, 0, 'belum'],
      ['A', 8, 2, 25, 'sebagian'],
      ['C', 0, 0, null, null],
    ]);
  });

  it('sums the summary strip and the class bars as by hand; options of the filters', async () => {
    const res = await get<MonitoringPklRingkasan>(`${URL}/ringkasan`, 'waka');
    expect(res.status).toBe(200);
    expect(res.body.summary).toEqual({
      expected: 10,
      dinilai: 2,
      percent: 20,
      items_total: 2,
      items_lengkap: 0,
      items_belum: 1,
    });
    expect(res.body.kelas).toEqual([
      { id: fx.rombel.rombongan_belajar_id, label: fx.rombel.nama, expected: 10, dinilai: 2, percent: 20 },
    ]);
    const opsi = await get<MonitoringPklOpsi>(`${URL}/opsi`, 'waka');
    expect(opsi.body.rombel.map((r) => r.value)).toEqual([fx.rombel.rombongan_belajar_id]);
    expect(opsi.body.guru.map((g) => g.value).sort()).toEqual([demo.accounts.pkl.guruId, guruB].sort());
  });

  it('filters Tingkat, Rombel, Guru (Pembimbing), Status and search alike in table and summary', async () => {
    const keys = async (q: string) => {
      const res = await get<MonitoringPklList>(`${URL}?${q}`, 'waka');
      expect(res.status, q).toBe(200);
      return res.body.data.map((r) => keyOf(r.pkl_id));
    };
    expect(await keys('tingkat=12')).toEqual(['B', 'A', 'C']);
    expect(await keys('tingkat=10')).toEqual([]);
    expect(await keys(`rombongan_belajar_id=${fx.rombel.rombongan_belajar_id}`)).toEqual(['B', 'A', 'C']);
    expect(await keys(`guru_id=${guruB}`)).toEqual(['B', 'C']);
    expect(await keys('status=sebagian')).toEqual(['A']);
    expect(await keys('status=belum')).toEqual(['B']);
    expect(await keys('status=lengkap')).toEqual([]);
    expect(await keys('q=cv%20mon')).toEqual(['B', 'C']);
    const b = await get<MonitoringPklRingkasan>(`${URL}/ringkasan?guru_id=${guruB}`, 'waka');
    expect(b.body.summary).toMatchObject({
      expected: 2,
      dinilai: 0,
      percent: 0,
      items_total: 1,
      items_belum: 1,
    });
  });

  it('refuses bad filters with an Indonesian field message (400)', async () => {
    const bad = await get(`${URL}/ringkasan?tingkat=9&status=x`, 'waka');
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({ status: MONITORING_FILTER_MESSAGES.status });
    expect(bad.body.details?.tingkat).toBeTruthy();
    const otherGuru = (await get<MonitoringPklOpsi>(`${URL}/opsi`, 'otherWaka')).status;
    expect(otherGuru).toBe(200);
    for (const path of ['', '/ringkasan', '/excel']) {
      const res = await get(`${URL}${path}?guru_id=${demo.accounts.pkl.guruId}`, 'otherWaka');
      expect(res.status, path).toBe(400);
      expect(json<Body>(res.raw).details).toEqual({ guru_id: MONITORING_FILTER_MESSAGES.guru });
    }
  });

  it("never counts another school's plans", async () => {
    const list = await get<MonitoringPklList>(URL, 'otherWaka');
    expect(list.body).toMatchObject({ data: [], total: 0 });
    const sum = await get<MonitoringPklRingkasan>(`${URL}/ringkasan`, 'otherWaka');
    expect(sum.body.summary.expected).toBe(0);
    expect(sum.body.kelas).toEqual([]);
    expect((await get(`${URL}/${fx.plan.pkl_id}`, 'otherWaka')).status).toBe(404);
    expect((await get(`/api/cetak/rapor-pkl/${fx.plan.pkl_id}/${p[0]}`, 'otherWaka')).status).toBe(404);
  });

  it('opens the Detil (scores per TP) and lets the Waka print a participant’s PKL report', async () => {
    const res = await get<MonitoringPklDetail>(`${URL}/${fx.plan.pkl_id}`, 'waka');
    expect(res.status).toBe(200);
    expect(res.body.rencana).toMatchObject({
      jml_peserta: 8,
      jml_dinilai: 2,
      percent: 25,
      status: 'sebagian',
    });
    expect(res.body.tp).toHaveLength(3);
    // Each participant flagged as the table counts them: p3 left (not counted although every TP
    // is scored), p2 misses a TP, p0 and p1 are dinilai.
    const flags = new Map(res.body.peserta.map((x) => [x.peserta_didik_id, [x.diharapkan, x.dinilai]]));
    expect([p[0], p[1], p[2], p[3]].map((x) => flags.get(x ?? ''))).toEqual([
      [true, true],
      [true, true],
      [true, false],
      [false, false],
    ]);
    expect(res.body.peserta.filter((x) => x.diharapkan)).toHaveLength(8);
    const pdf = await get(`/api/cetak/rapor-pkl/${fx.plan.pkl_id}/${p[0]}`, 'waka');
    expect(pdf.status).toBe(200);
    expect(pdf.raw.headers['content-type']).toBe('application/pdf');
    expect(pdf.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('exports the filtered table to Excel with its title block', async () => {
    const res = await get(`${URL}/excel?tingkat=12`, 'waka');
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    if (!ws) throw new Error('no sheet');
    expect(ws.getCell('A1').value).toBe('Progres Penilaian Nilai PKL');
    expect([ws.getCell('A5').value, ws.getCell('B5').value]).toEqual(['Tingkat', 'Kelas 12']);
    const header = headerRowOf({ filters: new Array(5) });
    expect((ws.getRow(header).values as unknown[]).slice(1)).toEqual(PKL_EXCEL_COLUMNS.map((c) => c.header));
    const rows: unknown[][] = [];
    for (let i = header + 1; i <= ws.rowCount; i++) rows.push((ws.getRow(i).values as unknown[]).slice(1));
    expect(rows.map((r) => [r[1], r[6], r[7], r[8], r[9]])).toEqual([
      ['CV Mon PKL', 2, 0, 0, 'Belum dinilai'],
      [fx.dudi.nama, 8, 2, 25, 'Sebagian'],
      ['CV Mon PKL', 0, 0, '-', '-'],
    ]);
    // Numbers and dates stay numbers and dates (issue #27 item 1), shown 25,0 and 14-11-2025 by an
    // Indonesian Excel: the format code carries the file format's '.', the reader's locale its comma.
    const cell = (col: number) => ws.getRow(header + 1).getCell(col);
    expect([cell(9).type, cell(9).numFmt]).toEqual([ExcelJS.ValueType.Number, '0.0']);
    expect([cell(5).type, cell(5).numFmt]).toEqual([ExcelJS.ValueType.Date, 'dd-mm-yyyy']);
    expect((cell(5).value as Date).toISOString()).toBe('2025-11-14T00:00:00.000Z');
    const dibuat = ws.getCell(`B${header - 2}`);
    expect([dibuat.type, dibuat.numFmt]).toEqual([ExcelJS.ValueType.Date, 'dd-mm-yyyy hh:mm']);
  });
});

import type {
  MonitoringEkskulDetail,
  MonitoringEkskulList,
  MonitoringEkskulOpsi,
  MonitoringEkskulRingkasan,
} from '@erapor/contract/monitoring/ekskul';
import { MONITORING_FILTER_MESSAGES } from '@erapor/contract/monitoring/filters';
import { FIXTURE_GURU } from '@erapor/contract/test/monitoring-fixture';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { headerRowOf } from '../../lib/excel-sheet';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json } from '../../test/engines';
import { demoTokens } from '../penilaian/beranda/test-accounts';
import { EKSKUL_EXCEL_COLUMNS } from './ekskul-excel';
import {
  FIXTURE_EKSKUL,
  FIXTURE_EKSKUL_TOTALS,
  writeEkskulFixture,
  writeMonitoringFixture,
} from './test-fixture-db';

const URL = '/api/progress/nilai-ekskul';
type Body = { message: string; details?: Record<string, string> };

// Monitoring › Nilai Ekstrakurikuler (issue #14 item 5): the hand-computed ekskul of
// test-fixture-db.ts (FIXTURE_EKSKUL) give the hand values; only the Waka reads.
describeEngines('Monitoring: Nilai Ekstrakurikuler (Waka)', {}, (t) => {
  let demo: SeededDemo;
  let tokens: Record<string, string> = {};
  let fx: Awaited<ReturnType<typeof writeMonitoringFixture>>;
  const get = async <T = Body>(url: string, who: string | null) => {
    const res = await t().app.inject({ method: 'GET', url, headers: who ? bearer(tokens[who] ?? '') : {} });
    return {
      status: res.statusCode,
      body: res.statusCode === 200 && url.includes('/excel') ? (null as T) : json<T>(res),
      raw: res,
    };
  };

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    tokens = { ...(await demoTokens(t().app, demo, ['admin', 'guru', 'wali', 'kaprog', 'siswa', 'waka'])) };
    fx = await writeMonitoringFixture(t().app, db, {
      seed: 37,
      npsn: '93600037',
      semesterId: demo.semesterId,
      email: 'waka-fixture-ekskul@test.sch.id',
    });
    tokens.fixture = fx.token;
    tokens.pembina = await writeEkskulFixture(t().app, db, fx, {
      semesterId: demo.semesterId,
      pembinaEmail: 'pembina-fixture-ekskul@test.sch.id',
    });
  });

  const keyOf = (id: string) => FIXTURE_EKSKUL.find((e) => fx.id(`ekskul:${e.key}`) === id)?.key;

  it('answers 403 to every role but the Waka (the pembina too), 401 without a login', async () => {
    const detail = `${URL}/${fx.id('ekskul:pramuka')}`;
    for (const url of [URL, `${URL}/ringkasan`, `${URL}/opsi`, `${URL}/excel`, detail]) {
      for (const who of ['admin', 'guru', 'wali', 'kaprog', 'siswa', 'pembina'])
        expect((await get(url, who)).status, `${who} ${url}`).toBe(403);
      expect((await get(url, null)).status, url).toBe(401);
    }
  });

  it('counts every ekskul as by hand, lowest % first, nothing expected last', async () => {
    const res = await get<MonitoringEkskulList>(URL, 'fixture');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(4);
    expect(res.body.data.map((r) => keyOf(r.ekstrakurikuler_id))).toEqual([
      'paskibra',
      'pramuka',
      'futsal',
      'tari',
    ]);
    for (const r of res.body.data) {
      const e = FIXTURE_EKSKUL.find((x) => x.key === keyOf(r.ekstrakurikuler_id));
      expect(
        { expected: r.expected, dinilai: r.dinilai, percent: r.percent, status: r.status },
        e?.key,
      ).toEqual(e?.expect);
      expect(r.guru).toBe(e ? FIXTURE_GURU[e.guru] : undefined);
    }
    const byName = await get<MonitoringEkskulList>(`${URL}?sort_by=nama_ekskul&sort_dir=desc`, 'fixture');
    expect(byName.body.data.map((r) => keyOf(r.ekstrakurikuler_id))).toEqual([
      'tari',
      'pramuka',
      'paskibra',
      'futsal',
    ]);
    // A page past the end: no rows, the real total.
    expect((await get(`${URL}?page=2`, 'fixture')).body).toMatchObject({ data: [], total: 4 });
    expect((await get(`${URL}?sort_by=nisn`, 'fixture')).status).toBe(400);
  });

  it('sums the summary strip and the bars as by hand', async () => {
    const res = await get<MonitoringEkskulRingkasan>(`${URL}/ringkasan`, 'fixture');
    expect(res.status).toBe(200);
    expect(res.body.summary).toEqual(FIXTURE_EKSKUL_TOTALS);
    expect(res.body.ekskul.map((b) => [b.label, b.expected, b.dinilai, b.percent])).toEqual([
      ['Paskibra Fixture', 1, 0, 0],
      ['Pramuka Fixture', 3, 1, 33.3],
      ['Futsal Fixture', 2, 2, 100],
      ['Tari Fixture', 0, 0, null],
    ]);
    const opsi = await get<MonitoringEkskulOpsi>(`${URL}/opsi`, 'fixture');
    expect(opsi.body.guru.map((g) => g.label)).toEqual([
      FIXTURE_GURU.ani,
      FIXTURE_GURU.budi,
      FIXTURE_GURU.citra,
    ]);
  });

  it('filters Guru (Pembina), Status and search in the table and the summary alike', async () => {
    const keys = async (q: string) => {
      const res = await get<MonitoringEkskulList>(`${URL}?${q}`, 'fixture');
      expect(res.status, q).toBe(200);
      return res.body.data.map((r) => keyOf(r.ekstrakurikuler_id));
    };
    expect(await keys(`guru_id=${fx.id('guru:citra')}`)).toEqual(['paskibra', 'tari']);
    // Futsal's pembina is its rombel's guru.
    expect(await keys(`guru_id=${fx.id('guru:budi')}`)).toEqual(['futsal']);
    expect(await keys('status=belum')).toEqual(['paskibra']);
    expect(await keys('status=sebagian')).toEqual(['pramuka']);
    expect(await keys('status=lengkap')).toEqual(['futsal']);
    expect(await keys('q=pramuka')).toEqual(['pramuka']);
    expect(await keys('q=budi')).toEqual(['futsal']);
    const citra = await get<MonitoringEkskulRingkasan>(
      `${URL}/ringkasan?guru_id=${fx.id('guru:citra')}`,
      'fixture',
    );
    expect(citra.body.summary).toEqual({
      expected: 1,
      dinilai: 0,
      percent: 0,
      items_total: 1,
      items_lengkap: 0,
      items_belum: 1,
    });
    expect(citra.body.ekskul.map((b) => b.label)).toEqual(['Paskibra Fixture', 'Tari Fixture']);
  });

  it('refuses bad filters with an Indonesian field message (400)', async () => {
    const bad = await get(`${URL}?status=x&guru_id=abc`, 'fixture');
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({
      status: MONITORING_FILTER_MESSAGES.status,
      guru_id: MONITORING_FILTER_MESSAGES.guru,
    });
    // Another school's teacher (the demo school's).
    for (const path of ['', '/ringkasan', '/excel']) {
      const res = await get(`${URL}${path}?guru_id=${demo.accounts.guru.guruId ?? ''}`, 'fixture');
      expect(res.status, path).toBe(400);
      expect(json<Body>(res.raw).details).toEqual({ guru_id: MONITORING_FILTER_MESSAGES.guru });
    }
    const badId = await get(`${URL}/abc`, 'fixture');
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBeTruthy();
  });

  it("never counts another school's rows", async () => {
    const own = await get<MonitoringEkskulList>(`${URL}?per_page=100`, 'fixture');
    expect(own.body.total).toBe(4);
    const demoList = await get<MonitoringEkskulList>(`${URL}?per_page=100&q=Fixture`, 'waka');
    expect(demoList.status).toBe(200);
    expect(demoList.body.total).toBe(0);
    const demoSummary = await get<MonitoringEkskulRingkasan>(`${URL}/ringkasan`, 'waka');
    expect(demoSummary.body.ekskul.some((b) => b.label.includes('Fixture'))).toBe(false);
    const notFound = await get(`${URL}/${fx.id('ekskul:pramuka')}`, 'waka');
    expect(notFound.status).toBe(404);
    expect(notFound.body.message).toBe('Ekstrakurikuler tidak ditemukan di sekolah dan semester ini');
  });

  it('opens the Detil with the live members, their class and predikat, ungraded ones marked', async () => {
    const res = await get<MonitoringEkskulDetail>(`${URL}/${fx.id('ekskul:pramuka')}`, 'fixture');
    expect(res.status).toBe(200);
    expect(res.body.ekskul).toEqual({ nama: 'Pramuka Fixture', guru: FIXTURE_GURU.ani });
    // P4 left and P5's membership was removed: not listed.
    expect(res.body.data.map((r) => [r.nama, r.kelas, r.predikat, r.deskripsi, r.dinilai])).toEqual([
      ['Adi', 'X FIX 1', 'Sangat Baik', 'Deskripsi P1', true],
      ['Bela', 'X FIX 1', null, null, false],
      ['Fajar', 'XI FIX 1', null, null, false],
    ]);
    const tari = await get<MonitoringEkskulDetail>(`${URL}/${fx.id('ekskul:tari')}`, 'fixture');
    expect(tari.body.data).toEqual([]);
  });

  it('exports the filtered table to Excel with its title block', async () => {
    const res = await get(`${URL}/excel?status=sebagian`, 'fixture');
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    if (!ws) throw new Error('no sheet');
    expect(ws.getCell('A1').value).toBe('Progres Penilaian Nilai Ekstrakurikuler');
    expect(ws.getCell('B2').value).toBe('SMK Fixture 93600037');
    expect([ws.getCell('A5').value, ws.getCell('B5').value]).toEqual(['Guru Pembina', 'Semua']);
    expect([ws.getCell('A6').value, ws.getCell('B6').value]).toEqual(['Status', 'Sebagian']);
    const header = headerRowOf({ filters: new Array(3) });
    expect((ws.getRow(header).values as unknown[]).slice(1)).toEqual(
      EKSKUL_EXCEL_COLUMNS.map((c) => c.header),
    );
    const rows: unknown[][] = [];
    for (let i = header + 1; i <= ws.rowCount; i++) rows.push((ws.getRow(i).values as unknown[]).slice(1));
    expect(rows).toEqual([['Pramuka Fixture', 'Ani Fixture', 3, 1, 33.3, 'Sebagian']]);
    const all = await get(`${URL}/excel`, 'fixture');
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(all.raw.rawPayload as unknown as ArrayBuffer);
    const last = wb2.worksheets[0]?.lastRow?.values as unknown[] | undefined;
    expect(last?.slice(1)).toEqual(['Tari Fixture', 'Citra Fixture', 0, 0, '-', '-']);
  });
});

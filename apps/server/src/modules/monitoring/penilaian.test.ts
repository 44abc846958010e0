import { MONITORING_FILTER_MESSAGES } from '@erapor/contract/monitoring/filters';
import type {
  MonitoringPenilaianList,
  MonitoringPenilaianRingkasan,
} from '@erapor/contract/monitoring/penilaian';
import type { BerandaDetailResponse } from '@erapor/contract/penilaian/beranda';
import {
  FIXTURE_GURU,
  FIXTURE_ROMBEL,
  FIXTURE_SUBJECTS,
  FIXTURE_TOTALS,
} from '@erapor/contract/test/monitoring-fixture';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { headerRowOf } from '../../lib/excel-sheet';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json } from '../../test/engines';
import { demoTokens } from '../penilaian/beranda/test-accounts';
import { PENILAIAN_EXCEL_COLUMNS } from './penilaian-excel';
import { writeMonitoringFixture } from './test-fixture-db';

const URL = '/api/progress/penilaian';
type Body = { message: string; details?: Record<string, string> };

// Monitoring › Nilai Akademik (issue #14 items 1–4): the hand-computed school (contract
// test/monitoring-fixture.ts) gives the hand values; only the Waka reads; filters are checked.
describeEngines('Monitoring: Nilai Akademik (Waka)', {}, (t) => {
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
      seed: 36,
      npsn: '93600036',
      semesterId: demo.semesterId,
      email: 'waka-fixture@test.sch.id',
    });
    tokens.fixture = fx.token;
  });

  const keyOf = (pembelajaranId: string) =>
    FIXTURE_SUBJECTS.find((s) => fx.id(`pb:${s.key}`) === pembelajaranId)?.key;

  it('answers 403 to every role but the Waka, 401 without a login', async () => {
    const detail = `${URL}/${fx.id('pb:A-AGI')}`;
    for (const url of [URL, `${URL}/ringkasan`, `${URL}/opsi`, `${URL}/excel`, detail]) {
      for (const who of ['admin', 'guru', 'wali', 'kaprog', 'siswa'])
        expect((await get(url, who)).status, `${who} ${url}`).toBe(403);
      expect((await get(url, null)).status, url).toBe(401);
    }
  });

  it('counts every row as by hand, lowest % first, nothing expected last with "-"', async () => {
    const res = await get<MonitoringPenilaianList>(`${URL}?per_page=25`, 'fixture');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(FIXTURE_SUBJECTS.length);
    expect(res.body.data.map((r) => keyOf(r.pembelajaran_id))).toEqual(FIXTURE_TOTALS.order);
    for (const r of res.body.data) {
      const s = FIXTURE_SUBJECTS.find((x) => x.key === keyOf(r.pembelajaran_id));
      expect(
        { expected: r.expected, dinilai: r.dinilai, percent: r.percent, status: r.status },
        s?.key,
      ).toEqual(s?.expect);
      expect(r.capaian, s?.key).toBe(s?.capaian?.filter((p) => p !== 'P5').length ?? 0);
      expect(r.kunci_nilai).toBe(s?.rombel === 'B');
      expect(r.guru).toBe(s ? FIXTURE_GURU[s.guru] : undefined);
      expect(r.terakhir_diisi === null).toBe(s?.graded.length === 0);
    }
    const sub = res.body.data.find((r) => keyOf(r.pembelajaran_id) === 'A-SUB');
    expect(sub?.induk_pembelajaran_id).toBe(fx.id('pb:A-PRD'));
    // Paging and sorting stay on the server.
    const page2 = await get<MonitoringPenilaianList>(`${URL}?per_page=10&page=2`, 'fixture');
    // A page past the end: no rows, the real total.
    expect(page2.body).toMatchObject({ data: [], total: 10, page: 2 });
    const byDinilai = await get<MonitoringPenilaianList>(`${URL}?sort_by=dinilai&sort_dir=desc`, 'fixture');
    expect(byDinilai.body.data.slice(0, 2).map((r) => keyOf(r.pembelajaran_id))).toEqual(['A-MTK', 'B-MTK']);
    expect((await get(`${URL}?q=jaringan`, 'fixture')).body).toMatchObject({ total: 1 });
    // Sorted by Capaian, it is counted in the same statement: the same values.
    const byCapaian = await get<MonitoringPenilaianList>(`${URL}?sort_by=capaian&sort_dir=desc`, 'fixture');
    expect(byCapaian.body.data.slice(0, 3).map((r) => [keyOf(r.pembelajaran_id), r.capaian])).toEqual([
      ['A-MTK', 1],
      ['B-MTK', 1],
      ['A-BIN', 0],
    ]);
  });

  it('sums the summary strip, class bars, heat-map and teachers behind as by hand', async () => {
    const res = await get<MonitoringPenilaianRingkasan>(`${URL}/ringkasan`, 'fixture');
    expect(res.status).toBe(200);
    expect(res.body.summary).toEqual(FIXTURE_TOTALS.school);
    expect(
      res.body.kelas.map((k) => ({
        label: k.label,
        expected: k.expected,
        dinilai: k.dinilai,
        percent: k.percent,
      })),
    ).toEqual(
      FIXTURE_TOTALS.kelas.map((k) => ({
        label: FIXTURE_ROMBEL[k.rombel].nama,
        expected: k.expected,
        dinilai: k.dinilai,
        percent: k.percent,
      })),
    );
    expect(res.body.kelas.map((k) => k.kunci_nilai)).toEqual([true, false]);
    expect(res.body.guru_belum.map((g) => ({ nama: g.nama, belum: g.belum }))).toEqual(
      FIXTURE_TOTALS.guruBelum.map((g) => ({ nama: FIXTURE_GURU[g.guru], belum: g.belum })),
    );
    // Heat-map: A × Agama Hindu has nothing expected; B × Matematika is complete.
    const cell = (rombel: 'A' | 'B', mapel: number) =>
      res.body.heatmap.cells.find(
        (c) => c.rombongan_belajar_id === fx.id(`rombel:${rombel}`) && c.mata_pelajaran_id === mapel,
      );
    expect(cell('A', 100015010)).toMatchObject({ expected: 0, percent: null });
    expect(cell('B', 401000000)).toMatchObject({ expected: 3, dinilai: 3, percent: 100 });
    expect(res.body.heatmap.mapel).toHaveLength(6);
  });

  it('filters Tingkat, Rombel, Program, Guru and Status in the table and the summary alike', async () => {
    const keys = async (q: string) => {
      const res = await get<MonitoringPenilaianList>(`${URL}?per_page=25&${q}`, 'fixture');
      expect(res.status, `${q}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.data.map((r) => keyOf(r.pembelajaran_id));
    };
    const aKeys = FIXTURE_TOTALS.order.filter((k) => k.startsWith('A-'));
    expect(await keys('tingkat=10')).toEqual(aKeys);
    expect(await keys(`rombongan_belajar_id=${fx.id('rombel:B')}`)).toEqual(
      FIXTURE_TOTALS.order.filter((k) => k.startsWith('B-')),
    );
    expect(await keys(`jurusan_sp_id=${fx.id('jurusan')}`)).toHaveLength(10);
    expect(await keys(`guru_id=${fx.id('guru:budi')}`)).toEqual(['B-BIN', 'A-MTK', 'B-MTK']);
    expect(await keys('status=belum')).toEqual(['A-BIN', 'B-BIN']);
    expect(await keys('status=lengkap')).toEqual(['A-MTK', 'B-MTK']);
    expect(await keys('status=sebagian')).toEqual(['A-PRD', 'B-PRD', 'A-AGI', 'B-AGI', 'A-SUB']);
    const ten = await get<MonitoringPenilaianRingkasan>(`${URL}/ringkasan?tingkat=10`, 'fixture');
    expect(ten.body.summary).toMatchObject({ expected: 14, dinilai: 7, percent: 50, items_total: 5 });
    expect(ten.body.kelas.map((k) => k.label)).toEqual([FIXTURE_ROMBEL.A.nama]);
  });

  it('refuses bad filters with an Indonesian field message (400)', async () => {
    const bad = await get(`${URL}?tingkat=9&status=x`, 'fixture');
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({
      tingkat: MONITORING_FILTER_MESSAGES.tingkat,
      status: MONITORING_FILTER_MESSAGES.status,
    });
    // Another school's class, programme or teacher (the demo school's).
    const demoRombel = demo.school.rombongan_belajar[0]?.rombongan_belajar_id ?? '';
    for (const [field, value, message] of [
      ['rombongan_belajar_id', demoRombel, MONITORING_FILTER_MESSAGES.rombel],
      ['guru_id', demo.accounts.guru.guruId ?? '', MONITORING_FILTER_MESSAGES.guru],
    ] as const) {
      for (const path of ['', '/ringkasan', '/excel']) {
        const res = await get(`${URL}${path}?${field}=${value}`, 'fixture');
        expect(res.status, `${path} ${field}`).toBe(400);
        expect(json<Body>(res.raw).details).toEqual({ [field]: message });
      }
    }
    expect((await get(`${URL}?sort_by=nisn`, 'fixture')).status).toBe(400);
  });

  it("never counts another school's rows", async () => {
    const demoList = await get<MonitoringPenilaianList>(`${URL}?per_page=100&q=FIX`, 'waka');
    expect(demoList.status).toBe(200);
    expect(demoList.body.total).toBe(0);
    const demoSummary = await get<MonitoringPenilaianRingkasan>(`${URL}/ringkasan`, 'waka');
    expect(demoSummary.body.kelas.some((k) => k.label.includes('FIX'))).toBe(false);
    expect((await get(`${URL}/${fx.id('pb:A-AGI')}`, 'waka')).status).toBe(404);
    const own = await get<MonitoringPenilaianRingkasan>(`${URL}/ringkasan`, 'fixture');
    expect(own.body.summary.expected).toBe(FIXTURE_TOTALS.school.expected);
  });

  it('opens the Detil of a subject with the ungraded pupils marked', async () => {
    const res = await get<BerandaDetailResponse>(`${URL}/${fx.id('pb:A-AGI')}`, 'fixture');
    expect(res.status).toBe(200);
    // P5's membership was removed: not listed. P3 is Kristen, P4 left: listed, not counted.
    expect(res.body.data.map((r) => [r.nama, r.diharapkan, r.nilai_akhir])).toEqual([
      ['Adi', true, 80],
      ['Bela', true, null],
      ['Caca', false, 80],
      ['Dodi', false, 80],
    ]);
    expect(res.body.sub_mapel).toBeNull();
  });

  it('exports the filtered table to Excel with its title block', async () => {
    const res = await get(`${URL}/excel?tingkat=10`, 'fixture');
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    if (!ws) throw new Error('no sheet');
    expect(ws.getCell('B2').value).toBe('SMK Fixture 93600036');
    expect(ws.getCell('B3').value).toBe('93600036');
    expect(ws.getCell('A5').value).toBe('Tingkat');
    expect(ws.getCell('B5').value).toBe('Kelas 10');
    const header = headerRowOf({ filters: new Array(6) });
    expect((ws.getRow(header).values as unknown[]).slice(1)).toEqual(
      PENILAIAN_EXCEL_COLUMNS.map((c) => c.header),
    );
    const rows: unknown[][] = [];
    for (let i = header + 1; i <= ws.rowCount; i++) rows.push((ws.getRow(i).values as unknown[]).slice(1));
    expect(rows.map((r) => r[1])).toEqual(
      FIXTURE_TOTALS.order
        .filter((k) => k.startsWith('A-'))
        .map((k) => FIXTURE_SUBJECTS.find((s) => s.key === k)?.nama),
    );
    expect(rows[0]).toEqual(['X FIX 1', 'Bahasa Indonesia', 'Citra Fixture', 3, 0, 0, 0, 'Belum dinilai']);
    expect(rows.at(-1)).toEqual(['X FIX 1', 'Pendidikan Agama Hindu', 'Ani Fixture', 0, 0, 0, '-', '-']);
  });
});

import { MONITORING_FILTER_MESSAGES } from '@erapor/contract/monitoring/filters';
import type {
  MonitoringProjekDetail,
  MonitoringProjekList,
  MonitoringProjekNilai,
  MonitoringProjekOpsi,
  MonitoringProjekRingkasan,
} from '@erapor/contract/monitoring/projek';
import type {
  MonitoringUkkDetail,
  MonitoringUkkList,
  MonitoringUkkOpsi,
  MonitoringUkkRingkasan,
} from '@erapor/contract/monitoring/ukk';
import { isNewPpa } from '@erapor/contract/projek/rules';
import { FIXTURE_GURU } from '@erapor/contract/test/monitoring-fixture';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { headerRowOf } from '../../lib/excel-sheet';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json } from '../../test/engines';
import { demoTokens } from '../penilaian/beranda/test-accounts';
import { PROJEK_EXCEL_COLUMNS } from './projek-excel';
import {
  FIXTURE_KOKURIKULER,
  FIXTURE_PROJEK,
  FIXTURE_UKK,
  writeKokurikulerFixture,
  writeMonitoringFixture,
  writeProjekFixture,
  writeUkkFixture,
} from './test-fixture-db';
import { UKK_EXCEL_COLUMNS } from './ukk-excel';

const PROJEK = '/api/progress/nilai-projek';
const UKK = '/api/progress/nilai-ukk';
const P5_SEMESTER = '20242';
type Body = { message: string; details?: Record<string, string> };

// Monitoring › Nilai Projek (issue #14 item 4) and Nilai UKK (item 6): hand-computed fixture schools
// (test-fixture-db.ts) — P5 in 2024/2025 Genap, kokurikuler and UKK in the demo's semester (≥ 20251).
describeEngines('Monitoring: Nilai Projek and Nilai UKK (Waka)', {}, (t) => {
  let demo: SeededDemo;
  let tokens: Record<string, string> = {};
  let p5: Awaited<ReturnType<typeof writeMonitoringFixture>>;
  let kok: Awaited<ReturnType<typeof writeMonitoringFixture>>;
  const get = async <T = Body>(url: string, who: string | null) => {
    const res = await t().app.inject({ method: 'GET', url, headers: who ? bearer(tokens[who] ?? '') : {} });
    return {
      status: res.statusCode,
      body: res.statusCode === 200 && url.includes('/excel') ? (null as T) : json<T>(res),
      raw: res,
    };
  };
  const sheetRows = async (url: string, who: string) => {
    const res = await get(url, who);
    expect(res.status, url).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    if (!ws) throw new Error('no sheet');
    const header = headerRowOf({ filters: new Array(6) });
    const rows: unknown[][] = [];
    for (let i = header + 1; i <= ws.rowCount; i++) rows.push((ws.getRow(i).values as unknown[]).slice(1));
    return { ws, header: (ws.getRow(header).values as unknown[]).slice(1), rows };
  };

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    expect(isNewPpa(demo.semesterId)).toBe(true);
    tokens = { ...(await demoTokens(t().app, demo, ['admin', 'guru', 'wali', 'kaprog', 'siswa', 'waka'])) };
    p5 = await writeMonitoringFixture(t().app, db, {
      seed: 41,
      npsn: '93600041',
      semesterId: P5_SEMESTER,
      email: 'waka-fixture-p5@test.sch.id',
    });
    await writeProjekFixture(db, p5, P5_SEMESTER);
    tokens.p5 = p5.token;
    kok = await writeMonitoringFixture(t().app, db, {
      seed: 42,
      npsn: '93600042',
      semesterId: demo.semesterId,
      email: 'waka-fixture-kok@test.sch.id',
    });
    await writeKokurikulerFixture(db, kok);
    await writeUkkFixture(db, kok, demo.semesterId);
    tokens.kok = kok.token;
  });

  it('answers 403 to every role but the Waka (even with a bad filter), 401 without a login', async () => {
    const urls = [
      PROJEK,
      `${PROJEK}/ringkasan`,
      `${PROJEK}/opsi`,
      `${PROJEK}/excel`,
      `${PROJEK}/${kok.id('rombel:A')}`,
      `${PROJEK}/projek/${p5.id('projek:1')}`,
      UKK,
      `${UKK}/ringkasan`,
      `${UKK}/opsi`,
      `${UKK}/excel`,
      `${UKK}/${kok.id('ukk:1')}`,
    ];
    for (const url of urls) {
      for (const who of ['admin', 'guru', 'wali', 'kaprog', 'siswa'])
        expect((await get(url, who)).status, `${who} ${url}`).toBe(403);
      expect((await get(url, null)).status, url).toBe(401);
    }
    // Authorization comes before the query's validation.
    expect((await get(`${PROJEK}?tingkat=9`, 'guru')).status).toBe(403);
    expect((await get(`${UKK}/excel?status=x`, 'kaprog')).status).toBe(403);
  });

  it('Projek before 20251: counts pupil × sub-element cells by hand and flags a Merdeka class without a project', async () => {
    const res = await get<MonitoringProjekList>(PROJEK, 'p5');
    expect(res.status).toBe(200);
    expect(res.body.mode).toBe('p5');
    // The K13 class without P5 is no row; the class without a project ("-") comes last.
    expect(
      res.body.data.map((r) => [r.rombel, r.guru, r.jumlah_tema, r.jumlah_projek, r.jumlah_sub_elemen]),
    ).toEqual([
      ['X FIX 1', FIXTURE_GURU.citra, 2, 2, 3],
      ['XI FIX 1', FIXTURE_GURU.budi, 1, 0, 0],
    ]);
    const [a, b] = res.body.data;
    expect([a?.expected, a?.dinilai, a?.percent, a?.status, a?.tanpa_projek]).toEqual([
      FIXTURE_PROJEK.A.expected,
      FIXTURE_PROJEK.A.dinilai,
      FIXTURE_PROJEK.A.percent,
      'sebagian',
      false,
    ]);
    expect([b?.expected, b?.dinilai, b?.percent, b?.status, b?.tanpa_projek]).toEqual([
      0,
      0,
      null,
      null,
      true,
    ]);
    const ring = await get<MonitoringProjekRingkasan>(`${PROJEK}/ringkasan`, 'p5');
    expect(ring.body.mode).toBe('p5');
    expect(ring.body.title).toContain('Progres Penilaian Projek');
    expect(ring.body.summary).toEqual(FIXTURE_PROJEK.totals);
    expect(ring.body.kelas.map((k) => [k.label, k.expected, k.dinilai, k.percent, k.tanpa_projek])).toEqual([
      ['X FIX 1', 9, 4, 44.4, false],
      ['XI FIX 1', 0, 0, null, true],
    ]);
    const opsi = await get<MonitoringProjekOpsi>(`${PROJEK}/opsi`, 'p5');
    expect(opsi.body.guru.map((g) => g.label)).toEqual([FIXTURE_GURU.budi, FIXTURE_GURU.citra]);
    expect(opsi.body.rombel.map((r) => r.label)).toEqual(['X FIX 1', 'XI FIX 1', 'XII FIX K13']);
  });

  it('Projek filters: Tingkat, Rombel, Koord, Status and search drive the table and the summary', async () => {
    const names = async (q: string) => {
      const res = await get<MonitoringProjekList>(`${PROJEK}?${q}`, 'p5');
      expect(res.status, q).toBe(200);
      return res.body.data.map((r) => r.rombel);
    };
    expect(await names('tingkat=11')).toEqual(['XI FIX 1']);
    expect(await names(`rombongan_belajar_id=${p5.id('rombel:A')}`)).toEqual(['X FIX 1']);
    expect(await names(`guru_id=${p5.id('guru:citra')}`)).toEqual(['X FIX 1']);
    expect(await names('status=sebagian')).toEqual(['X FIX 1']);
    expect(await names('status=lengkap')).toEqual([]);
    expect(await names('q=budi')).toEqual(['XI FIX 1']);
    expect(await names('sort_by=rombel&sort_dir=desc')).toEqual(['XI FIX 1', 'X FIX 1']);
    const ten = await get<MonitoringProjekRingkasan>(`${PROJEK}/ringkasan?tingkat=11`, 'p5');
    expect(ten.body.summary).toMatchObject({ expected: 0, items_total: 0, tanpa_projek: 1 });
  });

  it('Projek Detil: the class’s projects, then a project’s pupils × sub-elements with unscored cells null', async () => {
    const d = await get<MonitoringProjekDetail>(`${PROJEK}/${p5.id('rombel:A')}`, 'p5');
    expect(d.status).toBe(200);
    expect(d.body.rombel).toEqual({ nama: 'X FIX 1', guru: FIXTURE_GURU.citra });
    expect(
      d.body.projek.map((p) => [p.no_urut, p.tema, p.nama, p.jumlah_sub_elemen, p.expected, p.dinilai]),
    ).toEqual(
      FIXTURE_PROJEK.projek.map((p, i) => [i + 1, `Tema ${i + 1}`, p.nama, p.sub, p.expected, p.dinilai]),
    );
    const n = await get<MonitoringProjekNilai>(`${PROJEK}/projek/${p5.id('projek:1')}`, 'p5');
    expect(n.status).toBe(200);
    expect(n.body.projek).toMatchObject({ rombel: 'X FIX 1', tema: 'Tema 1', nama: 'Projek Satu' });
    // Live members Adi, Bela, Caca × 2 sub-elements; Dodi (left) and Euis (removed) are not listed.
    expect(n.body.data.map((r) => [r.nama, r.nilai !== null])).toEqual([
      ['Adi', true],
      ['Adi', true],
      ['Bela', true],
      ['Bela', false],
      ['Caca', false],
      ['Caca', false],
    ]);
    expect(n.body.data.every((r) => r.dimensi && r.elemen && r.sub_elemen)).toBe(true);
    // Another school's class or project: 404.
    expect((await get(`${PROJEK}/${p5.id('rombel:A')}`, 'waka')).status).toBe(404);
    expect((await get(`${PROJEK}/projek/${p5.id('projek:1')}`, 'waka')).status).toBe(404);
  });

  it('Projek from 20251 counts each class’s kokurikuler texts (the Wali Kelas as Koord)', async () => {
    const res = await get<MonitoringProjekList>(PROJEK, 'kok');
    expect(res.body.mode).toBe('kokurikuler');
    expect(res.body.data.map((r) => [r.rombel, r.guru, r.expected, r.dinilai, r.percent, r.status])).toEqual([
      ['X FIX 1', FIXTURE_GURU.ani, 3, 1, 33.3, 'sebagian'],
      ['XI FIX 1', FIXTURE_GURU.budi, 3, 3, 100, 'lengkap'],
    ]);
    expect(res.body.data.every((r) => !r.tanpa_projek)).toBe(true);
    const ring = await get<MonitoringProjekRingkasan>(`${PROJEK}/ringkasan`, 'kok');
    expect(ring.body.title).toContain('Kokurikuler');
    expect(ring.body.summary).toEqual({ ...FIXTURE_KOKURIKULER.totals, tanpa_projek: 0 });
    const d = await get<MonitoringProjekDetail>(`${PROJEK}/${kok.id('rombel:A')}`, 'kok');
    expect(d.body.mode).toBe('kokurikuler');
    expect(d.body.siswa.map((s) => [s.nama, s.dinilai])).toEqual([
      ['Adi', true],
      ['Bela', false],
      ['Caca', false],
    ]);
    const sheet = await sheetRows(`${PROJEK}/excel`, 'kok');
    expect(sheet.ws.getCell('A1').value).toBe('Progres Kokurikuler');
    expect(sheet.header).toEqual(PROJEK_EXCEL_COLUMNS.kokurikuler.map((c) => c.header));
    expect(sheet.rows).toEqual([
      ['X FIX 1', FIXTURE_GURU.ani, 3, 1, 33.3, 'Sebagian'],
      ['XI FIX 1', FIXTURE_GURU.budi, 3, 3, 100, 'Lengkap'],
    ]);
  });

  it('Projek Excel (P5): the filtered table with its title block', async () => {
    const sheet = await sheetRows(`${PROJEK}/excel?tingkat=10`, 'p5');
    expect(sheet.ws.getCell('A1').value).toBe('Progres Penilaian Nilai Projek');
    expect(sheet.ws.getCell('B2').value).toBe('SMK Fixture 93600041');
    expect([sheet.ws.getCell('A5').value, sheet.ws.getCell('B5').value]).toEqual(['Tingkat', 'Kelas 10']);
    expect(sheet.ws.getCell('A8').value).toBe('Koord Projek');
    expect(sheet.header).toEqual(PROJEK_EXCEL_COLUMNS.p5.map((c) => c.header));
    expect(sheet.rows).toEqual([['X FIX 1', FIXTURE_GURU.citra, 2, 2, 3, 44.4, 'Sebagian']]);
    const all = await sheetRows(`${PROJEK}/excel`, 'p5');
    expect(all.rows.at(-1)).toEqual(['XI FIX 1', FIXTURE_GURU.budi, 1, 0, 0, '-', 'Belum ada projek']);
  });

  it('UKK: counts Jumlah PD, Dinilai, Kompeten and Belum Kompeten per plan by hand', async () => {
    const res = await get<MonitoringUkkList>(UKK, 'kok');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(
      res.body.data.map((r) => ({
        key: ['1', '2', '3'].find((k) => kok.id(`ukk:${k}`) === r.rencana_ukk_id),
        expected: r.expected,
        dinilai: r.dinilai,
        kompeten: r.kompeten,
        belum_kompeten: r.belum_kompeten,
        percent: r.percent,
        status: r.status,
      })),
    ).toEqual(FIXTURE_UKK.plans);
    expect(res.body.data[0]).toMatchObject({
      program: 'Teknik Jaringan Fixture',
      rombel: 'X FIX 1',
      nomor_paket: '01',
      nama_paket: 'Paket Jaringan Fixture',
      guru: FIXTURE_GURU.ani,
    });
    const ring = await get<MonitoringUkkRingkasan>(`${UKK}/ringkasan`, 'kok');
    expect(ring.body.summary).toEqual(FIXTURE_UKK.totals);
    expect(ring.body.program).toEqual([
      {
        id: kok.id('jurusan'),
        label: 'Teknik Jaringan Fixture',
        expected: 6,
        dinilai: 5,
        kompeten: 3,
        belum_kompeten: 2,
        percent: 83.3,
      },
    ]);
    const opsi = await get<MonitoringUkkOpsi>(`${UKK}/opsi`, 'kok');
    expect(opsi.body.guru.map((g) => g.label)).toEqual([FIXTURE_GURU.ani, FIXTURE_GURU.budi]);
    // A page past the end: no rows, the real total.
    expect((await get(`${UKK}?page=2`, 'kok')).body).toMatchObject({ data: [], total: 3 });
  });

  it('UKK filters and bad filters (Indonesian 400s)', async () => {
    const keys = async (q: string) => {
      const res = await get<MonitoringUkkList>(`${UKK}?${q}`, 'kok');
      expect(res.status, q).toBe(200);
      return res.body.data.map((r) => ['1', '2', '3'].find((k) => kok.id(`ukk:${k}`) === r.rencana_ukk_id));
    };
    expect(await keys('tingkat=11')).toEqual(['2']);
    expect(await keys(`guru_id=${kok.id('guru:ani')}`)).toEqual(['1', '3']);
    expect(await keys('status=lengkap')).toEqual(['2']);
    expect(await keys('q=server')).toEqual(['2', '3']);
    expect(await keys(`jurusan_sp_id=${kok.id('jurusan')}`)).toEqual(['1', '2', '3']);
    expect(await keys('sort_by=kompeten&sort_dir=desc')).toEqual(['2', '1', '3']);
    for (const base of [PROJEK, UKK]) {
      const bad = await get(`${base}?tingkat=9&status=x`, 'kok');
      expect(bad.status).toBe(400);
      expect(bad.body.details).toMatchObject({
        tingkat: MONITORING_FILTER_MESSAGES.tingkat,
        status: MONITORING_FILTER_MESSAGES.status,
      });
      for (const path of ['', '/ringkasan', '/excel']) {
        const other = await get(`${base}${path}?rombongan_belajar_id=${p5.id('rombel:A')}`, 'kok');
        expect(other.status, `${base}${path}`).toBe(400);
        expect(json<Body>(other.raw).details).toEqual({
          rombongan_belajar_id: MONITORING_FILTER_MESSAGES.rombel,
        });
      }
    }
    expect((await get(`${UKK}?sort_by=nisn`, 'kok')).status).toBe(400);
  });

  it("UKK Detil marks who counts, and another school's plans are never counted", async () => {
    const d = await get<MonitoringUkkDetail>(`${UKK}/${kok.id('ukk:1')}`, 'kok');
    expect(d.status).toBe(200);
    expect(d.body.nomor_paket).toBe('01');
    expect(d.body.peserta.map((p) => [p.nama, p.nilai, p.kesimpulan, p.diharapkan])).toEqual([
      ['Adi', 85, 'Kompeten', true],
      ['Bela', 60, 'Belum Kompeten', true],
      ['Caca', null, '', true],
      ['Dodi', 90, 'Kompeten', false],
      ['Euis', 50, 'Belum Kompeten', false],
    ]);
    const demoList = await get<MonitoringUkkList>(`${UKK}?per_page=100&q=Fixture`, 'waka');
    expect(demoList.status).toBe(200);
    expect(demoList.body.total).toBe(0);
    expect((await get(`${UKK}/${kok.id('ukk:1')}`, 'waka')).status).toBe(404);
    const demoProjek = await get<MonitoringProjekList>(`${PROJEK}?per_page=100&q=FIX`, 'waka');
    expect(demoProjek.body.total).toBe(0);
  });

  it('UKK Excel: the filtered plans with the title block', async () => {
    const sheet = await sheetRows(`${UKK}/excel?status=sebagian`, 'kok');
    expect(sheet.ws.getCell('A1').value).toBe('Progres Penilaian Nilai UKK');
    expect(sheet.ws.getCell('A8').value).toBe('Penguji Internal');
    expect([sheet.ws.getCell('A9').value, sheet.ws.getCell('B9').value]).toEqual(['Status', 'Sebagian']);
    expect(sheet.header).toEqual(UKK_EXCEL_COLUMNS.map((c) => c.header));
    expect(sheet.rows).toEqual([
      [
        'Teknik Jaringan Fixture',
        'X FIX 1',
        '01',
        'Paket Jaringan Fixture',
        FIXTURE_GURU.ani,
        3,
        2,
        1,
        1,
        66.7,
        'Sebagian',
      ],
    ]);
  });
});

import { ASESMEN_MESSAGES, type JenisTemplate } from '@erapor/contract/penilaian/asesmen';
import { SPREADSHEET_MESSAGES } from '@erapor/contract/spreadsheet';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { insertTps } from '../../modules/penilaian/test-fixtures';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';
import { multipartFile } from '../../test/multipart';

/*
 * Decision 052 over the API, on both engines: every workbook upload route refuses a merged range
 * over value cells (grade templates, Template TP) and a NUL cell by address, and nothing is stored
 * (the grids read the same before and after; no TP is added). A grade sheet copied into a new
 * workbook (no identification sheet) is read with a note, or refused saying what is missing.
 * The LibreOffice re-saves of the same edits are in the corpora (penilaian/corpus, kurikulum/corpus).
 */

const MATH = 401000000;
type Upload = {
  status: number;
  body: { catatan?: string[]; rows?: unknown[]; details?: Record<string, string> };
};

describeEngines('merged cells, copied sheets and NUL cells in uploaded workbooks (decision 052)', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let mtk = '';
  let mapel = '';
  let mathCpE = 0;
  let tp: string[] = [];

  const call = async (
    method: 'GET' | 'POST',
    url: string,
    who: string,
    file?: { field: string; data: Buffer },
  ) => {
    const m = file ? multipartFile(file.field, 'nilai.xlsx', file.data) : null;
    const res = await t().app.inject({
      method,
      url,
      ...(m ? { payload: m.payload } : {}),
      headers: { ...(m?.headers ?? {}), ...bearer(tokens[who] ?? '') },
    });
    return { status: res.statusCode, body: res.rawPayload, json: () => json(res) };
  };
  const base = () => `/api/penilaian/pembelajaran/${mtk}`;
  const tpQuery = () => `pembelajaran_id=${mtk}&cp_id=${mathCpE}`;

  async function edited(url: string, change: (ws: ExcelJS.Worksheet, wb: ExcelJS.Workbook) => void) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await call('GET', url, 'guru')).body as unknown as ArrayBuffer);
    change(wb.worksheets[0] as ExcelJS.Worksheet, wb);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  const gradeFile = (jenis: JenisTemplate, change: (ws: ExcelJS.Worksheet, wb: ExcelJS.Workbook) => void) =>
    edited(`${base()}/template/${jenis}`, change);
  const uploadGrades = async (jenis: JenisTemplate, data: Buffer): Promise<Upload> => {
    const res = await call('POST', `${base()}/upload/${jenis}`, 'guru', { field: 'file_excel', data });
    return { status: res.status, body: res.json() };
  };
  const grids = async () =>
    Promise.all(
      ['lingkup-materi', 'akhir-semester', 'nilai-akhir'].map(async (g) =>
        (await call('GET', `${base()}/${g}`, 'guru')).json(),
      ),
    );
  const tpCount = async () =>
    Number((await t().db.query<{ n: number }>('select count(*)::int as n from tujuan_pembelajaran'))[0]?.n);

  /** Scores in rows 10–12 of an SLM / SAS sheet, from column E. */
  const fillScores = (ws: ExcelJS.Worksheet, width: number) => {
    for (let r = 10; r <= 12; r++) for (let c = 5; c < 5 + width; c++) ws.getCell(r, c).value = 60 + r + c;
  };

  beforeAll(async () => {
    demo = await seedDemo(t().db.db);
    for (const who of ['admin', 'guru'] as const) {
      tokens[who] = (await loginAs(t().app, demo.accounts[who].email, demo.semesterId)).accessToken;
    }
    for (const r of demo.school.rombongan_belajar) {
      for (const pb of r.pembelajaran) {
        if (
          pb.ptk_id === demo.accounts.guru.guruId &&
          pb.mata_pelajaran_id === MATH &&
          r.tingkat_pendidikan_id === 10 &&
          r.kurikulum_id >= 1000
        ) {
          mtk = pb.pembelajaran_id;
          mapel = pb.nama_mata_pelajaran;
        }
      }
    }
    mathCpE =
      demo.school.capaian_pembelajaran.find((c) => c.mata_pelajaran_id === MATH && c.fase === 'E')?.cp_id ??
      0;
    expect(mtk).not.toBe('');
    tp = await insertTps(t().db.db, {
      sekolahId: demo.sekolahId,
      pembelajaranId: mtk,
      source: { cpId: mathCpE },
      texts: ['Menjelaskan himpunan', 'Menggambar grafik fungsi', 'Menyelesaikan persamaan'],
    });
  });

  it('refuses merged score cells in each grade template by address, storing nothing', async () => {
    const before = await grids();
    const slm = await gradeFile('lingkup-materi', (ws) => {
      fillScores(ws, 3);
      ws.mergeCells('F10:G10'); // one pupil's TP 2 and TP 3
      ws.mergeCells('E11:E12'); // two pupils' TP 1
    });
    const sas = await gradeFile('akhir-semester', (ws) => {
      fillScores(ws, 2);
      ws.mergeCells('E11:F11'); // non-tes and tes
    });
    const na = await gradeFile('nilai-akhir', (ws) => {
      for (let r = 13; r <= 15; r++) ws.getCell(r, 7).value = r === 13 ? 0 : 1;
      ws.mergeCells('G13:G15'); // one pupil's three ketercapaian: "Tidak tercapai" over two "Tercapai"
    });
    const cases: [JenisTemplate, Buffer, string[]][] = [
      ['lingkup-materi', slm, ['F10:G10', 'E11:E12']],
      ['akhir-semester', sas, ['E11:F11']],
      ['nilai-akhir', na, ['G13:G15']],
    ];
    for (const [jenis, data, ranges] of cases) {
      const res = await uploadGrades(jenis, data);
      expect(res.status, jenis).toBe(422);
      expect(res.body.details, jenis).toEqual({
        file_excel: ASESMEN_MESSAGES.refused(ranges.length),
        ...Object.fromEntries(ranges.map((r, i) => [`file_excel.${i + 1}`, SPREADSHEET_MESSAGES.merged(r)])),
      });
    }
    // The same template with only labels merged reads.
    const labels = await gradeFile('lingkup-materi', (ws) => {
      fillScores(ws, 3);
      ws.mergeCells('A1:G1');
    });
    const ok = await uploadGrades('lingkup-materi', labels);
    expect([ok.status, ok.body.catatan]).toEqual([200, []]);
    expect(await grids()).toEqual(before);
  });

  it('refuses TP rows merged in the Template TP by address and adds no TP', async () => {
    const before = await tpCount();
    const data = await edited(`/api/kurikulum/tp/template?${tpQuery()}`, (ws) => {
      ws.getCell('C9').value = 'Menyusun persamaan linear';
      ws.getCell('C10').value = 'Menggambar grafik fungsi linear';
      ws.mergeCells('C9:C10');
    });
    const res = await call('POST', `/api/kurikulum/tp/import?${tpQuery()}`, 'guru', {
      field: 'template_excel',
      data,
    });
    expect([res.status, res.json()]).toMatchObject([
      422,
      { details: { template_excel: SPREADSHEET_MESSAGES.merged('C9:C10') } },
    ]);
    expect(await tpCount()).toBe(before);
  });

  it('reads a grade sheet copied into a new workbook by its rows, with a note; refuses one that proves nothing', async () => {
    const copied = await gradeFile('lingkup-materi', (ws, wb) => {
      fillScores(ws, 3);
      for (const other of [...wb.worksheets]) if (other !== ws) wb.removeWorksheet(other.id);
    });
    const res = await uploadGrades('lingkup-materi', copied);
    expect(res.status).toBe(200);
    expect(res.body.catatan?.[0]).toBe(ASESMEN_MESSAGES.copiedRead('Sumatif Lingkup Materi'));
    expect(res.body.rows?.[0]).toMatchObject({
      values: { [tp[0] as string]: '75', [tp[2] as string]: '77' },
    });

    // Another subject's Sumatif Akhir Semester of the same class: its keys are every subject's.
    const other = await gradeFile('akhir-semester', (ws, wb) => {
      fillScores(ws, 2);
      ws.getCell('C3').value = ': Bahasa Inggris';
      for (const s of [...wb.worksheets]) if (s !== ws) wb.removeWorksheet(s.id);
    });
    const refused = await uploadGrades('akhir-semester', other);
    expect([refused.status, refused.body.details]).toEqual([
      422,
      {
        file_excel: ASESMEN_MESSAGES.copiedRefused(
          ASESMEN_MESSAGES.copiedOtherMapel('Bahasa Inggris', mapel),
        ),
      },
    ]);
    // A workbook with no grade sheet at all says what is missing, not the bare "Format Import salah".
    const hand = new ExcelJS.Workbook();
    hand.addWorksheet('Nilai').addRow(['Nama', 'Nilai']);
    const none = await uploadGrades('nilai-akhir', Buffer.from(await hand.xlsx.writeBuffer()));
    expect([none.status, none.body.details]).toEqual([
      422,
      { file_excel: ASESMEN_MESSAGES.copiedRefused(ASESMEN_MESSAGES.copiedNoSheet('nilai-akhir')) },
    ]);
  });

  it('refuses a NUL in any cell by address on every workbook upload route', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Data');
    ws.addRow(['Nama', 'Nilai']);
    ws.addRow(['Adi', 'Bu_x0000_di']); // the format's escape for NUL, decoded by every reader
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const routes: [string, string, string][] = [
      ...['lingkup-materi', 'akhir-semester', 'nilai-akhir'].map((j): [string, string, string] => [
        `${base()}/upload/${j}`,
        'file_excel',
        'guru',
      ]),
      [`/api/kurikulum/tp/import?${tpQuery()}`, 'template_excel', 'guru'],
      ['/api/gtk/instruktur/import/preview', 'file_excel', 'admin'],
      ['/api/gtk/asesor/import/preview', 'file_excel', 'admin'],
    ];
    const before = [await grids(), await tpCount()];
    for (const [url, field, who] of routes) {
      const res = await call('POST', url, who, { field, data });
      expect([res.status, res.json()], url).toMatchObject([
        422,
        { details: { [field]: SPREADSHEET_MESSAGES.nulChar('Data', 'B2') } },
      ]);
    }
    expect([await grids(), await tpCount()]).toEqual(before);
  });
});

import { randomBytes } from 'node:crypto';
import {
  ASESMEN_MESSAGES,
  type LingkupMateriGrid,
  type UploadResult,
} from '@erapor/contract/penilaian/asesmen';
import { PENILAIAN_GATE_MESSAGES } from '@erapor/contract/penilaian/gate';
import { SPREADSHEET_MESSAGES } from '@erapor/contract/spreadsheet';
import type { Pembelajaran } from '@erapor/demo-school/types';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';
import { multipartFile } from '../../test/multipart';
import { insertTps } from './test-fixtures';

async function workbookOf(data: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  return wb;
}
const bufferOf = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());

describeEngines('penilaian Excel templates', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let mtk: Pembelajaran;
  let k13: Pembelajaran;
  let tp: string[] = [];
  let k13Tp: string[] = [];
  let pupils: { anggota_rombel_id: string; nama: string }[] = [];

  const download = async (p: Pembelajaran, jenis: string, who = 'guru') => {
    const res = await t().app.inject({
      method: 'GET',
      url: `/api/penilaian/pembelajaran/${p.pembelajaran_id}/template/${jenis}`,
      headers: bearer(tokens[who] ?? ''),
    });
    return { status: res.statusCode, headers: res.headers, data: res.rawPayload };
  };
  const upload = async (
    p: Pembelajaran,
    jenis: string,
    file: Buffer,
    filename = 'nilai.xlsx',
    who = 'guru',
  ) => {
    const m = multipartFile('file_excel', filename, file);
    const res = await t().app.inject({
      method: 'POST',
      url: `/api/penilaian/pembelajaran/${p.pembelajaran_id}/upload/${jenis}`,
      payload: m.payload,
      headers: { ...m.headers, ...bearer(tokens[who] ?? '') },
    });
    return { status: res.statusCode, body: json<UploadResult & { details?: Record<string, string> }>(res) };
  };
  const put = (p: Pembelajaran, part: string, payload: object) =>
    t().app.inject({
      method: 'PUT',
      url: `/api/penilaian/pembelajaran/${p.pembelajaran_id}/${part}`,
      payload,
      headers: bearer(tokens.guru ?? ''),
    });

  beforeAll(async () => {
    demo = await seedDemo(t().db.db);
    for (const who of ['guru', 'wali', 'admin'] as const) {
      tokens[who] = (await loginAs(t().app, demo.accounts[who].email, demo.semesterId)).accessToken;
    }
    const all = demo.school.rombongan_belajar.flatMap((r) => r.pembelajaran);
    mtk = all.find(
      (p) =>
        p.rombongan_belajar_id === demo.school.relations.waliRombelId &&
        p.ptk_id === demo.accounts.guru.guruId &&
        p.mata_pelajaran_id === 401000000,
    ) as Pembelajaran;
    k13 = all.find((p) => p.pembelajaran_id === demo.school.relations.guruK13PembelajaranId) as Pembelajaran;
    tp = await insertTps(t().db.db, {
      sekolahId: demo.sekolahId,
      pembelajaranId: mtk.pembelajaran_id,
      source: { cpId: 1_000_777 },
      texts: ['Menjelaskan himpunan', 'Menggambar grafik fungsi'],
    });
    k13Tp = await insertTps(t().db.db, {
      sekolahId: demo.sekolahId,
      pembelajaranId: k13.pembelajaran_id,
      source: { kdId: '00000000-0000-4000-8000-0000000000aa' },
      texts: ['Menentukan limit fungsi'],
    });
    const grid = await t().app.inject({
      method: 'GET',
      url: `/api/penilaian/pembelajaran/${mtk.pembelajaran_id}/lingkup-materi`,
      headers: bearer(tokens.guru ?? ''),
    });
    pupils = json<LingkupMateriGrid>(grid).siswa;
    // A stored score, to see it prefilled in the template.
    const first = pupils[0]?.anggota_rombel_id;
    expect(
      (
        await put(mtk, 'lingkup-materi', {
          rows: [{ anggota_rombel_id: first, tp_id: tp[0], nilai: 88, sebelumnya: null }],
        })
      ).statusCode,
    ).toBe(200);
  });

  it('lays out the Sumatif Lingkup Materi template as the reference, with hidden ids and stored scores', async () => {
    const res = await download(mtk, 'lingkup-materi');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('Template Sumatif Lingkup Materi');
    const wb = await workbookOf(res.data);
    const sheet = wb.getWorksheet('Sumatif Lingkup Materi') as ExcelJS.Worksheet;
    expect(sheet.getCell('A1').value).toBe('FORMAT EXCEL SUMATIF LINGKUP MATERI');
    expect(String(sheet.getCell('C3').value)).toContain(mtk.nama_mata_pelajaran);
    expect(sheet.getCell('A7').value).toBe('MASUKKAN NILAI BERUPA ANGKA (0-100) DIKOLOM TP 1, TP 2');
    expect([1, 2, 3, 4, 5, 6].map((c) => sheet.getRow(9).getCell(c).value)).toEqual([
      'No',
      'PD_ID',
      'Nama',
      'NISN',
      'TP 1',
      'TP 2',
    ]);
    expect(sheet.getRow(8).hidden).toBe(true);
    expect([sheet.getCell('E8').value, sheet.getCell('F8').value]).toEqual(tp);
    expect(sheet.getColumn(2).hidden).toBe(true);
    expect(sheet.getCell('B10').value).toBe(pupils[0]?.anggota_rombel_id);
    expect(sheet.getCell('C10').value).toBe(pupils[0]?.nama);
    expect(sheet.getCell('E10').value).toBe(88);
    expect(sheet.getCell(`C${9 + pupils.length}`).value).toBe(pupils.at(-1)?.nama);
    expect(wb.getWorksheet('erapor')?.state).toBe('veryHidden');
    expect(wb.getWorksheet('Tujuan Pembelajaran')?.getCell('B2').value).toBe('Menjelaskan himpunan');
  });

  it('reads an edited template back as values for the grid, nothing saved', async () => {
    const wb = await workbookOf((await download(mtk, 'lingkup-materi')).data);
    const sheet = wb.getWorksheet('Sumatif Lingkup Materi') as ExcelJS.Worksheet;
    sheet.getCell('E10').value = 90;
    sheet.getCell('F10').value = 'abc';
    sheet.getCell('E11').value = 75.5;
    sheet.getCell('F11').value = { formula: '70+1', result: 71 };
    // A pupil who is not in the class any more.
    sheet.getRow(9 + pupils.length + 1).values = [
      99,
      '00000000-0000-4000-8000-000000000099',
      'Orang Lain',
      '',
      50,
    ];
    const res = await upload(mtk, 'lingkup-materi', await bufferOf(wb));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ASESMEN_MESSAGES.uploaded);
    expect(res.body.rows).toHaveLength(pupils.length);
    expect(res.body.rows[0]).toEqual({
      anggota_rombel_id: pupils[0]?.anggota_rombel_id,
      values: { [tp[0] as string]: '90', [tp[1] as string]: 'abc' },
    });
    expect(res.body.rows[1]?.values).toEqual({ [tp[0] as string]: '75.5', [tp[1] as string]: '71' });
    expect(res.body.rows[2]?.values).toEqual({ [tp[0] as string]: '', [tp[1] as string]: '' });
    expect(res.body.catatan).toEqual([ASESMEN_MESSAGES.rowLeft(9 + pupils.length + 1, 'Orang Lain')]);
    // The stored score is untouched until Simpan.
    const again = await workbookOf((await download(mtk, 'lingkup-materi')).data);
    expect(again.getWorksheet('Sumatif Lingkup Materi')?.getCell('E10').value).toBe(88);
  });

  it('reads back the Sumatif Akhir Semester and Nilai Akhir templates', async () => {
    const sas = await workbookOf((await download(mtk, 'akhir-semester')).data);
    const s1 = sas.getWorksheet('Sumatif Akhir Semester') as ExcelJS.Worksheet;
    expect([5, 6].map((c) => s1.getRow(9).getCell(c).value)).toEqual(['NILAI_NON_TES', 'NILAI_TES']);
    s1.getCell('E10').value = 80;
    s1.getCell('F10').value = 91;
    const r1 = await upload(mtk, 'akhir-semester', await bufferOf(sas));
    expect(r1.status).toBe(200);
    expect(r1.body.rows[0]?.values).toEqual({ 'non-tes': '80', tes: '91' });

    const na = await workbookOf((await download(mtk, 'nilai-akhir')).data);
    const s2 = na.getWorksheet('Nilai Akhir') as ExcelJS.Worksheet;
    expect(s2.getCell('A1').value).toBe('Template Nilai Akhir');
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((c) => s2.getRow(12).getCell(c).value)).toEqual([
      'NO',
      'PD_ID',
      'NAMA',
      'NISN',
      'NILAI AKHIR',
      'TP_ID',
      'KETERCAPAIAN KOMPETENSI',
      'DESKRIPSI TP',
    ]);
    // One row per TP, the pupil's cells merged over them.
    expect(s2.getCell('C14').isMerged).toBe(true);
    expect([s2.getCell('F13').value, s2.getCell('F14').value]).toEqual(tp);
    expect(s2.getCell('B15').value).toBe(pupils[1]?.anggota_rombel_id);
    expect(s2.getCell('H13').value).toBe('TP 1: Menjelaskan himpunan');
    s2.getCell('E13').value = 90;
    s2.getCell('G13').value = 1;
    s2.getCell('G14').value = 0;
    s2.getCell('E15').value = 'x';
    const r2 = await upload(mtk, 'nilai-akhir', await bufferOf(na));
    expect(r2.status).toBe(200);
    expect(r2.body.rows[0]?.values).toEqual({
      nilai_akhir: '90',
      [tp[0] as string]: '1',
      [tp[1] as string]: '0',
    });
    expect(r2.body.rows[1]?.values).toEqual({
      nilai_akhir: 'x',
      [tp[0] as string]: '',
      [tp[1] as string]: '',
    });
  });

  it('rejects another class’s template, another kind and a non-xlsx file; reads a sheet without its identification sheet', async () => {
    const other = await download(k13, 'lingkup-materi');
    expect(other.status).toBe(200);
    const wrongClass = await upload(mtk, 'lingkup-materi', other.data);
    expect(wrongClass.status).toBe(422);
    const k13Rombel = demo.school.rombongan_belajar.find(
      (r) => r.rombongan_belajar_id === k13.rombongan_belajar_id,
    );
    expect(wrongClass.body.details?.file_excel).toBe(
      ASESMEN_MESSAGES.otherPembelajaran(k13.nama_mata_pelajaran, k13Rombel?.nama ?? ''),
    );

    const sas = await download(mtk, 'akhir-semester');
    const wrongKind = await upload(mtk, 'lingkup-materi', sas.data);
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.details?.file_excel).toBe(
      ASESMEN_MESSAGES.otherJenis('akhir-semester', 'lingkup-materi'),
    );

    // The template's sheet without its identification sheet (copied into a new file, decision 052):
    // read by the rows' own proof (the pupil's hidden id and name, this subject's TP ids), with a note.
    const hand = new ExcelJS.Workbook();
    const ws = hand.addWorksheet('Sumatif Lingkup Materi');
    ws.getRow(8).values = [null, null, null, null, tp[0]];
    ws.getRow(9).values = ['No', 'PD_ID', 'Nama', 'NISN', 'TP 1'];
    ws.getRow(10).values = [1, pupils[0]?.anggota_rombel_id, pupils[0]?.nama, '', 70];
    const handMade = await upload(mtk, 'lingkup-materi', await bufferOf(hand));
    expect(handMade.status).toBe(200);
    expect(handMade.body.rows).toEqual([
      { anggota_rombel_id: pupils[0]?.anggota_rombel_id, values: { [tp[0] as string]: '70' } },
    ]);
    expect(handMade.body.catatan[0]).toBe(ASESMEN_MESSAGES.copiedRead('Sumatif Lingkup Materi'));
    // A broken identification sheet is still the bare refusal: the file claims to be ours and is not.
    hand.addWorksheet('erapor', { state: 'veryHidden' }).addRow(['mark', 'e-Rapor SMK template nilai']);
    const brokenMeta = await upload(mtk, 'lingkup-materi', await bufferOf(hand));
    expect([brokenMeta.status, brokenMeta.body.details?.file_excel]).toEqual([
      422,
      ASESMEN_MESSAGES.formatSalah,
    ]);

    const csv = await upload(mtk, 'lingkup-materi', Buffer.from('No;Nama\n1;A\n'), 'nilai.csv');
    expect(csv.body.details?.file_excel).toBe(ASESMEN_MESSAGES.fileType);
    const renamed = await upload(mtk, 'lingkup-materi', Buffer.from('No;Nama\n1;A\n'), 'nilai.xlsx');
    expect(renamed.status).toBe(422);
    expect(renamed.body.details?.file_excel).toBe(ASESMEN_MESSAGES.fileType);
    // A zip that is no workbook.
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(200)]);
    expect((await upload(mtk, 'lingkup-materi', broken)).body.details?.file_excel).toBe(
      SPREADSHEET_MESSAGES.unreadable,
    );
    // A template whose heading row was broken.
    const broke = await workbookOf((await download(mtk, 'lingkup-materi')).data);
    (broke.getWorksheet('Sumatif Lingkup Materi') as ExcelJS.Worksheet).getCell('C9').value = 'Nama Siswa';
    expect((await upload(mtk, 'lingkup-materi', await bufferOf(broke))).body.details?.file_excel).toBe(
      ASESMEN_MESSAGES.headingMissing('Sumatif Lingkup Materi', 'Nama'),
    );
    // The K13 template uploaded where it belongs is fine.
    const ok = await upload(k13, 'lingkup-materi', other.data);
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body.rows[0]?.values ?? {})).toEqual(k13Tp);
  });

  /** The stored TP 1 score of the first pupil, as a fresh template shows it. */
  const storedFirst = async () =>
    (await workbookOf((await download(mtk, 'lingkup-materi')).data))
      .getWorksheet('Sumatif Lingkup Materi')
      ?.getCell('E10').value;

  it('refuses a file sorted on its visible columns only, naming each row, and changes nothing', async () => {
    const wb = await workbookOf((await download(mtk, 'lingkup-materi')).data);
    const sheet = wb.getWorksheet('Sumatif Lingkup Materi') as ExcelJS.Worksheet;
    const last = 9 + pupils.length;
    // Names, NISN and scores sorted by name descending; the hidden PD_ID column B stays put.
    const rows = [];
    for (let r = 10; r <= last; r++) rows.push([3, 4, 5, 6].map((c) => sheet.getCell(r, c).value));
    rows.sort((a, b) => String(b[0]).localeCompare(String(a[0])));
    rows.forEach((cells, i) => {
      cells.forEach((v, j) => {
        sheet.getCell(10 + i, 3 + j).value = v;
      });
    });
    const res = await upload(mtk, 'lingkup-materi', await bufferOf(wb));
    expect(res.status).toBe(422);
    const listed = Object.entries(res.body.details ?? {}).filter(([k]) => k !== 'file_excel');
    const moved = rows
      .map((cells, i) => ({ i, nama: String(cells[0]) }))
      .filter(({ i, nama }) => nama !== pupils[i]?.nama);
    expect(moved.length).toBeGreaterThan(1);
    expect(listed).toHaveLength(moved.length);
    const first = moved[0] as { i: number; nama: string };
    expect(listed[0]?.[1]).toMatch(
      new RegExp(
        `^Baris ${10 + first.i}: nama '${first.nama}' tidak sesuai dengan peserta didik pada baris ini \\(${pupils[first.i]?.nama}`,
      ),
    );
    expect(res.body.details?.file_excel).toBe(ASESMEN_MESSAGES.refused(moved.length));
    expect(res.body.rows).toBeUndefined();
    expect(await storedFirst()).toBe(88);
  });

  it('refuses an error-valued formula by its cell, never reading it as an empty score', async () => {
    const wb = await workbookOf((await download(mtk, 'lingkup-materi')).data);
    const sheet = wb.getWorksheet('Sumatif Lingkup Materi') as ExcelJS.Worksheet;
    sheet.getCell('E10').value = { formula: 'F10/0', result: { error: '#DIV/0!' } };
    const res = await upload(mtk, 'lingkup-materi', await bufferOf(wb));
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({
      file_excel: ASESMEN_MESSAGES.refused(1),
      'file_excel.1': SPREADSHEET_MESSAGES.formulaError('E10', '#DIV/0!'),
    });
    expect(await storedFirst()).toBe(88);
  });

  it('reads the scores of a file with inserted columns and names the column it ignored', async () => {
    const wb = await workbookOf((await download(mtk, 'lingkup-materi')).data);
    const sheet = wb.getWorksheet('Sumatif Lingkup Materi') as ExcelJS.Worksheet;
    sheet.getCell('F10').value = 77;
    sheet.spliceColumns(5, 0, ['', '', '', '', '', '', '', '', 'Catatan', 'remedial']);
    sheet.spliceColumns(7, 0, []);
    const res = await upload(mtk, 'lingkup-materi', await bufferOf(wb));
    expect(res.status).toBe(200);
    expect(res.body.rows[0]).toEqual({
      anggota_rombel_id: pupils[0]?.anggota_rombel_id,
      values: { [tp[0] as string]: '88', [tp[1] as string]: '77' },
    });
    expect(res.body.catatan).toEqual([ASESMEN_MESSAGES.columnIgnored('E', 'Catatan')]);
  });

  it('says which semester a template of another semester is for', async () => {
    const wb = await workbookOf((await download(mtk, 'lingkup-materi')).data);
    const meta = wb.getWorksheet('erapor') as ExcelJS.Worksheet;
    meta.eachRow((row) => {
      if (row.getCell(1).value === 'pembelajaran_id')
        row.getCell(2).value = '00000000-0000-4000-8000-00000000ffff';
      if (row.getCell(1).value === 'semester_id') row.getCell(2).value = '20241';
    });
    const res = await upload(mtk, 'lingkup-materi', await bufferOf(wb));
    expect(res.status).toBe(422);
    expect(res.body.details?.file_excel).toMatch(
      /^File ini adalah template semester .+, sedangkan yang sedang dibuka semester .+\. Silahkan Unduh Template ulang dari semester ini!$/,
    );
    expect(res.body.details?.file_excel).not.toContain(mtk.nama_mata_pelajaran);
  });

  it('lets the teacher upload (the wali only downloads), and not while grading is closed', async () => {
    const file = (await download(mtk, 'lingkup-materi')).data;
    expect((await download(mtk, 'lingkup-materi', 'wali')).status).toBe(200);
    expect((await download(mtk, 'lingkup-materi', 'admin')).status).toBe(403);
    expect((await upload(mtk, 'lingkup-materi', file, 'nilai.xlsx', 'wali')).status).toBe(403);
    expect((await upload(mtk, 'lingkup-materi', file, 'nilai.xlsx', 'admin')).status).toBe(403);
    expect((await download(mtk, 'rapor')).status).toBe(400);
    const missing = await t().app.inject({
      method: 'POST',
      url: `/api/penilaian/pembelajaran/${mtk.pembelajaran_id}/upload/lingkup-materi`,
      payload: {},
      headers: bearer(tokens.guru ?? ''),
    });
    expect(missing.statusCode).toBe(422);
    expect(json<{ details: Record<string, string> }>(missing).details.file_excel).toBe(
      ASESMEN_MESSAGES.fileRequired,
    );
    await t().app.inject({
      method: 'PUT',
      url: '/api/status-penilaian',
      payload: { status: false },
      headers: bearer(tokens.admin ?? ''),
    });
    try {
      const closed = await upload(mtk, 'lingkup-materi', file);
      expect(closed.status).toBe(423);
      expect(closed.body.message).toBe(PENILAIAN_GATE_MESSAGES.closedBySchool);
    } finally {
      await t().app.inject({
        method: 'PUT',
        url: '/api/status-penilaian',
        payload: { status: true },
        headers: bearer(tokens.admin ?? ''),
      });
    }
  });
});

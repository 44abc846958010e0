import { join } from 'node:path';
import { p5SubElemen } from '@erapor/reference-data/p5';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { describeEngines } from '../../../test/engines';
import { excerpt, fixtureDir, PUBLISHED_DIR, smallReferenceDir } from '../../../test/reference-fixtures';
import { getActiveSemester, setActiveSemester } from '../../sekolah/service';
import { rapikanTeksP5 } from '../teks-p5';
import { loadBuiltinReference } from './builtin';
import { readJsonArray, readWorkbook } from './readers';
import { importReferenceDirectory, ReferenceDirError } from './run';
import { summaryLine } from './summary';
import type { TableCounts } from './upsert';

const total = (tables: Record<string, TableCounts>, k: keyof TableCounts) =>
  Object.values(tables).reduce((s, c) => s + c[k], 0);

describe('readers', () => {
  it('streams the real ref_cp_pkl.xlsx with exceljs’ WorkbookReader: header row = field names', async () => {
    const rows = [];
    for await (const r of readWorkbook(join(PUBLISHED_DIR, 'xlsx/ref_cp_pkl.xlsx'))) rows.push(r);
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r.rowNumber)).toEqual([2, 3, 4, 5, 6]);
    expect(rows[0]?.sheet).toBe('Sheet1');
    expect(rows[0]?.row).toMatchObject({
      kelas: 12,
      mata_pelajaran_id: 800001000,
      fase: 'F',
      kurikulum: 2021,
      kompetensi_id: 3,
      elemen: 'Berdampak (Impacting)',
    });
    expect(String(rows[1]?.row.deskripsi)).toMatch(/^Pada akhir fase F/);
  });

  it('reads a JSON array element by element with 1-based row numbers, whole or streamed', async () => {
    const f = fixtureDir();
    try {
      f.write('a.json', '[{"id":1},{"id":2},\n{"id":3}]');
      f.write('broken.json', '[{"id":1},{"id":');
      for (const wholeFileMax of [1024, 0]) {
        const rows = [];
        for await (const r of readJsonArray(join(f.dir, 'a.json'), wholeFileMax)) rows.push(r);
        expect(rows).toEqual([
          { rowNumber: 1, row: { id: 1 } },
          { rowNumber: 2, row: { id: 2 } },
          { rowNumber: 3, row: { id: 3 } },
        ]);
        const broken = async () => {
          for await (const _ of readJsonArray(join(f.dir, 'broken.json'), wholeFileMax));
        };
        await expect(broken()).rejects.toThrow();
      }
      // The stream-json path over a real part file gives the same rows as JSON.parse.
      const part = join(PUBLISHED_DIR, 'json/kompetensi_dasar/kompetensi_dasar-5.json');
      const streamed = [];
      for await (const r of readJsonArray(part, 0)) streamed.push(r.row);
      expect(streamed).toEqual(excerpt('json/kompetensi_dasar/kompetensi_dasar-5.json'));
    } finally {
      f.remove();
    }
  });
});

describeEngines('national reference import', { config: { seedDemo: false } }, (t) => {
  const fixture = smallReferenceDir();
  afterAll(() => fixture.remove());
  const db = () => t().db.db;
  const one = async <T>(q: string, params: unknown[] = []) => (await t().db.query<T>(q, params))[0] as T;

  it('loads every file of the directory and counts per table; the active semester stays', async () => {
    await setActiveSemester(db(), '20211');
    const report = await importReferenceDirectory(db(), fixture.dir);

    expect(report.failedFiles).toEqual([]);
    expect(report.badTotal).toBe(0);
    expect(report.files).toBe(13 + 4); // 13 published files + e-Rapor's own rows
    // Built-in rows already there (the app loaded them at start-up) are unchanged...
    expect(report.tables.ref_agama).toMatchObject({ inserted: 0, updated: 0, unchanged: 9 });
    expect(report.tables.ref_jenis_ptk).toMatchObject({ inserted: 0, updated: 0, unchanged: 42 + 2 });
    // ...gelar.json adds its own dates to the Dapodik title rows, nothing else.
    expect(report.tables.ref_gelar_akademik).toMatchObject({ inserted: 0, updated: 263, unchanged: 287 });
    // Split tables: both parts.
    expect(report.tables.ref_kompetensi_dasar).toMatchObject({ inserted: 50, updated: 0, bad: 0 });
    expect(report.tables.ref_mata_pelajaran_kurikulum).toMatchObject({ inserted: 20 });
    expect(report.tables.ref_capaian_pembelajaran).toMatchObject({ inserted: 5 });
    expect(report.tables.ref_p5_sub_elemen).toMatchObject({ unchanged: 42 });
    // Periods before 2020/2021 are not the installation's; the others exist already.
    expect(report.tables.semester).toMatchObject({ inserted: 0, updated: 0, unchanged: 5, skipped: 53 });
    expect(report.changed).toBe(true);

    // semester.json marks 20221 active: the import never moves the administrator's choice.
    expect((await getActiveSemester(db()))?.semester_id).toBe('20211');
    const actives = await t().db.query<{ n: number }>(
      'select count(*)::int as n from semester where periode_aktif',
    );
    expect(actives[0]?.n).toBe(1);

    const kd = excerpt('json/kompetensi_dasar/kompetensi_dasar-2.json', 1)[0] as Record<string, unknown>;
    const stored = await one<{ kompetensi_dasar: string; kelas_10: number | null; created_at: string }>(
      'select kompetensi_dasar, kelas_10, created_at::text from ref_kompetensi_dasar where kompetensi_dasar_id = $1',
      [kd.kompetensi_dasar_id],
    );
    expect(stored).toEqual({
      kompetensi_dasar: kd.kompetensi_dasar,
      kelas_10: kd.kelas_10,
      created_at: kd.created_at,
    });
  });

  it('a second run changes nothing and says so', async () => {
    const report = await importReferenceDirectory(db(), fixture.dir);
    expect(report.changed).toBe(false);
    expect(total(report.tables, 'inserted')).toBe(0);
    expect(total(report.tables, 'updated')).toBe(0);
    expect(summaryLine(report)).toBe('Tidak ada perubahan: semua data referensi sudah sama dengan berkas.');
  });

  it('a row changed in one file is updated and nothing else (JSON part and workbook)', async () => {
    const part = 'json/kompetensi_dasar/kompetensi_dasar-2.json';
    const rows = excerpt(part, 25);
    const target = rows[4] as Record<string, unknown>;
    target.kompetensi_dasar = 'Teks KD yang diperbarui oleh Kemdikbud';
    fixture.write(part, rows);

    const cpBefore = await one<{ cp_id: number }>(
      `select cp_id from ref_capaian_pembelajaran where mata_pelajaran_id = 800001000 and elemen = 'Penerapan Hard Skills'`,
    );
    const file = join(fixture.dir, 'xlsx/ref_cp_pkl.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const sheet = wb.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.getRow(4).getCell(7).value).toBe('Penerapan Hard Skills');
    sheet.getRow(4).getCell(8).value = 'Deskripsi PKL yang diperbarui.';
    await wb.xlsx.writeFile(file);

    const report = await importReferenceDirectory(db(), fixture.dir);
    expect(total(report.tables, 'inserted')).toBe(0);
    expect(total(report.tables, 'updated')).toBe(2);
    expect(report.tables.ref_kompetensi_dasar).toMatchObject({ updated: 1, unchanged: 49 });
    expect(report.tables.ref_capaian_pembelajaran).toMatchObject({ updated: 1, unchanged: 4 });
    expect(
      await one('select kompetensi_dasar from ref_kompetensi_dasar where kompetensi_dasar_id = $1', [
        target.kompetensi_dasar_id,
      ]),
    ).toEqual({ kompetensi_dasar: 'Teks KD yang diperbarui oleh Kemdikbud' });
    // The workbook row kept its cp_id (found again by subject, phase and element).
    expect(
      await one(`select cp_id, deskripsi from ref_capaian_pembelajaran where cp_id = $1`, [cpBefore.cp_id]),
    ).toEqual({ cp_id: cpBefore.cp_id, deskripsi: 'Deskripsi PKL yang diperbarui.' });
    expect(summaryLine(report)).toBe('Selesai: 0 baris baru, 2 diubah, 784 tetap.');
  });

  it('reports bad rows with file and row, a broken file by name, and loads the rest', async () => {
    const f = fixtureDir();
    try {
      const [a, b] = excerpt('json/kompetensi_dasar/kompetensi_dasar-3.json', 2) as Record<string, unknown>[];
      f.write('json/kompetensi_dasar/kompetensi_dasar-9.json', [
        a,
        { ...a, kompetensi_dasar_id: null },
        { ...a, kompetensi_dasar_id: '00000000-0000-4000-8000-000000000001', kompetensi_id: 'dua' },
        42,
        b,
      ]);
      f.write('json/pekerjaan.json', '[{"pekerjaan_id": 1, "nama": "Tidak bekerja"}, {"pekerjaan_id": ');
      f.write('json/ref_agama.json', excerpt('json/ref_agama.json'));
      // A row only the database can refuse (CHECK semester in (1, 2)): the batch is retried row by row.
      const [s20201] = excerpt('json/semester.json').filter((r) => r.semester_id === '20201');
      f.write('json/semester.json', [
        s20201,
        { ...s20201, semester_id: '20203', nama: '2020/2021 Pendek', semester: '3' },
      ]);

      const report = await importReferenceDirectory(db(), f.dir);
      expect(report.tables.semester).toMatchObject({ unchanged: 1, bad: 1 });
      expect(report.badRows.find((b) => b.file === 'json/semester.json')).toMatchObject({
        row: 2,
        message: expect.stringMatching(/^ditolak database: .*semester_semester_check/),
      });
      expect(report.tables.ref_kompetensi_dasar).toMatchObject({ inserted: 2, bad: 3 });
      expect(report.badTotal).toBe(4);
      expect(report.badRows.filter((b) => b.file !== 'json/semester.json')).toEqual([
        {
          file: 'json/kompetensi_dasar/kompetensi_dasar-9.json',
          row: 2,
          message: 'kompetensi_dasar_id: kunci kosong',
        },
        {
          file: 'json/kompetensi_dasar/kompetensi_dasar-9.json',
          row: 3,
          message: 'kompetensi_id: "dua" bukan bilangan bulat',
        },
        { file: 'json/kompetensi_dasar/kompetensi_dasar-9.json', row: 4, message: 'bukan objek JSON' },
      ]);
      expect(report.failedFiles).toHaveLength(1);
      expect(report.failedFiles[0]?.file).toBe('json/pekerjaan.json');
      expect(report.tables.ref_pekerjaan).toBeUndefined();
      expect(report.tables.ref_agama).toMatchObject({ unchanged: 9 });
      expect(summaryLine(report)).toMatch(/4 baris salah \(dilewati\), 1 berkas gagal\.$/);
      const n = await one<{ n: number }>(
        'select count(*)::int as n from ref_kompetensi_dasar where kompetensi_dasar_id in ($1, $2)',
        [a?.kompetensi_dasar_id, b?.kompetensi_dasar_id],
      );
      expect(n.n).toBe(2);
    } finally {
      f.remove();
    }
  });

  it('refuses a directory that is not a reference directory', async () => {
    const f = fixtureDir();
    try {
      await expect(importReferenceDirectory(db(), join(f.dir, 'missing'))).rejects.toThrow(ReferenceDirError);
      await expect(importReferenceDirectory(db(), f.dir)).rejects.toThrow(/bukan folder data referensi/);
    } finally {
      f.remove();
    }
  });

  it('the built-in set is loaded at start-up and loading it again changes nothing', async () => {
    expect(await one('select count(*)::int as n from ref_agama')).toEqual({ n: 9 });
    expect(await one('select nama from ref_mata_pelajaran where mata_pelajaran_id = 800001000')).toEqual({
      nama: 'Praktik Kerja Lapangan',
    });
    expect(await one('select count(*)::int as n from ref_p5_opsi')).toEqual({ n: 5 });
    const again = await loadBuiltinReference(db());
    expect(again.badTotal).toBe(0);
    expect(total(again.tables, 'inserted')).toBe(0);
    // The fixture imports above wrote national rows the built-in set also has (same values):
    // nothing flips back and forth between the two.
    expect(total(again.tables, 'updated')).toBe(0);
  });

  it('stores the P5 texts split where the national file glued them; a start repairs older rows', async () => {
    // Built-in and p5.xlsx alike: row 37 is published "... informasi yangkompleks ... suatugagasan ...".
    const row = () => one<{ sub_elemen: string }>('select sub_elemen from ref_p5_sub_elemen where no = 37');
    expect((await row()).sub_elemen).toContain('informasi yang kompleks dan abstrak');
    expect((await row()).sub_elemen).toContain('suatu gagasan yang paling relevan');
    // A database from an earlier version holds the published text: the start-up repair fixes it.
    const published = p5SubElemen.find((r) => r.no === 37)?.sub_elemen ?? '';
    expect(published).toContain('yangkompleks');
    await t().db.query('update ref_p5_sub_elemen set sub_elemen = $1 where no = 37', [published]);
    await t().db.query(`update ref_p5_elemen set elemen = elemen || E'\\n ' where no = 1`);
    expect(await rapikanTeksP5(db())).toBe(2);
    expect((await row()).sub_elemen).toContain('informasi yang kompleks dan abstrak');
    expect(await one('select elemen from ref_p5_elemen where no = 1')).toEqual({ elemen: 'Akhlak beragama' });
    // A second start writes nothing.
    expect(await rapikanTeksP5(db())).toBe(0);
  });
});

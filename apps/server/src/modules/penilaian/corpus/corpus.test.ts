import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ASESMEN_MESSAGES, type JenisTemplate } from '@erapor/contract/penilaian/asesmen';
import { SPREADSHEET_MESSAGES } from '@erapor/contract/spreadsheet';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors';
import type { WorkbookData } from '../../../lib/spreadsheet/model';
import { readWorkbook, SpreadsheetRefused } from '../../../lib/spreadsheet/read';
import { copiedMeta, readGrades, readTemplateMeta } from '../excel-upload';
import { PEMBELAJARAN_ID, PUPILS, SAS, SCORES, SEMESTER_ID, TP, templateInput } from './fixture';

/*
 * Every file of the corpus (make-corpus.ts: the templates as teachers edit them, written by exceljs
 * and re-saved by LibreOffice Calc) read as an upload, with the exact outcome: the values each pupil
 * gets, the notes, or the refusal with every listed problem. The expectations are written out by
 * hand from what each file holds, never taken from a run.
 */

const DIR = join(import.meta.dirname, 'files');
const [ADI, BUNGA, MARUF, NUR, SYAHRIL, YOHANA] = PUPILS.map((p) => p.anggota_rombel_id) as [
  string,
  string,
  string,
  string,
  string,
  string,
];
const tp = TP.map((t) => t.tp_id);
const { mapel: MAPEL, kelas: KELAS } = templateInput('lingkup-materi');

type Values = Record<string, string>;
const slm = (scores: (number | string)[]): Values =>
  Object.fromEntries(tp.map((id, j) => [id, String(scores[j] ?? '')]));
const filledSlm = (): Record<string, Values> =>
  Object.fromEntries(PUPILS.map((p, i) => [p.anggota_rombel_id, slm(SCORES[i] ?? [])]));
const filledSas = (): Record<string, Values> =>
  Object.fromEntries(
    PUPILS.map((p, i) => [p.anggota_rombel_id, { 'non-tes': String(SAS[i]?.[0]), tes: String(SAS[i]?.[1]) }]),
  );

const filledNa = (): Record<string, Values> =>
  Object.fromEntries(
    PUPILS.map((p, i) => [
      p.anggota_rombel_id,
      {
        nilai_akhir: String(75 + i),
        ...Object.fromEntries(tp.map((id, j) => [id, (i + j) % 3 === 0 ? '0' : '1'])),
      },
    ]),
  );

type Outcome =
  | { values: Record<string, Values>; catatan: string[] }
  | { refused: string[] }
  /** Refused as a whole, one message (a NUL cell, a copied sheet that proves nothing). */
  | { refusedFile: string };

const mismatch = (baris: number, nama: string, pd: string) =>
  ASESMEN_MESSAGES.rowNameMismatch(baris, nama, pd);
const sortedVisible = [
  mismatch(10, 'Yohana Sitorus', 'Adi Saputra, NISN 0012345671'),
  mismatch(11, 'Syahril Nugraha', 'Bunga Citra Lestari, NISN 0107437649'),
  mismatch(12, 'Nur Aini', "Muhammad Ma'ruf, NISN 0098765432"),
  mismatch(13, "Muhammad Ma'ruf", 'Nur Aini'),
  mismatch(14, 'Bunga Citra Lestari', 'Syahril Nugraha, NISN 0076543210'),
  mismatch(15, 'Adi Saputra', 'Yohana Sitorus, NISN 0065432109'),
];

const EXPECTED: Record<string, Outcome> = {
  'slm-filled': { values: filledSlm(), catatan: [] },
  'slm-text-and-emptied': {
    // Text as typed for the grid to judge ("85,5" is refused there and on save); the emptied cell
    // is empty, so Simpan would delete that score — the teacher emptied it.
    values: {
      ...filledSlm(),
      [ADI]: slm(['85,5', 85, 90]),
      [BUNGA]: slm([77, 75, 78]),
      [MARUF]: slm(['', 92, 95]),
    },
    catatan: [],
  },
  'slm-blank-rows': { values: filledSlm(), catatan: [] },
  'slm-sorted-whole-rows': { values: filledSlm(), catatan: [] },
  'slm-sorted-visible-columns': { refused: sortedVisible },
  'slm-formula-results': {
    values: { ...filledSlm(), [ADI]: slm([85, 85, 90]), [BUNGA]: slm([70, 75, 73]) },
    catatan: [],
  },
  'slm-formula-errors': {
    refused: [
      SPREADSHEET_MESSAGES.formulaError('F12', '#DIV/0!'),
      SPREADSHEET_MESSAGES.formulaError('E13', '#N/A'),
      SPREADSHEET_MESSAGES.formulaError('G14', '#NAME?'),
      SPREADSHEET_MESSAGES.formulaError('F15', '#VALUE!'),
    ],
  },
  'slm-formula-no-result': { refused: [SPREADSHEET_MESSAGES.formulaNoResult('F11')] },
  'slm-inserted-column-before-tp1': {
    values: filledSlm(),
    catatan: [ASESMEN_MESSAGES.columnIgnored('E', 'Catatan')],
  },
  'slm-inserted-column-between-tp': { values: filledSlm(), catatan: [] },
  'slm-renamed-sheet': { values: filledSlm(), catatan: [] },
  'slm-deleted-instruction-row': { values: filledSlm(), catatan: [] },
  'slm-added-rows': {
    values: { ...filledSlm(), [NUR]: slm([61, 66, 71]), [SYAHRIL]: slm([78, 82, 85]) },
    catatan: [
      ASESMEN_MESSAGES.rowMatched(14, 'Nur Aini', 'nama'),
      ASESMEN_MESSAGES.rowNotRead(15, 'Siswa Pindahan'),
      ASESMEN_MESSAGES.rowMatched(16, 'Syahril Nugraha, NISN 0076543210', 'NISN'),
    ],
  },
  'slm-autocorrect': { values: filledSlm(), catatan: [] },
  'slm-duplicate-row': {
    refused: [ASESMEN_MESSAGES.rowDuplicate(16, 'Adi Saputra, NISN 0012345671', 10)],
  },
  'sas-filled': { values: filledSas(), catatan: [] },
  'sas-sorted-visible-columns': { refused: sortedVisible },
  'sas-inserted-column': { values: filledSas(), catatan: [] },
  'sas-formula-error': { refused: [SPREADSHEET_MESSAGES.formulaError('F10', '#DIV/0!')] },
  'na-filled': { values: filledNa(), catatan: [] },
  'na-formula-error': { refused: [SPREADSHEET_MESSAGES.formulaError('E16', '#N/A')] },
  // Decision 052: a merged range over value cells is refused by address; label merges change nothing.
  'slm-merged-scores': {
    refused: [SPREADSHEET_MESSAGES.merged('F10:G10'), SPREADSHEET_MESSAGES.merged('E12:E13')],
  },
  'slm-merged-labels': { values: filledSlm(), catatan: [] },
  'sas-merged-scores': { refused: [SPREADSHEET_MESSAGES.merged('E11:F11')] },
  'na-merged-ketercapaian': { refused: [SPREADSHEET_MESSAGES.merged('G13:G15')] },
  'slm-copied-to-new-file': {
    values: filledSlm(),
    catatan: [ASESMEN_MESSAGES.copiedRead('Sumatif Lingkup Materi')],
  },
  'sas-copied-to-new-file': {
    values: filledSas(),
    catatan: [ASESMEN_MESSAGES.copiedRead('Sumatif Akhir Semester')],
  },
  'sas-copied-other-mapel': {
    refusedFile: ASESMEN_MESSAGES.copiedRefused(ASESMEN_MESSAGES.copiedOtherMapel('Matematika', MAPEL)),
  },
  'na-copied-to-new-file': {
    values: filledNa(),
    catatan: [ASESMEN_MESSAGES.copiedRead('Nilai Akhir')],
  },
  'slm-nul-cell': { refusedFile: SPREADSHEET_MESSAGES.nulChar('Sumatif Lingkup Materi', 'F11') },
};

function jenisOf(file: string): JenisTemplate {
  if (file.startsWith('slm-')) return 'lingkup-materi';
  if (file.startsWith('sas-')) return 'akhir-semester';
  return 'nilai-akhir';
}

async function read(file: string): Promise<Outcome> {
  const jenis = jenisOf(file);
  const columns = new Set<string>(jenis === 'akhir-semester' ? ['non-tes', 'tes'] : tp);
  if (jenis === 'nilai-akhir') columns.add('nilai_akhir');
  let workbook: WorkbookData;
  try {
    workbook = await readWorkbook(readFileSync(join(DIR, file)), file);
  } catch (err) {
    if (err instanceof SpreadsheetRefused) return { refusedFile: err.message };
    throw err;
  }
  const found = readTemplateMeta(workbook);
  // Only the copied sheets lack the identification sheet; they are read as the upload's own.
  expect(found === null).toBe(file.includes('-copied-'));
  if (found) expect(found).toMatchObject({ jenis, pembelajaranId: PEMBELAJARAN_ID, semesterId: SEMESTER_ID });
  const meta = found ?? copiedMeta(jenis, PEMBELAJARAN_ID, MAPEL, KELAS);
  try {
    const parsed = readGrades(workbook, meta, { jenis, pupils: PUPILS, columns });
    return {
      values: Object.fromEntries(parsed.rows.map((r) => [r.anggota_rombel_id, r.values])),
      catatan: parsed.catatan,
    };
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode !== 422) throw err;
    const details = err.details ?? {};
    if (Object.keys(details).length === 1) return { refusedFile: details.file_excel as string };
    expect(details.file_excel).toBe(ASESMEN_MESSAGES.refused(Object.keys(details).length - 1));
    return {
      refused: Object.keys(details)
        .filter((k) => k !== 'file_excel')
        .map((k) => details[k] as string),
    };
  }
}

const files = readdirSync(DIR).filter((f) => f.endsWith('.xlsx'));

describe('the corpus of edited templates', () => {
  it('holds every variation, written by exceljs and re-saved by LibreOffice Calc', () => {
    for (const name of Object.keys(EXPECTED)) {
      expect(files, name).toContain(`${name}.exceljs.xlsx`);
      if (name !== 'slm-formula-no-result') expect(files, name).toContain(`${name}.calc.xlsx`);
    }
    expect(files).toContain('slm-filled.calc-via-ods.xlsx');
    expect(files).toContain('slm-filled.calc-via-xls.xlsx');
    expect(files).toContain('sas-filled.calc-via-ods.xlsx');
  });

  it.each(files)('%s', async (file) => {
    const name = file.replace(/\.(exceljs|calc|calc-via-ods|calc-via-xls)\.xlsx$/, '');
    const expected = EXPECTED[name];
    if (!expected) throw new Error(`no expectation for ${file}`);
    expect(await read(file)).toEqual(expected);
  });

  it('never gives a pupil another pupil’s score: the sorted file is refused, the whole-row sort reads right', async () => {
    const whole = await read('slm-sorted-whole-rows.calc.xlsx');
    expect('values' in whole && whole.values[YOHANA]).toEqual(slm(SCORES[5] ?? []));
    expect(await read('slm-sorted-visible-columns.calc.xlsx')).toHaveProperty('refused');
  });
});

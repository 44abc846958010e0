/*
 * Makes the corpus of grade templates as teachers edit them (committed under ./files; CI only reads
 * them). Each variation is written by exceljs ("*.exceljs.xlsx") and, where LibreOffice Calc is
 * installed, re-saved by it ("*.calc.xlsx"; one also through .ods and one through .xls), the way a
 * teacher's spreadsheet program rewrites a file. Run on a machine with libreoffice-calc:
 *
 *   npx tsx apps/server/src/modules/penilaian/corpus/make-corpus.ts [name…]
 *
 * Names given make only those variations (the other committed files stay as they are).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import ExcelJS from 'exceljs';
import { buildTemplate } from '../excel';
import { FIRST_ROW, FIRST_VALUE_COL, NA_FIRST_ROW, SHEET_NAME } from '../excel-layout';
import { PUPILS, SAS, SCORES, TP, templateInput } from './fixture';

const OUT = join(import.meta.dirname, 'files');
const LAST_ROW = FIRST_ROW + PUPILS.length - 1;

type Edit = (wb: ExcelJS.Workbook) => void | Promise<void>;
interface Variation {
  name: string;
  jenis: 'lingkup-materi' | 'akhir-semester' | 'nilai-akhir';
  edit: Edit;
  /** Also re-save through these formats and back to xlsx. */
  via?: ('ods' | 'xls')[];
  /** exceljs only: LibreOffice would compute the formula (the file a script writes). */
  exceljsOnly?: boolean;
}

/** The grade sheet alone, as a teacher who copies it into a new workbook gets it (no meta sheet). */
function keepOnlyGradeSheet(wb: ExcelJS.Workbook, jenis: Variation['jenis']): void {
  for (const ws of [...wb.worksheets]) if (ws.name !== SHEET_NAME[jenis]) wb.removeWorksheet(ws.id);
}

const sheetOf = (wb: ExcelJS.Workbook, jenis: Variation['jenis']) =>
  wb.getWorksheet(SHEET_NAME[jenis]) as ExcelJS.Worksheet;

function fillScores(wb: ExcelJS.Workbook): void {
  const ws = sheetOf(wb, 'lingkup-materi');
  SCORES.forEach((row, i) => {
    row.forEach((v, j) => {
      ws.getCell(FIRST_ROW + i, FIRST_VALUE_COL + j).value = v;
    });
  });
}

function fillSas(wb: ExcelJS.Workbook): void {
  const ws = sheetOf(wb, 'akhir-semester');
  SAS.forEach(([nonTes, tes], i) => {
    ws.getCell(FIRST_ROW + i, FIRST_VALUE_COL).value = nonTes ?? null;
    ws.getCell(FIRST_ROW + i, FIRST_VALUE_COL + 1).value = tes ?? null;
  });
}

function fillNa(wb: ExcelJS.Workbook): void {
  const ws = sheetOf(wb, 'nilai-akhir');
  PUPILS.forEach((_, i) => {
    const first = NA_FIRST_ROW + i * TP.length;
    ws.getCell(first, 5).value = 75 + i;
    TP.forEach((_tp, j) => {
      ws.getCell(first + j, 7).value = (i + j) % 3 === 0 ? 0 : 1;
    });
  });
}

/** Sorts rows FIRST_ROW..LAST_ROW by name, descending, moving only columns `from`..`to`. */
function sortRows(ws: ExcelJS.Worksheet, from: number, to: number): void {
  const rows = [];
  for (let r = FIRST_ROW; r <= LAST_ROW; r++) {
    const cells = [];
    for (let c = from; c <= to; c++) cells.push(ws.getCell(r, c).value);
    rows.push(cells);
  }
  const nameAt = 3 - from;
  rows.sort((a, b) => String(b[nameAt]).localeCompare(String(a[nameAt])));
  rows.forEach((cells, i) => {
    cells.forEach((v, j) => {
      ws.getCell(FIRST_ROW + i, from + j).value = v;
    });
  });
}

const SLM: Variation[] = [
  { name: 'slm-filled', jenis: 'lingkup-materi', edit: fillScores, via: ['ods', 'xls'] },
  {
    name: 'slm-text-and-emptied',
    jenis: 'lingkup-materi',
    edit: (wb) => {
      fillScores(wb);
      const ws = sheetOf(wb, 'lingkup-materi');
      ws.getCell(FIRST_ROW, FIRST_VALUE_COL).value = '85,5'; // a decimal comma typed as text
      ws.getCell(FIRST_ROW + 1, FIRST_VALUE_COL).value = ' 77 '; // a number stored as text
      ws.getCell(FIRST_ROW + 2, FIRST_VALUE_COL).value = null; // emptied
    },
  },
  {
    name: 'slm-blank-rows',
    jenis: 'lingkup-materi',
    edit: (wb) => {
      fillScores(wb);
      const ws = sheetOf(wb, 'lingkup-materi');
      ws.spliceRows(FIRST_ROW + 2, 0, []);
      ws.spliceRows(FIRST_ROW + 5, 0, [], []);
    },
  },
  {
    name: 'slm-sorted-whole-rows',
    jenis: 'lingkup-materi',
    edit: (wb) => {
      fillScores(wb);
      sortRows(sheetOf(wb, 'lingkup-materi'), 1, FIRST_VALUE_COL + TP.length - 1);
    },
  },
  {
    name: 'slm-sorted-visible-columns',
    jenis: 'lingkup-materi',
    edit: (wb) => {
      fillScores(wb);
      // Names, NISN and scores sorted; the hidden PD_ID column (B) left where it was.
      sortRows(sheetOf(wb, 'lingkup-materi'), 3, FIRST_VALUE_COL + TP.length - 1);
    },
  },
  {
    name: 'slm-formula-results',
    jenis: 'lingkup-materi',
    edit: (wb) => {
      fillScores(wb);
      const ws = sheetOf(wb, 'lingkup-materi');
      ws.getCell(FIRST_ROW, FIRST_VALUE_COL).value = { formula: '80+5', result: 85 };
      ws.getCell(FIRST_ROW + 1, FIRST_VALUE_COL + 2).value = {
        formula: `ROUND(AVERAGE(E${FIRST_ROW + 1}:F${FIRST_ROW + 1}),0)`,
        result: 73,
      };
    },
  },
  {
    name: 'slm-formula-errors',
    jenis: 'lingkup-materi',
    edit: (wb) => {
      fillScores(wb);
      const ws = sheetOf(wb, 'lingkup-materi');
      ws.getCell(FIRST_ROW + 2, FIRST_VALUE_COL + 1).value = { formula: '1/0', result: { error: '#DIV/0!' } };
      ws.getCell(FIRST_ROW + 3, FIRST_VALUE_COL).value = { formula: 'NA()', result: { error: '#N/A' } };
      ws.getCell(FIRST_ROW + 4, FIRST_VALUE_COL + 2).value = {
        formula: 'NILAIKU(1)',
        result: { error: '#NAME?' },
      };
      ws.getCell(FIRST_ROW + 5, FIRST_VALUE_COL + 1).value = {
        formula: '"a"+1',
        result: { error: '#VALUE!' },
      };
    },
  },
  {
    name: 'slm-formula-no-result',
    jenis: 'lingkup-materi',
    exceljsOnly: true,
    edit: (wb) => {
      fillScores(wb);
      sheetOf(wb, 'lingkup-materi').getCell(FIRST_ROW + 1, FIRST_VALUE_COL + 1).value = {
        formula: '70+5',
      } as ExcelJS.CellFormulaValue;
    },
  },
  {
    name: 'slm-inserted-column-before-tp1',
    jenis: 'lingkup-materi',
    edit: (wb) => {
      fillScores(wb);
      const ws = sheetOf(wb, 'lingkup-materi');
      ws.spliceColumns(FIRST_VALUE_COL, 0, ['', '', '', '', '', '', '', '', 'Catatan', 'rajin', 'cukup']);
    },
  },
  {
    name: 'slm-inserted-column-between-tp',
    jenis: 'lingkup-materi',
    edit: (wb) => {
      fillScores(wb);
      sheetOf(wb, 'lingkup-materi').spliceColumns(FIRST_VALUE_COL + 1, 0, []);
    },
  },
  {
    name: 'slm-renamed-sheet',
    jenis: 'lingkup-materi',
    edit: (wb) => {
      fillScores(wb);
      sheetOf(wb, 'lingkup-materi').name = 'Nilai TKJ';
    },
  },
  {
    name: 'slm-deleted-instruction-row',
    jenis: 'lingkup-materi',
    edit: (wb) => {
      fillScores(wb);
      sheetOf(wb, 'lingkup-materi').spliceRows(7, 1);
    },
  },
  {
    name: 'slm-added-rows',
    jenis: 'lingkup-materi',
    edit: (wb) => {
      fillScores(wb);
      const ws = sheetOf(wb, 'lingkup-materi');
      // Nur Aini's row deleted and typed again at the bottom by name, without the hidden id; a
      // row for someone not in the class.
      ws.spliceRows(FIRST_ROW + 3, 1);
      ws.getRow(LAST_ROW).values = [7, '', 'nur  aini', '', 61, 66, 71];
      ws.getRow(LAST_ROW + 1).values = [8, '', 'Siswa Pindahan', '', 50, 50, 50];
      // Syahril's NISN typed at the bottom, with a nickname.
      ws.spliceRows(FIRST_ROW + 3, 1);
      ws.getRow(LAST_ROW + 1).values = [9, '', 'Ril', '76543210', 78, 82, 85];
    },
  },
  {
    name: 'slm-autocorrect',
    jenis: 'lingkup-materi',
    edit: (wb) => {
      fillScores(wb);
      const ws = sheetOf(wb, 'lingkup-materi');
      ws.getCell(FIRST_ROW + 2, 3).value = 'Muhammad Ma’ruf'; // autocorrect's apostrophe
      ws.getCell(FIRST_ROW + 1, 3).value = 'BUNGA  CITRA lestari '; // case and double spaces
      ws.getCell(FIRST_ROW + 1, 4).value = 107437649; // NISN turned into a number
      ws.getCell(FIRST_ROW + 4, 4).value = '76543210'; // NISN typed without its zeros
    },
  },
  {
    name: 'slm-duplicate-row',
    jenis: 'lingkup-materi',
    edit: (wb) => {
      fillScores(wb);
      const ws = sheetOf(wb, 'lingkup-materi');
      // Adi's row copied below the class, with other scores (row.values is 1-based).
      const copy = ws.getRow(FIRST_ROW).values as ExcelJS.CellValue[];
      ws.getRow(LAST_ROW + 1).values = [...copy.slice(1, FIRST_VALUE_COL), 99, 99, 99];
    },
  },
];

const OTHER: Variation[] = [
  { name: 'sas-filled', jenis: 'akhir-semester', edit: fillSas, via: ['ods'] },
  {
    name: 'sas-sorted-visible-columns',
    jenis: 'akhir-semester',
    edit: (wb) => {
      fillSas(wb);
      sortRows(sheetOf(wb, 'akhir-semester'), 3, FIRST_VALUE_COL + 1);
    },
  },
  {
    name: 'sas-inserted-column',
    jenis: 'akhir-semester',
    edit: (wb) => {
      fillSas(wb);
      sheetOf(wb, 'akhir-semester').spliceColumns(FIRST_VALUE_COL + 1, 0, []);
    },
  },
  {
    name: 'sas-formula-error',
    jenis: 'akhir-semester',
    edit: (wb) => {
      fillSas(wb);
      sheetOf(wb, 'akhir-semester').getCell(FIRST_ROW, FIRST_VALUE_COL + 1).value = {
        formula: '1/0',
        result: { error: '#DIV/0!' },
      };
    },
  },
  {
    name: 'na-filled',
    jenis: 'nilai-akhir',
    edit: fillNa,
  },
  {
    name: 'na-formula-error',
    jenis: 'nilai-akhir',
    edit: (wb) => {
      const ws = sheetOf(wb, 'nilai-akhir');
      ws.getCell(NA_FIRST_ROW, 5).value = 80;
      ws.getCell(NA_FIRST_ROW + TP.length, 5).value = { formula: 'NA()', result: { error: '#N/A' } };
    },
  },
];

/** The filled grade sheet alone in a new workbook. */
const copiedToNewFile = (prefix: string, jenis: Variation['jenis'], fill: Edit): Variation => ({
  name: `${prefix}-copied-to-new-file`,
  jenis,
  edit: async (wb) => {
    await fill(wb);
    keepOnlyGradeSheet(wb, jenis);
  },
});

/** Merged score cells (decision 052) and the grade sheet copied into a new file. */
const MERGED_AND_COPIED: Variation[] = [
  {
    name: 'slm-merged-scores',
    jenis: 'lingkup-materi',
    edit: (wb) => {
      fillScores(wb);
      const ws = sheetOf(wb, 'lingkup-materi');
      // Adi's TP 2 and TP 3 merged across (F10:G10), Ma'ruf's and Nur's TP 1 merged down (E12:E13).
      ws.mergeCells(FIRST_ROW, FIRST_VALUE_COL + 1, FIRST_ROW, FIRST_VALUE_COL + 2);
      ws.mergeCells(FIRST_ROW + 2, FIRST_VALUE_COL, FIRST_ROW + 3, FIRST_VALUE_COL);
    },
  },
  {
    name: 'slm-merged-labels',
    jenis: 'lingkup-materi',
    edit: (wb) => {
      fillScores(wb);
      const ws = sheetOf(wb, 'lingkup-materi');
      // Only labels merged: the title across, the instruction line across.
      ws.mergeCells('A1:G1');
      ws.mergeCells('A7:G7');
    },
  },
  {
    name: 'sas-merged-scores',
    jenis: 'akhir-semester',
    edit: (wb) => {
      fillSas(wb);
      // Bunga's non-tes and tes merged (E11:F11).
      sheetOf(wb, 'akhir-semester').mergeCells(
        FIRST_ROW + 1,
        FIRST_VALUE_COL,
        FIRST_ROW + 1,
        FIRST_VALUE_COL + 1,
      );
    },
  },
  {
    name: 'na-merged-ketercapaian',
    jenis: 'nilai-akhir',
    edit: (wb) => {
      fillNa(wb);
      // Adi's three ketercapaian cells merged down (G13:G15): 0, 1, 1 would all read 0.
      sheetOf(wb, 'nilai-akhir').mergeCells(NA_FIRST_ROW, 7, NA_FIRST_ROW + TP.length - 1, 7);
    },
  },
  copiedToNewFile('slm', 'lingkup-materi', fillScores),
  copiedToNewFile('sas', 'akhir-semester', fillSas),
  {
    name: 'sas-copied-other-mapel',
    jenis: 'akhir-semester',
    edit: (wb) => {
      fillSas(wb);
      keepOnlyGradeSheet(wb, 'akhir-semester');
      // Another subject's sheet of the same class: its keys (tes, non-tes) are every subject's.
      sheetOf(wb, 'akhir-semester').getCell('C3').value = ': Matematika';
    },
  },
  copiedToNewFile('na', 'nilai-akhir', fillNa),
  {
    name: 'slm-nul-cell',
    jenis: 'lingkup-materi',
    edit: (wb) => {
      fillScores(wb);
      // "_x0000_" is how the format writes a NUL; every reader decodes it.
      sheetOf(wb, 'lingkup-materi').getCell(FIRST_ROW + 1, FIRST_VALUE_COL + 1).value = '7_x0000_5';
    },
  },
];

function calc(args: string[], profile: string): void {
  execFileSync('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', ...args], {
    stdio: 'ignore',
    timeout: 120_000,
  });
}

/** Re-saves `file` through LibreOffice Calc (optionally via another format) as `target`. */
function throughCalc(file: string, target: string, profile: string, via?: 'ods' | 'xls'): void {
  const work = mkdtempSync(join(tmpdir(), 'corpus-'));
  let source = file;
  if (via) {
    calc(['--convert-to', via, '--outdir', work, file], profile);
    source = join(work, basename(file).replace(/\.xlsx$/, `.${via}`));
  }
  const out = join(work, 'out');
  mkdirSync(out);
  calc(['--convert-to', 'xlsx:Calc MS Excel 2007 XML', '--outdir', out, source], profile);
  copyFileSync(join(out, basename(source).replace(/\.(xlsx|ods|xls)$/, '.xlsx')), target);
  rmSync(work, { recursive: true, force: true });
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const haveCalc = (() => {
    try {
      execFileSync('soffice', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  const profile = mkdtempSync(join(tmpdir(), 'corpus-lo-profile-'));
  const only = process.argv.slice(2);
  for (const v of [...SLM, ...OTHER, ...MERGED_AND_COPIED]) {
    if (only.length > 0 && !only.includes(v.name)) continue;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await buildTemplate(templateInput(v.jenis))) as unknown as ArrayBuffer);
    await v.edit(wb);
    const file = join(OUT, `${v.name}.exceljs.xlsx`);
    writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()));
    if (!haveCalc || v.exceljsOnly) continue;
    throughCalc(file, join(OUT, `${v.name}.calc.xlsx`), profile);
    for (const via of v.via ?? [])
      throughCalc(file, join(OUT, `${v.name}.calc-via-${via}.xlsx`), profile, via);
  }
  rmSync(profile, { recursive: true, force: true });
  console.log(`corpus in ${OUT}${haveCalc ? '' : ' (LibreOffice not found: exceljs files only)'}`);
  if (!existsSync(OUT)) process.exit(1);
}

await main();

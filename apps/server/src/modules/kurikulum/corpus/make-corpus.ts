/*
 * Makes the Template TP corpus: the real template (buildTpTemplate) with one teacher's edit each,
 * saved as exceljs writes it and as LibreOffice Calc saves it again (xlsx → xlsx; for the typed TPs
 * also through .ods and through .xls). The tests (corpus.test.ts) only read the committed files: CI
 * has no LibreOffice.
 *
 *   npx tsx apps/server/src/modules/kurikulum/corpus/make-corpus.ts [name…]   (needs `soffice` on PATH)
 *
 * Names given make only those variations and leave the other committed files as they are.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TP_TEMPLATE } from '@erapor/contract/kurikulum/tp';
import ExcelJS from 'exceljs';
import { buildTpTemplate } from '../excel';
import { CORPUS_OTHER_ROMBEL, CORPUS_TEMPLATE, CORPUS_TP } from './info';

const HERE = dirname(fileURLToPath(import.meta.url));
const { firstRow: F, valueColumn: C } = TP_TEMPLATE;

type Edit = (ws: ExcelJS.Worksheet, wb: ExcelJS.Workbook) => void;

/** The three TPs typed from the first TP row, with a blank row and a repeat among them. */
const typeTps = (ws: ExcelJS.Worksheet, column: number = C, first: number = F) => {
  ws.getCell(first, column).value = CORPUS_TP[0];
  ws.getCell(first + 1, column).value = `  ${CORPUS_TP[1]}\n`;
  ws.getCell(first + 3, column).value = CORPUS_TP[2];
  ws.getCell(first + 4, column).value = CORPUS_TP[0];
};

/** name → the teacher's edit, and whether the file also goes through .ods and .xls. */
const VARIATIONS: Record<string, { edit: Edit; rombel?: string; viaOdsXls?: boolean }> = {
  diisi: { edit: (ws) => typeTps(ws), viaOdsXls: true },
  kosong: { edit: () => {} },
  'sheet-diganti-nama': {
    // Renamed, and a sheet of notes before it.
    edit: (ws, wb) => {
      ws.name = 'TP Matematika X';
      typeTps(ws);
      const notes = wb.addWorksheet('Catatan Guru');
      notes.getCell('A1').value = 'Catatan: isi Tujuan Pembelajaran di sheet berikutnya.';
      // exceljs writes the sheets by orderNo (not in its typings).
      (notes as unknown as { orderNo: number }).orderNo = 0;
      (ws as unknown as { orderNo: number }).orderNo = 1;
    },
  },
  'baris-dihapus': {
    // The title row and the blank row above the heading deleted: the heading is row 6.
    edit: (ws) => {
      ws.unMergeCells(1, 1, 1, 3);
      ws.spliceRows(7, 1);
      ws.spliceRows(1, 1);
      typeTps(ws, C, F - 2);
    },
  },
  'baris-disisipkan': {
    // Two rows of the teacher's own instructions inserted above the header.
    edit: (ws) => {
      ws.unMergeCells(1, 1, 1, 3);
      ws.spliceRows(2, 0, ['Petunjuk: satu Tujuan Pembelajaran per baris.'], ['Jangan ubah kode di bawah.']);
      typeTps(ws, C, F + 2);
    },
  },
  'label-dihapus': {
    // The "Kode CP" row deleted: the file cannot say which CP it is for.
    edit: (ws) => {
      ws.unMergeCells(1, 1, 1, 3);
      ws.spliceRows(TP_TEMPLATE.rows.sumberKode, 1);
      typeTps(ws, C, F - 1);
    },
  },
  'kolom-disisipkan': {
    // A notes column inserted before the TP column (C → D), with its own heading and notes.
    edit: (ws) => {
      ws.unMergeCells(1, 1, 1, 3);
      ws.spliceColumns(C, 0, []);
      ws.getCell(TP_TEMPLATE.headerRow, C).value = 'Keterangan';
      ws.getCell(F, C).value = 'minggu 1';
      ws.getCell(F + 1, C).value = 2;
      typeTps(ws, C + 1);
    },
  },
  'rumus-galat-div0': {
    edit: (ws) => {
      typeTps(ws);
      ws.getCell(F + 2, C).value = { formula: '1/0', result: { error: '#DIV/0!' } };
    },
  },
  'rumus-galat-na': {
    edit: (ws) => {
      typeTps(ws);
      ws.getCell(F + 2, C).value = { formula: 'NA()', result: { error: '#N/A' } };
    },
  },
  'rumus-tanpa-hasil': {
    // A formula as a script writes it: no stored result.
    edit: (ws) => {
      typeTps(ws);
      ws.getCell(F + 2, C).value = {
        formula: 'CONCATENATE("Menghitung ","luas segitiga")',
      } as ExcelJS.CellValue;
    },
  },
  angka: {
    edit: (ws) => {
      typeTps(ws);
      ws.getCell(F + 2, C).value = 5;
    },
  },
  'kelas-lain': { edit: (ws) => typeTps(ws), rombel: CORPUS_OTHER_ROMBEL },
  'tp-digabung': {
    // The first two TP rows merged (decision 052): the second TP would be dropped unseen.
    edit: (ws) => {
      typeTps(ws);
      ws.mergeCells(F, C, F + 1, C);
    },
  },
  'tp-digabung-ke-samping': {
    // A TP merged across into the empty column right of it: one TP cell, its own text.
    edit: (ws) => {
      typeTps(ws);
      ws.mergeCells(F, C, F, C + 1);
    },
  },
  'karakter-nul': {
    // "_x0000_" is how the format writes a NUL; every reader decodes it.
    edit: (ws) => {
      typeTps(ws);
      ws.getCell(F + 2, C).value = 'Menghitung_x0000_ luas';
    },
  },
};

/** Runs LibreOffice with a profile of its own (no clash with a running instance). */
function soffice(profile: string, to: string, outdir: string, file: string) {
  execFileSync(
    'soffice',
    [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', to, '--outdir', outdir, file],
    { stdio: 'pipe', timeout: 120_000 },
  );
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'tp-corpus-'));
  const profile = join(work, 'profile');
  try {
    const only = process.argv.slice(2);
    if (only.length === 0) for (const f of readdirSync(HERE)) if (f.endsWith('.xlsx')) rmSync(join(HERE, f));
    for (const [name, v] of Object.entries(VARIATIONS)) {
      if (only.length > 0 && !only.includes(name)) continue;
      const wb = new ExcelJS.Workbook();
      const template = await buildTpTemplate({
        ...CORPUS_TEMPLATE,
        rombel: v.rombel ?? CORPUS_TEMPLATE.rombel,
      });
      await wb.xlsx.load(template as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      if (!ws) throw new Error('template has no sheet');
      v.edit(ws, wb);
      const written = join(HERE, `${name}.exceljs.xlsx`);
      writeFileSync(written, Buffer.from(await wb.xlsx.writeBuffer()));

      const src = join(work, `${name}.xlsx`);
      copyFileSync(written, src);
      const out = join(work, 'out');
      soffice(profile, 'xlsx', out, src);
      copyFileSync(join(out, `${name}.xlsx`), join(HERE, `${name}.libreoffice.xlsx`));
      if (v.viaOdsXls) {
        for (const via of ['ods', 'xls']) {
          const mid = join(work, via);
          soffice(profile, via, mid, src);
          const back = join(work, `back-${via}`);
          soffice(profile, 'xlsx', back, join(mid, `${name}.${via}`));
          copyFileSync(join(back, `${name}.xlsx`), join(HERE, `${name}.via-${via}.xlsx`));
        }
      }
      console.log(name);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TP_MESSAGES, TP_TEMPLATE_PARTS } from '@erapor/contract/kurikulum/tp';
import { SPREADSHEET_MESSAGES } from '@erapor/contract/spreadsheet';
import { describe, expect, it } from 'vitest';
import { parseTpWorkbook, tpImportNotices } from '../excel';
import { CORPUS_EXPECTED, CORPUS_OTHER_ROMBEL, CORPUS_TEMPLATE, CORPUS_TP } from './info';

/*
 * Every file of the corpus (make-corpus.ts: the real template, one teacher's edit, saved by exceljs
 * and again by LibreOffice Calc) and exactly what the import makes of it.
 */

const HERE = dirname(fileURLToPath(import.meta.url));
const TPS = [...CORPUS_TP];
const notice = TP_MESSAGES.otherRombel(CORPUS_OTHER_ROMBEL, CORPUS_TEMPLATE.rombel);

type Outcome = { tp: string[]; rombel: string } | { refused: string };
const read = (rombel = CORPUS_TEMPLATE.rombel): Outcome => ({ tp: TPS, rombel });
const refused = (message: string): Outcome => ({ refused: message });

const OUTCOMES: Record<string, Outcome> = {
  'diisi.exceljs.xlsx': read(),
  'diisi.libreoffice.xlsx': read(),
  'diisi.via-ods.xlsx': read(),
  'diisi.via-xls.xlsx': read(),
  'kosong.exceljs.xlsx': refused(TP_MESSAGES.fileEmpty),
  'kosong.libreoffice.xlsx': refused(TP_MESSAGES.fileEmpty),
  'sheet-diganti-nama.exceljs.xlsx': read(),
  'sheet-diganti-nama.libreoffice.xlsx': read(),
  'baris-dihapus.exceljs.xlsx': read(),
  'baris-dihapus.libreoffice.xlsx': read(),
  'baris-disisipkan.exceljs.xlsx': read(),
  'baris-disisipkan.libreoffice.xlsx': read(),
  'kolom-disisipkan.exceljs.xlsx': read(),
  'kolom-disisipkan.libreoffice.xlsx': read(),
  'label-dihapus.exceljs.xlsx': refused(
    TP_MESSAGES.templateIncomplete('Template TP', [TP_TEMPLATE_PARTS.sumberKode]),
  ),
  'label-dihapus.libreoffice.xlsx': refused(
    TP_MESSAGES.templateIncomplete('Template TP', [TP_TEMPLATE_PARTS.sumberKode]),
  ),
  'rumus-galat-div0.exceljs.xlsx': refused(SPREADSHEET_MESSAGES.formulaError('C11', '#DIV/0!')),
  'rumus-galat-div0.libreoffice.xlsx': refused(SPREADSHEET_MESSAGES.formulaError('C11', '#DIV/0!')),
  'rumus-galat-na.exceljs.xlsx': refused(SPREADSHEET_MESSAGES.formulaError('C11', '#N/A')),
  'rumus-galat-na.libreoffice.xlsx': refused(SPREADSHEET_MESSAGES.formulaError('C11', '#N/A')),
  'rumus-tanpa-hasil.exceljs.xlsx': refused(SPREADSHEET_MESSAGES.formulaNoResult('C11')),
  // LibreOffice computes the formula when it saves: its text is what the teacher sees, so a TP.
  'rumus-tanpa-hasil.libreoffice.xlsx': {
    tp: [CORPUS_TP[0], CORPUS_TP[1], 'Menghitung luas segitiga', CORPUS_TP[2]],
    rombel: CORPUS_TEMPLATE.rombel,
  },
  'angka.exceljs.xlsx': refused(TP_MESSAGES.tpNotText('C11', 'angka', '5')),
  'angka.libreoffice.xlsx': refused(TP_MESSAGES.tpNotText('C11', 'angka', '5')),
  'kelas-lain.exceljs.xlsx': read(CORPUS_OTHER_ROMBEL),
  'kelas-lain.libreoffice.xlsx': read(CORPUS_OTHER_ROMBEL),
  // Decision 052: TP rows merged are refused by address (they dropped the TP under the merge);
  // a TP merged across into an empty column is still one TP; a NUL anywhere is refused by address.
  'tp-digabung.exceljs.xlsx': refused(SPREADSHEET_MESSAGES.merged('C9:C10')),
  'tp-digabung.libreoffice.xlsx': refused(SPREADSHEET_MESSAGES.merged('C9:C10')),
  'tp-digabung-ke-samping.exceljs.xlsx': read(),
  'tp-digabung-ke-samping.libreoffice.xlsx': read(),
  'karakter-nul.exceljs.xlsx': refused(SPREADSHEET_MESSAGES.nulChar('Template TP', 'C11')),
  'karakter-nul.libreoffice.xlsx': refused(SPREADSHEET_MESSAGES.nulChar('Template TP', 'C11')),
};

const outcomeOf = (file: string): Promise<Outcome> =>
  parseTpWorkbook(readFileSync(join(HERE, file)), file, CORPUS_EXPECTED).then(
    (r) => ({ tp: r.tp, rombel: r.rombel }),
    (e: { message: string; statusCode?: number; details?: Record<string, string> }) => {
      expect(e.statusCode).toBe(422);
      expect(e.details).toEqual({ template_excel: e.message });
      return { refused: e.message };
    },
  );

describe('Template TP corpus (files as Excel and LibreOffice save them)', () => {
  it('has an expected outcome for every file, and a file for every outcome', () => {
    const files = readdirSync(HERE)
      .filter((f) => f.endsWith('.xlsx'))
      .sort();
    expect(files).toEqual(Object.keys(OUTCOMES).sort());
  });

  it.each(Object.entries(OUTCOMES))('%s', async (file, outcome) => {
    expect(await outcomeOf(file)).toEqual(outcome);
  });

  it('tells the teacher when the template names another class, and only then', async () => {
    const other = await parseTpWorkbook(
      readFileSync(join(HERE, 'kelas-lain.libreoffice.xlsx')),
      'kelas-lain.xlsx',
      CORPUS_EXPECTED,
    );
    expect(tpImportNotices(other, CORPUS_TEMPLATE.rombel)).toEqual([notice]);
    expect(notice).toBe(
      'Template ini dibuat untuk kelas X TKJ 1. Tujuan Pembelajaran tetap disimpan pada CP/KD yang sama dan dipetakan ke kelas X TJKT 1 yang Anda pilih.',
    );
    const same = await parseTpWorkbook(
      readFileSync(join(HERE, 'diisi.via-xls.xlsx')),
      'tp.xlsx',
      CORPUS_EXPECTED,
    );
    expect(tpImportNotices(same, CORPUS_TEMPLATE.rombel)).toEqual([]);
    expect(tpImportNotices(same, ' x  tjkt 1')).toEqual([]);
  });
});

import { TP_MESSAGES, TP_TEMPLATE, TP_TEMPLATE_PARTS } from '@erapor/contract/kurikulum/tp';
import { SPREADSHEET_MESSAGES } from '@erapor/contract/spreadsheet';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildTpTemplate, parseTpWorkbook } from './excel';

const info = {
  mapelNama: 'Matematika (Umum)',
  mapelKode: 401000000,
  jenis: 'kd' as const,
  sumberTeks: '3.1 Menganalisis barisan',
  sumberKode: '5d730149-38fc-4cc5-b9e5-3341aaa9a25a',
  rombel: 'XII TJKT 2',
};
const expected = { mapelKode: info.mapelKode, jenis: info.jenis, sumberKode: info.sumberKode };

async function edit(template: Buffer, change: (ws: ExcelJS.Worksheet, wb: ExcelJS.Workbook) => void) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template as unknown as ArrayBuffer);
  change(wb.worksheets[0] as ExcelJS.Worksheet, wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const fill = (template: Buffer, cells: Record<string, ExcelJS.CellValue>) =>
  edit(template, (ws) => {
    for (const [address, value] of Object.entries(cells)) ws.getCell(address).value = value;
  });

const message = (p: Promise<unknown>) =>
  p.then(
    () => 'no error',
    (e: { message: string }) => e.message,
  );

describe('Template TP', () => {
  it('reads back what a teacher types, cleaned, in order, each TP once, with the class it names', async () => {
    const template = await buildTpTemplate(info);
    const data = await fill(template, {
      C9: '  Menentukan suku ke-n\nbarisan aritmetika ',
      C10: { richText: [{ text: 'Menjumlahkan ' }, { text: 'deret', font: { bold: true } }] },
      C12: 'Menentukan suku ke-n barisan aritmetika',
      C13: { formula: 'CONCATENATE("Barisan ","geometri")', result: 'Barisan geometri' },
      C70: 'Di bawah baris bernomor',
      A11: 3,
    });
    expect(await parseTpWorkbook(data, 'TP.XLSX', expected)).toEqual({
      tp: [
        'Menentukan suku ke-n barisan aritmetika',
        'Menjumlahkan deret',
        'Barisan geometri',
        'Di bawah baris bernomor',
      ],
      rombel: 'XII TJKT 2',
    });
  });

  it('accepts the codes as a teacher’s Excel may rewrite them (number as text, upper-case id)', async () => {
    const template = await buildTpTemplate(info);
    const data = await fill(template, { C3: '401000000', C5: info.sumberKode.toUpperCase(), C9: 'TP' });
    expect((await parseTpWorkbook(data, 'tp.xlsx', expected)).tp).toEqual(['TP']);
  });

  it('finds the labels and the column wherever they moved; a merged label or heading is one', async () => {
    const template = await buildTpTemplate(info);
    // Labels in column B (a column inserted before them), the value two cells right, no ":".
    const shifted = await edit(template, (ws) => {
      ws.unMergeCells(1, 1, 1, 3);
      ws.spliceColumns(1, 0, []);
      ws.getCell('C3').value = null;
      ws.mergeCells('D8:E8');
      ws.getCell('D9').value = 'Satu';
    });
    expect(await parseTpWorkbook(shifted, 'tp.xlsx', expected)).toEqual({
      tp: ['Satu'],
      rombel: 'XII TJKT 2',
    });
    const merged = await edit(template, (ws) => {
      ws.mergeCells('A3:B3');
      ws.getCell('C9').value = 'Dua';
    });
    expect((await parseTpWorkbook(merged, 'tp.xlsx', expected)).tp).toEqual(['Dua']);
    // Without the Rombongan Belajar row the TPs still read; there is just no class to compare.
    const noRombel = await edit(template, (ws) => {
      ws.getCell('A6').value = null;
      ws.getCell('C9').value = 'Tiga';
    });
    expect(await parseTpWorkbook(noRombel, 'tp.xlsx', expected)).toEqual({ tp: ['Tiga'], rombel: '' });
  });

  it('says what is wrong with a file that is not this template', async () => {
    const template = await buildTpTemplate(info);
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    expect(await message(parseTpWorkbook(ole, 'tp.xlsx', expected))).toBe(SPREADSHEET_MESSAGES.notXlsx);
    expect(await message(parseTpWorkbook(template, 'tp.xls', expected))).toBe(SPREADSHEET_MESSAGES.notXlsx);
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)]);
    expect(await message(parseTpWorkbook(broken, 'tp.xlsx', expected))).toBe(SPREADSHEET_MESSAGES.unreadable);

    const moved = await fill(template, { A5: 'Kode', C9: 'x' });
    expect(await message(parseTpWorkbook(moved, 'tp.xlsx', expected))).toBe(
      TP_MESSAGES.templateIncomplete('Template TP', [TP_TEMPLATE_PARTS.sumberKode]),
    );
    const noHeading = await fill(template, { C8: 'TP', C9: 'x' });
    expect(await message(parseTpWorkbook(noHeading, 'tp.xlsx', expected))).toBe(
      TP_MESSAGES.templateIncomplete('Template TP', [TP_TEMPLATE_PARTS.tp]),
    );
    const hand = new ExcelJS.Workbook();
    hand.addWorksheet('Daftar TP').addRow(['No', 'Tujuan Pembelajaran']);
    hand.addWorksheet('Lain').addRow(['apa saja']);
    expect(
      await message(parseTpWorkbook(Buffer.from(await hand.xlsx.writeBuffer()), 'tp.xlsx', expected)),
    ).toBe(
      TP_MESSAGES.templateIncomplete('Daftar TP', [
        TP_TEMPLATE_PARTS.mapelKode,
        TP_TEMPLATE_PARTS.sumberKode,
      ]),
    );
    const nothing = new ExcelJS.Workbook();
    nothing.addWorksheet('Sheet1').addRow(['Nama', 'Nilai']);
    expect(
      await message(parseTpWorkbook(Buffer.from(await nothing.xlsx.writeBuffer()), 'tp.xlsx', expected)),
    ).toBe(TP_MESSAGES.noTemplateSheet);
    // The template hidden and an empty visible sheet: what the teacher sees is not the template.
    const hidden = await edit(template, (ws, wb) => {
      ws.state = 'hidden';
      ws.getCell('C9').value = 'x';
      wb.addWorksheet('Sheet2');
    });
    expect(await message(parseTpWorkbook(hidden, 'tp.xlsx', expected))).toBe(TP_MESSAGES.noTemplateSheet);

    const otherMapel = await fill(template, { C3: 300110000, C9: 'x' });
    expect(await message(parseTpWorkbook(otherMapel, 'tp.xlsx', expected))).toBe(
      TP_MESSAGES.wrongMapel('300110000', '401000000'),
    );
    expect(
      await message(
        parseTpWorkbook(await fill(template, { C9: 'x' }), 'tp.xlsx', { ...expected, jenis: 'cp' }),
      ),
    ).toBe(TP_MESSAGES.wrongJenis('CP'));
    const blank = await fill(template, { [`C${TP_TEMPLATE.firstRow}`]: '   ' });
    expect(await message(parseTpWorkbook(blank, 'tp.xlsx', expected))).toBe(TP_MESSAGES.fileEmpty);
  });

  it('refuses two template sheets or two TP columns rather than read one of them', async () => {
    const template = await buildTpTemplate(info);
    const two = await edit(template, (ws, wb) => {
      ws.getCell('C9').value = 'x';
      const copy = wb.addWorksheet('Template TP (2)');
      ws.eachRow((row, r) => {
        row.eachCell((cell, c) => {
          copy.getCell(r, c).value = cell.value;
        });
      });
    });
    expect(await message(parseTpWorkbook(two, 'tp.xlsx', expected))).toBe(
      TP_MESSAGES.twoTemplates(['Template TP', 'Template TP (2)']),
    );
    const twoColumns = await fill(template, { E8: 'Tujuan Pembelajaran', C9: 'x', E9: 'y' });
    expect(await message(parseTpWorkbook(twoColumns, 'tp.xlsx', expected))).toBe(
      TP_MESSAGES.twoTpColumns('Template TP', ['C8', 'E8']),
    );
  });

  it('stores only text: a formula error, a formula without result, a number, date or TRUE refuse the file', async () => {
    const template = await buildTpTemplate(info);
    const refusal = async (cells: Record<string, ExcelJS.CellValue>) =>
      message(parseTpWorkbook(await fill(template, { C9: 'Teks', ...cells }), 'tp.xlsx', expected));
    expect(await refusal({ C10: { formula: '1/0', result: { error: '#DIV/0!' } } })).toBe(
      SPREADSHEET_MESSAGES.formulaError('C10', '#DIV/0!'),
    );
    expect(await refusal({ C12: { formula: 'A1&B1' } as ExcelJS.CellValue })).toBe(
      SPREADSHEET_MESSAGES.formulaNoResult('C12'),
    );
    expect(await refusal({ C10: 1234.5 })).toBe(TP_MESSAGES.tpNotText('C10', 'angka', '1.234,5'));
    const date = await edit(template, (ws) => {
      ws.getCell('C11').value = new Date(Date.UTC(2025, 6, 14));
      ws.getCell('C11').numFmt = 'dd/mm/yyyy';
    });
    expect(await message(parseTpWorkbook(date, 'tp.xlsx', expected))).toBe(
      TP_MESSAGES.tpNotText('C11', 'tanggal', '2025-07-14'),
    );
    expect(await refusal({ C10: true })).toBe(TP_MESSAGES.tpNotText('C10', 'nilai logika', 'TRUE'));
    expect(await refusal({ C10: 'x'.repeat(1001) })).toBe(TP_MESSAGES.tooLongCell('C10'));
    // The header's codes are read the same way.
    expect(await refusal({ C5: { formula: 'NA()', result: { error: '#N/A' } } })).toBe(
      SPREADSHEET_MESSAGES.formulaError('C5', '#N/A'),
    );
    // Errors outside the cells the import reads do not matter.
    expect(await refusal({ A10: { formula: '1/0', result: { error: '#DIV/0!' } } })).toBe('no error');
  });
});

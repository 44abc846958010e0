import { TP_MESSAGES, TP_TEMPLATE } from '@erapor/contract/kurikulum/tp';
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

async function fill(template: Buffer, cells: Record<string, ExcelJS.CellValue>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template as unknown as ArrayBuffer);
  const ws = wb.worksheets[0] as ExcelJS.Worksheet;
  for (const [address, value] of Object.entries(cells)) ws.getCell(address).value = value;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const message = (p: Promise<unknown>) =>
  p.then(
    () => 'no error',
    (e: { message: string }) => e.message,
  );

describe('Template TP', () => {
  it('reads back what a teacher types, cleaned, in order, each TP once', async () => {
    const template = await buildTpTemplate(info);
    const data = await fill(template, {
      C9: '  Menentukan suku ke-n\nbarisan aritmetika ',
      C10: { richText: [{ text: 'Menjumlahkan ' }, { text: 'deret', font: { bold: true } }] },
      C12: 'Menentukan suku ke-n barisan aritmetika',
      C70: 'Di bawah baris bernomor',
      A11: 3,
    });
    expect(await parseTpWorkbook(data, 'TP.XLSX', expected)).toEqual([
      'Menentukan suku ke-n barisan aritmetika',
      'Menjumlahkan deret',
      'Di bawah baris bernomor',
    ]);
  });

  it('accepts the codes as a teacher’s Excel may rewrite them (number as text, upper-case id)', async () => {
    const template = await buildTpTemplate(info);
    const data = await fill(template, { C3: '401000000', C5: info.sumberKode.toUpperCase(), C9: 'TP' });
    expect(await parseTpWorkbook(data, 'tp.xlsx', expected)).toEqual(['TP']);
  });

  it('says what is wrong with a file that is not this template', async () => {
    const template = await buildTpTemplate(info);
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    expect(await message(parseTpWorkbook(ole, 'tp.xlsx', expected))).toBe(TP_MESSAGES.fileType);
    expect(await message(parseTpWorkbook(template, 'tp.xls', expected))).toBe(TP_MESSAGES.fileType);
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)]);
    expect(await message(parseTpWorkbook(broken, 'tp.xlsx', expected))).toBe(TP_MESSAGES.fileUnreadable);
    const moved = await fill(template, { A5: 'Kode', C9: 'x' });
    expect(await message(parseTpWorkbook(moved, 'tp.xlsx', expected))).toBe(TP_MESSAGES.formatWrong);
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
});

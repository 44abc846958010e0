import { SPREADSHEET_MESSAGES } from '@erapor/contract/spreadsheet';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { agamaLookup, cellText, dateText, parseGtkWorkbook } from './excel';

describe('cellText', () => {
  it('reads a cell of the workbook model as text', () => {
    expect(cellText(null)).toBe('');
    expect(cellText('  Budi ')).toBe('Budi');
    // A 16-digit NIK typed as a number must keep every digit, without exponent.
    expect(cellText(3216181708850003)).toBe('3216181708850003');
    expect(cellText(1e21)).toBe('1000000000000000000000');
    expect(cellText(17510)).toBe('17510');
    expect(cellText(2.5)).toBe('2.5');
    expect(cellText({ kind: 'date', iso: '1985-08-17' })).toBe('1985-08-17');
    // Errors and formulas without a result have no text (the parser names them instead).
    expect(cellText({ kind: 'error', error: '#N/A' })).toBe('');
  });
});

describe('dateText', () => {
  it('turns the ways people type a birth date into YYYY-MM-DD', () => {
    expect(dateText({ kind: 'date', iso: '1990-03-05' })).toBe('1990-03-05');
    expect(dateText('05/03/1990')).toBe('1990-03-05');
    expect(dateText('5-3-1990')).toBe('1990-03-05');
    expect(dateText('1990-3-5')).toBe('1990-03-05');
    // Excel serial 32937 = 5 March 1990 (days since 1899-12-30).
    expect(dateText(32937)).toBe('1990-03-05');
    expect(dateText('kemarin')).toBe('kemarin');
  });
});

describe('agamaLookup', () => {
  const lookup = agamaLookup([
    { id: 1, nama: 'Islam' },
    { id: 3, nama: 'Katholik' },
    { id: 5, nama: 'Buddha' },
    { id: 6, nama: 'Kong Hu Chu' },
    { id: 7, nama: 'Kepercayaan kpd Tuhan YME' },
  ]);
  it('accepts the template spellings and common variants', () => {
    expect(lookup('ISLAM')).toBe(1);
    expect(lookup('Budha')).toBe(5); // the template's list says "Budha"
    expect(lookup('Katolik')).toBe(3);
    expect(lookup('Konghucu')).toBe(6);
    expect(lookup('Kepercayaan kpd Tuhan YME')).toBe(7);
    expect(lookup('Protestan')).toBeNull();
  });
});

describe('parseGtkWorkbook', () => {
  it('takes the first visible sheet and skips rows with nothing but a number', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Petunjuk', { state: 'hidden' }).addRow(['ignore me']);
    const ws = wb.addWorksheet('Sheet1');
    ws.addRow([
      'No',
      'NAMA',
      'nuptk',
      'NIP',
      'NIK',
      'Jenis kelamin',
      'Tempat Lahir',
      'Tanggal Lahir',
      'Agama',
      'Alamat Jalan',
      'RT',
      'RW',
      'Desa / Kelurahan',
      'Kecamatan',
      'Kode pos',
      'Telp / HP',
      'E-mail',
    ]);
    ws.addRow([1, 'Budi', null, null, '3216181708850003', 'Laki-laki', 'Bekasi', '17/08/1985', 'Islam']);
    ws.addRow([2]);
    const rows = await parseGtkWorkbook(Buffer.from(await wb.xlsx.writeBuffer()), 'a.XLSX', 'instruktur', {
      agama: () => 1,
      dudi: () => null,
    });
    // Headers are compared without case, spaces or punctuation ("E-mail" = "Email").
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      row: 2,
      values: { nama: 'Budi', jenis_kelamin: 'L', tanggal_lahir: '1985-08-17' },
    });
  });
});

describe('parseGtkWorkbook reads cells the way Excel shows them', () => {
  const header = [
    'No',
    'Nama',
    'NUPTK',
    'NIP',
    'NIK',
    'Jenis Kelamin',
    'Tempat Lahir',
    'Tanggal Lahir',
    'Agama',
    'Alamat Jalan',
    'RT',
    'RW',
    'Desa/Kelurahan',
    'Kecamatan',
    'Kode Pos',
    'Telp/HP',
    'Email',
  ];
  const lookups = { agama: () => 1, dudi: () => null };

  it('hyperlinks, rich text and formula results as their text; dates as dates', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Instruktur');
    ws.addRow(header);
    ws.addRow([1, { richText: [{ text: 'Bu' }, { text: 'di ' }] }, null, null, 3216181708850003, 'L']);
    ws.getCell('H2').value = new Date(Date.UTC(1985, 7, 17));
    ws.getCell('G2').value = { formula: 'UPPER("bekasi")', result: 'BEKASI' };
    ws.getCell('Q2').value = { text: 'budi@contoh.id', hyperlink: 'mailto:budi@contoh.id' };
    const [row] = await parseGtkWorkbook(
      Buffer.from(await wb.xlsx.writeBuffer()),
      'a.xlsx',
      'instruktur',
      lookups,
    );
    expect(row?.values).toMatchObject({
      nama: 'Budi',
      nik: '3216181708850003',
      tempat_lahir: 'BEKASI',
      tanggal_lahir: '1985-08-17',
      email: 'budi@contoh.id',
    });
    expect(row?.errors).toEqual({});
  });

  it('a formula error or a formula without a stored result is reported on its field, never read as empty', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Asesor');
    ws.addRow([...header, 'DUDI']);
    ws.addRow([1, 'Budi', null, null, { formula: 'A1/0', result: { error: '#DIV/0!' } }, 'L']);
    ws.getCell('H2').value = { formula: 'DATE(1985,8,17)' } as ExcelJS.CellValue;
    ws.getCell('R2').value = { formula: 'VLOOKUP(1,Z:Z,1)', result: { error: '#N/A' } };
    // A row whose only content is a formula error is a row, not an empty template row.
    ws.getCell('B3').value = { formula: 'X1', result: { error: '#REF!' } };
    const rows = await parseGtkWorkbook(
      Buffer.from(await wb.xlsx.writeBuffer()),
      'a.xlsx',
      'asesor',
      lookups,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]?.errors).toEqual({
      nik: SPREADSHEET_MESSAGES.formulaError('E2', '#DIV/0!'),
      tanggal_lahir: SPREADSHEET_MESSAGES.formulaNoResult('H2'),
      dudi_id: SPREADSHEET_MESSAGES.formulaError('R2', '#N/A'),
    });
    expect(rows[1]).toMatchObject({
      row: 3,
      errors: { nama: SPREADSHEET_MESSAGES.formulaError('B3', '#REF!') },
    });
  });
});

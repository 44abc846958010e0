import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { agamaLookup, cellText, dateText, parseGtkWorkbook } from './excel';

describe('cellText', () => {
  it('reads whatever exceljs made of a cell', () => {
    expect(cellText(null)).toBe('');
    expect(cellText('  Budi ')).toBe('Budi');
    // A 16-digit NIK typed as a number must keep every digit, without exponent.
    expect(cellText(3216181708850003)).toBe('3216181708850003');
    expect(cellText(17510)).toBe('17510');
    expect(cellText({ text: 'budi@contoh.id', hyperlink: 'mailto:budi@contoh.id' })).toBe('budi@contoh.id');
    expect(cellText({ richText: [{ text: 'Bu' }, { text: 'di ' }] })).toBe('Budi');
    expect(cellText({ formula: 'A1', result: 'Hasil' } as ExcelJS.CellValue)).toBe('Hasil');
    expect(cellText(new Date(Date.UTC(1985, 7, 17)))).toBe('1985-08-17');
  });
});

describe('dateText', () => {
  it('turns the ways people type a birth date into YYYY-MM-DD', () => {
    expect(dateText(new Date(Date.UTC(1990, 2, 5)))).toBe('1990-03-05');
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

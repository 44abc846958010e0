import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { login, textOf } from './support';

/** Rows of the GTK table (mantine-datatable body rows). */
const rows = (page: Page) => page.getByTestId('gtk-table').locator('tbody tr');

async function openList(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('page-header')).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A workbook in the format of format_excel_instruktur.xlsx. */
async function instrukturWorkbook(people: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow([
    'No.',
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
    'Kodepos',
    'Telp/HP',
    'Email',
  ]);
  for (const p of people) ws.addRow(p);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const person = (no: number, nama: string, nik: string, email: string) => [
  no,
  nama,
  null,
  null,
  nik,
  'P',
  'Bekasi',
  '05/03/1990',
  'Islam',
  'Jl. Industri 2',
  1,
  2,
  'Mekarsari',
  'Setu',
  '17510',
  '0812000111',
  email,
];

test.describe('Referensi GTK', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, 'admin');
  });

  test('guru and tendik lists load from the demo school; search narrows on the server', async ({ page }) => {
    await openList(page, '/referensi/guru');
    await expect(page.getByTestId('page-header').getByRole('heading', { level: 2 })).toHaveText(
      'Referensi Guru',
    );
    await expect(rows(page)).toHaveCount(10);
    const first = await textOf(rows(page).first().locator('td').first());
    // Search by a part of the first teacher's name (titles stripped).
    const word = first.replace(/^(Dr|Drs|Dra|Ir|H|Hj)\.?\s+/i, '').split(/[\s,]+/)[0] ?? first;
    await page.getByTestId('table-search').fill(word);
    await expect(async () => {
      const texts = await rows(page).locator('td:first-child').allInnerTexts();
      expect(texts.length).toBeGreaterThan(0);
      expect(texts.length).toBeLessThan(10);
      for (const t of texts) expect(t.toLowerCase()).toContain(word.toLowerCase());
    }).toPass();
    await page.getByTestId('table-search').fill('tidak-ada-guru-seperti-ini');
    await expect(page.getByText('No data')).toBeVisible();

    await openList(page, '/referensi/tendik');
    expect(await rows(page).count()).toBeGreaterThan(0);
  });

  test('a teacher’s academic titles are edited in the detail modal', async ({ page }) => {
    await openList(page, '/referensi/guru');
    await rows(page).first().getByTestId('gtk-detail').click();
    const modal = page.getByTestId('gtk-detail-modal');
    await expect(modal).toBeVisible();
    const nama = await modal.getByRole('textbox', { name: 'Full name' }).inputValue();
    await modal.getByRole('combobox', { name: 'Titles before the name' }).fill('Dr');
    await page
      .getByRole('option', { name: /^Dr( \(|$)/ })
      .first()
      .click();
    await modal.getByTestId('gtk-update').click();
    await expect(page.getByTestId('toasts')).toContainText('Data PTK berhasil diperbaharui');
    await page.keyboard.press('Escape');
    await page.getByTestId('table-search').fill(nama);
    await expect(rows(page).first().locator('td').first()).toHaveText(new RegExp(`^Dr ${nama}`));
  });

  test('a teacher’s NIY is set in the detail modal; a bad one is refused with its message, kept on screen', async ({
    page,
  }) => {
    await openList(page, '/referensi/guru');
    await rows(page).nth(1).getByTestId('gtk-detail').click();
    const modal = page.getByTestId('gtk-detail-modal');
    const niy = modal.getByRole('textbox', { name: 'NIY (foundation staff number)' });
    await expect(niy).toBeVisible();
    const nama = await modal.getByRole('textbox', { name: 'Full name' }).inputValue();
    await niy.fill('12/345');
    const refused = page.waitForResponse((r) => r.url().endsWith('/gelar') && r.request().method() === 'PUT');
    await modal.getByTestId('gtk-update').click();
    expect((await refused).status()).toBe(400);
    await expect(modal).toContainText('NIY hanya boleh berisi angka, huruf, titik (.) dan tanda hubung (-)!');
    await expect(niy).toHaveValue('12/345');
    await niy.fill('2019.07-001');
    await modal.getByTestId('gtk-update').click();
    await expect(page.getByTestId('toasts')).toContainText('Data PTK berhasil diperbaharui');
    // After a reload the detail reads the stored number back.
    await page.reload();
    await page.getByTestId('table-search').fill(nama);
    await expect(rows(page)).toHaveCount(1);
    await rows(page).first().getByTestId('gtk-detail').click();
    await expect(
      page.getByTestId('gtk-detail-modal').getByRole('textbox', { name: 'NIY (foundation staff number)' }),
    ).toHaveValue('2019.07-001');
  });

  test('an instruktur is added through the modal; bad input stays with its message', async ({ page }) => {
    await page.goto('/referensi/instruktur');
    await page.getByTestId('add-button').click();
    const form = page.getByTestId('gtk-form');
    await expect(form).toBeVisible();
    await form.getByRole('textbox', { name: 'Full name' }).fill('Bambang Instruktur E2E');
    await form.getByRole('textbox', { name: 'NIK (national ID number)' }).fill('3275991708850001');
    await choose(page, 'Sex', 'Male (L)');
    await form.getByRole('textbox', { name: 'Place of birth' }).fill('Bekasi');
    await form.getByLabel('Date of birth').fill('1985-08-17');
    await form.getByLabel('Date of birth').blur();
    await choose(page, 'Religion (agama)', 'Islam');
    await form.getByRole('textbox', { name: 'Email' }).fill('bambang.e2e@contoh.id');
    await page.getByTestId('gtk-form-save').click();
    // Unknown region code: the message sits under NIK, everything typed stays.
    await expect(form.getByText('Kode wilayah NIK (6 digit pertama: 327599) tidak dikenal!')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Full name' })).toHaveValue('Bambang Instruktur E2E');
    await form.getByRole('textbox', { name: 'NIK (national ID number)' }).fill('3216181708850001');
    await page.getByTestId('gtk-form-save').click();
    await expect(page.getByTestId('toasts')).toContainText('Data Instruktur berhasil disimpan');
    await expect(rows(page).filter({ hasText: 'Bambang Instruktur E2E' })).toHaveCount(1);

    // Edited and deleted from its detail (instruktur are the school's own data).
    await rows(page).filter({ hasText: 'Bambang Instruktur E2E' }).getByTestId('gtk-detail').click();
    await page.getByTestId('gtk-edit-open').click();
    await page.getByTestId('gtk-edit').getByRole('textbox', { name: 'Full name' }).fill('Bambang Diubah E2E');
    await page.getByTestId('gtk-edit-save').click();
    await expect(page.getByTestId('toasts')).toContainText('Data PTK berhasil diperbaharui');
    await expect(
      page.getByTestId('gtk-detail-modal').getByRole('textbox', { name: 'Full name' }),
    ).toHaveValue('Bambang Diubah E2E');
    await page.getByTestId('gtk-delete').click();
    await page.getByTestId('confirm-yes').click();
    await expect(page.getByTestId('toasts')).toContainText('Data Instruktur berhasil dihapus');
    await expect(rows(page).filter({ hasText: 'Bambang' })).toHaveCount(0);
  });

  test('instruktur Excel import: wrong type refused, preview with cell errors, save all', async ({
    page,
  }) => {
    await page.goto('/referensi/instruktur');
    await page.getByTestId('add-button').click();
    await page.getByTestId('tab-import').click();
    const importer = page.getByTestId('gtk-import');
    const input = importer.locator('input[type=file]');

    await input.setInputFiles({
      name: 'data.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('nama,nik\nBudi,1\n'),
    });
    await expect(importer.getByText('File harus berupa file dengan tipe: xlsx.')).toBeVisible();

    const file = await instrukturWorkbook([
      person(1, 'Citra Impor Satu', '3216184503900011', 'citra1.e2e@contoh.id'),
      person(2, 'Dewi Impor Dua', '3216184503900012', 'dewi2.e2e@contoh.id'),
      person(3, 'Eka Salah NIK', '12345', 'eka3.e2e@contoh.id'),
      person(4, 'Fajar Email Ganda', '3216184503900014', 'citra1.e2e@contoh.id'),
    ]);
    await input.setInputFiles({
      name: 'instruktur.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    const grid = page.getByTestId('import-grid');
    await expect(grid.getByTestId('import-row')).toHaveCount(4);
    await expect(page.getByTestId('import-summary')).toHaveText('4 rows, 2 not valid yet');
    await expect(grid.getByText('NIK harus 16 digit!')).toBeVisible();
    await expect(grid.getByText('Email sama dengan baris 1!')).toBeVisible();

    // Fix one row in the grid, drop the other; then all rows are saved at once.
    await grid.getByRole('textbox', { name: 'NIK (national ID number) 4' }).fill('3216184503900013');
    await expect(grid.getByText('NIK harus 16 digit!')).toHaveCount(0);
    await page.getByTestId('remove-invalid').click();
    await expect(grid.getByTestId('import-row')).toHaveCount(3);
    await expect(page.getByTestId('import-summary')).toHaveText('3 rows, all valid');
    await page.getByTestId('import-save').click();
    await expect(page.getByTestId('toasts')).toContainText('Data Instruktur berhasil disimpan');
    await page.getByTestId('table-search').fill('Impor');
    await expect(rows(page)).toHaveCount(2);
    await page.getByTestId('table-search').fill('Eka Salah NIK');
    await expect(rows(page).filter({ hasText: 'Eka Salah NIK' })).toHaveCount(1);
  });

  test('an asesor belongs to a DUDI, chosen in the modal and shown in the list', async ({ page }) => {
    await page.goto('/referensi/asesor');
    await page.getByTestId('add-button').click();
    const form = page.getByTestId('gtk-form');
    await form.getByRole('textbox', { name: 'Full name' }).fill('Gilang Asesor E2E');
    await form.getByRole('textbox', { name: 'NIK (national ID number)' }).fill('3216181708850077');
    await choose(page, 'Sex', 'Male (L)');
    await form.getByRole('textbox', { name: 'Place of birth' }).fill('Bekasi');
    await form.getByLabel('Date of birth').fill('1985-08-17');
    await form.getByLabel('Date of birth').blur();
    await choose(page, 'Religion (agama)', 'Islam');
    await form.getByRole('textbox', { name: 'Email' }).fill('gilang.e2e@contoh.id');
    await page.getByTestId('gtk-form-save').click();
    await expect(form.getByText('DUDI tidak boleh kosong!')).toBeVisible();
    await form.getByRole('combobox', { name: 'DUDI (business partner)' }).click();
    const option = page.getByRole('listbox').getByRole('option').first();
    const dudi = await textOf(option);
    await option.click();
    await page.getByTestId('gtk-form-save').click();
    await expect(page.getByTestId('toasts')).toContainText('Data Asesor berhasil disimpan');
    const row = rows(page).filter({ hasText: 'Gilang Asesor E2E' });
    await expect(row).toContainText(dudi);
    await row.getByTestId('gtk-detail').click();
    await expect(page.getByTestId('detail-dudi')).toHaveValue(dudi);

    // …and the DUDI's detail names the assessor.
    await page.goto('/referensi/dudi');
    await page.getByTestId('table-search').fill(dudi);
    const dudiRow = page.getByTestId('dudi-table').locator('tbody tr').filter({ hasText: dudi });
    await dudiRow.first().getByTestId('dudi-detail').click();
    await expect(page.getByTestId('dudi-asesor')).toContainText('Gilang Asesor E2E');
  });
});

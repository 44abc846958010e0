import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { login } from './support';

// Serial: the tests build on each other's TPs in the demo school. guru@ teaches Matematika in
// X TJKT 1 (Merdeka, fase E), XI TJKT 1 and XI TJKT 2 (fase F) and XII TJKT 4 (K13).
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const stamp = Date.now() % 1_000_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const rows = (page: Page) => page.getByTestId('tp-table').locator('tbody tr');

async function choose(page: Page, scope: Page | Locator, testId: string, option: string | RegExp) {
  await scope.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Opens "Tambah Data" and picks class level, class and subject (Matematika). */
async function openAdd(page: Page, kelas: string, rombel: string) {
  await page.getByTestId('add-button').click();
  const modal = page.getByTestId('tp-add-modal');
  await choose(page, modal, 'form-tingkat', kelas);
  await choose(page, modal, 'form-rombel', rombel);
  await choose(page, modal, 'form-mapel', /Matematika/);
  return modal;
}

async function search(page: Page, text: string) {
  await page.getByTestId('table-search').fill(text);
}

test.beforeEach(async ({ page }) => {
  await login(page, 'guru');
  await page.goto('/referensi/tujuan-pembelajaran');
  await expect(page.getByRole('heading', { name: 'Tujuan Pembelajaran' })).toBeVisible();
});

test('TPs typed in the form are saved under a CP, mapped to the class and listed after reload', async ({
  page,
}) => {
  const modal = await openAdd(page, 'Kelas 10', 'X TJKT 1');
  await choose(page, modal, 'tp-sumber', /Bilangan/);
  // Nothing typed: the field says so and the choices stay.
  await modal.getByTestId('tp-save').click();
  await expect(modal.getByText('Deskripsi Tujuan Pembelajaran tidak boleh kosong!!')).toBeVisible();
  await modal.getByTestId('tp-deskripsi').fill(`Form E2E ${stamp} satu\n\nForm E2E ${stamp} dua\n`);
  await modal.getByTestId('tp-save').click();
  await expect(page.getByTestId('toasts')).toContainText('Data Tujuan Pembelajaran (TP) berhasil disimpan!');

  await page.reload();
  await search(page, `Form E2E ${stamp}`);
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).first()).toContainText('X TJKT 1');
  await expect(rows(page).first()).toContainText(`Form E2E ${stamp} satu`);
});

test('the downloaded Template TP, filled in, is uploaded; a hand-made workbook is refused on screen', async ({
  page,
}) => {
  const modal = await openAdd(page, 'Kelas 10', 'X TJKT 1');
  await choose(page, modal, 'tp-sumber', /Aljabar/);
  await modal.getByTestId('tp-tab-excel').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    modal.getByTestId('tp-template').click(),
  ]);
  const template = await readFile((await download.path()) ?? '');

  const hand = new ExcelJS.Workbook();
  hand.addWorksheet('TP').addRow(['No', 'Tujuan Pembelajaran']);
  const input = modal.locator('input[type=file]');
  await input.setInputFiles({
    name: 'buatan.xlsx',
    mimeType: XLSX,
    buffer: Buffer.from(await hand.xlsx.writeBuffer()),
  });
  await modal.getByTestId('tp-upload').click();
  await expect(
    modal.getByText(
      'Format Import salah: sheet "TP" tidak memuat label "Kode Mata Pelajaran" dan label "Kode CP" atau "Kode KD". Silahkan Unduh Template ulang!',
    ),
  ).toBeVisible();

  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('template has no sheet');
  expect(ws.getCell('A5').value).toBe('Kode CP');
  ws.getCell('C9').value = `Excel E2E ${stamp} persamaan`;
  ws.getCell('C10').value = `Excel E2E ${stamp} pertidaksamaan`;
  await input.setInputFiles({
    name: 'template_tp.xlsx',
    mimeType: XLSX,
    buffer: Buffer.from(await wb.xlsx.writeBuffer()),
  });
  await modal.getByTestId('tp-upload').click();
  await expect(page.getByTestId('toasts')).toContainText('Data Tujuan Pembelajaran (TP) berhasil disimpan!');

  await page.reload();
  await search(page, `Excel E2E ${stamp}`);
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).first()).toContainText('X TJKT 1');
});

test('a Template TP downloaded for another class is saved for the chosen class, with a note saying so', async ({
  page,
}) => {
  let modal = await openAdd(page, 'Kelas 11', 'XI TJKT 2');
  await choose(page, modal, 'tp-sumber', / — /);
  await modal.getByTestId('tp-tab-excel').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    modal.getByTestId('tp-template').click(),
  ]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile((await download.path()) ?? '')) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('template has no sheet');
  expect(ws.getCell('C6').value).toBe('XI TJKT 2');
  ws.getCell('C9').value = `Kelas lain E2E ${stamp}`;

  await page.reload();
  modal = await openAdd(page, 'Kelas 11', 'XI TJKT 1');
  await choose(page, modal, 'tp-sumber', / — /);
  await modal.getByTestId('tp-tab-excel').click();
  await modal.locator('input[type=file]').setInputFiles({
    name: 'template_tp_xi_tjkt_2.xlsx',
    mimeType: XLSX,
    buffer: Buffer.from(await wb.xlsx.writeBuffer()),
  });
  await modal.getByTestId('tp-upload').click();
  await expect(page.getByTestId('toasts')).toContainText('Data Tujuan Pembelajaran (TP) berhasil disimpan!');
  // The note stays (a long toast, closed by the teacher).
  await expect(page.getByTestId('toasts-long')).toContainText(
    'Template ini dibuat untuk kelas XI TJKT 2. Tujuan Pembelajaran tetap disimpan pada CP/KD yang sama dan dipetakan ke kelas XI TJKT 1 yang Anda pilih.',
  );

  await page.reload();
  await search(page, `Kelas lain E2E ${stamp}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('XI TJKT 1');
  await expect(rows(page).first()).not.toContainText('XI TJKT 2');
});

test('a TP is mapped to another of the teacher’s classes and stays mapped after reload', async ({ page }) => {
  const modal = await openAdd(page, 'Kelas 11', 'XI TJKT 1');
  await choose(page, modal, 'tp-sumber', / — /);
  await modal.getByTestId('tp-deskripsi').fill(`Mapping E2E ${stamp}`);
  await modal.getByTestId('tp-save').click();
  await expect(page.getByTestId('toasts')).toContainText('berhasil disimpan');

  await search(page, `Mapping E2E ${stamp}`);
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().getByTestId('tp-aksi').click();
  await page.getByTestId('tp-mapping').click();
  const mapel = page.getByTestId('tp-mapel-modal');
  await expect(mapel.getByTestId('tp-mapel-row')).toHaveCount(1);
  await choose(page, mapel, 'mapel-tingkat', /11/);
  await choose(page, mapel, 'mapel-rombel', 'XI TJKT 2');
  // Several classes may be picked: the list stays open until a click elsewhere.
  await mapel.getByTestId('tp-mapel-table').click();
  await mapel.getByTestId('mapel-save').click();
  await expect(page.getByTestId('toasts')).toContainText('Tujuan Pembelajaran berhasil dipetakan!');
  await expect(mapel.getByTestId('tp-mapel-row')).toHaveCount(2);

  await page.reload();
  await search(page, `Mapping E2E ${stamp}`);
  await expect(rows(page).first().getByTestId('tp-rombel')).toHaveText(['XI TJKT 1', 'XI TJKT 2']);
});

test('the K13 class takes a TP under a KD', async ({ page }) => {
  const modal = await openAdd(page, 'Kelas 12', 'XII TJKT 4');
  await expect(modal.getByTestId('tp-kompetensi')).toBeVisible();
  await choose(page, modal, 'tp-sumber', /^3\.1 /);
  await modal.getByTestId('tp-deskripsi').fill(`KD E2E ${stamp}`);
  await modal.getByTestId('tp-save').click();
  await expect(page.getByTestId('toasts')).toContainText('berhasil disimpan');

  await page.reload();
  await search(page, `KD E2E ${stamp}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('XII TJKT 4');
  await expect(rows(page).first()).toContainText('3.1');
});

test('bobot penilaian: Enter moves down, a wrong value is refused, a save persists', async ({ page }) => {
  await page.goto('/referensi/bobot-penilaian');
  const grid = page.getByTestId('bobot-grid');
  const cell = (row: number, col: number) => grid.locator(`[data-row="${row}"][data-col="${col}"]`);
  // Row 0 only (X TJKT 1): row 1 is XI TJKT 1, whose suggested final grades penilaian.spec computes
  // by hand with equal weights while this runs beside it. The weights go back to 1 : 1 at the end.
  await expect(cell(0, 0)).toHaveValue(/^\d+$/);
  await expect(cell(1, 0)).toHaveValue('1');

  await cell(0, 0).fill('0');
  await page.getByTestId('bobot-save').click();
  await expect(page.getByTestId('bobot-error')).toBeVisible();
  await expect(cell(0, 0)).toHaveAttribute('aria-invalid', 'true');

  await cell(0, 0).fill('2');
  await cell(0, 0).press('Enter');
  await expect(cell(1, 0)).toBeFocused();
  await cell(0, 1).fill('4');
  await page.getByTestId('bobot-save').click();
  await expect(page.getByTestId('toasts')).toContainText('Bobot Penilaian berhasil disimpan!');

  await page.reload();
  await expect(cell(0, 0)).toHaveValue('2');
  await expect(cell(0, 1)).toHaveValue('4');
  await expect(cell(1, 0)).toHaveValue('1');
  await expect(cell(1, 1)).toHaveValue('1');

  await cell(0, 0).fill('1');
  await cell(0, 1).fill('1');
  await page.getByTestId('bobot-save').click();
  await expect(page.getByTestId('toasts')).toContainText('Bobot Penilaian berhasil disimpan!');
  await page.reload();
  await expect(cell(0, 0)).toHaveValue('1');
  await expect(cell(0, 1)).toHaveValue('1');
});

test('KD: a short wording and the on/off switch stay with the school; CP: the school adds its own', async ({
  page,
}) => {
  await page.goto('/referensi/kompetensi-dasar');
  const kd = page.getByTestId('kd-table').locator('tbody tr');
  await choose(page, page, 'filter-tingkat', 'Kelas 12');
  await choose(page, page, 'filter-rombel', 'XII TJKT 4');
  await choose(page, page, 'filter-mapel', /Matematika/);
  await expect(kd.first()).toContainText('3.1');
  await kd.first().getByTestId('kd-aksi').click();
  await page.getByTestId('kd-ubah').click();
  const alias = page.getByTestId('kd-alias-modal');
  await alias.getByTestId('kd-alias').fill(`Ringkasan E2E ${stamp}`);
  await alias.getByTestId('kd-alias-save').click();
  await expect(page.getByTestId('toasts')).toContainText('Deskripsi Kompetensi Dasar berhasil diperbaharui');
  await expect(kd.first()).toContainText(`Ringkasan E2E ${stamp}`);
  await kd.first().getByTestId('kd-aksi').click();
  await page.getByTestId('kd-toggle').click();
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('toasts')).toContainText('Data KD berhasil dinonaktifkan');
  await expect(kd.first().getByTestId('kd-status')).toHaveText('Inactive');

  await page.goto('/referensi/capaian-pembelajaran');
  await page.getByTestId('add-button').click();
  const modal = page.getByTestId('cp-add-modal');
  await choose(page, modal, 'form-tingkat', 'Kelas 11');
  await choose(page, modal, 'form-rombel', 'XI TJKT 2');
  await choose(page, modal, 'form-mapel', /Matematika/);
  await modal.getByTestId('cp-save').click();
  await expect(modal.getByText('Elemen tidak boleh kosong!!')).toBeVisible();
  await modal.getByTestId('cp-elemen').fill('Statistika');
  await modal.getByTestId('cp-deskripsi').fill(`CP E2E ${stamp}: peserta didik mengolah data.`);
  await modal.getByTestId('cp-save').click();
  await expect(page.getByTestId('toasts')).toContainText('Data Capaian Kompetensi berhasil disimpan');
  await page.getByTestId('table-search').fill(`CP E2E ${stamp}`);
  const cp = page.getByTestId('cp-table').locator('tbody tr');
  await expect(cp).toHaveCount(1);
  await expect(cp.first()).toContainText('F');
});

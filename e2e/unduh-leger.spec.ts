import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiToken, login } from './support';

// Unduh Leger (issue #11 item 12): wali@ previews their class and downloads it from the header's
// "Unduh Legger"; waka@ chooses Tingkat → Rombongan Belajar on /progress/unduh-legger and downloads.
// Read-only: nothing is saved.
test.describe.configure({ timeout: 120_000 });

interface Leger {
  kelas: string;
  mapel: { nama: string }[];
  rows: { nama: string; nilai: (number | null)[]; sakit: number }[];
}
interface Kelas {
  data: { rombongan_belajar_id: string; nama: string; tingkat: number; jenis_rombel: number }[];
}

async function api<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), url).toBe(true);
  return (await res.json()) as T;
}

/** Reads the downloaded workbook: its "Kelas" value (C4) and the first pupil's row. */
async function readLeger(path: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  return {
    kelas: ws.getCell('C4').value,
    header: (ws.getRow(7).values as unknown[]).slice(1),
    first: (ws.getRow(8).values as unknown[]).slice(1),
  };
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), path: (await file.path()) ?? '' };
}

test('wali@ sees the ledger of their class and downloads it from the header', async ({ page, request }) => {
  const token = await apiToken(request, 'wali');
  const [kelas] = (await api<Kelas>(request, token, '/api/cetak/leger')).data;
  if (!kelas) throw new Error('wali@ has no class');
  const leger = await api<Leger>(request, token, `/api/cetak/leger/${kelas.rombongan_belajar_id}`);
  expect(leger.rows.length).toBeGreaterThan(5);
  // The living demo graded the class: some grades, numbers.
  expect(leger.rows.some((r) => r.nilai.some((v) => typeof v === 'number'))).toBe(true);

  await login(page, 'wali');
  await page.goto('/wali-kelas/unduh-legger');
  const table = page.getByTestId('leger-table');
  await expect(table).toBeVisible();
  await expect(page.getByTestId('leger-preview')).toContainText(leger.kelas);
  const first = leger.rows[0];
  if (!first) throw new Error('no pupil');
  const firstRow = table.locator('tbody tr').first();
  await expect(firstRow).toContainText(first.nama);
  for (const m of leger.mapel.slice(0, 3)) await expect(table.locator('thead')).toContainText(m.nama);
  const cells = firstRow.locator('td');
  await expect(cells.nth(3)).toHaveText(String(first.nilai[0] ?? '-'));

  // The promotion meeting's columns appear on the switch.
  await page.getByRole('switch', { name: 'Show total, average and rank' }).check({ force: true });
  await expect(table.locator('thead')).toContainText('Rank');
  // The switch is part of the view: kept in the URL and after a reload (decision 025).
  await expect(page).toHaveURL(/ringkasan=1/);
  await page.reload();
  await expect(page.getByTestId('leger-table').locator('thead')).toContainText('Rank');

  const file = await download(page, () => page.getByTestId('add-button').click());
  expect(file.name).toBe(`Leger Nilai ${leger.kelas}.xlsx`);
  const xlsx = await readLeger(file.path);
  expect(xlsx.kelas).toBe(leger.kelas);
  expect(xlsx.header.slice(0, 3)).toEqual(['No', 'NAMA PESERTA DIDIK', 'NISN']);
  expect(xlsx.header.slice(-3)).toEqual(['JUMLAH', 'RATA-RATA', 'PERINGKAT']);
  expect(xlsx.first.slice(0, 2)).toEqual([1, first.nama]);
  expect(xlsx.first[3]).toBe(first.nilai[0] ?? '-');
});

test('waka@ chooses a class by Tingkat and Rombongan Belajar and downloads its ledger', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'waka');
  const all = (await api<Kelas>(request, token, '/api/cetak/leger')).data;
  const kelas = all.find((k) => k.jenis_rombel === 1 && k.tingkat === 11) ?? all[0];
  if (!kelas) throw new Error('no class');

  await login(page, 'waka');
  await page.goto('/progress/unduh-legger');
  await expect(page.getByTestId('leger-choose')).toBeVisible();
  await page.getByTestId('leger-tingkat').click();
  await page
    .getByRole('listbox')
    .getByRole('option', { name: `Grade ${kelas.tingkat}`, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`tingkat=${kelas.tingkat}`));
  const loaded = page.waitForResponse(
    (r) => r.url().includes(`/api/cetak/leger/${kelas.rombongan_belajar_id}`) && r.status() === 200,
  );
  await page.getByTestId('leger-rombel').click();
  await page.getByRole('listbox').getByRole('option', { name: kelas.nama, exact: true }).click();
  await loaded;
  await expect(page).toHaveURL(new RegExp(`rombel=${kelas.rombongan_belajar_id}`));
  await expect(page.getByTestId('leger-preview')).toContainText(kelas.nama);
  await expect(page.getByTestId('leger-table')).toBeVisible();

  const file = await download(page, () => page.getByTestId('leger-unduh').click());
  expect(file.name).toBe(`Leger Nilai ${kelas.nama}.xlsx`);
  expect((await readLeger(file.path)).kelas).toBe(kelas.nama);

  // A reload keeps the choice (decision 025).
  await page.reload();
  await expect(page.getByTestId('leger-preview')).toContainText(kelas.nama);
});

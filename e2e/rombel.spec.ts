import { expect, type Page, test } from '@playwright/test';
import { login } from './support';

// Serial: the tests change shared demo data. Generous timeout: the demo school has ~1,500 pupils and
// the machine is shared.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const rows = (page: Page) => page.getByTestId('rombel-table').locator('tbody tr');

async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Opens a class by name through the table search. */
async function findClass(page: Page, nama: string) {
  await page.getByTestId('table-search').fill(nama);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().locator('td').first()).toHaveText(nama);
}

test('rombel reguler: filter by tingkat, members and removing one', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/referensi/rombongan-belajar');
  await expect(page.getByRole('heading', { name: 'Rombongan Belajar Reguler' })).toBeVisible();
  await choose(page, 'filter-tingkat', 'Kelas 12');
  await expect(rows(page).first().locator('td').first()).toHaveText(/^XII /);
  for (const t of await rows(page).locator('td:nth-child(3)').allTextContents()) expect(t).toBe('12');

  await findClass(page, 'XII AKL 1');
  await rows(page).first().getByTestId('rombel-anggota').click();
  const modal = page.getByTestId('anggota-modal');
  const members = modal.getByTestId('anggota-table').locator('tbody tr');
  await expect(members.first()).toBeVisible();
  const name = (await members.first().locator('td').nth(1).textContent())?.trim() ?? '';
  await members.first().getByTestId('keluarkan').click();
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('toasts')).toContainText('Anggota Rombel berhasil dikeluarkan');
  await expect(modal.getByText(name, { exact: true })).toHaveCount(0);
});

test('pembelajaran grid: a bad cell is refused and kept, a good save persists, reset works', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, 'admin');
  await page.goto('/referensi/rombongan-belajar');
  await findClass(page, 'XI TJKT 2');
  await rows(page).first().getByTestId('rombel-pembelajaran').click();
  const grid = page.getByTestId('pembelajaran-modal');
  const gridRows = grid.getByTestId('pembelajaran-row');
  await expect(gridRows.first()).toBeVisible();
  // Sub-subjects sit under a parent.
  await expect(grid.locator('[data-testid="pembelajaran-row"][data-sub="true"]').first()).toBeVisible();

  const nameInput = gridRows.first().getByRole('textbox', { name: /Mata Pelajaran|Subject/ });
  const newName = `Mapel E2E ${Date.now() % 100000}`;
  await nameInput.fill(newName);
  const noUrut = gridRows.nth(1).getByRole('textbox', { name: /No Urut/ });
  await noUrut.fill('abc');
  await grid.getByTestId('pembelajaran-save').click();
  await expect(grid.getByText('No Urut harus angka 1 sampai 99')).toBeVisible();
  await expect(nameInput).toHaveValue(newName);
  await noUrut.fill('2');
  // The save itself is awaited first (the embedded database serves one statement at a time, and a
  // parallel spec's long job can hold it for a while): a slow answer then fails on its own status
  // instead of as a missing toast.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/pembelajaran') && r.request().method() === 'PUT',
    { timeout: 60_000 },
  );
  await grid.getByTestId('pembelajaran-save').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('toasts')).toContainText('Pembelajaran berhasil disimpan');

  await page.reload();
  await findClass(page, 'XI TJKT 2');
  await rows(page).first().getByTestId('rombel-pembelajaran').click();
  await expect(
    page
      .getByTestId('pembelajaran-row')
      .first()
      .getByRole('textbox', { name: /Mata Pelajaran|Subject/ }),
  ).toHaveValue(newName);

  await page.getByTestId('pembelajaran-row').nth(2).getByTestId('pembelajaran-reset').click();
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('toasts')).toContainText('berhasil direset');
});

test('rombel matpel pilihan lists the elective classes', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/referensi/rombel-pilihan');
  await expect(page.getByRole('heading', { name: 'Rombongan Belajar Matpel Pilihan' })).toBeVisible();
  await expect(rows(page)).toHaveCount(6);
});

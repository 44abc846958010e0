import { expect, test } from '@playwright/test';
import { login } from './support';

test.describe.configure({ timeout: 120_000 });

test('mata pelajaran: the school subjects, searched on the server', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/referensi/mata-pelajaran');
  await expect(page.getByRole('heading', { name: 'Referensi Mata Pelajaran' })).toBeVisible();
  const rows = page.getByTestId('mapel-table').locator('tbody tr');
  await expect(rows).toHaveCount(10);
  await page.getByTestId('table-search').fill('matematika');
  await expect(rows.first()).toContainText(/Matematika/i);
  for (const t of await rows.locator('td:nth-child(2)').allTextContents()) expect(t).toMatch(/matematika/i);
});

test('ekstrakurikuler: the list with pembina and the members of one', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/referensi/ekstrakurikuler');
  await expect(page.getByRole('heading', { name: 'Referensi Ekstrakurikuler' })).toBeVisible();
  const rows = page.getByTestId('ekskul-table').locator('tbody tr');
  await expect(rows).toHaveCount(10);
  await page.getByTestId('table-search').fill('Futsal');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Rudi Hartono');
  await rows.first().getByTestId('ekskul-anggota').click();
  await expect(
    page.getByTestId('anggota-modal').getByTestId('anggota-table').locator('tbody tr').first(),
  ).toBeVisible();
});

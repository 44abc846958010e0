import { expect, type Page, test } from '@playwright/test';
import { login, textOf } from './support';

const rows = (page: Page) => page.getByTestId('dudi-table').locator('tbody tr');

test.describe('Referensi DUDI', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, 'admin');
  });

  test('the DUDI list loads, search narrows it, the detail shows MoUs, activities and members', async ({
    page,
  }) => {
    await page.goto('/referensi/dudi');
    await expect(page.getByTestId('page-header').getByRole('heading', { level: 2 })).toHaveText(
      'Referensi DUDI',
    );
    await expect(rows(page).first()).toBeVisible();
    await expect(rows(page)).toHaveCount(10);

    // Sort by number of activities, most first: the first DUDI has PKL groups.
    await page
      .getByTestId('dudi-table')
      .getByRole('button', { name: /^Activities/ })
      .click();
    await page
      .getByTestId('dudi-table')
      .getByRole('button', { name: /^Activities/ })
      .click();
    await expect(rows(page).first().locator('td').nth(3)).not.toHaveText('0');
    const nama = await textOf(rows(page).first().locator('td').first());

    await page.getByTestId('table-search').fill(nama);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(nama);

    await rows(page).first().getByTestId('dudi-detail').click();
    const modal = page.getByTestId('dudi-detail-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('dudi-mou').locator('tbody tr').first()).toContainText(/\d/);
    const akt = modal.getByTestId('dudi-akt').locator('tbody tr').first();
    await expect(akt).toBeVisible();
    const jml = Number(await textOf(akt.locator('td').nth(3)));
    expect(jml).toBeGreaterThan(0);

    await akt.getByTestId('akt-members').click();
    const members = page.getByTestId('akt-members-table').getByTestId('akt-member');
    await expect(members).toHaveCount(jml);
    const removed = await textOf(members.first().locator('td').nth(1));
    await members.first().getByRole('button').click();
    await page.getByTestId('confirm-yes').click();
    await expect(page.getByTestId('toasts')).toContainText('Data Peserta Prakerin berhasil dihapus');
    await expect(members).toHaveCount(jml - 1);
    await expect(page.getByTestId('akt-members-table')).not.toContainText(removed);
  });

  test('other roles cannot open the DUDI screen', async ({ page }) => {
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);
    await login(page, 'guru');
    await page.goto('/referensi/dudi');
    await expect(page.getByTestId('not-authorized')).toBeVisible();
  });
});

import { expect, type Page, test } from '@playwright/test';
import { login } from './support';

/**
 * Logs in with a generated or reset one-time password (from a logged-in page): only the full-page
 * Ganti Password screen opens — any other address comes back to it, no menu — until the password
 * is changed; then the app works (decision 054).
 */
async function firstLoginMustChange(page: Page, loginName: string, password: string): Promise<void> {
  // Wait for the logout to land on /login: a second goto could cut it off while still logged in.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(loginName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/ganti-password$/);
  const screen = page.getByTestId('ganti-password');
  await expect(screen).toContainText('Change your password first');
  await expect(page.getByRole('navigation')).toHaveCount(0);
  for (const other of ['/', '/profile', '/setting/users', '/unduhan']) {
    await page.goto(other);
    await expect(page).toHaveURL(/\/ganti-password$/);
    await expect(screen).toBeVisible();
  }
  const chosen = `pilihan-sendiri-${Date.now()}`;
  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password').fill(chosen);
  await page.getByLabel('Confirm password').fill(chosen);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(screen).toHaveCount(0);
  // The app works now: the profile opens with the account's own data.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('Nama Lengkap')).not.toHaveValue('');
}

test.describe('Akses Pengguna', () => {
  test('search the users, then add and remove the Waka role', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/setting/users');
    const table = page.getByTestId('users-table');
    await page.getByTestId('table-search').fill('guru@demo');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table).toContainText('guru@demo.sch.id');

    await page.getByTestId('detil-guru@demo.sch.id').click();
    const detail = page.getByTestId('user-detail');
    await expect(detail).toContainText('Hak Akses yang Dimiliki');
    await detail.getByLabel('Waka Kurikulum').check();
    await detail.getByTestId('save-roles').click();
    await expect(page.getByTestId('toasts')).toContainText('Data Pengguna berhasil diperbaharui');
    await expect(detail.getByTestId('user-roles')).toContainText('Waka Kurikulum');
    await expect(table).toContainText('Waka Kurikulum');

    await detail.getByRole('button', { name: /Waka Kurikulum/ }).click();
    await expect(page.getByTestId('toasts')).toContainText('Hak Akses berhasil dihapus');
    await expect(detail.getByTestId('user-roles')).not.toContainText('Waka Kurikulum');
  });

  test('filter by role', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/setting/users');
    await page.getByRole('combobox', { name: 'Filter by role' }).click();
    await page.getByRole('option', { name: 'Wali Kelas', exact: true }).click();
    const rows = page.getByTestId('users-table').locator('tbody tr');
    await expect(rows.first()).toContainText('Wali Kelas');
    for (const text of await rows.allInnerTexts()) expect(text).toContain('Wali Kelas');
  });

  test('Atur Ulang Pengguna (PTK): one-time passwords shown once, slips downloaded as PDF', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await login(page, 'admin');
    await page.goto('/setting/users');
    await page.getByTestId('add-button').click();
    await page.getByTestId('generate-ptk').click();
    await expect(page.getByTestId('generate-summary')).toContainText('new accounts', { timeout: 180_000 });
    const passwords = page.getByTestId('one-time-password');
    await expect(passwords.first()).toHaveText(/^[a-z2-9]{10}$/);
    const download = page.waitForEvent('download');
    await page.getByTestId('download-slip').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('slip-akun-ptk.pdf');
    const path = await file.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');

    // The new account logs in with its one-time password and must choose its own first.
    const row = page.getByTestId('credentials-table').locator('tbody tr').first();
    const loginName = (await row.locator('td').nth(1).textContent()) ?? '';
    const password = (await passwords.first().textContent()) ?? '';
    await firstLoginMustChange(page, loginName, password);
  });
});

test.describe('Password PD', () => {
  test('wali sees only the own class and resets a pupil password once', async ({ page }) => {
    await login(page, 'wali');
    await page.goto('/referensi/password-pd');
    const table = page.getByTestId('password-pd-table');
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await page.getByRole('combobox', { name: 'Filter by class' }).click();
    await expect(page.getByRole('listbox', { name: 'Filter by class' }).getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Escape');
    const kelas = (await table.locator('tbody tr').first().locator('td').nth(4).textContent()) ?? '';
    for (const row of await table.locator('tbody tr').all())
      await expect(row.locator('td').nth(4)).toHaveText(kelas);

    await table.locator('tbody tr').first().getByRole('button', { name: 'Reset Password' }).click();
    await page.getByTestId('confirm-yes').click();
    await expect(page.getByTestId('one-time-password')).toHaveText(/^[a-z2-9]{10}$/);

    // The pupil logs in with the reset password and must choose their own first.
    const modal = page.getByTestId('credentials-modal');
    const loginName =
      (await modal
        .getByRole('row', { name: /^Login/ })
        .locator('td')
        .textContent()) ?? '';
    const password = (await page.getByTestId('one-time-password').textContent()) ?? '';
    await firstLoginMustChange(page, loginName, password);
  });
});

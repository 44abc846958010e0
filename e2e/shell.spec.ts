import { expect, test } from '@playwright/test';
import { login } from './support';

// The interface language follows the browser (decision 020): these checks read the English texts.
test.use({ locale: 'en-US' });

test('a lazy chunk that fails to load shows the ChunkLoadError message and a reload button', async ({
  page,
}) => {
  await login(page, 'admin');
  // From now on every lazy chunk request is aborted, as on a flaky school network.
  await page.route('**/js/chunks/**', (route) => route.abort('failed'));
  await page.getByTestId('menu').getByRole('link', { name: 'DUDI' }).click();
  const panel = page.getByTestId('chunk-error');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(/Loading chunk .+ failed/);
  const reload = panel.getByRole('button', { name: 'Muat Ulang' });
  await expect(reload).toBeVisible();
  await page.unroute('**/js/chunks/**');
  await reload.click();
  await expect(page).toHaveURL(/\/referensi\/dudi$/);
  await expect(page.getByRole('heading', { name: 'Referensi DUDI' })).toBeVisible();
});

test('layout preferences survive a reload', async ({ page }) => {
  await login(page, 'guru');
  await page.getByTestId('customizer-toggle').click();
  await page.getByTestId('customizer').getByLabel('Dark').check();
  await expect(page.locator('html.dark-layout, body.dark-layout')).toHaveCount(1);
  await page.getByTestId('customizer').getByLabel('RTL').check();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.reload();
  await expect(page.locator('html.dark-layout, body.dark-layout')).toHaveCount(1);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expect(await page.evaluate(() => localStorage.getItem('skin'))).toBe('dark');
});

test('the language switch changes the interface and is remembered', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Silahkan login untuk dapat mengakses Aplikasi')).toHaveCount(0);
  const switcher = page.getByTestId('locale-switcher');
  await switcher.selectOption('id');
  await expect(page.getByText('Silahkan login untuk dapat mengakses Aplikasi')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Silahkan login untuk dapat mengakses Aplikasi')).toBeVisible();
  await page.getByTestId('locale-switcher').selectOption('de');
  await expect(page.getByText('Silahkan login untuk dapat mengakses Aplikasi')).toHaveCount(0);
});

test('a failed login answers one Indonesian message for a wrong password and an unknown e-mail; the input stays', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('guru@demo.sch.id');
  await page.getByLabel('Password', { exact: true }).fill('salah-sekali');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email atau password salah')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('guru@demo.sch.id');
  await page.getByLabel('Email').fill('tidak-ada@demo.sch.id');
  await page.getByRole('button', { name: 'Login' }).click();
  // The same answer (decision 054): the page shows it once, nothing tells the two apart.
  await expect(page.getByText('Email atau password salah')).toHaveCount(1);
  await expect(page.getByText('Email tidak terdaftar')).toHaveCount(0);
});

test('a welcome toast appears bottom right after login', async ({ page }) => {
  await login(page, 'wali');
  const toasts = page.getByTestId('toasts');
  await expect(toasts).toContainText('Selamat Datang');
  const box = await toasts.boundingBox();
  const viewport = page.viewportSize();
  expect(
    box && viewport && box.x + box.width > viewport.width / 2 && box.y + box.height > viewport.height / 2,
  ).toBe(true);
});

test('an expired access token is refreshed and the page still loads its data', async ({ page }) => {
  await login(page, 'guru');
  const oldRefresh = await page.evaluate(() => localStorage.getItem('refreshToken'));
  // Replace the access token with one the server rejects, as after 15 minutes idle.
  await page.evaluate(() => localStorage.setItem('accessToken', 'expired.token.value'));
  let refreshCalls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/jwt/refresh-token')) refreshCalls++;
  });
  await page.goto('/profile');
  await expect(page.getByLabel('Nama Lengkap')).not.toHaveValue('');
  expect(refreshCalls).toBe(1);
  const newRefresh = await page.evaluate(() => localStorage.getItem('refreshToken'));
  expect(newRefresh).not.toBe(oldRefresh);
});

test('logout clears the session', async ({ page }) => {
  await login(page, 'siswa');
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

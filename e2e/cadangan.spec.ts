import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiToken, login } from './support';

// Cadangan Data (issue 16, decision 044). The restore ends every login of the school, so this
// spec runs in its own project after all the others (playwright.config.ts, project `last`).
test.describe.configure({ timeout: 600_000 });

test('a teacher and a Waka get 403 on every backup and restore endpoint, and cannot open the screen', async ({
  browser,
  request,
}) => {
  for (const account of ['guru', 'waka'] as const) {
    const token = await apiToken(request, account);
    const headers = { authorization: `Bearer ${token}` };
    const job = '00000000-0000-4000-8000-000000000000';
    const calls = [
      request.get('/api/cadangan', { headers }),
      request.post('/api/cadangan', { headers }),
      request.get('/api/cadangan/berkas/cadangan-12345678-2026-01-01T00-00-00Z-manual.erapor', { headers }),
      request.post('/api/cadangan/unggah', {
        headers,
        multipart: {
          berkas: { name: 'x.erapor', mimeType: 'application/octet-stream', buffer: Buffer.from('x') },
        },
      }),
      request.post('/api/cadangan/pulihkan', { headers, data: { name: 'x', npsn: 'y' } }),
      request.put('/api/cadangan/jadwal', { headers, data: { aktif: false, jam: '02:00', simpanHari: 1 } }),
      request.get(`/api/cadangan/jobs/${job}`, { headers }),
      request.get(`/api/cadangan/jobs/${job}/events`, { headers }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status(), `${account} ${res.url()}`).toBe(403);
    // A page of its own per account: a logged-in page would skip the login form.
    const page = await browser.newPage();
    await login(page, account);
    await page.goto('/setting/cadangan');
    await expect(page).toHaveURL(/\/not-authorized$/);
    await page.close();
  }
});

test('without a backup the Beranda warns in red; the administrator sets the daily schedule', async ({
  page,
}) => {
  await login(page, 'admin');
  const warning = page.getByTestId('cadangan-peringatan');
  await expect(warning).toHaveAttribute('data-status', 'merah');
  await expect(warning).toContainText('No backup yet');
  await warning.getByRole('link', { name: 'Open Data Backup' }).click();
  await expect(page).toHaveURL(/\/setting\/cadangan$/);

  const jadwal = page.getByTestId('cadangan-jadwal');
  await expect(jadwal.getByTestId('cadangan-jadwal-jam-jam')).toHaveValue('02');
  await expect(jadwal.getByTestId('cadangan-jadwal-jam-menit')).toHaveValue('00');
  await expect(jadwal.getByTestId('cadangan-jadwal-hari')).toHaveValue('14');
  // A value the schema refuses: the field's message, nothing sent, the typed value kept.
  await jadwal.getByTestId('cadangan-jadwal-hari').fill('0');
  await jadwal.getByTestId('cadangan-jadwal-simpan').click();
  await expect(jadwal).toContainText('Cadangan disimpan paling sedikit 1 hari.');
  await expect(jadwal.getByTestId('cadangan-jadwal-hari')).toHaveValue('0');

  await jadwal.getByTestId('cadangan-jadwal-jam-jam').fill('21');
  await jadwal.getByTestId('cadangan-jadwal-jam-menit').fill('15');
  await jadwal.getByTestId('cadangan-jadwal-hari').fill('30');
  await jadwal.getByTestId('cadangan-jadwal-simpan').click();
  await expect(page.getByText('Backup schedule saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('cadangan-jadwal-jam-jam')).toHaveValue('21');
  await expect(page.getByTestId('cadangan-jadwal-jam-menit')).toHaveValue('15');
  await expect(page.getByTestId('cadangan-jadwal-hari')).toHaveValue('30');
});

test.describe('in an Indonesian browser', () => {
  test.use({ locale: 'id-ID' });

  // Issue #27 item 1: native date/time inputs showed mm/dd/yyyy and "02:00 AM" to this user;
  // the pickers show dd-mm-yyyy and the 24-hour clock whatever the browser (nothing is saved).
  test('the date pickers show dd-mm-yyyy and the time picker a 24-hour clock', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/setting/cadangan');
    const jadwal = page.getByTestId('cadangan-jadwal');
    await jadwal.getByTestId('cadangan-jadwal-jam-jam').fill('14');
    await jadwal.getByTestId('cadangan-jadwal-jam-menit').fill('05');
    await expect(jadwal.getByTestId('cadangan-jadwal-jam-jam')).toHaveValue('14');
    await expect(jadwal.getByTestId('cadangan-jadwal-jam-menit')).toHaveValue('05');
    // No AM/PM field: the clock has hours and minutes only.
    await expect(jadwal.getByTestId('cadangan-jadwal-jam').locator('input:not([type=hidden])')).toHaveCount(
      2,
    );

    await page.goto('/setting/umum');
    const tanggal = page.locator('input[data-dates-input]').first();
    await tanggal.fill('3-8-2026');
    await tanggal.blur();
    await expect(tanggal).toHaveValue('03-08-2026');
  });
});

test('the administrator backs up (progress shown), downloads it, restores it after typing the NPSN, and logs in again', async ({
  page,
}) => {
  await login(page, 'admin');
  await page.goto('/setting/cadangan');
  await page.getByTestId('cadangan-buat').click();
  await expect(page.getByTestId('cadangan-buat-progress')).toBeVisible();
  await expect(page.getByTestId('cadangan-buat-selesai')).toBeVisible({ timeout: 300_000 });
  await expect(page.getByTestId('cadangan-terakhir')).toContainText('Last backup:');

  const newest = page.getByTestId('cadangan-berkas').first();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    newest.getByTestId('cadangan-unduh').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^cadangan-\d{8}-.*-manual\.erapor$/);
  const head = (await readFile((await download.path()) ?? '')).subarray(0, 17).toString('latin1');
  expect(head).toBe('ERAPOR-CADANGAN 1');

  await newest.getByTestId('cadangan-pulihkan-buka').click();
  const modal = page.getByTestId('cadangan-pulihkan');
  const npsn = /NPSN (\d{8})/.exec((await modal.textContent()) ?? '')?.[1] ?? '';
  expect(npsn).toMatch(/^\d{8}$/);
  await page.getByTestId('cadangan-npsn').fill('00000000');
  await page.getByTestId('cadangan-pulihkan-ya').click();
  await expect(modal).toContainText('NPSN yang diketik tidak sama');
  await page.getByTestId('cadangan-npsn').fill(npsn);
  await page.getByTestId('cadangan-pulihkan-ya').click();
  await expect(page.getByTestId('cadangan-login-lagi')).toBeVisible({ timeout: 480_000 });
  await page.getByTestId('cadangan-login-lagi').click();
  await expect(page).toHaveURL(/\/login/);
  await login(page, 'admin');
  await page.goto('/setting/cadangan');
  await expect(
    page.getByTestId('cadangan-berkas').filter({ hasText: 'sebelum-pemulihan' }).first(),
  ).toBeVisible();
});

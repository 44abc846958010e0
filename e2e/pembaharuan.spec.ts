import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y';
import { login } from './support';

/**
 * Issue #14 items 9–10 (decision 035): Daftar Perubahan shows CHANGELOG.md with the running
 * version marked; Cek Pembaharuan asks the update feed. The feed is this spec's own server on
 * 127.0.0.1, port E2E_PORT + 10000, where playwright.config.ts points the app's UPDATE_FEED_URL.
 */
test.use({ locale: 'id-ID' });

const FEED_PORT = Number(process.env.E2E_PORT ?? 3199) + 10000;
const VERSION = (
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string }
).version;
const NEWER = `${Number(VERSION.split('.')[0]) + 1}.0.0`;

let feed: Server;
let hits = 0;

test.beforeAll(async () => {
  feed = createServer((req, res) => {
    if (req.url !== '/versi.json') {
      res.writeHead(404).end();
      return;
    }
    hits++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        version: `v${NEWER}`,
        tanggal: '2027-01-15',
        catatan: '### Ditambahkan\n- Monitoring kemajuan penilaian\n- <img src=x onerror="window.__xss=1">',
        url: 'https://example.org/e-rapor/rilis',
      }),
    );
  });
  await new Promise<void>((resolve) => feed.listen(FEED_PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => feed.close(() => resolve()));
});

test('Cek Pembaharuan: "Pembaharuan tersedia!" with the notes, the steps and an answer kept an hour', async ({
  page,
}) => {
  await login(page, 'admin');
  await page.goto('/check-update');
  const status = page.getByTestId('update-status');
  await expect(status).toBeVisible({ timeout: 15_000 });
  expect(
    await status.getAttribute('data-status'),
    `UPDATE_FEED_URL of the e2e server must be http://127.0.0.1:${FEED_PORT}/versi.json (playwright.config.ts)`,
  ).not.toBe('not-configured');
  // The server may hold an answer from before this spec's feed ran: ask now.
  await page.getByRole('button', { name: 'Periksa lagi' }).click();
  await expect(status).toContainText('Pembaharuan tersedia!');
  await expect(status).toHaveAttribute('data-status', 'available');
  await expect(page.getByTestId('update-installed')).toHaveText(`Versi terpasang: ${VERSION}`);
  const latest = page.getByTestId('update-latest');
  await expect(latest.getByRole('heading', { name: `Versi terbaru: ${NEWER}` })).toBeVisible();
  await expect(latest).toContainText('15 Januari 2027');
  await expect(page.getByTestId('update-notes')).toContainText('Monitoring kemajuan penilaian');
  // HTML in the notes is text, never markup.
  await expect(page.getByTestId('update-notes')).toContainText('<img src=x onerror="window.__xss=1">');
  expect(await page.getByTestId('update-notes').locator('img').count()).toBe(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.getByRole('link', { name: 'Buka halaman rilis' })).toHaveAttribute(
    'href',
    'https://example.org/e-rapor/rilis',
  );
  await expect(page.getByTestId('update-steps').locator('li')).toHaveCount(6);
  await expect(page.getByTestId('update-steps')).toContainText('npm run build');
  expect(await axeViolations(page, '/check-update')).toEqual([]);

  // Reopened: the server's answer is reused (cached an hour), the feed is not asked again.
  const asked = hits;
  await page.reload();
  await expect(status).toContainText('Pembaharuan tersedia!');
  await expect(page.getByTestId('update-checked-at')).toContainText('jawaban tersimpan');
  expect(hits).toBe(asked);
});

test('Daftar Perubahan: CHANGELOG.md, newest first, the running version marked "Versi terpasang"', async ({
  page,
}) => {
  await login(page, 'admin');
  await page.goto('/changelog');
  await expect(page).toHaveTitle(/Daftar Perubahan/);
  const releases = page.getByTestId('changelog-release');
  await expect(releases.first()).toBeVisible();
  await expect(releases.first()).toHaveAttribute('data-version', VERSION);
  const installed = page.locator(`[data-testid="changelog-release"][data-version="${VERSION}"]`);
  await expect(installed.getByTestId('changelog-installed-badge')).toHaveText('Versi terpasang');
  await expect(page.getByTestId('changelog-installed-badge')).toHaveCount(1);
  await expect(installed.getByRole('heading', { name: `Versi ${VERSION}` })).toBeVisible();
  await expect(installed.getByRole('heading', { name: 'Sinkronisasi Dapodik' })).toBeVisible();
  await expect(page.getByTestId('changelog-problem')).toHaveCount(0);
  expect(await axeViolations(page, '/changelog')).toEqual([]);
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { pdfText } from './pdf';
import { apiToken, login } from './support';

// Cetak Semua (issue #11 item 10; decision 033): the wali prints the whole class as one PDF; the
// job's progress shows in pupils, and the finished file downloads by itself. Saves nothing but
// the job row and its file.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

interface PrintPage {
  rombel: { rombongan_belajar_id: string; nama: string };
  data: { nama: string; nisn: string | null }[];
}

test('wali: Cetak Rapor → Cetak Semua (one PDF) shows progress, then the PDF of every pupil downloads', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'wali');
  const res = await request.get('/api/cetak/rapor', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const info = (await res.json()) as PrintPage;
  expect(info.data.length).toBeGreaterThan(3);

  await login(page, 'wali');
  await page.goto('/wali-kelas/cetak-rapor');
  const card = page.getByTestId('rapor-semua');
  await expect(card).toBeVisible();
  await expect(card.getByRole('checkbox', { name: 'Academic report' })).toBeChecked();
  await card.getByRole('radio', { name: 'One PDF', exact: true }).check();

  const [started, download] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith('/api/cetak/rapor-semua') && r.request().method() === 'POST',
    ),
    page.waitForEvent('download', { timeout: 150_000 }),
    (async () => {
      await card.getByTestId('rapor-semua-start').click();
      // The progress bar and the count "… of N pupils" while the job runs (English interface).
      await expect(card.getByTestId('rapor-semua-progress')).toContainText(`of ${info.data.length} pupils`);
    })(),
  ]);
  expect(started.status()).toBe(202);
  expect(download.suggestedFilename()).toBe(`Rapor ${info.rombel.nama} 20261.pdf`);
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-semua-')), 'semua.pdf');
  await download.saveAs(file);
  const text = pdfText(file);
  for (const pupil of info.data.slice(0, 3)) {
    expect(text).toContain(pupil.nama);
    if (pupil.nisn) expect(text).toContain(pupil.nisn);
  }
  await expect(card.getByTestId('rapor-semua-done')).toContainText(`Rapor ${info.rombel.nama} 20261.pdf`);
});

test('the Waka prints the whole school as a ZIP; after a reload "Cetak Semua" follows the running job, and Batal cancels it', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'waka');
  const first = (await (
    await request.get('/api/cetak/rapor', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as PrintPage & { rombel: { tingkat: number } };
  await login(page, 'waka');
  const url = `/progress/cetak-rapor?tingkat=${first.rombel.tingkat}&rombel=${first.rombel.rombongan_belajar_id}`;
  await page.goto(url);
  let card = page.getByTestId('rapor-semua');
  await card.getByRole('radio', { name: 'Whole school' }).check();
  // A tingkat or the school is a ZIP: one PDF is not offered.
  await expect(card.getByRole('radio', { name: 'One PDF', exact: true })).toBeDisabled();
  await expect(card.getByRole('radio', { name: 'ZIP (one PDF per pupil)' })).toBeChecked();
  const [started] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith('/api/cetak/rapor-semua') && r.request().method() === 'POST',
    ),
    card.getByTestId('rapor-semua-start').click(),
  ]);
  expect(started.status()).toBe(202);
  const job = (await started.json()) as { id: string; total: number };
  await expect(card.getByTestId('rapor-semua-progress')).toContainText(`of ${job.total} pupils`);

  // The school's report cards take minutes: after a reload the same choice follows the same job.
  await page.reload();
  card = page.getByTestId('rapor-semua');
  await card.getByRole('radio', { name: 'Whole school' }).check();
  const [again] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith('/api/cetak/rapor-semua') && r.request().method() === 'POST',
    ),
    card.getByTestId('rapor-semua-start').click(),
  ]);
  expect(again.status()).toBe(409);
  await expect(card.getByTestId('rapor-semua-progress')).toContainText(`of ${job.total} pupils`);

  const [cancelled] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(`/api/cetak/rapor-semua/${job.id}/batal`)),
    card.getByTestId('rapor-semua-cancel').click(),
  ]);
  expect(cancelled.status()).toBe(200);
  await expect(card.getByText('Printing cancelled.')).toBeVisible();
  await expect(card.getByTestId('rapor-semua-progress')).toHaveCount(0);
  const status = await request.get(`/api/cetak/rapor-semua/${job.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await status.json()) as { status: string }).status).toBe('cancelled');
});

import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { pdfText } from './pdf';
import { apiToken, login } from './support';

// Transkrip Nilai (issue #15 item 3; docs/decisions/040-transkrip.md): siswa@ downloads their own
// transcript from the portal; wali@ opens a pupil's from Cetak Rapor (blob tab). Read-only.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test('siswa@ downloads their own transcript from the portal: a PDF with their name and semester 1', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'siswa');
  const profil = (await (
    await request.get('/api/portal/profil', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { nama: string; nisn: string | null; kelas: { nama: string } | null };
  expect(profil.kelas).not.toBeNull();

  await login(page, 'siswa');
  const button = page.getByTestId('portal-transkrip');
  await expect(button).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^transkrip-.*\.pdf$/);
  const path = await download.path();
  const text = pdfText(readFileSync(path));
  expect(text).toContain('TRANSKRIP NILAI');
  expect(text).toContain(profil.nama);
  if (profil.nisn) expect(text).toContain(profil.nisn);
  // siswa@ is new in class X this year: one column, Semester 1.
  expect(text).toContain('Semester 1 X');
  expect(text).not.toContain('Semester 2');
});

test('wali@ opens a pupil’s transcript from Cetak Rapor in a blob tab', async ({ page, request }) => {
  const token = await apiToken(request, 'wali');
  const info = (await (
    await request.get('/api/cetak/rapor', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: { anggota_rombel_id: string; nama: string }[] };
  const pupil = info.data[2] ?? info.data[0];
  if (!pupil) throw new Error('no pupil');

  await login(page, 'wali');
  await page.goto('/wali-kelas/cetak-rapor');
  const row = page.getByTestId('rapor-row').filter({ hasText: pupil.nama });
  const [pdfResponse, popup] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(`/api/cetak/transkrip/${pupil.anggota_rombel_id}`)),
    page.waitForEvent('popup'),
    row.getByTestId('rapor-transkrip').click(),
  ]);
  expect(pdfResponse.status()).toBe(200);
  expect(pdfResponse.headers()['content-type']).toBe('application/pdf');
  const text = pdfText(await pdfResponse.body());
  expect(text).toContain('TRANSKRIP NILAI');
  expect(text).toContain(pupil.nama);
  expect(text).toMatch(/Rata-rata \d+,\d\d/);
  await expect.poll(() => popup.url()).toMatch(/^blob:/);
  await popup.close();
});

test('wali@ prints the class’s transcripts as one PDF through Cetak Semua', async ({ page, request }) => {
  const token = await apiToken(request, 'wali');
  const info = (await (
    await request.get('/api/cetak/rapor', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { rombel: { nama: string }; data: { nama: string }[] };

  await login(page, 'wali');
  await page.goto('/wali-kelas/cetak-rapor');
  const card = page.getByTestId('rapor-semua');
  await card.getByTestId('rapor-semua-transkrip').check();
  // No choice of documents for transcripts.
  await expect(card.getByRole('checkbox', { name: 'Academic report' })).toHaveCount(0);
  await card.getByRole('radio', { name: 'One PDF', exact: true }).check();
  const [started, download] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith('/api/cetak/transkrip-semua') && r.request().method() === 'POST',
    ),
    page.waitForEvent('download', { timeout: 110_000 }),
    card.getByTestId('rapor-semua-start').click(),
  ]);
  expect(started.status()).toBe(202);
  expect(download.suggestedFilename()).toBe(`Transkrip ${info.rombel.nama} 20261.pdf`);
  const text = pdfText(readFileSync(await download.path()));
  for (const pupil of info.data) expect(text).toContain(pupil.nama);
  expect(text.split('TRANSKRIP NILAI')).toHaveLength(info.data.length + 1);
});

import { expect, test } from '@playwright/test';
import { pdfText } from './pdf';
import { apiToken, login } from './support';

// Cetak Rapor Semester (issue #11 items 8, 11): the wali opens a pupil's Rapor Akademik from the
// print page — fetched with the token, shown from a blob in a new tab; the Waka reaches any class
// through Tingkat → Rombongan Belajar in the URL. Read-only: nothing is saved.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

interface PrintPage {
  rombel: { rombongan_belajar_id: string; nama: string; tingkat: number };
  cetak: { tempat: string; tanggal: string | null };
  data: { anggota_rombel_id: string; nama: string; nisn: string | null; kelengkapan: string[] }[];
}

test('wali opens a pupil’s Rapor Akademik from Cetak Rapor: a PDF with the pupil’s name in a blob tab', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'wali');
  const res = await request.get('/api/cetak/rapor', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const info = (await res.json()) as PrintPage;
  expect(info.data.length).toBeGreaterThan(5);

  await login(page, 'wali');
  await page.goto('/wali-kelas/cetak-rapor');
  await expect(page.getByTestId('rapor-table')).toBeVisible();
  await expect(page.getByTestId('rapor-row')).toHaveCount(info.data.length);
  if (info.cetak.tanggal) {
    await expect(page.getByTestId('rapor-tanggal')).toHaveText(`${info.cetak.tempat}, ${info.cetak.tanggal}`);
  }

  const pupil = info.data[1] ?? info.data[0];
  if (!pupil) throw new Error('no pupil');
  const row = page.getByTestId('rapor-row').filter({ hasText: pupil.nama });
  const [pdfResponse, popup] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(`/api/cetak/rapor-nilai-akhir/${pupil.anggota_rombel_id}`)),
    page.waitForEvent('popup'),
    row.getByTestId('rapor-nilai-akhir').click(),
  ]);
  expect(pdfResponse.status()).toBe(200);
  expect(pdfResponse.headers()['content-type']).toBe('application/pdf');
  const text = pdfText(await pdfResponse.body());
  expect(text).toContain(pupil.nama);
  if (pupil.nisn) expect(text).toContain(pupil.nisn);
  await expect.poll(() => popup.url()).toMatch(/^blob:/);
  await popup.close();
});

test('the Waka reaches any class on /progress/cetak-rapor through Tingkat and Rombongan Belajar in the URL', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'waka');
  const first = (await (
    await request.get('/api/cetak/rapor', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as PrintPage;
  await login(page, 'waka');
  await page.goto(
    `/progress/cetak-rapor?tingkat=${first.rombel.tingkat}&rombel=${first.rombel.rombongan_belajar_id}`,
  );
  await expect(page.getByTestId('rapor-table')).toBeVisible();
  await expect(page.getByTestId('rapor-row')).toHaveCount(first.data.length);
  await expect(page.getByTestId('rapor-rombel')).toHaveValue(first.rombel.nama);
  await page.goto('/progress/cetak-rapor');
  await expect(page.getByTestId('rapor-choose')).toBeVisible();
});

import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { apiToken, login } from './support';
import { choose, FIRST, type Step } from './views-cascade';

// Pusat Unduhan (issue #14 item 8): each role finds its own templates and exports, the files are
// the features' own, the choices live in the URL, and the administrator edits the reference links.
test.describe.configure({ timeout: 120_000 });

async function download(page: Page, testId: string) {
  const row = page.getByTestId(testId);
  const [file] = await Promise.all([page.waitForEvent('download'), row.getByRole('button').click()]);
  const bytes = await readFile((await file.path()) ?? '');
  return { name: file.suggestedFilename(), head: bytes.subarray(0, 4).toString('latin1') };
}

const HEADER: readonly Step[] = [
  ['header-tingkat', 'Grade 11'],
  ['header-jenis-rombel', 'Regular'],
  ['header-rombel', FIRST],
  ['header-mapel', FIRST],
];

test('guru@ downloads the grade templates of a subject they teach; the view survives a reload', async ({
  page,
}) => {
  await login(page, 'guru');
  await page.goto('/unduhan');
  await expect(page.getByTestId('unduhan-tab-penilaian')).toHaveAttribute('aria-selected', 'true');
  // Reports, import formats and monitoring are not guru@'s.
  await expect(page.getByTestId('unduhan-tab-cetak')).toHaveCount(0);
  await expect(page.getByTestId('unduhan-tab-impor')).toHaveCount(0);
  for (const step of HEADER) await choose(page, step);
  const na = await download(page, 'unduhan-template-nilai-akhir');
  expect(na.name).toMatch(/\.xlsx$/);
  expect(na.head).toBe('PK\u0003\u0004');
  // The Template TP waits for its CP/KD.
  const tp = page.getByTestId('unduhan-template-tp');
  await expect(tp.getByRole('button')).toBeDisabled();
  await choose(page, ['unduhan-cp', FIRST]);
  await expect(page).toHaveURL(/[?&]cp=/);
  const file = await download(page, 'unduhan-template-tp');
  expect(file.head).toBe('PK\u0003\u0004');

  await page.reload();
  await expect(page.getByTestId('header-mapel')).not.toHaveValue('');
  await expect(page.getByTestId('unduhan-cp')).not.toHaveValue('');
  await expect(page.getByTestId('unduhan-template-tp').getByRole('button')).toBeEnabled();
});

test('wali@ downloads the ledger and a pupil’s report card of their class', async ({ page }) => {
  await login(page, 'wali');
  await page.goto('/unduhan?tab=cetak');
  await expect(page.getByTestId('unduhan-kelas')).not.toHaveValue('');
  const leger = await download(page, 'unduhan-leger-nilai');
  expect(leger.head).toBe('PK\u0003\u0004');
  await expect(page.getByTestId('unduhan-rapor-cover').getByRole('button')).toBeDisabled();
  await choose(page, ['unduhan-pd', FIRST]);
  await expect(page).toHaveURL(/[?&]pd=/);
  const cover = await download(page, 'unduhan-rapor-cover');
  expect(cover.head).toBe('%PDF');
});

test('penguji@ downloads a certificate of a pupil they scored; the plan and pupil stay in the URL', async ({
  page,
}) => {
  await login(page, 'penguji');
  const headers = { authorization: `Bearer ${await apiToken(page.request, 'penguji')}` };
  // A plan with scored pupils (other specs may add plans of their own beside the demo's).
  const plans = (await (await page.request.get('/api/cetak/sertifikat', { headers })).json()) as {
    rencana: { value: string; label: string }[];
  };
  let plan = '';
  for (const r of plans.rencana) {
    const res = await page.request.get(`/api/cetak/sertifikat?rencana_ukk_id=${r.value}`, { headers });
    if (((await res.json()) as { data: unknown[] }).data.length > 0) {
      plan = r.label;
      break;
    }
  }
  expect(plan, 'a UKK plan of penguji@ with scores').not.toBe('');
  await page.goto('/unduhan?tab=ukk');
  // The certificates' own tab (other tabs depend on roles other specs may have given penguji@).
  await expect(page.getByTestId('unduhan-tab-ukk')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('unduhan-sertifikat-ukk').getByRole('button')).toBeDisabled();
  await choose(page, ['unduhan-rencana', plan]);
  await choose(page, ['unduhan-ukk-pd', FIRST]);
  await expect(page).toHaveURL(/[?&]rencana=.*[?&]pd=|[?&]pd=.*[?&]rencana=/);
  const file = await download(page, 'unduhan-sertifikat-ukk');
  expect(file.name).toMatch(/^Sertifikat UKK .*\.pdf$/);
  expect(file.head).toBe('%PDF');
  await page.reload();
  await expect(page.getByTestId('unduhan-ukk-pd')).not.toHaveValue('');
  await expect(page.getByTestId('unduhan-sertifikat-ukk').getByRole('button')).toBeEnabled();
});

test('waka@ downloads a monitoring export', async ({ page }) => {
  await login(page, 'waka');
  await page.goto('/unduhan?tab=monitoring');
  const file = await download(page, 'unduhan-progres-penilaian');
  expect(file.head).toBe('PK\u0003\u0004');
});

test('admin@ edits the reference links: a bad address is named and kept, a good one is saved', async ({
  page,
}) => {
  await login(page, 'admin');
  await page.goto('/unduhan?tab=referensi');
  const links = page.getByTestId('unduhan-tautan');
  await expect(links.getByRole('link').first()).toBeVisible();
  await page.getByTestId('tautan-ubah').click();
  await page.getByTestId('tautan-tambah').click();
  const row = page.getByTestId('tautan-row').last();
  const inputs = row.getByRole('textbox');
  await inputs.nth(0).fill('Panduan Sekolah');
  await inputs.nth(1).fill('Tata Tertib Ujian');
  await inputs.nth(2).fill('tatatertib.pdf');
  await page.getByTestId('tautan-simpan').click();
  await expect(row).toContainText('Alamat tautan harus diawali http:// atau https://');
  await expect(inputs.nth(1)).toHaveValue('Tata Tertib Ujian');
  await inputs.nth(2).fill('https://demo.sch.id/tatatertib.pdf');
  await page.getByTestId('tautan-simpan').click();
  await expect(links.getByRole('link', { name: 'Tata Tertib Ujian' })).toHaveAttribute(
    'href',
    'https://demo.sch.id/tatatertib.pdf',
  );
  await page.reload();
  await expect(
    page.getByTestId('unduhan-tautan').getByRole('link', { name: 'Tata Tertib Ujian' }),
  ).toBeVisible();
});

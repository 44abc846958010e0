import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiToken, type DemoAccount, login } from './support';

// Serial: the tests change shared demo data. Generous timeout: the demo school has ~1,500 pupils and
// the machine is shared.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const rows = (page: Page) => page.getByTestId('pd-table').locator('tbody tr');
const kelasCells = (page: Page) => rows(page).locator('td:nth-child(6)');

/** Picks an option of a Mantine Select found by its test id. */
async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('PD Aktif: the filters narrow the list, search finds a pupil, an edit is saved and survives a reload', async ({
  page,
}) => {
  await login(page, 'admin');
  await page.goto('/referensi/peserta-didik-aktif');
  await expect(page.getByRole('heading', { name: 'Peserta Didik Aktif' })).toBeVisible();
  await expect(rows(page)).toHaveCount(10);

  // tingkat → jurusan → rombel, each narrowing the next.
  await choose(page, 'filter-tingkat', 'Kelas 10');
  await expect(kelasCells(page).first()).toHaveText(/^X /);
  await choose(page, 'filter-jurusan', /Teknik Komputer/i);
  await choose(page, 'filter-rombel', 'X TJKT 1');
  await expect(kelasCells(page).first()).toHaveText('X TJKT 1');
  for (const text of await kelasCells(page).allTextContents()) expect(text).toBe('X TJKT 1');

  // Server-side search by name.
  const first = (await rows(page).first().locator('td').first().textContent())?.trim() ?? '';
  await page.getByTestId('table-search').fill(first);
  await expect(rows(page).first().locator('td').first()).toHaveText(first);

  // Detail and edit: a bad NIK is refused under the field and what was typed stays.
  await rows(page).first().getByTestId('pd-detail-button').click();
  const modal = page.getByTestId('pd-detail');
  await expect(modal.getByLabel(/^NIK/)).toBeVisible();
  const wali = `Wali E2E ${Date.now() % 100000}`;
  const nik = await modal.getByLabel(/^NIK/).inputValue();
  await modal.getByLabel(/Guardian's name|Nama Wali/).fill(wali);
  await modal.getByLabel(/^NIK/).fill('12345');
  await modal.getByTestId('pd-save').click();
  await expect(modal.getByText('NIK harus 16 digit!')).toBeVisible();
  await expect(modal.getByLabel(/Guardian's name|Nama Wali/)).toHaveValue(wali);
  await modal.getByLabel(/^NIK/).fill(nik);
  await modal.getByTestId('pd-save').click();
  await expect(page.getByTestId('toasts')).toContainText('berhasil diperbaharui');

  await page.reload();
  await page.getByTestId('table-search').fill(first);
  await expect(rows(page).first().locator('td').first()).toHaveText(first);
  await rows(page).first().getByTestId('pd-detail-button').click();
  await expect(page.getByTestId('pd-detail').getByLabel(/Guardian's name|Nama Wali/)).toHaveValue(wali);
});

/** The classes a teacher may see pupils of (decision 010): their own class and the ones they teach. */
async function visibleClasses(request: APIRequestContext, account: DemoAccount): Promise<Set<string>> {
  const accessToken = await apiToken(request, account);
  const names = new Set<string>();
  for (const tingkat of [10, 11, 12, 13]) {
    for (const jenis of [1, 16]) {
      const res = await request.get(`/api/penilaian/rombel?tingkat=${tingkat}&jenis_rombel=${jenis}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      for (const r of ((await res.json()) as { data: { nama: string }[] }).data) names.add(r.nama);
    }
  }
  return names;
}

test('PD Aktif: a wali kelas sees their class and the pupils they teach, a pupil only themself', async ({
  page,
  request,
}) => {
  const allowed = await visibleClasses(request, 'wali');
  expect(allowed.has('X TJKT 1')).toBe(true);
  await login(page, 'wali');
  await page.goto('/referensi/peserta-didik-aktif');
  await expect(rows(page).first()).toBeVisible();
  for (const text of await kelasCells(page).allTextContents()) expect(allowed, text).toContain(text);

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await login(page, 'siswa');
  await page.goto('/referensi/peserta-didik-aktif');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Andi Pratama');
});

test('PD Keluar lists the pupils who left', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/referensi/peserta-didik-keluar');
  await expect(page.getByRole('heading', { name: 'Peserta Didik Keluar' })).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByTestId('filter-tingkat')).toHaveCount(0);
});

test('PD Aktif: a save over someone else’s newer save is refused with a clear message, the typing kept', async ({
  browser,
}) => {
  const first = await browser.newPage();
  const second = await browser.newPage();
  try {
    for (const page of [first, second]) {
      await login(page, 'admin');
      await page.goto('/referensi/peserta-didik-aktif');
      await page.getByTestId('table-search').fill('Andi Pratama');
      await expect(rows(page)).toHaveCount(1);
      await rows(page).first().getByTestId('pd-detail-button').click();
      await expect(page.getByTestId('pd-detail').getByLabel(/Guardian's address|Alamat Wali/)).toBeVisible();
    }
    await second
      .getByTestId('pd-detail')
      .getByLabel(/Guardian's address|Alamat Wali/)
      .fill('Jl. Kedua 2');
    await second.getByTestId('pd-save').click();
    await expect(second.getByTestId('toasts')).toContainText('berhasil diperbaharui');

    const field = first.getByTestId('pd-detail').getByLabel(/Guardian's address|Alamat Wali/);
    await field.fill('Jl. Pertama 1');
    await first.getByTestId('pd-save').click();
    await expect(first.getByTestId('pd-conflict')).toContainText('telah diubah oleh pengguna lain');
    await expect(field).toHaveValue('Jl. Pertama 1');
  } finally {
    await first.close();
    await second.close();
  }
});

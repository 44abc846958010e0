import { expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support';

// p5@ (Koord P5) plans and assesses a P5 project in 2024/2025 Genap (issue #13 items 1–3; decision
// 037): six sub-elements of three dimensions; every other semester from 20251 shows P5 read-only.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

/** The semester before the new regime (isNewPpa) that the living demo seeds (history.ts). */
const PAST = '20242';
const NAMA = 'Gaya Hidup Berkelanjutan';
/** Six sub-elements (ref_p5_sub_elemen.no) of three dimensions: Beriman 1, 4; Mandiri 29, 31; Bernalar kritis 36, 38. */
const SUB = [1, 4, 29, 31, 36, 38];

async function loginTo(page: Page, semesterId: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.p5);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.locator('select[name="semester_id"]').selectOption(semesterId);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function choose(page: Page, testId: string, option: string | RegExp): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

test('p5@ plans a project of six sub-elements in three dimensions; a reload keeps it', async ({
  page,
  request,
}) => {
  // Projects left by an earlier run against the same server go first (with their scores).
  const login = await request.post('/api/jwt/login', {
    data: { email: DEMO.p5, password: DEMO_PASSWORD, semester_id: PAST },
  });
  expect(login.ok()).toBe(true);
  const headers = {
    authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`,
  };
  const old = (await (await request.get('/api/projek/rencana?per_page=100', { headers })).json()) as {
    data: { rencana_budaya_kerja_id: string }[];
  };
  for (const r of old.data) {
    const detail = (await (
      await request.get(`/api/projek/rencana/${r.rencana_budaya_kerja_id}`, { headers })
    ).json()) as {
      jml_nilai: number;
    };
    const del = await request.delete(
      `/api/projek/rencana/${r.rencana_budaya_kerja_id}?konfirmasi_hapus_nilai=${detail.jml_nilai}`,
      { headers },
    );
    expect(del.ok()).toBe(true);
  }

  await loginTo(page, PAST);
  await page.goto('/nilai-projek/perencanaan');
  await expect(page.getByTestId('projek-table')).toContainText('No data');
  await page.getByTestId('add-button').click();
  const form = page.getByTestId('projek-form');
  await expect(form).toBeVisible();
  await choose(page, 'projek-tingkat', 'Grade 10');
  await choose(page, 'projek-rombel', /^X /);
  await choose(page, 'projek-tema', /./);
  await page.getByTestId('projek-nama').fill(NAMA);
  await page.getByTestId('projek-deskripsi').fill('Memilah sampah sekolah dan membuat kompos.');
  await page.getByTestId('projek-no-urut').fill('1');
  // No sub-element yet: the message, the typing kept.
  await page.getByTestId('projek-simpan').click();
  await expect(page.getByTestId('projek-sub-elemen-error')).toHaveText('Pilih minimal satu Sub Elemen!');
  await expect(page.getByTestId('projek-nama')).toHaveValue(NAMA);
  for (const no of SUB) await page.getByTestId(`sub-elemen-${no}`).check();
  await page.getByTestId('projek-simpan').click();
  await expect(form).toBeHidden();
  const table = page.getByTestId('projek-table');
  await expect(table).toContainText(NAMA);
  await page.reload();
  await expect(table).toContainText(NAMA);
  const row = table.getByRole('row').filter({ hasText: NAMA });
  await expect(row).toContainText('6');
  await row.getByTestId('projek-detil').click();
  const detail = page.getByTestId('projek-detail');
  for (const dimensi of ['Bertakwa', 'Mandiri', 'Bernalar kritis'])
    await expect(detail).toContainText(dimensi);
});

test('from 20251 the P5 screens are read-only', async ({ page }) => {
  const { semester_id } = (await (await page.request.get('/api/auth/semester')).json()) as {
    semester_id: string;
  };
  expect(semester_id >= '20251').toBe(true);
  await loginTo(page, semester_id);
  await page.goto('/nilai-projek/perencanaan');
  await expect(page.getByTestId('p5-read-only')).toBeVisible();
  await expect(page.getByTestId('projek-edit')).toHaveCount(0);
});

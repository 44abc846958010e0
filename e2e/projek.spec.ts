import { expect, type Page, test } from '@playwright/test';
import { pdfText, pdfWordBoxes } from './pdf';
import { DEMO, DEMO_PASSWORD, type DemoAccount, paste } from './support';

// p5@ (Koord P5) plans and assesses a P5 project in 2024/2025 Genap (issue #13 items 1–3; decision
// 037): six sub-elements of three dimensions; every other semester from 20251 shows P5 read-only.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

/** The semester before the new regime (isNewPpa) that the living demo seeds (history.ts). */
const PAST = '20242';
const NAMA = 'Gaya Hidup Berkelanjutan';
/** Six sub-elements (ref_p5_sub_elemen.no) of three dimensions: Beriman 1, 4; Mandiri 29, 31; Bernalar kritis 36, 38. */
const SUB = [1, 4, 29, 31, 36, 38];
/** Their grid columns in checklist order (dimension, element): 1, 4, 36, 38, 29, 31. */
const COLUMNS = [
  'P1.1 Akhlak beragama',
  'P1.2 Akhlak pribadi',
  'P1.3 Memperoleh dan memproses informasi dan gagasan',
  'P1.4 Menganalisis dan mengevaluasi penalaran dan prosedurnya',
  'P1.5 Pemahaman diri dan situasi yang dihadapi',
  'P1.6 Regulasi diri',
];
const CATATAN = 'P1 Process notes';
let kelas = '';
let kelasId = '';

/** The level column (MB, SB, BSH, SAB) under which each "√" stands, top to bottom (pdftotext -bbox). */
function ticks(pdf: Buffer): string[] {
  const html = pdfWordBoxes(pdf);
  const words = [
    ...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g),
  ].map((m) => ({ x: (Number(m[1]) + Number(m[3])) / 2, y: Number(m[2]), text: m[4] ?? '' }));
  const columns = ['MB', 'SB', 'BSH', 'SAB'].map((kode) => ({
    kode,
    x: words.filter((w) => w.text === kode).at(-1)?.x ?? -1,
  }));
  return words
    .filter((w) => w.text === '√')
    .sort((a, b) => a.y - b.y)
    .map((w) => [...columns].sort((a, b) => Math.abs(a.x - w.x) - Math.abs(b.x - w.x))[0]?.kode ?? '');
}

async function loginTo(page: Page, semesterId: string, account: DemoAccount = 'p5'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO[account]);
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
  await page.getByTestId('projek-rombel').click();
  const firstClass = page.getByRole('listbox').getByRole('option').first();
  kelas = ((await firstClass.textContent()) ?? '').trim();
  await firstClass.click();
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

/** A level cell (a select) by its accessible name, "{nama} — {column}". */
const level = (page: Page, nama: string, column: string) =>
  page.getByRole('combobox', { name: `${nama} — ${column}`, exact: true });

test('p5@ assesses the class, typed and pasted from Excel, with Catatan proses; a reload keeps all', async ({
  page,
  request,
}) => {
  const login = await request.post('/api/jwt/login', {
    data: { email: DEMO.p5, password: DEMO_PASSWORD, semester_id: PAST },
  });
  const headers = {
    authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`,
  };
  const classes = (await (await request.get('/api/projek/penilaian/rombel', { headers })).json()) as {
    data: { rombongan_belajar_id: string; nama: string }[];
  };
  const id = classes.data.find((c) => c.nama === kelas)?.rombongan_belajar_id ?? '';
  kelasId = id;
  const grid = (await (await request.get(`/api/projek/penilaian/${id}`, { headers })).json()) as {
    siswa: { nama: string }[];
  };
  const [first, second] = grid.siswa.map((s) => s.nama);
  if (!first || !second) throw new Error('the class has fewer than two pupils');

  await loginTo(page, PAST);
  await page.goto('/nilai-projek/penilaian');
  await choose(page, 'nilai-tingkat', 'Grade 10');
  await choose(page, 'nilai-rombel', kelas);
  await expect(page.getByTestId('nilai-legend')).toContainText('Berkembang Sesuai Harapan');
  // Typed: one level and the note.
  await level(page, first, COLUMNS[0] ?? '').selectOption('BSH');
  await page
    .getByRole('textbox', { name: `${first} — ${CATATAN}`, exact: true })
    .fill('Aktif memilah sampah.');
  // Pasted from Excel: codes, names and ids in any case, across the six sub-elements.
  await paste(page, level(page, second, COLUMNS[0] ?? ''), 'MB\tsb\tBerkembang Sesuai Harapan\tSAB\t2\tSB');
  const saved = page.waitForResponse(
    (r) => r.url().includes(`/api/projek/penilaian/${id}`) && r.request().method() === 'PUT',
  );
  await page.getByTestId('nilai-save').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Nilai Projek berhasil disimpan')).toBeVisible();

  await page.reload();
  await expect(level(page, first, COLUMNS[0] ?? '')).toHaveValue('BSH');
  await expect(page.getByRole('textbox', { name: `${first} — ${CATATAN}`, exact: true })).toHaveValue(
    'Aktif memilah sampah.',
  );
  const expected = ['MB', 'SB', 'BSH', 'SAB', 'MB', 'SB'];
  for (const [i, column] of COLUMNS.entries())
    await expect(level(page, second, column)).toHaveValue(expected[i] ?? '');

  // The pupil's P5 report from the grid: header, the project, the legend, "√" under the levels given.
  const [pdfResponse, popup] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/cetak/rapor-p5/')),
    page.waitForEvent('popup'),
    page.getByRole('button', { name: `P5 report ${second}`, exact: true }).click(),
  ]);
  expect(pdfResponse.status()).toBe(200);
  const pdf = await pdfResponse.body();
  const text = pdfText(pdf);
  for (const part of [
    'RAPOR PROJEK PENGUATAN PROFIL PELAJAR PANCASILA',
    `Nama Peserta Didik : ${second}`,
    `Kelas : ${kelas}`,
    'Fase : E',
    `Projek Profil 1 | ${NAMA}`,
    'Mulai Berkembang',
    'Sedang Berkembang',
    'Berkembang Sesuai Harapan',
    'Sangat Berkembang',
    'Catatan Proses',
  ])
    expect(text).toContain(part);
  expect(ticks(pdf)).toEqual(expected);
  await popup.close();
});

test('the Waka finds the Rapor P5 column on Cetak Rapor of that class in 2024/2025', async ({ page }) => {
  await loginTo(page, PAST, 'waka');
  await page.goto(`/progress/cetak-rapor?tingkat=10&rombel=${kelasId}`);
  await expect(page.getByTestId('rapor-table')).toBeVisible();
  await expect(page.getByTestId('rapor-p5').first()).toBeVisible();
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
  // Tambah Data is offered disabled with the reason (issue #26 item 4), not active with a red toast.
  const add = page.getByTestId('add-button');
  await expect(add).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('add-button-why')).toHaveText(
    'Cannot add: from 2025/2026 P5 is replaced by Kokurikuler, this semester is read-only.',
  );
  await add.hover();
  await expect(page.getByRole('tooltip')).toContainText('Cannot add');
  // Playwright waits for an aria-disabled button to be enabled: a person's click, forced.
  await add.click({ force: true });
  await expect(page.getByTestId('projek-form')).toHaveCount(0);
  await page.goto('/nilai-projek/penilaian');
  await choose(page, 'nilai-tingkat', /Grade/);
  await choose(page, 'nilai-rombel', /./);
  await expect(page.getByTestId('p5-read-only')).toBeVisible();
  await expect(page.getByTestId('nilai-save')).toHaveCount(0);
  await expect(page.getByTestId('nilai-rapor-p5')).toHaveCount(0);
});

test('from 20251 the Cetak Rapor page offers no P5 report', async ({ page }) => {
  const { semester_id } = (await (await page.request.get('/api/auth/semester')).json()) as {
    semester_id: string;
  };
  await loginTo(page, semester_id, 'waka');
  await page.goto('/progress/cetak-rapor?tingkat=10');
  await page.getByTestId('rapor-rombel').click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await expect(page.getByTestId('rapor-table')).toBeVisible();
  await expect(page.getByTestId('rapor-p5')).toHaveCount(0);
});

import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiToken, login } from './support';
import { type CascadeScreen, expectViewKept, FIRST, type Step, sameUserElsewhere } from './views-cascade';

/*
 * Issue #10, "Views in the URL": on every screen with a cascade, the choices live in the URL's
 * search parameters — a reload shows the same view, Back returns to the previous choice, and the
 * link opened by the same user in a new browser context shows the same view (views-cascade.ts). An
 * id in a link that no longer exists or that the user may not see is cleared with a notice, not an
 * error. The PKL screens (a plan first) and the wali's class picker (a second class first) change
 * school-wide state: views-pkl.spec.ts and views-wali.spec.ts.
 */

const HEADER: readonly Step[] = [
  ['header-tingkat', 'Grade 11'],
  ['header-jenis-rombel', 'Regular'],
  ['header-rombel', FIRST],
  ['header-mapel', FIRST],
];
const FILTER: readonly Step[] = [
  ['filter-tingkat', FIRST],
  ['filter-rombel', FIRST],
  ['filter-mapel', FIRST],
];

const SCREENS: readonly CascadeScreen[] = [
  {
    title: 'Input Asesmen',
    account: 'guru',
    path: '/penilaian/input-nilai',
    steps: [...HEADER, ['header-jenis-asesmen', 'Sumatif Lingkup Materi']],
  },
  { title: 'Nilai Akhir', account: 'guru', path: '/penilaian/nilai-akhir', steps: HEADER },
  { title: 'Capaian Kompetensi', account: 'guru', path: '/penilaian/capaian-kompetensi', steps: HEADER },
  { title: 'Tujuan Pembelajaran', account: 'guru', path: '/referensi/tujuan-pembelajaran', steps: FILTER },
  { title: 'Capaian Pembelajaran', account: 'guru', path: '/referensi/capaian-pembelajaran', steps: FILTER },
  { title: 'Kompetensi Dasar', account: 'guru', path: '/referensi/kompetensi-dasar', steps: FILTER },
  {
    title: 'Penilaian Sikap',
    account: 'guru',
    path: '/penilaian/sikap',
    steps: [['sikap-filter-rombel', FIRST]],
  },
  {
    title: 'PD Aktif',
    account: 'admin',
    path: '/referensi/peserta-didik-aktif',
    steps: [
      ['filter-tingkat', FIRST],
      ['filter-jurusan', FIRST],
      ['filter-rombel', FIRST],
    ],
  },
  {
    title: 'Rombongan Belajar',
    account: 'admin',
    path: '/referensi/rombongan-belajar',
    steps: [
      ['filter-tingkat', FIRST],
      ['filter-jurusan', FIRST],
    ],
  },
  {
    title: 'Penilaian Ekstrakurikuler',
    account: 'ekskul',
    path: '/penilaian/ekstrakurikuler',
    steps: [['ekskul-kelas', FIRST]],
    chosenForUser: 'ekskul-select',
  },
  {
    title: 'Rombel Pilihan',
    account: 'admin',
    path: '/referensi/rombel-pilihan',
    steps: [
      ['filter-tingkat', FIRST],
      ['filter-jurusan', FIRST],
    ],
  },
  {
    title: 'Cetak Rapor Semester (Waka)',
    account: 'waka',
    path: '/progress/cetak-rapor',
    steps: [
      ['rapor-tingkat', FIRST],
      ['rapor-rombel', FIRST],
    ],
  },
  {
    title: 'Unduh Leger (Waka)',
    account: 'waka',
    path: '/progress/unduh-legger',
    steps: [
      ['leger-tingkat', FIRST],
      ['leger-rombel', FIRST],
    ],
  },
];

for (const screen of SCREENS) {
  test(`${screen.title}: reload, Back and a copied link keep the view`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await expectViewKept(page, browser, screen);
  });
}

test('PD Aktif: search, page and sort survive a reload and a copied link', async ({ page, browser }) => {
  await login(page, 'admin');
  await page.goto('/referensi/peserta-didik-aktif');
  const rows = page.getByTestId('pd-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await page.getByTestId('table-search').fill('a');
  await expect(page).toHaveURL(/[?&]q=a(&|$)/);
  await page.getByTestId('pd-table').getByRole('button', { name: /^NISN/ }).click();
  await expect(page).toHaveURL(/[?&]sort=nisn/);
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/referensi/peserta-didik?page=2')),
    page.getByRole('button', { name: '2', exact: true }).click(),
  ]);
  await expect(page).toHaveURL(/[?&]page=2/);
  const firstRow = (await rows.first().textContent()) ?? '';
  const link = page.url();

  await page.reload();
  await expect(page.getByTestId('table-search')).toHaveValue('a');
  await expect(rows.first()).toHaveText(firstRow);
  await page.goBack();
  await expect(page).toHaveURL(/sort=nisn/);
  await expect(page).not.toHaveURL(/page=2/);

  const other = await sameUserElsewhere(browser, 'admin');
  await other.goto(link);
  await expect(other.getByTestId('table-search')).toHaveValue('a');
  await expect(other.getByTestId('pd-table').locator('tbody tr').first()).toHaveText(firstRow);
  await other.context().close();
});

async function getJson<T>(request: APIRequestContext, auth: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: { authorization: `Bearer ${auth}` } });
  expect(res.ok(), url).toBe(true);
  return (await res.json()) as T;
}

test('a class in a link that is gone or not taught is cleared with a notice, never an error', async ({
  page,
  request,
}) => {
  const admin = await apiToken(request, 'admin');
  const guru = await apiToken(request, 'guru');
  type Rows = { data: { rombongan_belajar_id: string }[] };
  const all = await getJson<Rows>(
    request,
    admin,
    '/api/referensi/rombongan-belajar?jenis_rombel=1&tingkat=11&per_page=100',
  );
  const taught = await getJson<Rows>(request, guru, '/api/penilaian/rombel?tingkat=11&jenis_rombel=1');
  const mine = new Set(taught.data.map((r) => r.rombongan_belajar_id));
  const notTaught = all.data.find((r) => !mine.has(r.rombongan_belajar_id))?.rombongan_belajar_id;
  expect(notTaught).toBeTruthy();

  const refused: string[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/api/') && res.status() >= 400)
      refused.push(`${res.status()} ${res.url()}`);
  });
  await login(page, 'guru');
  for (const rombel of [notTaught, '00000000-0000-4000-8000-000000000000']) {
    await page.goto(`/penilaian/input-nilai?tingkat=11&jenis=1&rombel=${rombel}&mapel=${rombel}`);
    await expect(page.getByTestId('toasts')).toContainText('View reset');
    await expect(page).toHaveURL(/\/penilaian\/input-nilai\?tingkat=11&jenis=1$/);
    await expect(page.getByTestId('header-tingkat')).toHaveValue('Grade 11');
    await expect(page.getByTestId('header-rombel')).toHaveValue('');
  }
  await page.goto('/referensi/tujuan-pembelajaran?tingkat=11&rombel=00000000-0000-4000-8000-000000000000');
  await expect(page.getByTestId('toasts')).toContainText('View reset');
  await expect(page).toHaveURL(/\/referensi\/tujuan-pembelajaran\?tingkat=11$/);
  expect(refused).toEqual([]);
});

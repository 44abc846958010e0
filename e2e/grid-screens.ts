import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ensurePklPlan } from './pkl-plan';
import { apiToken, DEMO, DEMO_PASSWORD, type DemoAccount } from './support';

/*
 * Every grid screen of the app, one list (issue #26 item 1; decision 055): who opens it, in which
 * semester, the pickers chosen in order (the option's text, or the first option) and the test id
 * around its table. layout.spec.ts walks it with the grid rule of layout-check.ts at 1366, 1280 and
 * 390 px. A new grid screen joins here.
 */

export interface GridScreen {
  name: string;
  account: DemoAccount;
  /** The semester chosen at log-in; the active one when absent. */
  semester?: string;
  path: string;
  /** Pickers (Mantine Selects by test id) chosen in order: an option's text, or the first option. */
  /** Selects to choose in order; `unlessChosen`: leave it when the screen has already chosen one. */
  picks?: readonly (readonly [testId: string, option?: string, unlessChosen?: 'unless-chosen'])[];
  grid: string;
  /** Data the screen needs before it shows a grid (made once, when missing). */
  prepare?: (request: APIRequestContext, page: Page) => Promise<void>;
}

/** The 2024/2025 Genap semester: P5 is still entered there (from 2025/2026 it is read-only). */
export const P5_EDITABLE = '20242';

const ASESMEN_PICKS = [
  ['header-tingkat', 'Grade 11'],
  ['header-jenis-rombel', 'Regular'],
  ['header-rombel'],
  ['header-mapel'],
] as const;

export const GRID_SCREENS: readonly GridScreen[] = [
  {
    name: 'Asesmen Sumatif (lingkup materi)',
    account: 'guru',
    path: '/penilaian/input-nilai',
    picks: [...ASESMEN_PICKS, ['header-jenis-asesmen', 'Sumatif Lingkup Materi']],
    grid: 'grade-grid',
  },
  {
    name: 'Asesmen Sumatif (akhir semester)',
    account: 'guru',
    path: '/penilaian/input-nilai',
    picks: [...ASESMEN_PICKS, ['header-jenis-asesmen', 'Sumatif Akhir Semester']],
    grid: 'grade-grid',
  },
  {
    name: 'Nilai Akhir',
    account: 'guru',
    path: '/penilaian/nilai-akhir',
    picks: ASESMEN_PICKS,
    grid: 'grade-grid',
  },
  {
    name: 'Capaian Kompetensi',
    account: 'guru',
    path: '/penilaian/capaian-kompetensi',
    picks: ASESMEN_PICKS,
    grid: 'grade-grid',
  },
  { name: 'Bobot Penilaian', account: 'guru', path: '/referensi/bobot-penilaian', grid: 'bobot-grid' },
  {
    name: 'Nilai Ekstrakurikuler',
    account: 'ekskul',
    path: '/penilaian/ekstrakurikuler',
    grid: 'ekskul-grid',
  },
  {
    name: 'Penilaian P5',
    account: 'p5',
    semester: P5_EDITABLE,
    path: '/nilai-projek/penilaian',
    picks: [['nilai-tingkat', 'Grade 10'], ['nilai-rombel']],
    grid: 'nilai-grid',
    prepare: ensureP5Project,
  },
  {
    name: 'Penilaian UKK',
    account: 'penguji',
    path: '/nilai-ukk/penilaian',
    picks: [['nilai-paket']],
    grid: 'nilai-grid',
  },
  {
    name: 'Penilaian PKL',
    account: 'pkl',
    path: '/pkl/penilaian',
    // The demo plans each PKS of the class (decision 058): with several, the placement is chosen.
    picks: [
      ['penilaian-tingkat', 'Grade 12'],
      ['penilaian-rombel'],
      ['penilaian-dudi', undefined, 'unless-chosen'],
    ],
    grid: 'penilaian-grid',
    prepare: pklPlan('/api/pkl/penilaian/rencana', 2),
  },
  {
    name: 'Kehadiran PKL',
    account: 'pkl',
    path: '/pkl/kehadiran',
    picks: [
      ['kehadiran-tingkat', 'Grade 12'],
      ['kehadiran-rombel'],
      ['kehadiran-dudi', undefined, 'unless-chosen'],
    ],
    grid: 'kehadiran-grid',
    prepare: pklPlan('/api/pkl/kehadiran/rencana', 1),
  },
  { name: 'Ketidakhadiran', account: 'wali', path: '/wali-kelas/ketidakhadiran', grid: 'absensi-grid' },
  {
    name: 'Catatan Wali Kelas',
    account: 'wali',
    path: '/wali-kelas/catatan-wali-kelas',
    grid: 'catatan-table',
  },
  { name: 'Kokurikuler', account: 'wali', path: '/wali-kelas/kokurikuler', grid: 'catatan-table' },
  {
    name: 'Kenaikan Kelas',
    account: 'wali',
    semester: '20252',
    path: '/wali-kelas/kenaikan-kelas',
    grid: 'kenaikan-table',
  },
];

/** pkl@'s PKL plan, made when the screen's list has none. */
function pklPlan(list: '/api/pkl/penilaian/rencana' | '/api/pkl/kehadiran/rencana', tps: number) {
  return async (request: APIRequestContext) => {
    await ensurePklPlan(request, await apiToken(request, 'pkl'), { list, tps });
  };
}

/** Logs in through the form, in `semester` when given. */
export async function loginIn(page: Page, account: DemoAccount, semester?: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO[account]);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  if (semester) await page.locator('select[name="semester_id"]').selectOption(semester);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Chooses an option of a Mantine Select by its test id: the one with `option` in its text, or the first. */
export async function pick(
  page: Page,
  testId: string,
  option?: string,
  unlessChosen?: string,
): Promise<void> {
  // A chosen option clicked again is deselected (Mantine's allowDeselect): leave a chosen one.
  if (unlessChosen && (await page.getByTestId(testId).inputValue())) return;
  await page.getByTestId(testId).click();
  const options = page.getByRole('listbox').getByRole('option');
  await (option ? options.filter({ hasText: option }) : options).first().click();
}

/**
 * p5@ plans a project in 2024/2025 Genap when none exists (grade 10's first class, three
 * sub-elements in two dimensions), through the screen as a teacher does.
 */
async function ensureP5Project(request: APIRequestContext, page: Page): Promise<void> {
  const res = await request.post('/api/jwt/login', {
    data: { email: DEMO.p5, password: DEMO_PASSWORD, semester_id: P5_EDITABLE },
  });
  expect(res.ok()).toBe(true);
  const headers = { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
  const classes = (await (await request.get('/api/projek/penilaian/rombel', { headers })).json()) as {
    data: unknown[];
  };
  if (classes.data.length > 0) return;
  await page.goto('/nilai-projek/perencanaan');
  await page.getByTestId('add-button').click();
  await pick(page, 'projek-tingkat', 'Grade 10');
  await pick(page, 'projek-rombel');
  await pick(page, 'projek-tema');
  await page.getByTestId('projek-nama').fill('Gaya Hidup Berkelanjutan');
  await page.getByTestId('projek-deskripsi').fill('Memilah sampah sekolah dan membuat kompos.');
  await page.getByTestId('projek-no-urut').fill('1');
  for (const no of [1, 4, 29]) await page.getByTestId(`sub-elemen-${no}`).check();
  await page.getByTestId('projek-simpan').click();
  await expect(page.getByTestId('projek-form')).toBeHidden();
}

import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { shownAs } from './excel-cells';
import { DEMO, DEMO_PASSWORD, login } from './support';

// Monitoring › Nilai Projek and Nilai UKK as the Waka (issue #14 items 4 and 6; decision 036). The
// living demo has P5 projects in 2024/2025 Genap (20242, before Kokurikuler replaced them) and a
// UKK plan for its XII TJKT class in the active semester. Read only, but it runs with the
// school-wide specs: projek.spec.ts clears p5@'s projects in 20242. Numbers on screen are compared
// with the API and the workbook, never typed in.
test.describe.configure({ timeout: 180_000 });

const P5_SEMESTER = '20242';

type Bar = { id: string; label: string };
type Summary = { items_total: number; items_lengkap: number; items_belum: number };

const tableRows = (page: Page) => page.getByTestId('monitoring-table').locator('tbody tr');
const rowTexts = (page: Page, cells: number) =>
  tableRows(page).evaluateAll(
    (trs, n) =>
      trs.map((tr) =>
        Array.from(tr.querySelectorAll('td'))
          .slice(0, n)
          .map((td) => (td.textContent ?? '').trim()),
      ),
    cells,
  );

/** The Status cell as the workbook writes it (Indonesian) from the screen's (the browser's language). */
const STATUS_ID: Record<string, string> = {
  'Not graded (Belum dinilai)': 'Belum dinilai',
  Partial: 'Sebagian',
  Complete: 'Lengkap',
  'No project yet': 'Belum ada projek',
  '-': '-',
};
const asSheet = (rows: string[][]) =>
  rows.map((r) => r.map((v, i) => (i === r.length - 1 ? (STATUS_ID[v] ?? v) : v)));

async function tokenFor(request: APIRequestContext, semesterId?: string): Promise<string> {
  const sem =
    semesterId ??
    ((await (await request.get('/api/auth/semester')).json()) as { semester_id: string }).semester_id;
  const res = await request.post('/api/jwt/login', {
    data: { email: DEMO.waka, password: DEMO_PASSWORD, semester_id: sem },
  });
  expect(res.ok(), 'log-in of waka').toBe(true);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function getJson<T>(request: APIRequestContext, url: string, token: string): Promise<T> {
  const res = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), url).toBe(true);
  return (await res.json()) as T;
}

/** The downloaded workbook's table rows (after the header row that starts with `firstHeader`). */
async function excelRows(page: Page, firstHeader: string, cells: number) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('unduh-excel').click(),
  ]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile((await download.path()) ?? '')) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  let header = 0;
  ws.eachRow((r, n) => {
    if (r.getCell(1).value === firstHeader) header = n;
  });
  expect(header).toBeGreaterThan(0);
  const rows: string[][] = [];
  for (let n = header + 1; n <= ws.rowCount; n++) {
    const r = ws.getRow(n);
    rows.push(Array.from({ length: cells }, (_, i) => shownAs(r.getCell(i + 1), 'en')));
  }
  return { ws, rows };
}

test('Nilai Projek (20242): summary, bars, table; Tingkat 10, the lowest class bar, Detil Projek P5, Unduh Excel', async ({
  page,
  request,
}) => {
  const token = await tokenFor(request, P5_SEMESTER);
  const api = <T>(path: string) => getJson<T>(request, `/api/progress/nilai-projek${path}`, token);
  type Ringkasan = { mode: string; summary: Summary; kelas: Bar[] };

  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.waka);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.locator('select[name="semester_id"]').selectOption(P5_SEMESTER);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/progress/nilai-projek?per_page=100');

  const all = await api<Ringkasan>('/ringkasan');
  expect(all.mode).toBe('p5');
  expect(all.summary.items_total).toBeGreaterThan(0);
  await expect(page.getByTestId('monitoring-summary')).toBeVisible();
  await expect(page.getByTestId('chart-kelas-bar')).toHaveCount(all.kelas.length);
  await expect(page.getByTestId('summary-lengkap-value')).toHaveText(
    `${all.summary.items_lengkap} / ${all.summary.items_total}`,
  );
  await expect(tableRows(page)).toHaveCount(all.kelas.length);

  // Tingkat 10: the URL, the summary, the bars and the table follow.
  await page.getByTestId('filter-tingkat').click();
  await page.getByRole('option', { name: 'Grade 10', exact: true }).click();
  await expect(page).toHaveURL(/[?&]tingkat=10(&|$)/);
  const ten = await api<Ringkasan>('/ringkasan?tingkat=10');
  await expect(page.getByTestId('chart-kelas-bar')).toHaveCount(ten.kelas.length);
  await expect(page.getByTestId('summary-lengkap-value')).toHaveText(
    `${ten.summary.items_lengkap} / ${ten.summary.items_total}`,
  );
  await expect(tableRows(page)).toHaveCount(ten.kelas.length);

  // The lowest class bar (by keyboard) narrows the table to that class.
  const lowest = ten.kelas[0];
  if (!lowest) throw new Error('no grade-10 class');
  await page.getByTestId('chart-kelas-bar').first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]rombel=${lowest.id}(&|$)`));
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first().locator('td').first()).toHaveText(lowest.label);

  // Detil → "Detil Projek P5" → a project's pupils × sub-elements, unscored cells marked.
  type Detail = { projek: { rencana_budaya_kerja_id: string }[] };
  type Nilai = { data: { nilai: string | null }[] };
  const detail = await api<Detail>(`/${lowest.id}`);
  await tableRows(page).first().getByTestId('row-detil').click();
  await expect(page.getByTestId('projek-detail').locator('tbody tr')).toHaveCount(
    Math.max(detail.projek.length, 1),
  );
  const first = detail.projek[0];
  if (first) {
    const nilai = await api<Nilai>(`/projek/${first.rencana_budaya_kerja_id}`);
    await page.getByTestId('projek-detil').first().click();
    const grid = page.getByTestId('projek-nilai');
    await expect(grid.locator('tbody tr')).toHaveCount(nilai.data.length);
    await expect(grid.getByTestId('detail-belum')).toHaveCount(
      nilai.data.filter((c) => c.nilai === null).length,
    );
    await page.keyboard.press('Escape');
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Unduh Excel of the filtered table: its rows equal the table's.
  await page.getByTestId('chart-kelas-bar').first().press('Enter');
  await expect(page).not.toHaveURL(/[?&]rombel=/);
  await expect(tableRows(page)).toHaveCount(ten.kelas.length);
  const { ws, rows } = await excelRows(page, 'Rombel', 7);
  expect(ws.getCell('B5').value).toBe('Kelas 10');
  expect(rows).toEqual(asSheet(await rowTexts(page, 7)));
});

test('Nilai UKK: summary, stacked programme bars, table; Tingkat 12, a programme bar, Detil Rencana, Unduh Excel', async ({
  page,
  request,
}) => {
  const token = await tokenFor(request);
  const api = <T>(path: string) => getJson<T>(request, `/api/progress/nilai-ukk${path}`, token);
  type Ringkasan = { summary: Summary & { kompeten: number }; program: Bar[] };

  await login(page, 'waka');
  await page.goto('/progress/nilai-ukk?per_page=100');
  const all = await api<Ringkasan>('/ringkasan');
  const list = await api<{ total: number; data: { rencana_ukk_id: string }[] }>('?per_page=100');
  expect(list.total).toBeGreaterThan(0);
  await expect(page.getByTestId('monitoring-summary')).toBeVisible();
  await expect(page.getByTestId('chart-program-bar')).toHaveCount(all.program.length);
  await expect(tableRows(page)).toHaveCount(list.total);
  await expect(page.getByTestId('summary-kompeten')).toContainText(String(all.summary.kompeten));

  // Tingkat 12: the URL, the summary, the bars and the table follow.
  await page.getByTestId('filter-tingkat').click();
  await page.getByRole('option', { name: 'Grade 12', exact: true }).click();
  await expect(page).toHaveURL(/[?&]tingkat=12(&|$)/);
  const twelve = await api<Ringkasan>('/ringkasan?tingkat=12');
  await expect(page.getByTestId('chart-program-bar')).toHaveCount(twelve.program.length);
  await expect(page.getByTestId('summary-lengkap-value')).toHaveText(
    `${twelve.summary.items_lengkap} / ${twelve.summary.items_total}`,
  );

  // A programme bar (by keyboard) narrows the table to the programme.
  const program = twelve.program[0];
  if (!program) throw new Error('no programme with a UKK plan in grade 12');
  await page.getByTestId('chart-program-bar').first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]jurusan=${program.id}(&|$)`));
  const narrowed = await api<{ total: number; data: { rencana_ukk_id: string }[] }>(
    `?per_page=100&tingkat=12&jurusan_sp_id=${program.id}`,
  );
  await expect(tableRows(page)).toHaveCount(narrowed.total);
  await expect.poll(async () => (await rowTexts(page, 1)).every((r) => r[0] === program.label)).toBe(true);

  // Detil: "Detil Rencana Penilaian UKK", counted pupils without a score marked.
  type Detail = { peserta: { nilai: number | null; diharapkan: boolean }[] };
  const plan = narrowed.data[0];
  if (!plan) throw new Error('no plan');
  const detail = await api<Detail>(`/${plan.rencana_ukk_id}`);
  await tableRows(page).first().getByTestId('row-detil').click();
  const peserta = page.getByTestId('rencana-peserta');
  await expect(peserta.locator('tbody tr')).toHaveCount(detail.peserta.length);
  await expect(peserta.getByTestId('detail-belum')).toHaveCount(
    detail.peserta.filter((p) => p.diharapkan && p.nilai === null).length,
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Unduh Excel of the filtered table: its rows equal the table's.
  const { ws, rows } = await excelRows(page, 'Program/Kompetensi Keahlian', 11);
  expect(ws.getCell('B5').value).toBe('Kelas 12');
  expect(ws.getCell('B6').value).toBe(program.label);
  expect(rows).toEqual(asSheet(await rowTexts(page, 11)));
});

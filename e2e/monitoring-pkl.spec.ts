import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { shownAs } from './excel-cells';
import { ensurePklPlan, getJson } from './pkl-plan';
import { apiToken, login } from './support';

// Monitoring › Nilai PKL as the Waka (issue #14 item 7; decision 036). The living demo has no PKL
// plan until a PKL spec makes one, so this spec makes pkl@'s (ensurePklPlan) and therefore runs
// with the school-wide specs, never beside the PKL specs that delete pkl@'s plans. Numbers on
// screen are compared with the API and the workbook, never typed in.
test.describe.configure({ timeout: 180_000 });

type Ringkasan = {
  summary: { items_total: number; items_lengkap: number; items_belum: number };
  kelas: { id: string; label: string }[];
};
type Detail = {
  peserta: { peserta_didik_id: string; nama: string; diharapkan: boolean; dinilai: boolean }[];
};

const tableRows = (page: Page) => page.getByTestId('monitoring-table').locator('tbody tr');
const bars = (page: Page) => page.getByTestId('chart-kelas-bar');
const rowTexts = (page: Page) =>
  tableRows(page).evaluateAll((trs) =>
    trs.map((tr) =>
      Array.from(tr.querySelectorAll('td'))
        .slice(0, 10)
        .map((td) => (td.textContent ?? '').trim()),
    ),
  );

test('Nilai PKL: summary, chart and table; Tingkat 12, a class bar, Detil with Cetak, Unduh Excel', async ({
  page,
  request,
}) => {
  const pkl = await apiToken(request, 'pkl');
  await ensurePklPlan(request, pkl, { list: '/api/pkl/penilaian/rencana', tps: 2 });
  const waka = await apiToken(request, 'waka');
  const api = <T>(path: string) => getJson<T>(request, `/api/progress/nilai-pkl${path}`, waka);

  await login(page, 'waka');
  await page.goto('/progress/nilai-pkl?per_page=100');
  await expect(page.getByTestId('monitoring-summary')).toBeVisible();
  await expect(bars(page).first()).toBeVisible();
  await expect(tableRows(page).first()).toBeVisible();
  const all = await api<Ringkasan>('/ringkasan');
  await expect(bars(page)).toHaveCount(all.kelas.length);

  // Tingkat 12: the URL, the summary, the bars and the table follow.
  await page.getByTestId('filter-tingkat').click();
  await page.getByRole('option', { name: 'Grade 12', exact: true }).click();
  await expect(page).toHaveURL(/[?&]tingkat=12(&|$)/);
  const twelve = await api<Ringkasan>('/ringkasan?tingkat=12');
  await expect(bars(page)).toHaveCount(twelve.kelas.length);
  await expect(page.getByTestId('summary-lengkap-value')).toHaveText(
    `${twelve.summary.items_lengkap} / ${twelve.summary.items_total}`,
  );

  // The lowest class bar narrows the table to that class, by keyboard.
  const lowest = twelve.kelas[0];
  if (!lowest) throw new Error('no PKL class of tingkat 12');
  await bars(page).first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]rombel=${lowest.id}(&|$)`));
  await expect.poll(async () => (await rowTexts(page)).every((r) => r[0] === lowest.label)).toBe(true);
  const list = await api<{ data: { pkl_id: string }[] }>(`?tingkat=12&rombongan_belajar_id=${lowest.id}`);
  await expect(tableRows(page)).toHaveCount(list.data.length);

  // Detil: participants without a score for every TP are marked; Cetak prints one's PKL report.
  const first = list.data[0];
  if (!first) throw new Error('no plan');
  const detail = await api<Detail>(`/${first.pkl_id}`);
  const missing = detail.peserta.filter((p) => p.diharapkan && !p.dinilai);
  await tableRows(page).first().getByTestId('row-detil').click();
  const modal = page.getByTestId('pkl-detail');
  await expect(modal.getByTestId('pkl-detail-peserta')).toHaveCount(detail.peserta.length);
  await expect(modal.getByTestId('detail-belum')).toHaveCount(missing.length);
  const pd = detail.peserta[0];
  if (!pd) throw new Error('no participant');
  const [rapor, popup] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().includes(`/api/cetak/rapor-pkl/${first.pkl_id}/${pd.peserta_didik_id}`),
      {
        timeout: 60_000,
      },
    ),
    page.waitForEvent('popup'),
    modal.getByTestId('pkl-cetak').first().click(),
  ]);
  expect(rapor.status()).toBe(200);
  expect(rapor.headers()['content-type']).toBe('application/pdf');
  await popup.close();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // Unduh Excel: the workbook's rows equal the table's.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('unduh-excel').click(),
  ]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile((await download.path()) ?? '')) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  expect(ws.getCell('B5').value).toBe('Kelas 12');
  expect(ws.getCell('B6').value).toBe(lowest.label);
  let header = 0;
  ws.eachRow((r, n) => {
    if (r.getCell(1).value === 'Kelas' && r.getCell(2).value === 'DUDI') header = n;
  });
  expect(header).toBeGreaterThan(0);
  const sheetRows: string[][] = [];
  for (let n = header + 1; n <= ws.rowCount; n++) {
    const r = ws.getRow(n);
    sheetRows.push([1, 2, 3, 6, 7, 8, 9].map((c) => shownAs(r.getCell(c), 'en')));
  }
  const screen = (await rowTexts(page)).map((r) => [r[0], r[1], r[2], r[5], r[6], r[7], r[8]]);
  expect(sheetRows).toEqual(screen);
});

// Issue #26 item 4: at 1366 px in an Indonesian browser the status badge read "LEN…" and the Detil
// button was cut off. Every badge and button of the table shows its whole label, and Detil opens.
test.describe('at 1366 px in Indonesian', () => {
  test.use({ locale: 'id-ID', viewport: { width: 1366, height: 768 } });

  test('Nilai PKL: no status badge or Detil button cut off; Detil opens the detail', async ({
    page,
    request,
  }) => {
    await ensurePklPlan(request, await apiToken(request, 'pkl'), {
      list: '/api/pkl/penilaian/rencana',
      tps: 2,
    });
    await login(page, 'waka');
    await page.goto('/progress/nilai-pkl?per_page=100');
    await expect(tableRows(page).first()).toBeVisible();
    await expect(page.getByTestId('row-status').first()).toBeVisible();
    const cut = await page.getByTestId('monitoring-table').evaluate((table) =>
      Array.from(table.querySelectorAll('[data-testid=row-status], [data-testid=row-detil]')).flatMap(
        (el) => {
          const label = el.querySelector('.mantine-Badge-label, .mantine-Button-label') ?? el;
          return label.scrollWidth > label.clientWidth + 1
            ? [`"${el.textContent}": ${label.scrollWidth} px of text in ${label.clientWidth} px`]
            : [];
        },
      ),
    );
    expect(cut, cut.join('\n')).toEqual([]);
    await expect(page.getByTestId('row-status').first()).toHaveText(/^(Lengkap|Sebagian|Belum dinilai)$/i);
    await page.getByTestId('row-detil').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});

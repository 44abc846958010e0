import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { shownAs } from './excel-cells';
import { apiToken, login } from './support';

// Monitoring › Nilai Akademik as the Waka (issue #14 item 6; decision 036). Reads only: the `app`
// project. Numbers on screen are compared with the API and the downloaded workbook, never typed in,
// since other specs may grade the living demo meanwhile.

type Ringkasan = {
  summary: { items_total: number; items_lengkap: number; items_belum: number };
  kelas: { id: string; label: string }[];
};
type Opsi = { rombel: { value: string; label: string; tingkat: number }[] };

async function api<T>(page: Page, path: string, screen = 'penilaian'): Promise<T> {
  const token = await apiToken(page.request, 'waka');
  const res = await page.request.get(`/api/progress/${screen}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok(), path).toBe(true);
  return (await res.json()) as T;
}

const tableRows = (page: Page) => page.getByTestId('monitoring-table').locator('tbody tr');
const bars = (page: Page) => page.getByTestId('chart-kelas-bar');

/** Each row's cells as text: Rombel, Mata Pelajaran, Guru, Jumlah, Dinilai, Capaian, %, Status. */
async function rowTexts(page: Page, columns = 8): Promise<string[][]> {
  return tableRows(page).evaluateAll(
    (trs, n) =>
      trs.map((tr) =>
        Array.from(tr.querySelectorAll('td'))
          .slice(0, n)
          .map((td, i) => {
            // The Rombel cell may carry the "locked" badge after the name.
            const text =
              i === 0
                ? (td.querySelector('span')?.textContent ?? td.textContent ?? '')
                : (td.textContent ?? '');
            return text.trim();
          }),
      ),
    columns,
  );
}

test('Nilai Akademik: summary, chart and table; Tingkat 10, a class bar, Detil and Unduh Excel', async ({
  page,
}) => {
  await login(page, 'waka');
  await page.goto('/progress/penilaian?per_page=100');
  await expect(page.getByTestId('monitoring-summary')).toBeVisible();
  await expect(bars(page).first()).toBeVisible();
  await expect(tableRows(page).first()).toBeVisible();
  const all = await api<Ringkasan>(page, '/ringkasan');
  await expect(bars(page)).toHaveCount(all.kelas.length);

  // Tingkat 10: the URL, the summary, the bars and the table all follow.
  await page.getByTestId('filter-tingkat').click();
  await page.getByRole('option', { name: 'Grade 10', exact: true }).click();
  await expect(page).toHaveURL(/[?&]tingkat=10(&|$)/);
  const ten = await api<Ringkasan>(page, '/ringkasan?tingkat=10');
  const opsi = await api<Opsi>(page, '/opsi');
  const kelas10 = opsi.rombel.filter((r) => r.tingkat === 10).map((r) => r.label);
  await expect(bars(page)).toHaveCount(ten.kelas.length);
  expect(ten.kelas.length).toBeLessThan(all.kelas.length);
  await expect(page.getByTestId('summary-lengkap-value')).toHaveText(
    `${ten.summary.items_lengkap} / ${ten.summary.items_total}`,
  );
  await expect(page.getByTestId('summary-belum-value')).toHaveText(String(ten.summary.items_belum));
  await expect.poll(async () => (await rowTexts(page)).every((r) => kelas10.includes(r[0] ?? ''))).toBe(true);

  // The lowest class bar (the first: lowest % first) narrows the table to that class, by keyboard.
  const lowest = ten.kelas[0];
  if (!lowest) throw new Error('no class of tingkat 10');
  await bars(page).first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]rombel=${lowest.id}(&|$)`));
  await expect(bars(page).first()).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await rowTexts(page)).every((r) => r[0] === lowest.label)).toBe(true);
  const rows = await rowTexts(page);
  expect(rows.length).toBeGreaterThan(0);

  // Detil of a subject not complete: its ungraded pupils are marked.
  const index = rows.findIndex((r) => Number(r[4]) < Number(r[3]));
  expect(index, 'a subject with ungraded pupils in the lowest class').toBeGreaterThanOrEqual(0);
  const missing = Number(rows[index]?.[3]) - Number(rows[index]?.[4]);
  await tableRows(page).nth(index).getByTestId('row-detil').click();
  const modal = page.getByTestId('beranda-detail');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(modal.locator('tr[data-ungraded="true"]')).toHaveCount(missing);
  await expect(modal.getByTestId('detail-belum')).toHaveCount(missing);
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
  expect(ws.getCell('B5').value).toBe('Kelas 10');
  expect(ws.getCell('B7').value).toBe(lowest.label);
  let header = 0;
  ws.eachRow((row, n) => {
    if (row.getCell(1).value === 'Rombel' && row.getCell(2).value === 'Mata Pelajaran') header = n;
  });
  expect(header).toBeGreaterThan(0);
  const sheetRows: string[][] = [];
  for (let n = header + 1; n <= ws.rowCount; n++) {
    const r = ws.getRow(n);
    sheetRows.push([1, 2, 3, 4, 5, 6, 7].map((c) => shownAs(r.getCell(c), 'en')));
  }
  const screen = (await rowTexts(page)).map((r) => r.slice(0, 7));
  expect(sheetRows).toEqual(screen);
});

// Monitoring › Nilai Ekstrakurikuler (issue #14 item 5): the same pieces on the ekskul rows.
type EkskulRingkasan = {
  summary: { items_total: number; items_lengkap: number; items_belum: number };
  ekskul: { id: string; label: string; expected: number; dinilai: number }[];
};

test('Nilai Ekstrakurikuler: summary, chart and table; Pembina filter, a bar, Detil and Unduh Excel', async ({
  page,
}) => {
  await login(page, 'waka');
  await page.goto('/progress/nilai-ekskul?per_page=100');
  await expect(page.getByTestId('monitoring-summary')).toBeVisible();
  const ekskulBars = page.getByTestId('chart-ekskul-bar');
  await expect(ekskulBars.first()).toBeVisible();
  await expect(tableRows(page).first()).toBeVisible();
  const all = await api<EkskulRingkasan>(page, '/ringkasan', 'nilai-ekskul');
  await expect(ekskulBars).toHaveCount(all.ekskul.length);
  await expect(tableRows(page)).toHaveCount(all.ekskul.length);
  await expect(page.getByTestId('summary-lengkap-value')).toHaveText(
    `${all.summary.items_lengkap} / ${all.summary.items_total}`,
  );

  // Guru (Pembina): the URL, the summary, the bars and the table follow.
  const opsi = await api<{ guru: { value: string; label: string }[] }>(page, '/opsi', 'nilai-ekskul');
  const pembina = opsi.guru[0];
  if (!pembina) throw new Error('no pembina in the demo');
  await page.getByTestId('filter-guru').click();
  await page.getByRole('option', { name: pembina.label, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]guru=${pembina.value}(&|$)`));
  const own = await api<EkskulRingkasan>(page, `/ringkasan?guru_id=${pembina.value}`, 'nilai-ekskul');
  await expect(ekskulBars).toHaveCount(own.ekskul.length);
  await expect(page.getByTestId('summary-lengkap-value')).toHaveText(
    `${own.summary.items_lengkap} / ${own.summary.items_total}`,
  );
  await expect.poll(async () => (await rowTexts(page, 6)).every((r) => r[1] === pembina.label)).toBe(true);
  await expect(tableRows(page)).toHaveCount(own.ekskul.length);

  // The lowest bar (the first) narrows the table to that ekskul, by keyboard.
  const lowest = own.ekskul[0];
  if (!lowest) throw new Error('the pembina has no ekskul');
  await ekskulBars.first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(ekskulBars.first()).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await rowTexts(page, 6)).map((r) => r[0])).toEqual([lowest.label]);

  // Detil: exactly the members without a grade are marked.
  const [row] = await rowTexts(page, 6);
  const missing = Number(row?.[2]) - Number(row?.[3]);
  await tableRows(page).first().getByTestId('row-detil').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const modal = page.getByTestId('ekskul-detail');
  await expect(modal.locator('tbody tr')).toHaveCount(Math.max(Number(row?.[2]), 1));
  await expect(modal.locator('tr[data-ungraded="true"]')).toHaveCount(missing);
  await expect(modal.getByTestId('detail-belum')).toHaveCount(missing);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // Back to the pembina's ekskul; Unduh Excel: the workbook's rows equal the table's.
  await ekskulBars.first().click();
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(tableRows(page)).toHaveCount(own.ekskul.length);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('unduh-excel').click(),
  ]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile((await download.path()) ?? '')) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  expect([ws.getCell('A5').value, ws.getCell('B5').value]).toEqual(['Guru Pembina', pembina.label]);
  let header = 0;
  ws.eachRow((r, n) => {
    if (r.getCell(1).value === 'Nama Ekstrakurikuler') header = n;
  });
  expect(header).toBeGreaterThan(0);
  const sheetRows: string[][] = [];
  for (let n = header + 1; n <= ws.rowCount; n++) {
    const r = ws.getRow(n);
    sheetRows.push([1, 2, 3, 4, 5].map((c) => shownAs(r.getCell(c), 'en')));
  }
  expect(sheetRows).toEqual((await rowTexts(page, 5)).map((r) => r.map((c) => c || '-')));
});

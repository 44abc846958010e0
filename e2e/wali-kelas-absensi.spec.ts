import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiToken, gridCell, login, paste } from './support';

// wali@'s own class only (issue #11 item 3): a pasted S/I/A block, held while a cell is bad, then
// saved and still there after a reload.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

interface Row {
  anggota_rombel_id: string;
  nama: string;
  sakit: number;
  izin: number;
  alpa: number;
}
interface Grid {
  rombel: { nama: string };
  pkl: null;
  data: Row[];
}

let token = '';
const URL = '/api/wali-kelas/ketidakhadiran';
const COLUMNS = ['Sick', 'Excused', 'Unexcused'] as const;
const KEYS = ['sakit', 'izin', 'alpa'] as const;

async function load(request: APIRequestContext): Promise<Grid> {
  const res = await request.get(URL, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as Grid;
}

const cell = gridCell;

/** Days 4–12: never what the living demo seeded for most pupils (0–3), so each cell really changes. */
const days = (r: number, c: number) => 4 + ((r * 5 + c * 3) % 9);

test.beforeAll(async ({ request }) => {
  token = await apiToken(request, 'wali');
});

test('ketidakhadiran: a pasted whole-class S/I/A block with one bad cell is held until fixed, saved, kept after reload', async ({
  page,
  request,
}) => {
  const before = await load(request);
  const pupils = before.data;
  expect(pupils.length).toBeGreaterThan(5);
  expect(before.pkl).toBeNull();
  // The living demo filled the grid (decision 026).
  expect(pupils.some((p) => p.sakit + p.izin + p.alpa > 0)).toBe(true);

  await login(page, 'wali');
  await page.goto('/wali-kelas/ketidakhadiran');
  await expect(page.getByTestId('absensi-grid')).toBeVisible();
  const first = pupils[0] as Row;
  await expect(cell(page, first.nama, 'Sick')).toHaveValue(String(first.sakit));

  const block = pupils.map((_, r) =>
    COLUMNS.map((_, c) => (r === 3 && c === 1 ? 'abc' : String(days(r, c)))).join('\t'),
  );
  await paste(page, cell(page, first.nama, 'Sick'), block.join('\r\n'));
  const bad = cell(page, pupils[3]?.nama ?? '', 'Excused');
  await expect(bad).toHaveAttribute('aria-invalid', 'true');
  await expect(bad).toHaveValue('abc');
  await expect(page.getByTestId('absensi-grid-invalid')).toBeVisible();
  const last = pupils.length - 1;
  await expect(cell(page, pupils[last]?.nama ?? '', 'Unexcused')).toHaveValue(String(days(last, 2)));

  await page.getByTestId('absensi-save').click();
  await expect(page.getByTestId('absensi-refused')).toBeVisible();
  // Nothing reached the server.
  expect((await load(request)).data).toEqual(pupils);

  await bad.fill('5');
  await expect(bad).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('absensi-save').click();
  await expect(page.getByTestId('toasts')).toContainText('Absences saved');
  await expect(page.getByTestId('absensi-grid-unsaved')).toHaveCount(0);
  await expect(page.getByTestId('absensi-refused')).toHaveCount(0);

  const after = await load(request);
  after.data.forEach((p, r) => {
    for (const [c, key] of KEYS.entries())
      expect(p[key], `${p.nama} ${key}`).toBe(r === 3 && c === 1 ? 5 : days(r, c));
  });

  await page.reload();
  await expect(page.getByTestId('absensi-grid')).toBeVisible();
  await expect(cell(page, first.nama, 'Sick')).toHaveValue(String(days(0, 0)));
  await expect(bad).toHaveValue('5');
  await expect(cell(page, pupils[last]?.nama ?? '', 'Unexcused')).toHaveValue(String(days(last, 2)));
});

import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiToken, gridCell, login } from './support';

// Issue #16 item 5: a teacher's grade change shows in the cell's history and on the Riwayat
// Perubahan Nilai screen, which the administrator and the Waka filter.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const MTK = 401000000;
const stamp = Date.now() % 100000;
const tpText = `Riwayat E2E ${stamp}`;

let token = '';
let target: { rombelId: string; rombel: string; pembelajaranId: string; mapel: string };
let tpLabel = '';
let pupil = '';

async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, data?: object) {
  const res = await request.fetch(url, { method, data, headers: { authorization: `Bearer ${token}` } });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

test.beforeAll(async ({ request }) => {
  token = await apiToken(request, 'guru');
  // guru@'s Matematika in a grade-10 class; this spec's own TP column keeps other specs' cells untouched.
  const rombel = await api<{ data: { rombongan_belajar_id: string; nama: string }[] }>(
    request,
    'GET',
    '/api/penilaian/rombel?tingkat=10&jenis_rombel=1',
  );
  for (const r of rombel.data) {
    const mapel = await api<{
      data: {
        pembelajaran_id: string;
        mata_pelajaran_id: number;
        nama_mata_pelajaran: string;
        can_edit: boolean;
      }[];
    }>(request, 'GET', `/api/penilaian/rombel/${r.rombongan_belajar_id}/pembelajaran`);
    const p = mapel.data.find((m) => m.mata_pelajaran_id === MTK && m.can_edit);
    if (p) {
      target = {
        rombelId: r.rombongan_belajar_id,
        rombel: r.nama,
        pembelajaranId: p.pembelajaran_id,
        mapel: p.nama_mata_pelajaran,
      };
      break;
    }
  }
  expect(target).toBeTruthy();
  const sumber = await api<{ data: { id: string }[]; jenis: 'cp' | 'kd' }>(
    request,
    'GET',
    `/api/kurikulum/tp/sumber?pembelajaran_id=${target.pembelajaranId}`,
  );
  const first = sumber.data[0];
  if (!first) throw new Error('no CP/KD for the class');
  await api(request, 'POST', '/api/kurikulum/tp', {
    tingkat: 10,
    rombongan_belajar_id: target.rombelId,
    pembelajaran_id: target.pembelajaranId,
    ...(sumber.jenis === 'cp' ? { cp_id: first.id } : { kd_id: first.id }),
    deskripsi: tpText,
  });
  const grid = await api<{ siswa: { nama: string }[]; tp: { label: string; deskripsi: string }[] }>(
    request,
    'GET',
    `/api/penilaian/pembelajaran/${target.pembelajaranId}/lingkup-materi`,
  );
  tpLabel = grid.tp.find((c) => c.deskripsi === tpText)?.label ?? 'missing';
  pupil = grid.siswa[0]?.nama ?? 'missing';
  expect([tpLabel, pupil]).not.toContain('missing');
});

test('a teacher saves a grade twice and the cell’s history shows old → new', async ({ page }) => {
  await login(page, 'guru');
  await page.goto('/penilaian/input-nilai');
  await choose(page, 'header-tingkat', 'Grade 10');
  await choose(page, 'header-jenis-rombel', 'Regular');
  await choose(page, 'header-rombel', target.rombel);
  await choose(page, 'header-mapel', target.mapel);
  await choose(page, 'header-jenis-asesmen', 'Sumatif Lingkup Materi');
  const cell = gridCell(page, pupil, tpLabel);
  for (const value of ['70', '85']) {
    await cell.fill(value);
    await page.getByTestId('asesmen-save').click();
    await expect(page.getByTestId('grade-grid-unsaved')).toHaveCount(0);
  }
  // On demand: the cell's context action, or the button for the focused cell.
  await cell.click({ button: 'right' });
  const modal = page.getByRole('dialog');
  await expect(modal).toContainText(`${pupil} — ${tpLabel}`);
  const rows = modal.getByTestId('riwayat-cell-table').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('70');
  await expect(rows.nth(0)).toContainText('85');
  await expect(rows.nth(1)).toContainText('(empty)');
  await page.keyboard.press('Escape');
  await cell.focus();
  await page.getByTestId('grade-grid-history').click();
  await expect(modal.getByTestId('riwayat-cell-table').locator('tbody tr')).toHaveCount(2);
});

for (const who of ['admin', 'waka'] as const) {
  test(`${who} finds the change on Riwayat Perubahan Nilai by class and subject, and by text`, async ({
    page,
  }) => {
    await login(page, who);
    await page.goto(`/riwayat-nilai?rombel=${target.rombelId}&mapel=${target.pembelajaranId}`);
    const table = page.getByTestId('riwayat-table');
    await expect(table).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveTitle(/Riwayat Perubahan Nilai/);
    await page.getByPlaceholder(/search/i).fill(tpText);
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(pupil);
    await expect(rows.nth(0)).toContainText(target.mapel);
    await expect(rows.nth(0)).toContainText('85');
    // The filters live in the URL: a reload shows the same view.
    await page.reload();
    await expect(table.locator('tbody tr')).toHaveCount(2, { timeout: 30_000 });
    // A date range before today finds nothing.
    await page.goto(
      `/riwayat-nilai?rombel=${target.rombelId}&mapel=${target.pembelajaranId}&dari=2000-01-01&sampai=2000-12-31`,
    );
    await expect(table).toContainText('No data', { timeout: 30_000 });
  });
}

test('a pupil may not open the screen', async ({ page, request }) => {
  const pupilToken = await apiToken(request, 'siswa');
  const res = await request.get('/api/riwayat-nilai', { headers: { authorization: `Bearer ${pupilToken}` } });
  expect(res.status()).toBe(403);
  await login(page, 'siswa');
  await page.goto('/riwayat-nilai');
  await expect(page).toHaveURL(/not-authorized/, { timeout: 30_000 });
  await expect(page.getByTestId('riwayat-table')).toHaveCount(0);
});

import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeViolations } from './a11y';
import { auth, ensurePklPlan, getJson } from './pkl-plan';
import { apiToken, gridCell, login } from './support';

// pkl@ enters PKL absences (issue #12 item 4): a row typed in the grade grid; a sum beyond the
// placement's days is refused with the contract's message and nothing is sent; a good save
// survives a reload.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

interface Plan {
  pkl_id: string;
  kelas: string;
  nama_dudi: string;
  judul_akt_pd: string;
}
interface Grid {
  rencana: { hari: number };
  data: { peserta_didik_id: string; nama: string; sakit: number; izin: number; alpa: number }[];
}

/** Every participant back to 0/0/0, so a rerun against the same server starts clean. */
async function clearAbsences(request: APIRequestContext, token: string, pklId: string): Promise<Grid> {
  const grid = await getJson<Grid>(request, `/api/pkl/kehadiran?pkl_id=${pklId}`, token);
  const rows = grid.data
    .filter((r) => r.sakit || r.izin || r.alpa)
    .map((r) => ({
      peserta_didik_id: r.peserta_didik_id,
      sakit: 0,
      izin: 0,
      alpa: 0,
      sebelumnya: { sakit: r.sakit, izin: r.izin, alpa: r.alpa },
    }));
  if (rows.length > 0) {
    const res = await request.put('/api/pkl/kehadiran', { ...auth(token), data: { pkl_id: pklId, rows } });
    expect(res.ok()).toBe(true);
  }
  return grid;
}

async function choose(page: Page, testId: string, option: string | RegExp): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).click();
}

test('pkl@ types absences: a sum beyond the placement is refused with the message, a good save survives reload', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'pkl');
  const plan = await ensurePklPlan<Plan>(request, token, { list: '/api/pkl/kehadiran/rencana', tps: 1 });
  const grid = await clearAbsences(request, token, plan.pkl_id);
  const hari = grid.rencana.hari;
  const nama = grid.data[0]?.nama ?? '';
  expect(nama).not.toBe('');

  await login(page, 'pkl');
  await page.goto('/pkl/kehadiran');
  await choose(page, 'kehadiran-tingkat', 'Grade 12');
  const loaded = page.waitForResponse(
    (r) => r.url().includes('/api/pkl/kehadiran?') && r.request().method() === 'GET',
  );
  await choose(page, 'kehadiran-rombel', plan.kelas);
  // The demo plans each of the class's PKS (decision 058): the plan's placement is picked by its DUDI
  // and PKS (a class with one placement opens it by itself).
  await choose(page, 'kehadiran-dudi', `${plan.nama_dudi} — ${plan.judul_akt_pd}`);
  expect((await loaded).status()).toBe(200);
  await expect(page.getByTestId('kehadiran-dudi')).toHaveValue(`${plan.nama_dudi} — ${plan.judul_akt_pd}`);

  // The screen with its grid passes axe (decision 023).
  expect(await axeViolations(page, '/pkl/kehadiran')).toEqual([]);

  let puts = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/pkl/kehadiran') && r.method() === 'PUT') puts++;
  });
  // S + I = the placement's days + 1: refused before sending, the typing stays.
  await gridCell(page, nama, 'Sick').fill(String(hari));
  await gridCell(page, nama, 'Excused').fill('1');
  await page.getByTestId('kehadiran-save').click();
  await expect(page.getByTestId('kehadiran-refused')).toContainText(
    `${nama}: Jumlah ketidakhadiran melebihi lama PKL (${hari} hari).`,
  );
  expect(puts).toBe(0);
  await expect(gridCell(page, nama, 'Sick')).toHaveValue(String(hari));

  await gridCell(page, nama, 'Sick').fill('2');
  await gridCell(page, nama, 'Unexcused').fill('3');
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/pkl/kehadiran') && r.request().method() === 'PUT',
  );
  await page.getByTestId('kehadiran-save').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('toasts')).toContainText('Ketidakhadiran PKL berhasil disimpan');
  await expect(page.getByTestId('kehadiran-refused')).toBeHidden();

  // Tingkat and class are kept in the URL; the placement opens again.
  await page.reload();
  await expect(gridCell(page, nama, 'Sick')).toHaveValue('2');
  await expect(gridCell(page, nama, 'Excused')).toHaveValue('1');
  await expect(gridCell(page, nama, 'Unexcused')).toHaveValue('3');
});

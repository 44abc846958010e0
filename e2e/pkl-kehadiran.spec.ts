import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeViolations } from './a11y';
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

const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function json<T>(request: APIRequestContext, url: string, token: string): Promise<T> {
  const res = await request.get(url, auth(token));
  expect(res.ok(), url).toBe(true);
  return (await res.json()) as T;
}

/** pkl@'s plan of the class where they teach PKL: an existing one, else made through the API. */
async function ensurePlan(request: APIRequestContext, token: string): Promise<Plan> {
  const listed = await json<{ data: Plan[] }>(request, '/api/pkl/kehadiran/rencana', token);
  if (listed.data[0]) return listed.data[0];
  type Options = {
    rombel: { value: string }[];
    dudi: { value: string }[];
    pks: { value: string }[];
    tp: { value: string }[];
  };
  const step1 = await json<Options>(request, '/api/pkl/pilihan?tingkat=12', token);
  const rombel = step1.rombel[0]?.value ?? '';
  const step2 = await json<Options>(
    request,
    `/api/pkl/pilihan?tingkat=12&rombongan_belajar_id=${rombel}`,
    token,
  );
  const dudi = step2.dudi[0]?.value ?? '';
  const step3 = await json<Options>(
    request,
    `/api/pkl/pilihan?tingkat=12&rombongan_belajar_id=${rombel}&dudi_id=${dudi}`,
    token,
  );
  const res = await request.post('/api/pkl/rencana', {
    ...auth(token),
    data: {
      rombongan_belajar_id: rombel,
      dudi_id: dudi,
      akt_pd_id: step3.pks[0]?.value,
      tanggal_mulai: '2026-01-05',
      tanggal_selesai: '2026-04-30',
      instruktur: 'Budi Santoso',
      nip: '',
      tp_ids: [step2.tp[0]?.value],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const again = await json<{ data: Plan[] }>(request, '/api/pkl/kehadiran/rencana', token);
  return again.data[0] as Plan;
}

/** Every participant back to 0/0/0, so a rerun against the same server starts clean. */
async function clearAbsences(request: APIRequestContext, token: string, pklId: string): Promise<Grid> {
  const grid = await json<Grid>(request, `/api/pkl/kehadiran?pkl_id=${pklId}`, token);
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
  const plan = await ensurePlan(request, token);
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
  // The class's one placement opens by itself; its DUDI is shown in the third picker.
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

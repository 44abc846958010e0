import { expect, type Page, test } from '@playwright/test';
import { deletePklPlans, getJson } from './pkl-plan';
import { apiToken, login } from './support';

// pkl@ plans a PKL placement (issue #12 item 2; decision 034): the cascade offers only the class
// where they teach PKL and the DUDI / PKS they supervise there; saving without a TP shows the
// message; the saved plan's participants are the PKS's pupils; a reload keeps it; Hapus Data ends it.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

async function choose(page: Page, testId: string, option: string | RegExp): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).click();
}

async function optionsOf(page: Page, testId: string): Promise<string[]> {
  await page.getByTestId(testId).click();
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('option').first()).toBeVisible();
  const names = await listbox.getByRole('option').allInnerTexts();
  await page.keyboard.press('Escape');
  return names.map((n) => n.trim());
}

test('pkl@ plans a placement through the cascade, sees its participants after a reload, deletes it', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'pkl');
  const admin = await apiToken(request, 'admin');
  // A plan left by an earlier run against the same server is removed first (with its scores, if any).
  await deletePklPlans(request, token);

  await login(page, 'pkl');
  const firstList = page.waitForResponse(
    (r) => r.url().includes('/api/pkl/rencana') && r.request().method() === 'GET',
  );
  await page.goto('/pkl/perencanaan');
  expect((await firstList).status()).toBe(200);
  await expect(page.getByTestId('rencana-table')).toContainText('No data');

  await page.getByTestId('add-button').click();
  const form = page.getByTestId('rencana-form');
  await expect(form).toBeVisible();
  await choose(page, 'rencana-tingkat', 'Grade 12');
  // Only the class where pkl@ teaches PKL (the demo has several grade-12 classes).
  const kelasOptions = await optionsOf(page, 'rencana-rombel');
  expect(kelasOptions).toHaveLength(1);
  const kelas = kelasOptions[0] ?? '';
  expect(kelas).toMatch(/^XII TJKT/);
  await choose(page, 'rencana-rombel', kelas);

  // The DUDI of the PKS pkl@ supervises; each offers only its PKS of this class.
  const dudiOptions = await optionsOf(page, 'rencana-dudi');
  expect(dudiOptions.length).toBeGreaterThan(0);
  const dudi = dudiOptions[0] ?? '';
  await choose(page, 'rencana-dudi', dudi);
  const pksOptions = await optionsOf(page, 'rencana-pks');
  expect(pksOptions).toEqual([`PKL ${kelas} di ${dudi}`]);
  await choose(page, 'rencana-pks', pksOptions[0] ?? '');

  // The date pickers take a typed date and show it dd-mm-yyyy once left (issue #27 item 1).
  await page.getByTestId('rencana-mulai').fill('05-01-2026');
  await page.getByTestId('rencana-selesai').fill('2026-04-30');
  await page.getByTestId('rencana-selesai').blur();
  await expect(page.getByTestId('rencana-mulai')).toHaveValue('05-01-2026');
  await expect(page.getByTestId('rencana-selesai')).toHaveValue('30-04-2026');
  await page.getByTestId('rencana-instruktur').fill('Budi Santoso');
  await page.getByTestId('rencana-nip').fill('198001012010011001');
  const tps = page.getByTestId('rencana-tp').getByRole('checkbox');
  await expect(tps.first()).toBeVisible();

  // No TP chosen: the reference's message, nothing sent, the typing stays.
  let posted = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/pkl/rencana') && r.method() === 'POST') posted = true;
  });
  await page.getByTestId('rencana-simpan').click();
  await expect(form).toContainText(
    'Rencana Penilaian PKL gagal disimpan. Pastikan telah memilih Tujuan Pembelajaran!',
  );
  expect(posted).toBe(false);
  await expect(page.getByTestId('rencana-instruktur')).toHaveValue('Budi Santoso');

  await tps.first().check();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/pkl/rencana') && r.request().method() === 'POST',
  );
  await page.getByTestId('rencana-simpan').click();
  const created = await saved;
  expect(created.status()).toBe(201);
  await expect(page.getByTestId('toasts')).toContainText('Rencana Penilaian PKL berhasil disimpan');
  const pklId = ((await created.json()) as { data: { pkl_id: string; akt_pd_id: string } }).data;

  // The PKS's pupils, as the DUDI reference lists them (admin's view of the synced data).
  const anggota = await getJson<{ data: { nama: string }[] }>(
    request,
    `/api/dudi/akt-pd/${pklId.akt_pd_id}/anggota`,
    admin,
  );
  const expected = anggota.data.map((a) => a.nama).sort();
  expect(expected.length).toBeGreaterThan(0);

  const checkRow = async () => {
    const row = page.getByTestId('rencana-table').getByRole('row').filter({ hasText: dudi });
    await expect(row).toContainText(kelas);
    // The table writes dates as the interface language does (English here: en-US; decision 059).
    await expect(row).toContainText('01/05/2026');
    await expect(row).toContainText('04/30/2026');
    await expect(row).toContainText(String(expected.length));
    await row.getByTestId('rencana-detil').click();
    const detail = page.getByTestId('rencana-detail');
    await expect(detail).toContainText('Budi Santoso');
    const names = await detail
      .getByTestId('rencana-peserta')
      .locator('tbody tr td:nth-child(2)')
      .allInnerTexts();
    expect(names.map((n) => n.trim()).sort()).toEqual(expected);
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(detail).toBeHidden();
  };
  await checkRow();
  await page.reload();
  await checkRow();

  // Hapus Data through the standard confirm.
  const row = page.getByTestId('rencana-table').getByRole('row').filter({ hasText: dudi });
  await row.getByTestId('rencana-hapus').click();
  const removed = page.waitForResponse(
    (r) => r.url().includes(`/api/pkl/rencana/${pklId.pkl_id}`) && r.request().method() === 'DELETE',
  );
  await page.getByTestId('confirm-yes').click();
  expect((await removed).status()).toBe(200);
  await expect(page.getByTestId('toasts')).toContainText('Rencana Penilaian PKL berhasil dihapus');
  await expect(page.getByTestId('rencana-table')).toContainText('No data');
  const after = await getJson<{ total: number }>(request, '/api/pkl/rencana', token);
  expect(after.total).toBe(0);
});

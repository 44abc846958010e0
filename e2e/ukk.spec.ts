import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiToken, login } from './support';

// UKK (issue #13; decision 038). kaprog@ manages the packages of their programme: adds one with the
// add form (an empty Nomor Paket is refused under the field), adds two units, reads them in Detil,
// edits the package and its units, and deletes it.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const NOMOR = 'E2E-1';

async function choose(page: Page, testId: string, option?: string): Promise<void> {
  await page.getByTestId(testId).click();
  const options = page.getByRole('listbox').getByRole('option');
  await (option ? options.filter({ hasText: option }) : options).first().click();
}

/** Packages left by an earlier run against the same server (E2E-*), removed through the API. */
async function deleteE2ePackages(request: APIRequestContext, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const res = await request.get('/api/ukk/paket?q=E2E-&per_page=100', { headers });
  expect(res.ok()).toBe(true);
  const { data } = (await res.json()) as { data: { paket_ukk_id: string; nasional: boolean }[] };
  for (const p of data.filter((x) => !x.nasional)) {
    await request.delete(`/api/ukk/paket/${p.paket_ukk_id}`, { headers });
  }
}

async function openAksi(page: Page, item: string): Promise<void> {
  const table = page.getByTestId('paket-table');
  await table.getByTestId('table-search').fill(NOMOR);
  await expect(table.getByRole('row').filter({ hasText: NOMOR })).toHaveCount(1);
  await table.getByRole('row').filter({ hasText: NOMOR }).getByTestId('paket-aksi').click();
  await page.getByTestId(item).click();
}

test('kaprog@ adds a UKK package with two units, edits it and deletes it', async ({ page, request }) => {
  await deleteE2ePackages(request, await apiToken(request, 'kaprog'));
  await login(page, 'kaprog');
  await page.goto('/referensi/uji-kompetensi-keahlian');
  await expect(page.getByTestId('paket-table')).toBeVisible();

  await page.getByTestId('add-button').click();
  const form = page.getByTestId('paket-add-form');
  await choose(page, 'paket-jurusan', 'Jaringan');
  await choose(page, 'paket-kurikulum', 'Merdeka');
  // An empty row is refused under its fields, nothing is sent.
  await page.getByTestId('paket-simpan').click();
  await expect(form).toContainText('Nomor Paket tidak boleh kosong!');
  await expect(form).toContainText('Judul Paket (ID) tidak boleh kosong!');
  await form.getByTestId('paket-nomor').fill(NOMOR);
  await form.getByTestId('paket-nama-id').fill('Instalasi Jaringan Komputer');
  await form.getByTestId('paket-nama-en').fill('Computer Network Installation');
  await page.getByTestId('paket-simpan').click();
  await expect(page.getByTestId('toasts')).toContainText('Data Paket UKK berhasil disimpan');
  await expect(form).toBeHidden();

  await openAksi(page, 'paket-tambah-unit');
  const unitForm = page.getByTestId('unit-add-form');
  await unitForm.getByTestId('unit-tambah-form').click();
  const rows = unitForm.getByTestId('unit-row');
  await rows.nth(0).getByTestId('unit-kode').fill('J.611000.001.01');
  await rows.nth(0).getByTestId('unit-nama-id').fill('Memasang kabel jaringan');
  await rows.nth(0).getByTestId('unit-nama-en').fill('Installing network cables');
  await rows.nth(1).getByTestId('unit-kode').fill('J.611000.002.01');
  await rows.nth(1).getByTestId('unit-nama-id').fill('Mengkonfigurasi router');
  await rows.nth(1).getByTestId('unit-nama-en').fill('Configuring a router');
  await page.getByTestId('unit-simpan').click();
  await expect(page.getByTestId('toasts')).toContainText('Data Unit UKK berhasil disimpan');
  await expect(page.getByTestId('paket-table').getByRole('row').filter({ hasText: NOMOR })).toContainText(
    'Instalasi Jaringan Komputer',
  );

  await openAksi(page, 'paket-detil');
  const detail = page.getByTestId('paket-units');
  await expect(detail).toContainText('Memasang kabel jaringan');
  await expect(detail).toContainText('Configuring a router');
  await page.keyboard.press('Escape');

  // Ubah: a second unit with the same code is refused under the field; the typing stays.
  await openAksi(page, 'paket-ubah');
  const edit = page.getByTestId('paket-edit-form');
  await edit.getByTestId('unit-tambah-form').click();
  const third = edit.getByTestId('unit-row').nth(2);
  await third.getByTestId('unit-kode').fill('j.611000.001.01');
  await third.getByTestId('unit-nama-id').fill('Uji koneksi');
  await third.getByTestId('unit-nama-en').fill('Testing a connection');
  await page.getByTestId('edit-simpan').click();
  await expect(edit).toContainText('Kode Unit ini diisi lebih dari sekali.');
  await third.getByTestId('unit-kode').fill('J.611000.003.01');
  await edit.getByTestId('edit-nama-id').fill('Instalasi Jaringan LAN');
  await page.getByTestId('edit-simpan').click();
  await expect(page.getByTestId('toasts')).toContainText('Data Paket & Unit UKK berhasil diperbaharui');
  const row = page.getByTestId('paket-table').getByRole('row').filter({ hasText: NOMOR });
  await expect(row).toContainText('Instalasi Jaringan LAN');
  await expect(row.getByRole('cell').nth(3)).toHaveText('3');

  await openAksi(page, 'paket-hapus');
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('toasts')).toContainText('Paket UKK berhasil dihapus');
  await expect(page.getByTestId('paket-table').getByRole('row').filter({ hasText: NOMOR })).toHaveCount(0);
});

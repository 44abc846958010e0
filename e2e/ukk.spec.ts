import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { pdfText } from './pdf';
import { apiToken, login } from './support';

// UKK (issue #13; decision 038). kaprog@ manages the packages of their programme: adds one with the
// add form (an empty Nomor Paket is refused under the field), adds two units, reads them in Detil,
// edits the package and its units, and deletes it. Then kaprog@ plans a test of XII TJKT 1 with a
// package of two units, penguji@ as internal and the demo asesor as external examiner, five pupils.
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

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** UKK plans left by an earlier run (their package's number starts with E2E-), removed through the API. */
async function deleteE2ePlans(request: APIRequestContext, token: string): Promise<void> {
  const res = await request.get('/api/ukk/rencana?q=E2E&per_page=100', { headers: auth(token) });
  const { data } = (await res.json()) as {
    data: { rencana_ukk_id: string; nomor_paket: string; jml_nilai: number }[];
  };
  for (const r of data.filter((x) => x.nomor_paket.startsWith('E2E-'))) {
    await request.delete(`/api/ukk/rencana/${r.rencana_ukk_id}?konfirmasi_hapus_nilai=${r.jml_nilai}`, {
      headers: auth(token),
    });
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

const PLAN_NOMOR = 'E2E-2';
const PLAN_PAKET = 'E2E Paket Rencana';

test('kaprog@ plans a UKK of five pupils with both examiners, then edits date and pupils', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'kaprog');
  await deleteE2ePlans(request, token);
  await deleteE2ePackages(request, token);
  // The package of this test: XII TJKT's programme and Merdeka curriculum, two units.
  const pilihan = (await (await request.get('/api/ukk/paket/pilihan', { headers: auth(token) })).json()) as {
    jurusan: { value: string; label: string; kurikulum: { value: string; label: string }[] }[];
  };
  const tjkt = pilihan.jurusan.find((j) => /Jaringan/.test(j.label));
  const merdeka = tjkt?.kurikulum.find((k) => /Merdeka/.test(k.label));
  expect(merdeka, 'TJKT Merdeka programme').toBeTruthy();
  const created = await request.post('/api/ukk/paket', {
    headers: auth(token),
    data: {
      jurusan_id: tjkt?.value,
      kurikulum_id: Number(merdeka?.value),
      paket: [
        { nomor_paket: PLAN_NOMOR, nama_paket_id: PLAN_PAKET, nama_paket_en: 'E2E Plan Package', status: 1 },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const list = (await (
    await request.get(`/api/ukk/paket?q=${PLAN_NOMOR}`, { headers: auth(token) })
  ).json()) as {
    data: { paket_ukk_id: string }[];
  };
  const units = await request.post(`/api/ukk/paket/${list.data[0]?.paket_ukk_id}/unit`, {
    headers: auth(token),
    data: {
      units: [
        { kode_unit: 'E2E.01', nama_unit_id: 'Merakit komputer', nama_unit_en: 'Assembling a computer' },
        {
          kode_unit: 'E2E.02',
          nama_unit_id: 'Memasang sistem operasi',
          nama_unit_en: 'Installing an operating system',
        },
      ],
    },
  });
  expect(units.status()).toBe(201);

  await login(page, 'kaprog');
  await page.goto('/nilai-ukk/perencanaan');
  await expect(page.getByTestId('rencana-table')).toBeVisible();
  await page.getByTestId('add-button').click();
  const form = page.getByTestId('rencana-form');
  // Nothing chosen: the reference's messages under the fields.
  await choose(page, 'rencana-tingkat', 'Grade 12');
  await page.getByTestId('rencana-simpan').click();
  await expect(form).toContainText('Rombongan Belajar tidak boleh kosong!');
  await expect(form).toContainText('Penguji Internal tidak boleh kosong!');
  await expect(form).toContainText('Tanggal Sertifikat tidak boleh kosong!');
  await choose(page, 'rencana-rombel', 'XII TJKT 1');
  await choose(page, 'rencana-internal');
  await choose(page, 'rencana-eksternal', 'Hendra Gunawan');
  await form.getByTestId('rencana-tanggal').fill('2026-06-15');
  await form.getByTestId('rencana-tanggal').blur();
  await choose(page, 'rencana-paket', PLAN_PAKET);
  const siswa = form.getByTestId('rencana-siswa').getByRole('checkbox');
  for (let i = 1; i <= 5; i++) await siswa.nth(i).check();
  await page.getByTestId('rencana-simpan').click();
  await expect(page.getByTestId('toasts')).toContainText('Rencana Penilaian UKK berhasil disimpan');

  const row = page.getByTestId('rencana-table').getByRole('row').filter({ hasText: PLAN_PAKET });
  await expect(row).toContainText('Hendra Gunawan');
  await expect(row.getByRole('cell').nth(4)).toHaveText('5');
  await row.getByTestId('rencana-detil').click();
  const detail = page.getByTestId('rencana-detail');
  await expect(detail).toContainText('06/15/2026');
  await expect(detail.getByTestId('rencana-peserta').getByRole('row')).toHaveCount(6);
  await page.keyboard.press('Escape');

  // Ubah: another date, one pupil fewer (not scored: no question).
  await row.getByTestId('rencana-ubah').click();
  await expect(form.getByTestId('rencana-tanggal')).toHaveValue('15-06-2026');
  await form.getByTestId('rencana-tanggal').fill('2026-06-20');
  await form.getByTestId('rencana-tanggal').blur();
  await form.getByTestId('rencana-siswa').getByRole('checkbox', { checked: true }).last().uncheck();
  await page.getByTestId('rencana-simpan').click();
  await expect(page.getByTestId('toasts')).toContainText('Rencana Penilaian UKK berhasil disimpan');
  await expect(row.getByRole('cell').nth(4)).toHaveText('4');
  await page.reload();
  await row.getByTestId('rencana-detil').click();
  await expect(page.getByTestId('rencana-detail')).toContainText('06/20/2026');
});

test('penguji@ scores the plan: 69, 70, 100 → Belum Kompeten, Kompeten, Kompeten; kept after a reload', async ({
  page,
}) => {
  await login(page, 'penguji');
  await page.goto('/nilai-ukk/penilaian');
  await choose(page, 'nilai-paket', PLAN_PAKET);
  const grid = page.getByTestId('nilai-grid');
  const cells = grid.getByRole('textbox', { name: /— Score$/ });
  await expect(cells).toHaveCount(4);
  await cells.nth(0).fill('69');
  await cells.nth(1).fill('70');
  await cells.nth(2).fill('100');
  // A bad cell is marked before anything is sent.
  await cells.nth(3).fill('7a');
  await page.getByTestId('nilai-save').click();
  await expect(page.getByTestId('nilai-refused')).toBeVisible();
  await cells.nth(3).fill('');
  await page.getByTestId('nilai-save').click();
  await expect(page.getByTestId('toasts')).toContainText('Nilai UKK berhasil disimpan');
  await page.reload();
  await choose(page, 'nilai-paket', PLAN_PAKET);
  const results = grid.getByRole('textbox', { name: /— Result$/ });
  await expect(cells.nth(0)).toHaveValue('69');
  await expect(results.nth(0)).toHaveValue('Belum Kompeten');
  await expect(results.nth(1)).toHaveValue('Kompeten');
  await expect(results.nth(2)).toHaveValue('Kompeten');
  await expect(results.nth(3)).toHaveValue('');
});

/** Clicks a pupil's Cetak and answers the certificate's text (the PDF opens in a blob tab). */
async function certificateText(
  page: Page,
  scope: ReturnType<Page['getByTestId']>,
  nama: string,
): Promise<string> {
  const [res, popup] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/cetak/sertifikat/')),
    page.waitForEvent('popup'),
    scope.getByRole('button', { name: `Print ${nama}`, exact: true }).click(),
  ]);
  expect(res.status()).toBe(200);
  const text = pdfText(await res.body());
  await popup.close();
  return text;
}

test('the certificate has Nomor, predikat, the Indonesian date and both units; a new date reprints, scores kept', async ({
  page,
}) => {
  await login(page, 'penguji');
  await page.goto('/nilai-ukk/penilaian');
  await choose(page, 'nilai-paket', PLAN_PAKET);
  const grid = page.getByTestId('nilai-grid');
  const first = grid.getByRole('textbox', { name: /— Score$/ }).first();
  await expect(first).toHaveValue('69');
  const nama = ((await first.getAttribute('aria-label')) ?? '').replace(/ — Score$/, '');
  const list = page.getByTestId('nilai-cetak');
  let text = await certificateText(page, list, nama);
  // Year of the date + the demo school's NPSN + NISN + the pupil's participation (the demo's plan
  // came first): stable on reprint.
  const nisn = /NISN: (\d{10})/.exec(text)?.[1] ?? 'none';
  const nomor = new RegExp(`Nomor: (202669999999${nisn}\\d{5})`).exec(text)?.[1];
  expect(nomor, text).toBeTruthy();
  expect(text).toContain(nama.toUpperCase());
  expect(text).toContain('BELUM KOMPETEN');
  expect(text).toContain('NOT YET COMPETENT');
  expect(text).toContain('20 Juni 2026');
  expect(text).toContain('3 (tiga) Tahun');
  expect(text).toContain('Merakit komputer');
  expect(text).toContain('Installing an operating system');

  // kaprog@ moves the certificate date; the reprint shows it, the scores stay.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await login(page, 'kaprog');
  await page.goto('/nilai-ukk/perencanaan');
  const row = page.getByTestId('rencana-table').getByRole('row').filter({ hasText: PLAN_PAKET });
  await row.getByTestId('rencana-ubah').click();
  const form = page.getByTestId('rencana-form');
  await expect(form.getByTestId('rencana-tanggal')).toHaveValue('20-06-2026');
  await form.getByTestId('rencana-tanggal').fill('2026-07-01');
  await form.getByTestId('rencana-tanggal').blur();
  await page.getByTestId('rencana-simpan').click();
  await expect(page.getByTestId('toasts')).toContainText('Rencana Penilaian UKK berhasil disimpan');
  await row.getByTestId('rencana-detil').click();
  const detail = page.getByTestId('rencana-peserta');
  await expect(detail).toContainText('Belum Kompeten');
  await expect(detail.getByRole('row').filter({ hasText: '100' })).toContainText('Kompeten');
  await page.keyboard.press('Escape');

  // Template Sertifikat: five years' validity; the reprint shows it with the new date.
  await page.goto('/referensi/uji-kompetensi-keahlian');
  await page.getByTestId('template-open').click();
  const template = page.getByTestId('template-form');
  await template.getByTestId('template-masa').fill('5');
  await page.getByTestId('template-simpan').click();
  await expect(page.getByTestId('toasts')).toContainText('Template Sertifikat berhasil disimpan');
  try {
    await page.goto('/nilai-ukk/perencanaan');
    await row.getByTestId('rencana-detil').click();
    text = await certificateText(page, page.getByTestId('rencana-peserta'), nama);
    expect(text).toContain('1 Juli 2026');
    expect(text).toContain('5 (lima) Tahun');
    expect(text).toContain('5 (five) Years');
    expect(text).toContain(`Nomor: ${nomor}`);
    expect(text).toContain('BELUM KOMPETEN');
  } finally {
    // Kembalikan ke bawaan, so the demo prints its defaults again.
    await page.goto('/referensi/uji-kompetensi-keahlian');
    await page.getByTestId('template-open').click();
    await page.getByTestId('template-reset').click();
    await page.getByTestId('confirm-yes').click();
    await expect(page.getByTestId('toasts')).toContainText('Template Sertifikat dikembalikan ke bawaan');
  }
});

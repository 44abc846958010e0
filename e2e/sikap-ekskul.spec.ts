import { type Browser, expect, type Page, test } from '@playwright/test';
import { login } from './support';

// Serial: these tests change shared demo data (and put it back). wali@'s class is X TJKT 1, where
// guru@ teaches Matematika; siswa@ (Andi Pratama) sits in it; ekskul@ supervises Futsal.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const WALI_CLASS = 'X TJKT 1';
const LOCKED = 'Penilaian tidak aktif. Silahkan hubungi Wali Kelas!';

async function choose(page: Page, testId: string, option: string | RegExp, search?: string) {
  const input = page.getByTestId(testId);
  await input.click();
  if (search) await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

/** Today in the browser's calendar, as the date input wants it. */
async function today(page: Page): Promise<string> {
  return page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
}

/** A call to the API with the session of the page's logged-in user. */
async function apiCall(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem('accessToken')}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    { method, path, body },
  );
}

async function pickClass(page: Page) {
  await choose(page, 'sikap-tingkat', 'Grade 10');
  await choose(page, 'sikap-rombel', WALI_CLASS);
}

test('guru: adds an attitude note, sees it, edits it and deletes it', async ({ page }) => {
  await login(page, 'guru');
  await page.goto('/penilaian/sikap');
  await expect(page.getByRole('heading', { name: 'Penilaian Sikap' })).toBeVisible();
  await page.getByTestId('add-button').click();
  await expect(page).toHaveURL(/\/penilaian\/input-nilai-sikap$/);
  await expect(page.getByTestId('sikap-referensi')).toContainText('Kolaborasi');

  // Nothing filled: the reference's messages, nothing sent.
  await page.getByTestId('sikap-save').click();
  await expect(page.getByText('Tingkat Kelas tidak boleh kosong!')).toBeVisible();
  await expect(page.getByText('Uraian Sikap tidak boleh kosong!')).toBeVisible();

  const text = `Membantu teman kelompok (e2e ${Date.now() % 100000})`;
  await pickClass(page);
  await choose(page, 'sikap-pd', 'Andi Pratama', 'Andi Pra');
  await page.getByTestId('sikap-tanggal').fill(await today(page));
  await page.getByTestId('sikap-tanggal').blur();
  await choose(page, 'sikap-dimensi', 'Bergotong-royong');
  await choose(page, 'sikap-elemen', 'Kolaborasi');
  await page.getByRole('radio', { name: 'Positive' }).check();
  await page.getByTestId('sikap-uraian').fill(text);
  await page.getByTestId('sikap-save').click();
  await expect(page.getByTestId('toasts')).toContainText('Catatan Sikap berhasil disimpan');
  await expect(page).toHaveURL(/\/penilaian\/sikap$/);

  const row = page.getByTestId('sikap-table').locator('tbody tr', { hasText: text });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Andi Pratama');
  await expect(row).toContainText(WALI_CLASS);
  await expect(row).toContainText('Positive');

  await row.getByTestId('sikap-edit').click();
  await expect(page).toHaveURL(/input-nilai-sikap\?id=/);
  await expect(page.getByTestId('sikap-pd-readonly')).toHaveValue('Andi Pratama');
  await expect(page.getByTestId('sikap-uraian')).toHaveValue(text);
  const edited = `${text} — sudah lebih aktif`;
  await page.getByTestId('sikap-uraian').fill(edited);
  await page.getByRole('radio', { name: 'Negative' }).check();
  await page.getByTestId('sikap-save').click();
  await expect(page.getByTestId('toasts')).toContainText('Catatan Sikap berhasil diperbaharui');
  const editedRow = page.getByTestId('sikap-table').locator('tbody tr', { hasText: edited });
  await expect(editedRow).toHaveCount(1);
  await expect(editedRow).toContainText('Negative');

  await editedRow.getByTestId('sikap-delete').click();
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('toasts')).toContainText('Catatan Sikap berhasil dihapus');
  await expect(page.getByTestId('sikap-table').locator('tbody tr', { hasText: edited })).toHaveCount(0);
});

test('pembina: grades the Futsal members, the predikat fills the description; persisted; reset', async ({
  page,
}) => {
  await login(page, 'ekskul');
  await page.goto('/penilaian/ekstrakurikuler');
  await expect(page.getByRole('heading', { name: 'Penilaian Ekstrakurikuler' })).toBeVisible();
  const grid = page.getByTestId('ekskul-grid');
  const rows = grid.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const predikat = (i: number) => rows.nth(i).locator('select');
  const deskripsi = (i: number) => rows.nth(i).locator('input');

  await predikat(0).selectOption('Baik');
  await expect(deskripsi(0)).toHaveValue('Melaksanakan kegiatan Futsal dengan Baik');
  await predikat(1).selectOption('Sangat Baik');
  await expect(deskripsi(1)).toHaveValue('Melaksanakan kegiatan Futsal dengan Sangat Baik');
  await deskripsi(1).fill('Kapten tim yang tangguh dan sportif');
  // Changing the predikat again keeps the teacher's own text.
  await predikat(1).selectOption('Baik');
  await expect(deskripsi(1)).toHaveValue('Kapten tim yang tangguh dan sportif');

  // Leaving with unsaved grades asks first.
  await page.getByRole('link', { name: 'Beranda' }).first().click();
  await expect(page.getByTestId('unsaved-stay')).toBeVisible();
  await page.getByTestId('unsaved-stay').click();
  await expect(page).toHaveURL(/\/penilaian\/ekstrakurikuler\?ekskul=/);

  await page.getByTestId('ekskul-save').click();
  await expect(page.getByTestId('toasts')).toContainText('Nilai Ekstrakurikuler berhasil disimpan');

  await page.reload();
  await expect(predikat(0)).toHaveValue('Baik');
  await expect(deskripsi(0)).toHaveValue('Melaksanakan kegiatan Futsal dengan Baik');
  await expect(predikat(1)).toHaveValue('Baik');
  await expect(deskripsi(1)).toHaveValue('Kapten tim yang tangguh dan sportif');
  await expect(predikat(2)).toHaveValue('');

  await page.getByTestId('ekskul-reset').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('Futsal');
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('toasts')).toContainText('Nilai Ekstrakurikuler berhasil dihapus');
  await expect(predikat(0)).toHaveValue('');
  await expect(deskripsi(1)).toHaveValue('');
});

async function asUser(browser: Browser, account: 'guru' | 'wali') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, account);
  return { page, close: () => context.close() };
}

test('wali: sees the class progress, locks the class; guru is refused; unlocked again', async ({
  page,
  browser,
}) => {
  await login(page, 'wali');
  const card = page.getByTestId('beranda-wali');
  await expect(card).toContainText(`You are the homeroom teacher of class ${WALI_CLASS}`);
  const mtk = card.getByTestId('wali-row').filter({ hasText: 'Matematika' }).first();
  await expect(mtk).toContainText('Budi Santoso');
  await expect(mtk.getByTestId('progress-count')).toHaveText(/^\d+ \/ \d+$/);
  const [graded, members] = ((await mtk.getByTestId('progress-count').textContent()) ?? '')
    .split('/')
    .map((s) => Number(s.trim()));
  expect(members).toBeGreaterThan(0);
  expect(graded).toBeLessThanOrEqual(members ?? 0);

  const lock = card.getByTestId('kunci-nilai');
  await expect(lock).toBeChecked();
  try {
    await lock.click({ force: true });
    await expect(page.getByTestId('kunci-confirm')).toContainText('Assessment will be closed for this class');
    await page.getByTestId('kunci-yes').click();
    await expect(page.getByTestId('toasts')).toContainText('Status Penilaian berhasil disimpan');
    await expect(lock).not.toBeChecked();

    const guru = await asUser(browser, 'guru');
    try {
      await guru.page.goto('/penilaian/input-nilai-sikap');
      await pickClass(guru.page);
      await expect(guru.page.getByTestId('sikap-gate')).toHaveText(LOCKED);
      await expect(guru.page.getByTestId('sikap-save')).toBeDisabled();
      // The server refuses too, whatever the screen shows.
      const classes = await apiCall(guru.page, 'GET', '/penilaian/sikap/rombel');
      const kelas = (classes.body.data as { rombongan_belajar_id: string; nama: string }[]).find(
        (r) => r.nama === WALI_CLASS,
      );
      const pupils = await apiCall(
        guru.page,
        'GET',
        `/penilaian/sikap/rombel/${kelas?.rombongan_belajar_id}/peserta-didik`,
      );
      const andi = (pupils.body.data as { anggota_rombel_id: string; nama: string }[]).find(
        (p) => p.nama === 'Andi Pratama',
      );
      const write = await apiCall(guru.page, 'POST', '/penilaian/sikap', {
        tingkat: 10,
        rombongan_belajar_id: kelas?.rombongan_belajar_id,
        anggota_rombel_id: andi?.anggota_rombel_id,
        tanggal: await today(guru.page),
        dimensi_id: 3,
        elemen_id: 14,
        opsi_id: 1,
        deskripsi: 'Datang tepat waktu',
      });
      expect(write).toMatchObject({ status: 423, body: { message: LOCKED } });
    } finally {
      await guru.close();
    }

    await lock.click({ force: true });
    await expect(page.getByTestId('kunci-confirm')).toContainText('Assessment will be opened for this class');
    await page.getByTestId('kunci-yes').click();
    await expect(page.getByTestId('toasts')).toContainText('Status Penilaian berhasil disimpan');
    await expect(lock).toBeChecked();
  } finally {
    // Leave the demo as found, even when a step above failed.
    const wali = await apiCall(page, 'GET', '/beranda/wali');
    const id = (wali.body.kelas as { rombongan_belajar_id: string }[] | undefined)?.[0]?.rombongan_belajar_id;
    if (id) await apiCall(page, 'PUT', `/beranda/rombel/${id}/kunci-nilai`, { kunci_nilai: false });
  }
});

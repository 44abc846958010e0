import { IMAGE_MESSAGES } from '@erapor/contract/image';
import { expect, type Page, test } from '@playwright/test';
import { login } from './support';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000b49444154789c6360000200000500017a5eab3f0000000049454e44ae426082',
  'hex',
);

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The fields the server requires (a fresh school has none yet). */
async function fillRequired(page: Page) {
  await choose(page, 'Time zone', 'Waktu Indonesia Tengah (WITA)');
  await choose(page, 'Head teacher title', 'PLT Kepala Sekolah');
}

test.describe('Pengaturan Umum', () => {
  test('administrator saves the settings; they are still there after a reload', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/setting/umum');
    await expect(page.getByTestId('setting-form')).toBeVisible();
    await page.getByLabel('Semester report date', { exact: true }).fill('2026-12-19');
    await fillRequired(page);
    await page.getByLabel('Dapodik URL').fill('http://127.0.0.1:5774');
    await page.getByTestId('token-dapodik').fill('token-rahasia-e2e');
    await page.getByTestId('tempat-rapor').fill('Cimahi');
    await choose(page, 'Staff number under signatures', 'NIY');
    await page.getByTestId('setting-save').click();
    await expect(page.getByTestId('toasts')).toContainText('Pengaturan berhasil disimpan');

    await page.reload();
    // The date picker shows dd-mm-yyyy (decision 059) whatever was typed.
    await expect(page.getByLabel('Semester report date', { exact: true })).toHaveValue('19-12-2026');
    await expect(page.getByRole('combobox', { name: 'Time zone', exact: true })).toHaveValue(
      'Waktu Indonesia Tengah (WITA)',
    );
    await expect(page.getByRole('combobox', { name: 'Head teacher title', exact: true })).toHaveValue(
      'PLT Kepala Sekolah',
    );
    await expect(page.getByLabel('Dapodik URL')).toHaveValue('http://127.0.0.1:5774');
    await expect(page.getByTestId('tempat-rapor')).toHaveValue('Cimahi');
    await expect(
      page.getByRole('combobox', { name: 'Staff number under signatures', exact: true }),
    ).toHaveValue('NIY');
    // Back to the defaults the report-card specs print: the kabupaten and NIP.
    await page.getByTestId('tempat-rapor').fill('');
    await choose(page, 'Staff number under signatures', 'NIP');
    // The token never comes back: the field is empty and says a token is stored.
    await expect(page.getByTestId('token-dapodik')).toHaveValue('');
    await expect(page.getByTestId('token-dapodik')).toHaveAttribute('placeholder', /saved/);

    // The Dapodik source: chosen, saved and kept; then back to Automatic for the sync specs.
    const sumber = page.getByRole('combobox', { name: 'Dapodik data source', exact: true });
    await expect(sumber).toHaveValue('Automatic');
    await choose(page, 'Dapodik data source', 'Dapodik Web Service');
    await page.getByTestId('setting-save').click();
    await expect(page.getByTestId('toasts')).toContainText('Pengaturan berhasil disimpan');
    await page.reload();
    await expect(sumber).toHaveValue('Dapodik Web Service');
    await choose(page, 'Dapodik data source', 'Automatic');
    await page.getByTestId('setting-save').click();
    await expect(page.getByTestId('toasts')).toContainText('Pengaturan berhasil disimpan');
    await page.reload();
    await expect(sumber).toHaveValue('Automatic');
  });

  test('a logo over 1 MB is refused with a message; a PNG is saved and shown', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/setting/umum');
    await expect(page.getByTestId('setting-form')).toBeVisible();
    await fillRequired(page);
    const file = page.locator('input[type="file"]');
    await file.setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]),
    });
    await expect(page.getByText('Logo sekolah maksimal 1Mb.')).toBeVisible();
    await expect(page.getByTestId('setting-save')).toBeDisabled();

    // A PNG header over broken data: the server decodes it, refuses it on the field (decision 049).
    await file.setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([PNG.subarray(0, 33), Buffer.alloc(64, 7)]),
    });
    await expect(page.getByText('Logo sekolah maksimal 1Mb.')).toHaveCount(0);
    await page.getByTestId('setting-save').click();
    await expect(page.getByText(IMAGE_MESSAGES.broken)).toBeVisible();

    await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('setting-save').click();
    await expect(page.getByTestId('toasts')).toContainText('Pengaturan berhasil disimpan');
    await page.reload();
    await expect(page.getByTestId('logo-preview')).toBeVisible();
  });

  test('administrator Beranda: counts, identity and the assessment switch', async ({ page }) => {
    await login(page, 'admin');
    await expect(page.getByTestId('count-peserta_didik')).not.toContainText('-');
    await expect(page.getByTestId('identitas-sekolah')).toContainText('NPSN');
    const status = page.getByTestId('status-penilaian');
    await expect(status).toBeChecked();
    await status.click({ force: true });
    // The confirmation is in the interface language (it was hard-coded Indonesian; decision 057).
    await expect(page.getByRole('dialog')).toContainText('Are you sure?');
    await page.getByRole('button', { name: 'Yes!' }).click();
    await expect(page.getByTestId('toasts')).toContainText('Status Penilaian berhasil disimpan');
    await expect(status).not.toBeChecked();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await status.click({ force: true });
    await page.getByRole('button', { name: 'Yes!' }).click();
    await expect(status).toBeChecked();
  });

  test('other roles cannot open the settings', async ({ page }) => {
    await login(page, 'guru');
    await page.goto('/setting/umum');
    await expect(page.getByTestId('not-authorized')).toBeVisible();
  });
});

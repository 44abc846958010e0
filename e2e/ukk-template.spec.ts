import { crc32, deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { pdfText } from './pdf';
import { login } from './support';

// Template Sertifikat leftovers (decision 038): kaprog@ chooses the Tut Wuri Handayani emblem and an
// English programme name and opens "Pratinjau" (nothing saved), then stores a background image and
// removes it again. The demo's template is left as it was.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** A 2 × 2 RGB PNG with its CRCs (pdfkit and the header check accept it). */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.writeUInt8(8, 8);
  ihdr.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('kaprog@: Tut Wuri Handayani and an English name show in "Pratinjau"; a background is stored and removed', async ({
  page,
}) => {
  await login(page, 'kaprog');
  await page.goto('/referensi/uji-kompetensi-keahlian');
  await page.getByTestId('template-open').click();
  const form = page.getByTestId('template-form');
  await form.getByTestId('template-logo').click();
  await page.getByRole('option', { name: 'Tut Wuri Handayani emblem' }).click();
  const english = form.locator('[data-testid^="template-jurusan-en-"]').first();
  await english.fill('Computer and Network Engineering');
  await form.getByTestId('template-masa').fill('4');
  const [res, popup] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/ukk/template/pratinjau')),
    page.waitForEvent('popup'),
    form.getByTestId('template-pratinjau').click(),
  ]);
  expect(res.status()).toBe(200);
  const text = pdfText(await res.body());
  expect(text).toContain('TUT WURI HANDAYANI');
  expect(text).toContain('Computer and Network Engineering');
  expect(text).toContain('4 (empat) Tahun');
  expect(text).toContain('PRATINJAU');
  await popup.close();

  // The background is stored as soon as it is chosen, and removed again.
  const [stored] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith('/api/ukk/template/latar') && r.request().method() === 'PUT',
    ),
    form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'latar.png', mimeType: 'image/png', buffer: png() }),
  ]);
  expect(stored.status()).toBe(200);
  await expect(page.getByTestId('toasts')).toContainText('Gambar latar sertifikat berhasil disimpan');
  await form.getByTestId('template-latar-hapus').click();
  await expect(page.getByTestId('toasts')).toContainText('Gambar latar sertifikat dihapus');
  // A file over 1 MB is refused in the browser, under the field, before any upload.
  await form.locator('input[type="file"]').setInputFiles({
    name: 'besar.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([png(), Buffer.alloc(1024 * 1024)]),
  });
  await expect(form).toContainText('Ukuran gambar latar maksimal 1 MB!');
});

import { type APIRequestContext, expect, test } from '@playwright/test';
import { waliOfK13ForThisFile } from './dapodik-wali';
import { apiToken, login } from './support';

// wali@ is the wali of the K13 class (through Dapodik) while this file runs.
const k13 = waliOfK13ForThisFile();

// K13 "Catatan Sikap Wali Kelas" (issue #11 item 2; decision 028): the wali writes a note per
// dimension, saves ("Catatan Sikap berhasil disimpan"), the notes survive a reload; a 1,001-character
// note is refused with the message and stays on screen. No demo login is wali of the K13 class, so
// wali@ becomes its wali through Dapodik for this spec (dapodik-wali.ts) and stops being it after.
test.use({ locale: 'id-ID' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

interface SikapResponse {
  rombel: { rombongan_belajar_id: string; nama: string };
  k13: boolean;
  dimensi: { dimensi_id: number; nama: string }[];
  data: { anggota_rombel_id: string; nama: string; catatan_wali: Record<string, string> }[];
}

const sikap = async (request: APIRequestContext, token: string): Promise<SikapResponse> => {
  const res = await request.get(`/api/wali-kelas/catatan-sikap?rombongan_belajar_id=${k13()}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as SikapResponse;
};

test('the wali of a K13 class writes a note per dimension; it stays after a reload; 1,001 characters are refused', async ({
  page,
  request,
}) => {
  const waliToken = await apiToken(request, 'wali');
  const before = await sikap(request, waliToken);
  expect(before.k13).toBe(true);
  expect(before.dimensi.length).toBeGreaterThan(1);
  const pupil = before.data[0];
  if (!pupil) throw new Error('the K13 class has no pupils');
  const box = (dimensi: string) =>
    page.getByRole('textbox', { name: `Catatan Sikap Wali Kelas ${pupil.nama}: ${dimensi}`, exact: true });
  const notes = before.dimensi.map((d, i) => `Catatan uji ${i + 1} untuk ${d.nama.slice(0, 30)}.`);

  await login(page, 'wali');
  await page.goto(`/wali-kelas/catatan-sikap?kelas=${k13()}`);
  await expect(page.getByTestId('sikap-kelas')).toHaveValue(before.rombel.nama);
  for (const [i, d] of before.dimensi.entries()) await box(d.nama).fill(notes[i] ?? '');
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/wali-kelas/catatan-sikap') && r.request().method() === 'PUT',
  );
  await page.getByTestId('sikap-save').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('toasts')).toContainText('Catatan Sikap berhasil disimpan');

  await page.reload();
  for (const [i, d] of before.dimensi.entries()) await expect(box(d.nama)).toHaveValue(notes[i] ?? '');
  const stored = await sikap(request, waliToken);
  const mine = stored.data.find((r) => r.anggota_rombel_id === pupil.anggota_rombel_id);
  for (const [i, d] of before.dimensi.entries())
    expect(mine?.catatan_wali[String(d.dimensi_id)]).toBe(notes[i]);

  // 1,001 characters: marked with the message, nothing sent, the typing stays.
  const first = before.dimensi[0] as { dimensi_id: number; nama: string };
  const long = 'x'.repeat(1001);
  await box(first.nama).fill(long);
  await expect(box(first.nama)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Catatan tidak boleh lebih dari 1000 karakter!').first()).toBeVisible();
  let sent = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/wali-kelas/catatan-sikap') && r.method() === 'PUT') sent = true;
  });
  await page.getByTestId('sikap-save').click();
  await expect(page.getByTestId('sikap-refused')).toContainText(pupil.nama);
  await expect(box(first.nama)).toHaveValue(long);
  expect(sent).toBe(false);
  const after = await sikap(request, waliToken);
  expect(
    after.data.find((r) => r.anggota_rombel_id === pupil.anggota_rombel_id)?.catatan_wali[
      String(first.dimensi_id)
    ],
  ).toBe(notes[0]);

  // Leave the class as it was: the notes written here are removed (an empty note is no note).
  const cleared = await request.put('/api/wali-kelas/catatan-sikap', {
    headers: { authorization: `Bearer ${waliToken}` },
    data: {
      rombongan_belajar_id: k13(),
      rows: before.dimensi.map((d, i) => ({
        anggota_rombel_id: pupil.anggota_rombel_id,
        dimensi_id: d.dimensi_id,
        catatan: pupil.catatan_wali[String(d.dimensi_id)] ?? '',
        sebelumnya: notes[i] ?? '',
      })),
    },
  });
  expect(cleared.status(), await cleared.text()).toBe(200);
});

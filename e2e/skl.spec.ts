import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { pdfText } from './pdf';
import { DEMO, DEMO_PASSWORD, login } from './support';

// Surat Keterangan Lulus (issue #15 item 4; docs/decisions/047-surat-keterangan-lulus.md):
// admin@ sets the number pattern and the graduation date in Pengaturan Umum (a wrong code is named
// under the field and the typed text stays) and previews the letter; the homeroom teacher of an
// XII class of 2025/2026 Genap — where the living demo decided Lulus for every XII pupil — prints a
// pupil's letter from Cetak Rapor. No demo log-in leads an XII class, so the administrator gives
// that teacher an account the way a school does (Atur Ulang Pengguna, then a password reset).
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const GENAP = '20252';
const POLA = '{nomor}/SKL.E2E/{bulan}/{tahun}';
const TANGGAL = '2026-05-04';
const NEW_PASSWORD = 'skl-e2e-rahasia';

async function token(request: APIRequestContext, email: string, password: string, semester: string) {
  const res = await request.post('/api/jwt/login', { data: { email, password, semester_id: semester } });
  expect(res.ok(), `log-in of ${email} in ${semester}`).toBe(true);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

test('admin@ edits the number pattern and the date, a wrong code is named, then previews the letter', async ({
  page,
}) => {
  await login(page, 'admin');
  await page.goto('/setting/umum');
  const card = page.getByTestId('skl-template');
  // Its own request after the page's: generous on a busy machine.
  await expect(card.getByTestId('skl-pola_nomor')).toBeVisible({ timeout: 60_000 });
  const pola = card.getByTestId('skl-pola_nomor');
  await pola.fill('{nomor}/{kelas}');
  await card.getByTestId('skl-simpan').click();
  await expect(card).toContainText('Kode {kelas} tidak dikenal');
  await expect(pola).toHaveValue('{nomor}/{kelas}'); // what was typed stays

  await pola.fill(POLA);
  await card.getByTestId('skl-tanggal_lulus').fill(TANGGAL);
  await card.getByTestId('skl-tanggal_lulus').blur();
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/setting/skl') && r.request().method() === 'PUT'),
    card.getByTestId('skl-simpan').click(),
  ]);
  expect(saved.status()).toBe(200);
  await expect(card).not.toContainText('tidak dikenal');

  const [pdf, popup] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/setting/skl/pratinjau')),
    page.waitForEvent('popup'),
    card.getByTestId('skl-pratinjau').click(),
  ]);
  expect(pdf.status()).toBe(200);
  const text = pdfText(await pdf.body());
  expect(text).toContain('SURAT KETERANGAN LULUS');
  expect(text).toMatch(/Nomor: \d{3,}\/SKL\.E2E\/V\/2026/);
  expect(text).toContain('4 Mei 2026');
  await expect.poll(() => popup.url()).toMatch(/^blob:/);
  await popup.close();

  // Reloaded, the form shows what was stored.
  await page.reload();
  await expect(page.getByTestId('skl-template').getByTestId('skl-pola_nomor')).toHaveValue(POLA, {
    timeout: 60_000,
  });
});

test('the wali of an XII class prints a Lulus pupil’s SKL from Cetak Rapor: name and graduation date', async ({
  page,
  request,
}) => {
  const admin = await token(request, DEMO.admin, DEMO_PASSWORD, GENAP);
  const auth = { authorization: `Bearer ${admin}` };
  const first = (await (await request.get('/api/cetak/rapor', { headers: auth })).json()) as {
    kelas: { value: string; label: string; tingkat: number }[];
  };
  const xii = first.kelas.find((k) => k.tingkat === 12);
  if (!xii) throw new Error('no XII class in 2025/2026 Genap');
  const info = (await (
    await request.get('/api/cetak/rapor', { headers: auth, params: { rombongan_belajar_id: xii.value } })
  ).json()) as {
    cetak: { wali_kelas: string | null };
    data: { anggota_rombel_id: string; nama: string; lulus: boolean }[];
  };
  const pupil = info.data.find((r) => r.lulus);
  if (!pupil || !info.cetak.wali_kelas) throw new Error('no Lulus pupil or no wali in the XII class');

  // The teacher's account: Atur Ulang Pengguna (PTK) gives the staff of 2025/2026 Genap accounts and
  // their wali role there; the administrator then resets the teacher's password.
  const gen = await request.post('/api/users/generate', { headers: auth, data: { aksi: 'ptk' } });
  expect(gen.ok(), await gen.text()).toBe(true);
  const users = (await (
    await request.get('/api/users', { headers: auth, params: { role: 'wali', per_page: '100' } })
  ).json()) as { data: { user_id: string; name: string }[] };
  const user = users.data.find((u) => info.cetak.wali_kelas?.includes(u.name));
  if (!user) throw new Error(`no account for ${info.cetak.wali_kelas}`);
  const reset = await request.post(`/api/users/${user.user_id}/reset-password`, { headers: auth });
  expect(reset.ok(), await reset.text()).toBe(true);
  const { credential } = (await reset.json()) as { credential: { login: string; password: string } };
  const own = await token(request, credential.login, credential.password, GENAP);
  const changed = await request.put('/api/profile/password', {
    headers: { authorization: `Bearer ${own}` },
    data: {
      current_password: credential.password,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    },
  });
  expect(changed.ok(), await changed.text()).toBe(true);

  await page.goto('/login');
  await page.getByLabel('Email').fill(credential.login);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.locator('select[name="semester_id"]').selectOption(GENAP);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/wali-kelas/cetak-rapor');
  const row = page.getByTestId('rapor-row').filter({ hasText: pupil.nama });
  await expect(row.getByTestId('rapor-skl')).toBeVisible({ timeout: 60_000 });
  const [res, popup] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(`/api/cetak/skl/${pupil.anggota_rombel_id}`)),
    page.waitForEvent('popup'),
    row.getByTestId('rapor-skl').click(),
  ]);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const text = pdfText(await res.body());
  expect(text).toContain('SURAT KETERANGAN LULUS');
  expect(text).toContain(pupil.nama);
  expect(text).toContain('4 Mei 2026'); // the graduation date set by admin@ above
  expect(text).toMatch(/Nomor: \d{3,}\/SKL\.E2E\/V\/2026/);
  await expect.poll(() => popup.url()).toMatch(/^blob:/);
  await popup.close();

  // Cetak Semua › Surat Keterangan Lulus: the class's Lulus pupils in one PDF, each letter with its
  // own number; the pupil printed above keeps theirs.
  const lulus = info.data.filter((r) => r.lulus);
  const card = page.getByTestId('rapor-semua');
  await card.getByTestId('rapor-semua-skl').check();
  await card.getByRole('radio', { name: 'One PDF', exact: true }).check();
  const [started, download] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/cetak/skl-semua') && r.request().method() === 'POST'),
    page.waitForEvent('download', { timeout: 150_000 }),
    card.getByTestId('rapor-semua-start').click(),
  ]);
  expect(started.status()).toBe(202);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^SKL .+ ${GENAP}\\.pdf$`));
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-skl-semua-')), 'skl.pdf');
  await download.saveAs(file);
  const all = pdfText(file);
  const numbers = all.match(/Nomor: \d{3,}\/SKL\.E2E\/V\/2026/g) ?? [];
  expect(numbers).toHaveLength(lulus.length);
  expect(new Set(numbers).size).toBe(lulus.length);
  expect(numbers).toContain(text.match(/Nomor: \d{3,}\/SKL\.E2E\/V\/2026/)?.[0]);
  for (const r of lulus) expect(all).toContain(r.nama);
});

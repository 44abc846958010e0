import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support';

// Kenaikan Kelas (issue #11 item 5; decision 029): wali@ logged in to 2025/2026 Genap (the demo's
// past Genap semester, where it seeded a decision for every pupil) sets "Tidak Naik" and "Naik Ke
// Kelas" with a class chosen in "Pilih Rombongan Belajar" and one typed, saves, and a reload shows
// them. The seeded decisions are put back at the end.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const GENAP = '20252';
const URL = '/api/wali-kelas/kenaikan-kelas';

interface Row {
  anggota_rombel_id: string;
  nama: string;
  status: number | null;
  nama_kelas: string | null;
}
interface Grid {
  rombel: { rombongan_belajar_id: string; nama: string };
  kelas_tujuan: string[];
  data: Row[];
}

let token = '';
let seeded: Grid | undefined;

async function grid(request: APIRequestContext): Promise<Grid> {
  const res = await request.get(URL, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), URL).toBe(true);
  return (await res.json()) as Grid;
}

async function loginGenap(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.wali);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.locator('select[name="semester_id"]').selectOption(GENAP);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function pickStatus(page: Page, nama: string, label: string): Promise<void> {
  await page.getByRole('combobox', { name: `Promotion status ${nama}`, exact: true }).click();
  await page.getByRole('listbox').getByRole('option', { name: label, exact: true }).click();
}

test.beforeAll(async ({ request }) => {
  const res = await request.post('/api/jwt/login', {
    data: { email: DEMO.wali, password: DEMO_PASSWORD, semester_id: GENAP },
  });
  expect(res.ok(), 'wali@ logs in to 2025/2026 Genap').toBe(true);
  token = ((await res.json()) as { accessToken: string }).accessToken;
  seeded = await grid(request);
});

test.afterAll(async ({ request }) => {
  if (!seeded) return;
  const now = await grid(request);
  const before = new Map(seeded.data.map((r) => [r.anggota_rombel_id, r]));
  const rows = now.data
    .filter((r) => {
      const b = before.get(r.anggota_rombel_id);
      return b && (b.status !== r.status || b.nama_kelas !== r.nama_kelas);
    })
    .map((r) => {
      const b = before.get(r.anggota_rombel_id) as Row;
      return {
        anggota_rombel_id: r.anggota_rombel_id,
        status: b.status,
        nama_kelas: b.nama_kelas,
        sebelumnya: r.status ? { status: r.status, nama_kelas: r.nama_kelas } : null,
      };
    });
  if (rows.length === 0) return;
  const res = await request.put(URL, {
    headers: { authorization: `Bearer ${token}` },
    data: { rombongan_belajar_id: now.rombel.rombongan_belajar_id, rows },
  });
  expect(res.ok(), 'seeded decisions put back').toBe(true);
});

test('wali@ in 2025/2026 Genap sets Tidak Naik and Naik Ke Kelas with a chosen and a typed class; reload keeps them', async ({
  page,
  request,
}) => {
  const start = seeded as Grid;
  expect(start.data.length).toBeGreaterThan(3);
  // The demo decided for every pupil of the class.
  expect(start.data.every((r) => r.status === 1 || r.status === 2)).toBe(true);
  expect(start.kelas_tujuan.length).toBeGreaterThan(0);
  const [a, b, c] = start.data as [Row, Row, Row];
  const tujuan = start.kelas_tujuan[0] as string;
  const typed = `XI Uji ${Date.now() % 100000}`;

  await loginGenap(page);
  const loaded = page.waitForResponse((r) => r.url().includes(URL) && r.request().method() === 'GET');
  await page.goto('/wali-kelas/kenaikan-kelas');
  expect((await loaded).status()).toBe(200);
  await expect(page.getByTestId('kenaikan-row')).toHaveCount(start.data.length);

  // Tidak Naik: the class is the pupil's own.
  await pickStatus(page, a.nama, 'Tidak Naik');
  const rowOf = (nama: string) => page.getByTestId('kenaikan-row').filter({ hasText: nama });
  await expect(rowOf(a.nama).getByTestId('kenaikan-ke-kelas')).toHaveText(start.rombel.nama);

  // Tidak Naik first, then Naik Ke Kelas: the dialog asks; empty is refused, a class is chosen.
  await pickStatus(page, b.nama, 'Tidak Naik');
  await pickStatus(page, b.nama, 'Naik Ke Kelas');
  const dialog = page.getByRole('dialog', { name: 'Choose class (Pilih Rombongan Belajar)' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Class name' }).fill('');
  await dialog.getByTestId('kenaikan-pilih-ok').click();
  await expect(dialog.getByText('The class must not be empty!')).toBeVisible();
  await dialog.getByRole('radio', { name: tujuan, exact: true }).check();
  await dialog.getByTestId('kenaikan-pilih-ok').click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(b.nama).getByTestId('kenaikan-ke-kelas')).toHaveText(tujuan);

  // Naik Ke Kelas with a name typed by hand (next year's classes may not exist yet).
  await pickStatus(page, c.nama, 'Tidak Naik');
  await pickStatus(page, c.nama, 'Naik Ke Kelas');
  await dialog.getByRole('textbox', { name: 'Class name' }).fill(typed);
  await dialog.getByTestId('kenaikan-pilih-ok').click();
  await expect(rowOf(c.nama).getByTestId('kenaikan-ke-kelas')).toHaveText(typed);

  const saved = page.waitForResponse((r) => r.url().includes(URL) && r.request().method() === 'PUT');
  await page.getByTestId('kenaikan-save').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('kenaikan-undo')).toHaveCount(0);

  const stored = new Map((await grid(request)).data.map((r) => [r.anggota_rombel_id, r]));
  expect(stored.get(a.anggota_rombel_id)).toMatchObject({ status: 2, nama_kelas: start.rombel.nama });
  expect(stored.get(b.anggota_rombel_id)).toMatchObject({ status: 1, nama_kelas: tujuan });
  expect(stored.get(c.anggota_rombel_id)).toMatchObject({ status: 1, nama_kelas: typed });

  const reloaded = page.waitForResponse((r) => r.url().includes(URL) && r.request().method() === 'GET');
  await page.reload();
  await reloaded;
  await expect(page.getByRole('combobox', { name: `Promotion status ${a.nama}`, exact: true })).toHaveValue(
    'Tidak Naik',
  );
  await expect(page.getByRole('combobox', { name: `Promotion status ${b.nama}`, exact: true })).toHaveValue(
    'Naik Ke Kelas',
  );
  await expect(rowOf(a.nama).getByTestId('kenaikan-ke-kelas')).toHaveText(start.rombel.nama);
  await expect(rowOf(b.nama).getByTestId('kenaikan-ke-kelas')).toHaveText(tujuan);
  await expect(rowOf(c.nama).getByTestId('kenaikan-ke-kelas')).toHaveText(typed);
});

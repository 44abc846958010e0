import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiToken, login } from './support';

// wali@'s own class (issue #11 items 2, 4, 6; decision 028): a Catatan Wali Kelas and a Kokurikuler
// draft made with "Buat Draf" survive a reload; a 1,001-character note is held on screen; Catatan
// Sikap and Nilai Ekstrakurikuler show the class's data; PKL says there is none yet.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

interface TextRow {
  anggota_rombel_id: string;
  nama: string;
  uraian: string;
}

let token = '';

async function get<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), url).toBe(true);
  return (await res.json()) as T;
}
const texts = async (request: APIRequestContext, url: string) =>
  (await get<{ rombel: { nama: string }; data: TextRow[] }>(request, url)).data;

test.beforeAll(async ({ request }) => {
  token = await apiToken(request, 'wali');
});

test('catatan wali kelas and a kokurikuler draft via Buat Draf are saved and kept after reload', async ({
  page,
  request,
}) => {
  const pupils = await texts(request, '/api/wali-kelas/catatan-wali-kelas');
  expect(pupils.length).toBeGreaterThan(2);
  // The living demo wrote a note for every pupil (decision 028).
  expect(pupils.every((p) => p.uraian.length > 0)).toBe(true);
  const [first, second] = pupils as [TextRow, TextRow];
  const note = `Ananda rajin dan teliti. Catatan uji ${Date.now()}.`;

  await login(page, 'wali');
  await page.goto('/wali-kelas/catatan-wali-kelas');
  const box = page.getByRole('textbox', { name: `Homeroom teacher's note ${first.nama}`, exact: true });
  await expect(box).toHaveValue(first.uraian);

  // Over 1,000 characters: marked, nothing sent, the typing stays.
  const other = page.getByRole('textbox', { name: `Homeroom teacher's note ${second.nama}`, exact: true });
  await other.fill('x'.repeat(1001));
  await expect(other).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('1001 / 1000')).toBeVisible();
  await page.getByTestId('catatan-save').click();
  await expect(page.getByTestId('catatan-refused')).toContainText(second.nama);
  await expect(other).toHaveValue('x'.repeat(1001));
  expect(
    (await texts(request, '/api/wali-kelas/catatan-wali-kelas')).find((p) => p.nama === second.nama)?.uraian,
  ).toBe(second.uraian);

  await other.fill(second.uraian);
  await box.fill(note);
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/wali-kelas/catatan-wali-kelas') && r.request().method() === 'PUT',
  );
  await page.getByTestId('catatan-save').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('toasts')).toContainText('Data saved');
  await page.reload();
  await expect(
    page.getByRole('textbox', { name: `Homeroom teacher's note ${first.nama}`, exact: true }),
  ).toHaveValue(note);

  // Kokurikuler: tick two dimensions, draft, edit, save.
  await page.goto('/wali-kelas/kokurikuler');
  const kok = page.getByRole('textbox', { name: `Co-curricular ${first.nama}`, exact: true });
  await expect(kok).toBeVisible();
  await page.getByRole('button', { name: `Draft ${first.nama}`, exact: true }).click();
  const checklist = page.getByTestId('kokurikuler-draft');
  await checklist.getByRole('checkbox', { name: 'Communication' }).check();
  await checklist.getByRole('checkbox', { name: 'Collaboration' }).check();
  await checklist.getByTestId('kokurikuler-draft-apply').click();
  const drafted =
    'Melalui kegiatan kokurikuler, ananda menunjukkan perkembangan yang baik pada dimensi kolaborasi dan komunikasi.';
  await expect(kok).toHaveValue(drafted);
  await kok.fill(`${drafted} Ananda memimpin kelompoknya dengan baik.`);
  const savedKok = page.waitForResponse(
    (r) => r.url().includes('/api/wali-kelas/kokurikuler') && r.request().method() === 'PUT',
  );
  await page.getByTestId('catatan-save').click();
  expect((await savedKok).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('textbox', { name: `Co-curricular ${first.nama}`, exact: true })).toHaveValue(
    `${drafted} Ananda memimpin kelompoknya dengan baik.`,
  );
  expect(
    (await texts(request, '/api/wali-kelas/kokurikuler')).find((p) => p.nama === first.nama)?.uraian,
  ).toBe(`${drafted} Ananda memimpin kelompoknya dengan baik.`);
});

interface SikapData {
  data: { nama: string; catatan_guru: { deskripsi: string; guru: string | null }[] }[];
}
interface EkskulData {
  data: { nama: string; nama_ekskul: string | null; predikat: string | null; dinilai: boolean }[];
}

test('catatan sikap, nilai ekstrakurikuler and PKL show the class’s data', async ({ page, request }) => {
  const sikap = await get<SikapData>(request, '/api/wali-kelas/catatan-sikap');
  const ekskul = await get<EkskulData>(request, '/api/wali-kelas/nilai-ekstrakurikuler');
  await login(page, 'wali');

  await page.goto('/wali-kelas/catatan-sikap');
  await expect(page.getByTestId('sikap-pupil')).toHaveCount(sikap.data.length);
  const noted = sikap.data.find((p) => p.catatan_guru.length > 0);
  expect(noted, 'the living demo has attitude notes in wali@’s class').toBeTruthy();
  const card = page.getByTestId('sikap-pupil').filter({ hasText: noted?.nama ?? '' });
  await expect(card.getByTestId('sikap-notes')).toContainText(noted?.catatan_guru[0]?.deskripsi ?? '');
  const without = sikap.data.filter((p) => p.catatan_guru.length === 0).length;
  await expect(page.getByTestId('sikap-none')).toHaveCount(without);

  await page.goto('/wali-kelas/nilai-ekstrakurikuler');
  await expect(page.getByTestId('ekskul-row')).toHaveCount(ekskul.data.length);
  const graded = ekskul.data.find((r) => r.dinilai);
  expect(graded).toBeTruthy();
  const row = page
    .getByTestId('ekskul-row')
    .filter({ hasText: graded?.nama_ekskul ?? '' })
    .filter({ hasText: graded?.predikat ?? '' });
  await expect(row.first()).toBeVisible();
  await expect(page.getByTestId('ekskul-belum')).toHaveCount(
    ekskul.data.filter((r) => r.nama_ekskul !== null && !r.dinilai).length,
  );

  await page.goto('/wali-kelas/praktik-kerja-lapangan');
  await expect(page.getByTestId('pkl-empty')).toHaveText('No PKL data yet');
  const kelas = (await get<{ rombel: { nama: string } }>(request, '/api/wali-kelas/praktik-kerja-lapangan'))
    .rombel.nama;
  await expect(page.getByText(`Work placement of class ${kelas}`)).toBeVisible();
});

test('kokurikuler in 2024/2025 Genap says it starts in 2025/2026', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('wali@demo.sch.id');
  await page.getByLabel('Password', { exact: true }).fill('rapor-demo');
  await page.locator('select[name="semester_id"]').selectOption('20242');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/wali-kelas/kokurikuler');
  await expect(page.getByTestId('catatan-semester')).toContainText(
    'Kokurikuler baru berlaku mulai semester Ganjil 2025/2026',
  );
  await expect(page.getByTestId('catatan-table')).toHaveCount(0);
});

import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { apiToken, DEMO, DEMO_PASSWORD, type DemoAccount, gridCell, login } from './support';
import { choose, type Step } from './views-cascade';

/*
 * Issue #10, "A living demo school", seen in the browser from a fresh install (the seeded demo;
 * decision 022; the API side is apps/server/src/modules/demo/living.test.ts):
 * - guru@'s Beranda lists complete, partly graded and not started subjects;
 * - Input Asesmen opens guru@'s subject to continue with its TPs and scores, and Nilai Akhir shows
 *   the suggested grades still to be saved;
 * - wali@'s class is complete on their Beranda;
 * - logged in to 2025/2026 Genap, wali@'s class of that year holds today's pupils one class lower,
 *   each with final grades (the ledger's preview).
 * Read-only: nothing is saved, so it runs beside the other specs ('app' project).
 */

// Each test logs in and walks a few screens; room for a busy machine (a run beside CI took 1.2 min).
test.describe.configure({ timeout: 180_000 });

/** The past Genap semester the demo seeds (history.ts: 20242, 20251, 20252 before 20261). */
const GENAP = '20252';
/**
 * wali@'s class, "X TJKT 1 in every profile" (packages/demo-school generate.ts), in the active
 * semester and in 20252 alike; its pupils of 20252 are today's XI TJKT 1 (living.test.ts). Today's
 * X TJKT 1 pupils were not at the school yet in 20252, so the past is checked through XI TJKT 1.
 */
const WALI_KELAS = 'X TJKT 1';
const KELAS_SEKARANG = 'XI TJKT 1';

interface Progress {
  dinilai: number;
  anggota: number;
}
interface GuruRow {
  pembelajaran_id: string;
  pd: number;
  pd_dinilai: number;
}
interface Context {
  nama_mata_pelajaran: string;
  rombel: string;
  tingkat: number;
}
interface LingkupMateri {
  context: Context;
  tp: { tp_id: string; label: string }[];
  siswa: { nama: string; nilai: Record<string, number> }[];
}
interface NilaiAkhir {
  context: Context;
  siswa: { nama: string; nilai_akhir: number | null; nilai_asesmen: number | null }[];
}

async function getJson<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `${url}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

const exact = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
/** A subject in the picker: a sub-subject reads "Induk › Nama"; "(read only)" when not the caller's. */
const mapelOption = (nama: string) =>
  new RegExp(`(^|› )${nama.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(read only\\))?$`);

/** "12 / 36" of each row's progress cell, once the list has loaded. */
async function progressOf(rows: Locator): Promise<Progress[]> {
  await expect(rows.first()).toBeVisible();
  const texts = await rows.getByTestId('progress-count').allInnerTexts();
  return texts.map((t) => {
    const m = /^(\d+)\s*\/\s*(\d+)$/.exec(t.trim());
    if (!m) throw new Error(`progress "${t}"`);
    return { dinilai: Number(m[1]), anggota: Number(m[2]) };
  });
}

/** Names that occur once in a grid (a grid cell is found by the pupil's name). */
function unique<T extends { nama: string }>(siswa: readonly T[]): T[] {
  return siswa.filter((s) => siswa.filter((o) => o.nama === s.nama).length === 1);
}

/** guru@'s subject to continue (partly graded), as the Beranda API lists it. */
async function subjectToContinue(request: APIRequestContext, token: string): Promise<GuruRow> {
  const rows = await getJson<{ data: GuruRow[] }>(request, token, '/api/beranda/guru');
  const partial = rows.data.find((r) => r.pd_dinilai > 0 && r.pd_dinilai < r.pd);
  if (!partial) throw new Error('guru@ has no partly graded subject');
  return partial;
}

/** Header form of Input Asesmen / Nilai Akhir: Tingkat → Reguler → Rombel → Mapel. */
const header = (c: Context): Step[] => [
  ['header-tingkat', `Grade ${c.tingkat}`],
  ['header-jenis-rombel', 'Regular'],
  ['header-rombel', exact(c.rombel)],
  ['header-mapel', mapelOption(c.nama_mata_pelajaran)],
];

/** The Beranda's list request (a busy machine answers it well after the page shows). */
const beranda = (page: Page, list: 'guru' | 'wali') =>
  page.waitForResponse((r) => new URL(r.url()).pathname === `/api/beranda/${list}`);

/** Logs in through the form choosing the semester, and waits for the home page. */
async function loginTo(page: Page, account: DemoAccount, semesterId: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO[account]);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.locator('select[name="semester_id"]').selectOption(semesterId);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('guru@: the Beranda lists complete, partly graded and not started subjects', async ({ page }) => {
  const loaded = beranda(page, 'guru');
  await login(page, 'guru');
  expect((await loaded).status()).toBe(200);
  const card = page.getByTestId('beranda-guru');
  const progress = await progressOf(card.getByTestId('guru-row'));
  const complete = progress.filter((p) => p.anggota > 0 && p.dinilai === p.anggota);
  const partial = progress.filter((p) => p.dinilai > 0 && p.dinilai < p.anggota);
  const empty = progress.filter((p) => p.anggota > 0 && p.dinilai === 0);
  expect(complete.length, 'complete (100 %)').toBeGreaterThan(0);
  expect(partial.length, 'partly graded').toBeGreaterThan(0);
  expect(empty.length, 'not started (0 %)').toBeGreaterThan(0);
});

test('guru@: Input Asesmen opens the subject to continue with its TPs and scores; Nilai Akhir suggests grades', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'guru');
  const subject = await subjectToContinue(request, token);
  const base = `/api/penilaian/pembelajaran/${subject.pembelajaran_id}`;
  const lm = await getJson<LingkupMateri>(request, token, `${base}/lingkup-materi`);
  expect(lm.tp.length, 'TPs mapped to the subject').toBeGreaterThan(0);
  // A score the demo seeded: a pupil (named once in the class) and one of their TPs.
  const scored = unique(lm.siswa).find((s) => lm.tp.some((tp) => s.nilai[tp.tp_id] !== undefined));
  const tp = lm.tp.find((c) => scored?.nilai[c.tp_id] !== undefined);
  if (!scored || !tp) throw new Error('no seeded score in the subject to continue');

  await login(page, 'guru');
  await page.goto('/penilaian/input-nilai');
  for (const step of header(lm.context)) await choose(page, step);
  await choose(page, ['header-jenis-asesmen', 'Sumatif Lingkup Materi']);
  const grid = page.getByTestId('panel-lingkup-materi').getByTestId('grade-grid');
  await expect(grid).toBeVisible();
  await expect(page.getByTestId('asesmen-no-tp')).toHaveCount(0);
  await expect(gridCell(page, scored.nama, tp.label)).toHaveValue(String(scored.nilai[tp.tp_id]));
  // The grid shows the seeded scores, not a blank sheet.
  const filled = await grid
    .getByRole('textbox')
    .evaluateAll((cells) => cells.filter((c) => (c as HTMLInputElement).value.trim() !== '').length);
  expect(filled).toBeGreaterThan(1);

  // Nilai Akhir: a pupil with every score has a suggestion the teacher has yet to save; a saved
  // grade sits beside its suggestion.
  const na = await getJson<NilaiAkhir>(request, token, `${base}/nilai-akhir`);
  const waiting = unique(na.siswa).find((s) => s.nilai_akhir === null && s.nilai_asesmen !== null);
  const saved = unique(na.siswa).find((s) => s.nilai_akhir !== null);
  if (!waiting || !saved) throw new Error('no suggestion waiting, or no saved grade, in the subject');
  await page.goto('/penilaian/nilai-akhir');
  for (const step of header(na.context)) await choose(page, step);
  await expect(page.getByTestId('panel-nilai-akhir').getByTestId('grade-grid')).toBeVisible();
  await expect(gridCell(page, waiting.nama, 'Suggested')).toHaveValue(/^\d+$/);
  await expect(gridCell(page, waiting.nama, 'Final grade')).toHaveValue('');
  await expect(gridCell(page, saved.nama, 'Suggested')).toHaveValue(/^\d+$/);
  await expect(gridCell(page, saved.nama, 'Final grade')).toHaveValue(String(saved.nilai_akhir));
});

test("wali@: the Beranda shows their class's subjects all graded (100 %)", async ({ page }) => {
  const loaded = beranda(page, 'wali');
  await login(page, 'wali');
  expect((await loaded).status()).toBe(200);
  // wali@ may be the wali of a second class while a school-wide spec runs (dapodik-wali.ts).
  const card = page.getByTestId('beranda-wali').filter({
    has: page.getByRole('heading', {
      name: `You are the homeroom teacher of class ${WALI_KELAS}`,
      exact: true,
    }),
  });
  const progress = await progressOf(card.getByTestId('wali-row'));
  for (const p of progress) {
    expect(p.anggota).toBeGreaterThan(0);
    expect(p.dinilai, `${p.dinilai} / ${p.anggota}`).toBe(p.anggota);
  }
});

test(`wali@ in 2025/2026 Genap: today's ${KELAS_SEKARANG} pupils are in ${WALI_KELAS} with final grades`, async ({
  page,
  request,
}) => {
  // Today's members of the class, in the active semester.
  const admin = await apiToken(request, 'admin');
  const list = await getJson<{ data: { rombongan_belajar_id: string; nama: string }[] }>(
    request,
    admin,
    `/api/referensi/rombongan-belajar?jenis_rombel=1&tingkat=11&per_page=100&q=${encodeURIComponent(KELAS_SEKARANG)}`,
  );
  const kelas = list.data.find((r) => r.nama === KELAS_SEKARANG);
  if (!kelas) throw new Error(`no class ${KELAS_SEKARANG} today`);
  const anggota = await getJson<{ data: { nama: string; nisn: string | null }[] }>(
    request,
    admin,
    `/api/referensi/rombongan-belajar/${kelas.rombongan_belajar_id}/anggota?per_page=100`,
  );
  expect(anggota.data.length).toBeGreaterThan(0);

  await loginTo(page, 'wali', GENAP);
  const leger = page.waitForResponse((r) => /\/api\/cetak\/leger\/[^/?]+/.test(r.url()));
  await page.goto('/wali-kelas/unduh-legger');
  expect((await leger).status()).toBe(200);
  const preview = page.getByTestId('leger-preview');
  await expect(preview.getByText(WALI_KELAS, { exact: true })).toBeVisible();
  await expect(preview).toContainText('2025/2026');
  const table = preview.getByTestId('leger-table');
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  // No, Nama, NISN, one column per subject, then S, I, A.
  const subjects = (await table.locator('thead th').count()) - 6;
  expect(subjects).toBeGreaterThan(0);
  for (const pd of anggota.data) {
    const row = rows.filter({ hasText: pd.nisn ?? pd.nama });
    await expect(row, pd.nama).toHaveCount(1);
    await expect(row.locator('td').nth(1)).toHaveText(pd.nama);
    const grades = (await row.locator('td').allInnerTexts()).slice(3, 3 + subjects);
    expect(grades.filter((g) => /^\d+$/.test(g.trim())).length, `final grades of ${pd.nama}`).toBeGreaterThan(
      0,
    );
  }
});

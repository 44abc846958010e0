import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { pdfText } from './pdf';
import { DEMO, DEMO_PASSWORD, login } from './support';

// Cetak Semua of the P5 reports (Cetak Rapor, a Merdeka class in 2024/2025) and of a UKK plan's
// certificates (Detil of Rencana UKK) through the report cards' bulk job (decisions 033, 037, 038):
// start, the progress shown while the job runs, the file downloaded by itself. Saves nothing but
// the job rows and their files.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const PAST = '20242';

async function token(request: APIRequestContext, email: string, semesterId?: string): Promise<string> {
  const sem =
    semesterId ??
    ((await (await request.get('/api/auth/semester')).json()) as { semester_id: string }).semester_id;
  const res = await request.post('/api/jwt/login', {
    data: { email, password: DEMO_PASSWORD, semester_id: sem },
  });
  expect(res.ok(), `log-in of ${email}`).toBe(true);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/**
 * Records every text the progress element shows: a small job may finish between two polls of
 * `expect`, the page's own record of what it showed does not miss it.
 */
async function watchProgress(page: Page, testId: string): Promise<() => Promise<string[]>> {
  await page.evaluate((id) => {
    const seen: string[] = [];
    (window as unknown as { __progress: string[] }).__progress = seen;
    const look = () => {
      const el = document.querySelector(`[data-testid="${id}"]`);
      const text = el?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  }, testId);
  return () => page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
}

/** The entry names of a ZIP, read from its central directory (no unzip on a fresh machine). */
function zipEntryNames(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, 'end of central directory').toBeGreaterThan(-1);
  const count = zip.readUInt16LE(end + 10);
  const names: string[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at), 'central directory header').toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    names.push(zip.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return names;
}

/**
 * Cetak Semua of a plan's certificates from its box: chooses the output, starts the job, checks the
 * progress counted `scored` certificates and the file's name, and answers where it was saved.
 */
async function printAllCertificates(
  page: Page,
  box: Locator,
  output: 'pdf' | 'zip',
  scored: number,
  plan: { kelas: string; nomor_paket: string },
): Promise<string> {
  const choice = output === 'pdf' ? 'One PDF' : 'ZIP (one PDF per pupil)';
  await box.getByRole('radio', { name: choice, exact: true }).check();
  const shown = await watchProgress(page, 'sertifikat-semua-progress');
  const [started, download] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith('/api/cetak/sertifikat-semua') && r.request().method() === 'POST',
    ),
    page.waitForEvent('download', { timeout: 150_000 }),
    box.getByTestId('sertifikat-semua-start').click(),
  ]);
  expect(started.status()).toBe(202);
  expect((await shown()).some((t) => t.includes(`of ${scored} certificates`))).toBe(true);
  const name = `Sertifikat UKK ${plan.kelas} Paket ${plan.nomor_paket}.${output}`;
  expect(download.suggestedFilename()).toBe(name);
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-ukk-semua-')), `ukk.${output}`);
  await download.saveAs(file);
  await expect(box.getByTestId('sertifikat-semua-done')).toContainText(name);
  return file;
}

test('Cetak Rapor in 2024/2025: "P5 project report" → Cetak Semua shows progress, then the P5 reports download as one PDF', async ({
  page,
  request,
}) => {
  const koord = { authorization: `Bearer ${await token(request, DEMO.p5, PAST)}` };
  const classes = (await (await request.get('/api/projek/penilaian/rombel', { headers: koord })).json()) as {
    data: { rombongan_belajar_id: string; nama: string }[];
  };
  const kelas = classes.data[0];
  if (!kelas) throw new Error('p5@ has no P5 class in 2024/2025');
  const waka = { authorization: `Bearer ${await token(request, DEMO.waka, PAST)}` };
  const info = (await (
    await request.get(`/api/cetak/rapor?rombongan_belajar_id=${kelas.rombongan_belajar_id}`, {
      headers: waka,
    })
  ).json()) as { rombel: { tingkat: number; rapor_p5: boolean }; data: { nama: string }[] };
  expect(info.rombel.rapor_p5).toBe(true);

  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.waka);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.locator('select[name="semester_id"]').selectOption(PAST);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(
    `/progress/cetak-rapor?tingkat=${info.rombel.tingkat}&rombel=${kelas.rombongan_belajar_id}`,
  );
  const card = page.getByTestId('rapor-semua');
  await card.getByRole('radio', { name: 'P5 project report' }).check();
  // The report card's documents and scopes do not apply to the P5 reports.
  await expect(card.getByRole('checkbox', { name: 'Academic report' })).toHaveCount(0);
  await expect(card.getByRole('radio', { name: 'Whole school' })).toHaveCount(0);
  await card.getByRole('radio', { name: 'One PDF', exact: true }).check();
  const shown = await watchProgress(page, 'rapor-semua-progress');
  const [started, download] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith('/api/cetak/rapor-p5-semua') && r.request().method() === 'POST',
    ),
    page.waitForEvent('download', { timeout: 150_000 }),
    card.getByTestId('rapor-semua-start').click(),
  ]);
  expect(started.status()).toBe(202);
  expect((await shown()).some((t) => t.includes(`of ${info.data.length} pupils`))).toBe(true);
  expect(download.suggestedFilename()).toBe(`Rapor P5 ${kelas.nama} ${PAST}.pdf`);
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-p5-semua-')), 'p5.pdf');
  await download.saveAs(file);
  const text = pdfText(file);
  expect(text).toContain('RAPOR PROJEK PENGUATAN PROFIL PELAJAR PANCASILA');
  for (const pupil of info.data.slice(0, 3)) expect(text).toContain(`${pupil.nama} - ${kelas.nama} | 1 |`);
  await expect(card.getByTestId('rapor-semua-done')).toContainText(`Rapor P5 ${kelas.nama} ${PAST}.pdf`);
});

test("kaprog@: Detil of the demo's UKK plan → Cetak Semua shows progress, then every scored pupil's certificate downloads", async ({
  page,
  request,
}) => {
  const headers = { authorization: `Bearer ${await token(request, DEMO.kaprog)}` };
  const list = (await (await request.get('/api/ukk/rencana?per_page=100', { headers })).json()) as {
    data: {
      rencana_ukk_id: string;
      kelas: string;
      nomor_paket: string;
      nama_paket_id: string;
      pola_ukk: string;
    }[];
  };
  let plan: (typeof list.data)[number] | undefined;
  let scored: { nama: string }[] = [];
  for (const r of list.data.filter((p) => p.pola_ukk !== 'lsp')) {
    const detail = (await (
      await request.get(`/api/ukk/rencana/${r.rencana_ukk_id}`, { headers })
    ).json()) as {
      peserta: { nama: string; nilai: number | null; nisn: string | null }[];
    };
    scored = detail.peserta.filter((p) => p.nilai !== null && p.nisn);
    if (scored.length > 1) {
      plan = r;
      break;
    }
  }
  if (!plan) throw new Error('no scored UKK plan in the demo');

  await login(page, 'kaprog');
  await page.goto('/nilai-ukk/perencanaan');
  const row = page
    .getByTestId('rencana-table')
    .getByRole('row')
    .filter({ hasText: `${plan.nomor_paket} - ${plan.nama_paket_id}` })
    .filter({ hasText: plan.kelas })
    .first();
  await row.getByTestId('rencana-detil').click();
  const box = page.getByTestId('rencana-detail').getByTestId('sertifikat-semua');
  const text = pdfText(await printAllCertificates(page, box, 'pdf', scored.length, plan));
  for (const p of scored) expect(text).toContain(p.nama.toUpperCase());
  expect(text.split('DAFTAR KOMPETENSI').length - 1).toBe(scored.length);
});

test("penguji@: Penilaian UKK of the demo's plan → Cetak Semua as a ZIP, one certificate per scored pupil", async ({
  page,
  request,
}) => {
  const headers = { authorization: `Bearer ${await token(request, DEMO.penguji)}` };
  const plans = (await (await request.get('/api/ukk/penilaian/rencana', { headers })).json()) as {
    data: { rencana_ukk_id: string; kelas: string; nomor_paket: string; nama_paket_id: string }[];
  };
  let plan: (typeof plans.data)[number] | undefined;
  let scored: { nama: string }[] = [];
  for (const r of plans.data) {
    const grid = (await (
      await request.get(`/api/ukk/rencana/${r.rencana_ukk_id}/nilai`, { headers })
    ).json()) as {
      pola_ukk: string;
      siswa: { nama: string; nilai: number | null; nisn: string | null }[];
    };
    scored = grid.siswa.filter((s) => s.nilai !== null && s.nisn);
    if (grid.pola_ukk !== 'lsp' && scored.length > 1) {
      plan = r;
      break;
    }
  }
  if (!plan) throw new Error('no scored UKK plan of penguji@ in the demo');

  await login(page, 'penguji');
  await page.goto('/nilai-ukk/penilaian');
  await page.getByTestId('nilai-paket').click();
  await page
    .getByRole('listbox')
    .getByRole('option')
    .filter({ hasText: `${plan.kelas} — ${plan.nomor_paket} ${plan.nama_paket_id}` })
    .first()
    .click();
  const box = page.getByTestId('nilai-cetak').getByTestId('sertifikat-semua');
  const entries = zipEntryNames(
    readFileSync(await printAllCertificates(page, box, 'zip', scored.length, plan)),
  );
  expect(entries).toHaveLength(scored.length);
  expect(entries.every((e) => e.endsWith('.pdf'))).toBe(true);
});

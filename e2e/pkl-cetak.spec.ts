import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y';
import { pdfText } from './pdf';
import { ensurePklPlan, getJson } from './pkl-plan';
import { apiToken, login } from './support';

// pkl@ prints PKL reports (issue #12 item 7): a pupil's "Daftar Nilai" downloads their report, and
// Cetak Semua prints the plan's reports as one PDF through the bulk job. Makes pkl@'s plan through
// the API when none exists (so it runs with the school-wide specs).
test.describe.configure({ mode: 'serial', timeout: 240_000 });

interface Plan {
  pkl_id: string;
  kelas: string;
}
interface CetakPage {
  kelas: { value: string; label: string }[];
  rencana: { pkl_id: string; kelas: string; nama_dudi: string; peserta: number }[];
  data: { nama: string; nisn: string | null; penempatan: { pkl_id: string; nama_dudi: string }[] }[];
}

test("pkl@: Daftar Nilai downloads the pupil's PKL report; Cetak Semua prints the plan as one PDF", async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'pkl');
  const plan = await ensurePklPlan<Plan>(request, token, { list: '/api/pkl/kehadiran/rencana', tps: 1 });
  const info = await getJson<CetakPage>(request, '/api/cetak/rapor-pkl', token);
  const mine = info.rencana.find((r) => r.pkl_id === plan.pkl_id);
  expect(mine?.peserta ?? 0).toBeGreaterThan(1);
  const pupil = info.data.find((d) => d.penempatan.some((p) => p.pkl_id === plan.pkl_id));
  expect(pupil).toBeDefined();

  await login(page, 'pkl');
  await page.goto('/pkl/cetak-rapor');
  const row = page
    .getByTestId('pkl-cetak-row')
    .filter({ hasText: pupil?.nama ?? '?' })
    .first();
  await expect(row).toContainText(plan.kelas);
  if (pupil?.nisn) await expect(row).toContainText(pupil.nisn);
  expect(await axeViolations(page, '/pkl/cetak-rapor')).toEqual([]);

  // One pupil's report: the download arrives and its text names the pupil.
  const dir = mkdtempSync(join(tmpdir(), 'e2e-pkl-cetak-'));
  const [one] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    row.getByTestId('pkl-cetak-daftar-nilai').first().click(),
  ]);
  expect(one.suggestedFilename()).toMatch(/^Rapor PKL .+\.pdf$/);
  await one.saveAs(join(dir, 'one.pdf'));
  const text = pdfText(join(dir, 'one.pdf'));
  expect(text).toContain(`Nama Peserta Didik : ${pupil?.nama}`);
  expect(text).toContain('Pembimbing Dunia Kerja');

  // Cetak Semua of the plan as one PDF: every participant's report in one file.
  const card = page.getByTestId('pkl-semua');
  await page.getByTestId('pkl-semua-rencana').click();
  await page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(`${mine?.nama_dudi ?? '?'}`) })
    .first()
    .click();
  await card.getByRole('radio', { name: 'One PDF', exact: true }).check();
  const [started, all] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith('/api/cetak/rapor-pkl-semua') && r.request().method() === 'POST',
    ),
    page.waitForEvent('download', { timeout: 150_000 }),
    card.getByTestId('pkl-semua-start').click(),
  ]);
  expect(started.status()).toBe(202);
  expect(all.suggestedFilename()).toMatch(/^Rapor PKL .+\.pdf$/);
  await all.saveAs(join(dir, 'all.pdf'));
  const allText = pdfText(join(dir, 'all.pdf'));
  const participants = info.data.filter((d) => d.penempatan.some((p) => p.pkl_id === plan.pkl_id));
  for (const p of participants) expect(allText).toContain(`Nama Peserta Didik : ${p.nama}`);
  await expect(card.getByTestId('pkl-semua-done')).toBeVisible();
});

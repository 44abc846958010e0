import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ensurePklPlan } from './pkl-plan';
import { apiToken, login } from './support';
import { choose, FIRST } from './views-cascade';

// Pusat Unduhan's Rapor PKL (issue #14 item 8, decision 043): pkl@ chooses class → placement →
// pupil and downloads the PKL report, the print page's own file; the choices stay in the URL.
// Makes pkl@'s plan through the API when none exists (so it runs with the school-wide specs).
test.describe.configure({ timeout: 180_000 });

test('pkl@ downloads a pupil’s PKL report through the downloads centre', async ({ page, request }) => {
  const token = await apiToken(request, 'pkl');
  const plan = await ensurePklPlan<{ kelas: string }>(request, token, {
    list: '/api/pkl/kehadiran/rencana',
    tps: 1,
  });
  await login(page, 'pkl');
  await page.goto('/unduhan?tab=pkl');
  await expect(page.getByTestId('unduhan-tab-pkl')).toHaveAttribute('aria-selected', 'true');
  const row = page.getByTestId('unduhan-rapor-pkl');
  await expect(row.getByRole('button')).toBeDisabled();
  await choose(page, ['unduhan-pkl-kelas', plan.kelas]);
  await choose(page, ['unduhan-pkl-dudi', FIRST]);
  await choose(page, ['unduhan-pkl-pd', FIRST]);
  await expect(page).toHaveURL(/[?&]dudi=/);
  const [file] = await Promise.all([page.waitForEvent('download'), row.getByRole('button').click()]);
  expect(file.suggestedFilename()).toMatch(/^Rapor PKL .*\.pdf$/);
  const bytes = await readFile((await file.path()) ?? '');
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  await page.reload();
  await expect(page.getByTestId('unduhan-pkl-pd')).not.toHaveValue('');
  await expect(row.getByRole('button')).toBeEnabled();
});

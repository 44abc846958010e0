import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { auth, deletePklPlans, ensurePklPlan, getJson } from './pkl-plan';
import { apiToken, gridCell, login, paste } from './support';

// pkl@ enters PKL scores (issue #12 item 3; decision 034): typed and pasted scores in the shared
// grade grid, a 101 cell marked and nothing sent until it is fixed, a Catatan PKL; a reload keeps
// them (and the Tingkat → Rombel → DUDI choice stays in the URL).
test.describe.configure({ mode: 'serial', timeout: 240_000 });

interface Plan {
  pkl_id: string;
  tingkat: number;
  rombel: string;
  nama_dudi: string;
  judul_akt_pd: string | null;
}
interface Grid {
  tp: { tp_id: string; deskripsi: string }[];
  siswa: {
    peserta_didik_id: string;
    nama: string;
    catatan: string | null;
    nilai: Record<string, { nilai: number; deskripsi: string | null }>;
  }[];
}

/** Every stored score and note of the plan emptied, so a rerun starts clean. */
async function clearScores(request: APIRequestContext, token: string, pklId: string): Promise<Grid> {
  const url = `/api/pkl/rencana/${pklId}/nilai`;
  const grid = await getJson<Grid>(request, url, token);
  const rows = grid.siswa.flatMap((s) => [
    ...Object.entries(s.nilai).map(([tp, c]) => ({
      peserta_didik_id: s.peserta_didik_id,
      tp_id: tp,
      nilai: null,
      deskripsi: null,
      sebelumnya: c,
    })),
    ...(s.catatan === null
      ? []
      : [
          {
            peserta_didik_id: s.peserta_didik_id,
            tp_id: null,
            nilai: null,
            deskripsi: null,
            sebelumnya: { nilai: null, deskripsi: s.catatan },
          },
        ]),
  ]);
  if (rows.length > 0) {
    const res = await request.put(url, { ...auth(token), data: { rows } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  return grid;
}

async function choose(page: Page, testId: string, option: string | RegExp): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).click();
}

test('pkl@ types and pastes PKL scores, a 101 blocks the save until fixed, a note; a reload keeps them', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'pkl');
  const plan = await ensurePklPlan<Plan>(request, token, { list: '/api/pkl/penilaian/rencana', tps: 2 });
  const grid = await clearScores(request, token, plan.pkl_id);
  const [tp1] = grid.tp;
  const [a] = grid.siswa;
  expect(tp1 && a).toBeTruthy();
  // The grid's rows: pupil by pupil, each with every TP of the plan.
  const order = grid.siswa.flatMap((s) => grid.tp.map((t) => `${s.nama} — ${t.deskripsi}`));
  const [row0, row1, row2] = order as [string, string, string];

  await login(page, 'pkl');
  await page.goto('/pkl/penilaian');
  await choose(page, 'penilaian-tingkat', `Grade ${plan.tingkat}`);
  const loaded = page.waitForResponse(
    (r) => r.url().includes(`/api/pkl/rencana/${plan.pkl_id}/nilai`) && r.request().method() === 'GET',
  );
  await choose(page, 'penilaian-rombel', plan.rombel);
  // The demo plans each of the class's PKS (decision 058): the plan's placement is picked by its DUDI
  // and PKS (a class with one placement opens it by itself).
  const dudi = page.getByTestId('penilaian-dudi');
  const label = plan.judul_akt_pd ? `${plan.nama_dudi} — ${plan.judul_akt_pd}` : plan.nama_dudi;
  if ((await dudi.inputValue()) !== label) await choose(page, 'penilaian-dudi', label);
  expect((await loaded).status()).toBe(200);
  await expect(page).toHaveURL(/rombel=/);

  await gridCell(page, row0, 'Score').fill('88');
  await gridCell(page, row0, 'Description').fill('Bekerja teliti');
  // A block of two cells copied from Excel, pasted from the second row down.
  await paste(page, gridCell(page, row1, 'Score'), '101\n85');
  await expect(gridCell(page, row1, 'Score')).toHaveValue('101');
  await expect(gridCell(page, row2, 'Score')).toHaveValue('85');
  await expect(gridCell(page, row1, 'Score')).toHaveAttribute('aria-invalid', 'true');
  await gridCell(page, a?.nama ?? '', 'Work placement note').fill('Sangat baik selama PKL');

  let puts = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/nilai')) puts++;
  });
  await page.getByTestId('penilaian-save').click();
  await expect(page.getByTestId('penilaian-refused')).toContainText('Correct the cells marked red');
  expect(puts).toBe(0);

  await gridCell(page, row1, 'Score').fill('90');
  const saved = page.waitForResponse((r) => r.url().includes('/nilai') && r.request().method() === 'PUT');
  await page.getByTestId('penilaian-save').click();
  const res = await saved;
  expect(res.status(), await res.text()).toBe(200);
  expect(((await res.json()) as { message: string }).message).toBe('Nilai PKL berhasil disimpan');

  await page.reload();
  await expect(gridCell(page, row0, 'Score')).toHaveValue('88');
  await expect(gridCell(page, row0, 'Description')).toHaveValue('Bekerja teliti');
  await expect(gridCell(page, row1, 'Score')).toHaveValue('90');
  await expect(gridCell(page, row2, 'Score')).toHaveValue('85');
  await expect(gridCell(page, a?.nama ?? '', 'Work placement note')).toHaveValue('Sangat baik selama PKL');
});

test('pkl@ generates the PKL grade on the Beranda detail: the hand-computed mean of the non-zero scores', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'pkl');
  const plan = await ensurePklPlan<Plan>(request, token, { list: '/api/pkl/penilaian/rencana', tps: 2 });
  const grid = await getJson<Grid>(request, `/api/pkl/rencana/${plan.pkl_id}/nilai`, token);
  const guru = await getJson<{
    data: { pembelajaran_id: string; mata_pelajaran_id: number; rombel: string }[];
  }>(request, '/api/beranda/guru', token);
  const pkl = guru.data.find((r) => r.mata_pelajaran_id === 800001000 && r.rombel === plan.rombel);
  expect(pkl, 'the PKL subject on pkl@’s Beranda').toBeTruthy();
  // By hand: round(mean of each pupil's non-zero scores), half away from zero; none → no grade.
  const expected = new Map(
    grid.siswa.map((s) => {
      const scores = Object.values(s.nilai)
        .map((c) => c.nilai)
        .filter((n) => n !== 0);
      const sum = scores.reduce((x, y) => x + y, 0);
      return [s.nama, scores.length ? Math.floor((2 * sum + scores.length) / (2 * scores.length)) : null];
    }),
  );
  expect([...expected.values()].some((v) => v !== null)).toBe(true);

  await login(page, 'pkl');
  const row = page
    .getByTestId('guru-row')
    .filter({ hasText: plan.rombel })
    .filter({ hasText: /PKL|Praktik/i });
  await row.first().getByRole('button', { name: 'Details' }).click();
  const modal = page.getByTestId('beranda-detail');
  await expect(modal.getByTestId('pkl-generate')).toBeVisible();
  const generated = page.waitForResponse((r) =>
    r.url().endsWith(`/api/pkl/pembelajaran/${pkl?.pembelajaran_id}/generate-nilai`),
  );
  await modal.getByRole('button', { name: 'Generate grades' }).click();
  expect((await generated).status()).toBe(200);
  await expect(page.getByTestId('toasts')).toContainText('Nilai Praktik Kerja Lapangan berhasil digenerate');

  const detail = await getJson<{ data: { nama: string; nilai_akhir: number | null }[] }>(
    request,
    `/api/beranda/pembelajaran/${pkl?.pembelajaran_id}`,
    token,
  );
  for (const r of detail.data.filter((x) => expected.has(x.nama)))
    expect(r.nilai_akhir, r.nama).toBe(expected.get(r.nama));
});

test.describe('without a plan', () => {
  test.use({ locale: 'id-ID' });

  test('Input Penilaian says "Rencana penilaian PKL tidak ditemukan!" and links to Perencanaan', async ({
    page,
    request,
  }) => {
    // pkl@'s plans are deleted (confirming their scores); the other tests make one again when run.
    const token = await apiToken(request, 'pkl');
    await deletePklPlans(request, token);

    await login(page, 'pkl');
    await page.goto('/pkl/penilaian');
    const alert = page.getByTestId('penilaian-no-plan');
    await expect(alert).toContainText('Rencana penilaian PKL tidak ditemukan!');
    await alert.getByRole('link').click();
    await expect(page).toHaveURL(/\/pkl\/perencanaan$/);
  });
});

import { createSimulator, type Simulator } from '@erapor/dapodik-sim/simulator';
import { expect, type Page, test } from '@playwright/test';
import { login } from './support';

/*
 * Ambil Data Dapodik: the administrator points e-Rapor at Dapodik (here the simulator serving the
 * very school the demo seed wrote), sees the table of data kinds, syncs everything with live
 * progress and reads the outcome per kind. The simulator listens where setting.spec.ts points the
 * settings (127.0.0.1:5774, its token), so the two specs may run side by side.
 */
const SIM_PORT = 5774;
const SIM_TOKEN = 'token-rahasia-e2e';
const SIM_URL = `http://127.0.0.1:${SIM_PORT}`;

let sim: Simulator | undefined;

test.beforeAll(async () => {
  sim = createSimulator({ port: SIM_PORT, token: SIM_TOKEN });
  await sim.listen();
});

test.afterAll(async () => {
  await sim?.close();
});

/**
 * Stores the Dapodik URL and token through the settings API, keeping every other value as it is
 * (read-modify-write), with the values setting.spec.ts uses where a required field is still empty.
 */
async function configureDapodik(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { authorization: `Bearer ${token}` };
  const current = (await (await page.request.get('/api/setting', { headers })).json()) as Record<
    string,
    unknown
  > & {
    sekolah: Record<string, unknown>;
  };
  const res = await page.request.post('/api/setting', {
    headers,
    data: {
      periode_aktif: current.periode_aktif,
      tanggal_rapor: current.tanggal_rapor,
      tanggal_rapor_kelas_akhir: current.tanggal_rapor_kelas_akhir,
      tanggal_rapor_pts: current.tanggal_rapor_pts,
      kepala_sekolah: current.kepala_sekolah,
      jabatan: current.jabatan ?? 'Plt. Kepala Sekolah',
      zona: current.zona ?? 'Asia/Makassar',
      rombel_4_tahun: current.rombel_4_tahun,
      url_dapodik: SIM_URL,
      token_dapodik: SIM_TOKEN,
      sekolah: current.sekolah,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe('Ambil Data Dapodik', () => {
  test('administrator syncs everything with live progress and sees the outcome per kind', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await login(page, 'admin');
    await configureDapodik(page);

    await page.goto('/sinkronisasi/dapodik');
    const table = page.getByTestId('sync-table');
    await expect(table).toBeVisible();
    await expect(page.getByTestId('sync-dapodik-error')).toHaveCount(0);
    // The Dapodik column shows the simulator's counts.
    const counts = (
      (await await fetch(`${SIM_URL}/sync/v1/status`, {
        headers: { authorization: `Bearer ${SIM_TOKEN}`, 'x-npsn': sim?.state.school.sekolah.npsn ?? '' },
      }).then((r) => r.json())) as { data: { ptk: number; pd_aktif: number } }
    ).data;
    await expect(page.getByTestId('sync-row-ptk')).toContainText(String(counts.ptk));
    await expect(page.getByTestId('sync-row-peserta_didik_aktif')).toContainText(String(counts.pd_aktif));

    await page.getByTestId('sync-all').click();
    await expect(page.getByTestId('sync-progress')).toBeVisible();
    await expect(page.getByTestId('sync-progress-bar')).toBeVisible();
    const result = page.getByTestId('sync-result');
    await expect(result).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId('sync-run-message')).toContainText('Sinkronisasi selesai');
    for (const kind of ['sekolah', 'ptk', 'peserta_didik_aktif', 'pembelajaran', 'dudi']) {
      await expect(page.getByTestId(`sync-result-status-${kind}`)).toHaveText('Done');
    }
    // The demo school is the simulator's: every kind is complete.
    for (const kind of ['ptk', 'rombongan_belajar', 'peserta_didik_aktif', 'pembelajaran']) {
      await expect(page.getByTestId(`sync-status-${kind}`)).toHaveText('Complete');
    }

    // One kind alone.
    await page.getByTestId('sync-kind-ptk').click();
    await expect(page.getByTestId('sync-result-ptk')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('sync-result-pembelajaran')).toHaveCount(0);
    await expect(page.getByTestId('sync-result-status-ptk')).toHaveText('Done');
  });

  test('a refused token is told in Indonesian, per kind', async ({ page }) => {
    await login(page, 'admin');
    await configureDapodik(page);
    sim?.faults.add({ endpoint: 'sync/*', mode: 'access-denied', count: 0 });
    try {
      await page.goto('/sinkronisasi/dapodik');
      await expect(page.getByTestId('sync-dapodik-error')).toContainText('Dapodik menolak akses');
      await page.getByTestId('sync-all').click();
      await expect(page.getByTestId('sync-result')).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('sync-run-message')).toContainText('Dapodik menolak akses');
      // One rule for a run Dapodik stops: the kind in hand (the first) failed, the rest skipped.
      await expect(page.getByTestId('sync-result-status-sekolah')).toHaveText('Failed');
      await expect(page.getByTestId('sync-result-status-ptk')).toHaveText('Skipped');
    } finally {
      sim?.faults.clear();
    }
  });
});

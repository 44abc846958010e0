import { createSimulator, type Simulator } from '@erapor/dapodik-sim/simulator';
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { apiToken } from './support';

/*
 * The wali kelas of a class comes from Dapodik (rombongan_belajar.ptk_id); e-Rapor has no screen
 * to change it, and no demo login is wali of the K13 class or of a class with sub-subjects. A spec
 * that needs one does what a school does: the wali changes in Dapodik (here the simulator serving
 * the very school the demo seed wrote, where sinkronisasi.spec.ts points it) and the administrator
 * syncs the rombongan belajar. The spec puts the old wali back the same way afterwards. Specs using
 * this change the school-wide Dapodik settings: list them in SCHOOL_WIDE (playwright.config.ts).
 */
const SIM_PORT = 5774;
const SIM_TOKEN = 'token-rahasia-e2e';

export interface DapodikWali {
  sim: Simulator;
  /** The demo school as the simulator (and the seed) has it. */
  school: Simulator['state']['school'];
  /** Makes `ptkId` the wali of the class in Dapodik and syncs the classes; gives the former wali. */
  setWali(rombelId: string, ptkId: string): Promise<string>;
  /** Syncs these kinds from the simulator (after changing its state) and waits until done. */
  sync(kinds: string[]): Promise<void>;
  /** The helper's own API context (usable in afterAll, unlike the test's `request`). */
  api: APIRequestContext;
  close(): Promise<void>;
}

/**
 * `baseURL`: the app's (the project's `use.baseURL`); the helper keeps its own API context for
 * afterAll. `port` 0 takes a free port (a spec that need not share sinkronisasi.spec's address).
 */
export async function dapodikWali(
  baseURL: string,
  adminToken: string,
  port = SIM_PORT,
): Promise<DapodikWali> {
  const request = await playwrightRequest.newContext({ baseURL });
  const sim = createSimulator({ port, token: SIM_TOKEN });
  const url = await sim.listen();
  const headers = { authorization: `Bearer ${adminToken}` };
  await pointSettingsAt(request, headers, url);

  const sync = async (kinds: string[]) => {
    const start = await request.post('/api/sinkronisasi/dapodik', { headers, data: { kinds } });
    expect(start.status(), await start.text()).toBe(202);
    const { runId } = (await start.json()) as { runId: string };
    await expect
      .poll(
        async () =>
          (
            (await (await request.get(`/api/sinkronisasi/runs/${runId}`, { headers })).json()) as {
              status: string;
            }
          ).status,
        { timeout: 60_000, intervals: [250] },
      )
      .toBe('done');
  };

  return {
    sim,
    school: sim.state.school,
    api: request,
    async setWali(rombelId, ptkId) {
      const rombel = sim.state.school.rombongan_belajar.find((r) => r.rombongan_belajar_id === rombelId);
      if (!rombel) throw new Error(`the simulator has no class ${rombelId}`);
      const before = rombel.ptk_id;
      rombel.ptk_id = ptkId;
      sim.state.mutated(new Date(), [['rombongan-belajar', rombelId, 'upsert']]);
      await sync(['rombongan_belajar']);
      return before;
    },
    sync,
    async close() {
      await sim.close();
      await request.dispose();
    },
  };
}

/** Stores the Dapodik URL and token, keeping every other setting as it is (read-modify-write). */
async function pointSettingsAt(request: APIRequestContext, headers: Record<string, string>, url: string) {
  const current = (await (await request.get('/api/setting', { headers })).json()) as Record<string, unknown>;
  const res = await request.post('/api/setting', {
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
      url_dapodik: url,
      token_dapodik: SIM_TOKEN,
      sekolah: current.sekolah,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * For the spec file that calls it (at its top level): wali@ becomes the wali of the demo's K13
 * class through Dapodik before the file's tests, and the former wali is put back after them (wali@
 * then refused the class's notes again). Answers a getter of the class's id.
 */
export function waliOfK13ForThisFile(): () => string {
  let dapodik: DapodikWali | undefined;
  let k13 = '';
  let formerWali = '';
  let moved = false;
  test.beforeAll(async ({ request, baseURL }) => {
    test.setTimeout(180_000);
    dapodik = await dapodikWali(baseURL ?? '', await apiToken(request, 'admin'));
    k13 = dapodik.school.relations.k13RombelId;
    const waliPtk = dapodik.school.demoAccounts.wali.ptk_id;
    if (!waliPtk) throw new Error('wali@ has no PTK in the demo');
    formerWali = await dapodik.setWali(k13, waliPtk);
    moved = true;
  });
  test.afterAll(async () => {
    test.setTimeout(180_000);
    try {
      if (dapodik && moved) {
        await dapodik.setWali(k13, formerWali);
        const res = await dapodik.api.get(`/api/wali-kelas/catatan-sikap?rombongan_belajar_id=${k13}`, {
          headers: { authorization: `Bearer ${await apiToken(dapodik.api, 'wali')}` },
        });
        expect(res.status()).toBe(403);
      }
    } finally {
      await dapodik?.close();
    }
  });
  return () => k13;
}

import { expect, test } from '@playwright/test';
import { auth, deletePklPlans, ensurePklPlan, getJson } from './pkl-plan';
import { apiToken } from './support';
import { type CascadeScreen, expectViewKept, FIRST } from './views-cascade';

/*
 * Issue #10, "Views in the URL", on the PKL screens (views-cascade.ts): Tingkat → Rombel → DUDI of
 * Input Penilaian and Kehadiran, the class filter of Cetak Rapor PKL. They list pkl@'s plans, so
 * pkl@ gets one if it has none, and a second one in the same class (another DUDI) so that DUDI is
 * a choice, not the class's only placement opened by itself; the second goes again afterwards. The
 * assessment switch applies to plans: this spec is in SCHOOL_WIDE.
 */

const SCREENS: readonly CascadeScreen[] = [
  {
    title: 'Input Penilaian PKL',
    account: 'pkl',
    path: '/pkl/penilaian',
    steps: [
      ['penilaian-tingkat', FIRST],
      ['penilaian-rombel', FIRST],
      ['penilaian-dudi', FIRST],
    ],
  },
  {
    title: 'Kehadiran PKL',
    account: 'pkl',
    path: '/pkl/kehadiran',
    steps: [
      ['kehadiran-tingkat', FIRST],
      ['kehadiran-rombel', FIRST],
      ['kehadiran-dudi', FIRST],
    ],
  },
  {
    title: 'Cetak Rapor PKL',
    account: 'pkl',
    path: '/pkl/cetak-rapor',
    steps: [['pkl-cetak-rombel', FIRST]],
  },
];

interface Plan {
  pkl_id: string;
  tingkat: number;
  rombongan_belajar_id: string;
  dudi_id: string;
}
interface Options {
  dudi: { value: string }[];
  pks: { value: string }[];
  tp: { value: string }[];
}
const RENCANA = '/api/pkl/penilaian/rencana';
let second: string | null = null;

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, 'pkl');
  const first = await ensurePklPlan<Plan>(request, token, { list: RENCANA, tps: 1 });
  const plans = (await getJson<{ data: Plan[] }>(request, RENCANA, token)).data;
  const planned = plans.filter((p) => p.rombongan_belajar_id === first.rombongan_belajar_id);
  if (planned.length > 1) return;
  const kelas = `/api/pkl/pilihan?tingkat=${first.tingkat}&rombongan_belajar_id=${first.rombongan_belajar_id}`;
  const dudi = (await getJson<Options>(request, kelas, token)).dudi.find(
    (d) => !planned.some((p) => p.dudi_id === d.value),
  )?.value;
  expect(dudi, 'a second DUDI of the class').toBeTruthy();
  const options = await getJson<Options>(request, `${kelas}&dudi_id=${dudi}`, token);
  const res = await request.post('/api/pkl/rencana', {
    ...auth(token),
    data: {
      rombongan_belajar_id: first.rombongan_belajar_id,
      dudi_id: dudi,
      akt_pd_id: options.pks[0]?.value,
      tanggal_mulai: '2026-01-05',
      tanggal_selesai: '2026-04-30',
      instruktur: 'Siti Rahayu',
      nip: '',
      tp_ids: options.tp.slice(0, 1).map((t) => t.value),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const after = (await getJson<{ data: Plan[] }>(request, RENCANA, token)).data;
  second = after.find((p) => p.rombongan_belajar_id === first.rombongan_belajar_id && p.dudi_id === dudi)
    ?.pkl_id as string;
  expect(second).toBeTruthy();
});

test.afterAll(async ({ request }) => {
  if (second) await deletePklPlans(request, await apiToken(request, 'pkl'), (p) => p.pkl_id === second);
});

for (const screen of SCREENS) {
  test(`${screen.title}: reload, Back and a copied link keep the view`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await expectViewKept(page, browser, screen);
  });
}

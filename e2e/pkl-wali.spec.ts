import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y';
import { type DapodikWali, dapodikWali } from './dapodik-wali';
import { pdfText } from './pdf';
import { auth, deletePklPlans, getJson } from './pkl-plan';
import { apiToken, login } from './support';

// As the PKL class's wali (issue #12 "Done when"; decision 034): pkl@ plans a placement of the
// demo's PKL class (XII TJKT) and scores it through the API; wali@ — made that class's wali through
// Dapodik for this spec (dapodik-wali.ts) and put back after — sees on Wali Kelas › Praktik Kerja
// Lapangan the placement, each TP's score and description, the catatan, S/I/A and the PKL nilai
// akhir (the hand-computed mean), and prints a pupil's PKL report from there ("Cetak Rapor PKL": a
// PDF naming that pupil, shown from a blob in a new tab); the pupil's report card has the PKL
// subject with that grade and the "Praktik Kerja Lapangan" section; the class's own absences are
// not touched.
test.use({ locale: 'id-ID' });
test.describe.configure({ mode: 'serial', timeout: 240_000 });

interface Option {
  value: string;
  label: string;
}
interface Pilihan {
  rombel: Option[];
  dudi: Option[];
  pks: Option[];
  tp: Option[];
}
interface Rencana {
  pkl_id: string;
  rombongan_belajar_id: string;
  nama_dudi: string;
  judul_akt_pd: string;
  nama_pembimbing: string;
  tp: { tp_id: string; deskripsi: string }[];
  peserta: { peserta_didik_id: string; nama: string; nisn: string | null }[];
}
interface Absensi {
  data: { anggota_rombel_id: string; sakit: number; izin: number; alpa: number }[];
}
interface PklWali {
  data: { anggota_rombel_id: string; peserta_didik_id: string; nama: string }[] | null;
}

let dapodik: DapodikWali | undefined;
let kelas = '';
let formerWali = '';
let moved = false;

test.beforeAll(async ({ request, baseURL }) => {
  test.setTimeout(180_000);
  dapodik = await dapodikWali(baseURL ?? '', await apiToken(request, 'admin'));
  const pklPembelajaran = dapodik.school.relations.pklPembelajaranId;
  const rombel = dapodik.school.rombongan_belajar.find((r) =>
    r.pembelajaran.some((p) => p.pembelajaran_id === pklPembelajaran),
  );
  const waliPtk = dapodik.school.demoAccounts.wali.ptk_id;
  if (!rombel || !waliPtk) throw new Error('the demo has no PKL class or wali@ has no PTK');
  kelas = rombel.rombongan_belajar_id;
  formerWali = await dapodik.setWali(kelas, waliPtk);
  moved = true;
});

test.afterAll(async () => {
  test.setTimeout(180_000);
  try {
    if (dapodik) {
      await deletePklPlans(
        dapodik.api,
        await apiToken(dapodik.api, 'pkl'),
        (p) => p.rombongan_belajar_id === kelas,
      );
      if (moved) {
        await dapodik.setWali(kelas, formerWali);
        const res = await dapodik.api.get(
          `/api/wali-kelas/praktik-kerja-lapangan?rombongan_belajar_id=${kelas}`,
          auth(await apiToken(dapodik.api, 'wali')),
        );
        expect(res.status()).toBe(403);
      }
    }
  } finally {
    await dapodik?.close();
  }
});

test("the PKL class's wali sees the placement, scores, catatan, S/I/A and the PKL grade, on screen and on the report card", async ({
  page,
  request,
}) => {
  const pkl = await apiToken(request, 'pkl');
  const wali = await apiToken(request, 'wali');
  await deletePklPlans(request, pkl, (p) => p.rombongan_belajar_id === kelas);
  const absensiUrl = `/api/wali-kelas/ketidakhadiran?rombongan_belajar_id=${kelas}`;
  const absencesBefore = (await getJson<Absensi>(request, absensiUrl, wali)).data;

  // pkl@'s plan: 1 Jul – 31 Dec 2025 (Lamanya 6 bulan), three TPs.
  const base = `/api/pkl/pilihan?tingkat=12&rombongan_belajar_id=${kelas}`;
  const step2 = await getJson<Pilihan>(request, base, pkl);
  const dudiId = step2.dudi[0]?.value ?? '';
  const step3 = await getJson<Pilihan>(request, `${base}&dudi_id=${dudiId}`, pkl);
  expect(step2.tp.length).toBeGreaterThanOrEqual(3);
  const created = await request.post('/api/pkl/rencana', {
    ...auth(pkl),
    data: {
      rombongan_belajar_id: kelas,
      dudi_id: dudiId,
      akt_pd_id: step3.pks[0]?.value,
      tanggal_mulai: '2025-07-01',
      tanggal_selesai: '2025-12-31',
      instruktur: 'Budi Instruktur',
      nip: '198001012010011001',
      tp_ids: step2.tp.slice(0, 3).map((t) => t.value),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const plan = ((await created.json()) as { data: Rencana }).data;
  const [tp1, tp2, tp3] = plan.tp as [Rencana['tp'][0], Rencana['tp'][0], Rencana['tp'][0]];
  const [a, b] = [...plan.peserta].sort((x, y) => x.nama.localeCompare(y.nama)) as [
    Rencana['peserta'][0],
    Rencana['peserta'][0],
  ];
  expect(a && b).toBeTruthy();

  // Scores by hand: a = 80, 85, 90 → 85 ("Teliti, Disiplin"); b = 80, 85 → 82.5 → 83.
  const cell = (pd: string, tp: string | null, nilai: number | null, deskripsi: string | null) => ({
    peserta_didik_id: pd,
    tp_id: tp,
    nilai,
    deskripsi,
    sebelumnya: null,
  });
  const scored = await request.put(`/api/pkl/rencana/${plan.pkl_id}/nilai`, {
    ...auth(pkl),
    data: {
      rows: [
        cell(a.peserta_didik_id, tp1.tp_id, 80, 'Teliti'),
        cell(a.peserta_didik_id, tp2.tp_id, 85, 'Teliti'),
        cell(a.peserta_didik_id, tp3.tp_id, 90, 'Disiplin'),
        cell(a.peserta_didik_id, null, null, 'Rajin dan sopan selama PKL'),
        cell(b.peserta_didik_id, tp1.tp_id, 80, null),
        cell(b.peserta_didik_id, tp2.tp_id, 85, null),
      ],
    },
  });
  expect(scored.status(), await scored.text()).toBe(200);
  const attendance = await request.put('/api/pkl/kehadiran', {
    ...auth(pkl),
    data: {
      pkl_id: plan.pkl_id,
      rows: [
        {
          peserta_didik_id: a.peserta_didik_id,
          sakit: 2,
          izin: 1,
          alpa: 3,
          sebelumnya: { sakit: 0, izin: 0, alpa: 0 },
        },
      ],
    },
  });
  expect(attendance.status(), await attendance.text()).toBe(200);

  // The screen, as wali@ of that class.
  await login(page, 'wali');
  await page.goto(`/wali-kelas/praktik-kerja-lapangan?kelas=${kelas}`);
  await expect(page.getByTestId('pkl-table')).toBeVisible();
  const rowA = page.getByTestId('pkl-row').filter({ hasText: a.nama });
  await expect(rowA).toHaveCount(1);
  const cells = rowA.getByRole('cell');
  for (const text of [
    plan.nama_dudi,
    plan.judul_akt_pd,
    '01-07-2025 – 31-12-2025',
    'Budi Instruktur',
    plan.nama_pembimbing,
    `${tp1.deskripsi}: 80 — Teliti`,
    `${tp2.deskripsi}: 85 — Teliti`,
    `${tp3.deskripsi}: 90 — Disiplin`,
    'Rajin dan sopan selama PKL',
  ])
    await expect(rowA, text).toContainText(text);
  // Sakit | Izin | Alpa | Nilai akhir are the last four cells.
  const n = await cells.count();
  await expect(cells.nth(n - 4)).toHaveText('2');
  await expect(cells.nth(n - 3)).toHaveText('1');
  await expect(cells.nth(n - 2)).toHaveText('3');
  await expect(rowA.getByTestId('pkl-nilai-akhir')).toHaveText('85');
  const rowB = page.getByTestId('pkl-row').filter({ hasText: b.nama });
  await expect(rowB).toContainText(`${tp1.deskripsi}: 80`);
  await expect(rowB).toContainText(`${tp3.deskripsi}: -`);
  await expect(rowB.getByTestId('pkl-nilai-akhir')).toHaveText('83');
  expect(await axeViolations(page, '/wali-kelas/praktik-kerja-lapangan')).toEqual([]);

  // "Cetak Rapor PKL" on pupil b's placement: the report fetched with the token, shown from a blob
  // in the tab opened at the click, names b (and not a).
  const cetak = rowB.getByRole('button', { name: `Cetak Rapor PKL ${b.nama} ${plan.nama_dudi}` });
  await expect(cetak).toHaveText('Cetak Rapor PKL');
  const raporUrl = `/api/cetak/rapor-pkl/${plan.pkl_id}/${b.peserta_didik_id}`;
  const [raporPkl, popup] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(raporUrl), { timeout: 60_000 }),
    page.waitForEvent('popup'),
    cetak.click(),
  ]);
  expect(raporPkl.status()).toBe(200);
  expect(raporPkl.headers()['content-type']).toBe('application/pdf');
  const raporText = pdfText(await raporPkl.body());
  expect(raporText, raporText).toContain(`Nama Peserta Didik : ${b.nama}`);
  if (!b.nama.includes(a.nama)) expect(raporText).not.toContain(a.nama);
  expect(raporText).toContain(plan.nama_dudi);
  await expect.poll(() => popup.url()).toMatch(/^blob:/);
  await popup.close();

  // The report card of pupil a: the PKL subject with 85 and its description, and the PKL section.
  const view = await getJson<PklWali>(
    request,
    `/api/wali-kelas/praktik-kerja-lapangan?rombongan_belajar_id=${kelas}`,
    wali,
  );
  const anggota = view.data?.find((p) => p.peserta_didik_id === a.peserta_didik_id)?.anggota_rombel_id;
  const pdf = await request.get(`/api/cetak/rapor-nilai-akhir/${anggota}`, auth(wali));
  expect(pdf.status(), await pdf.text()).toBe(200);
  const text = pdfText(await pdf.body());
  expect(text).toContain(a.nama);
  expect(text, text).toMatch(/Praktik Kerja Lapangan[^0-9]{0,40} 85 [^0-9]{0,80}Teliti, Disiplin/);
  expect(text).toContain('Mitra DU/DI');
  expect(text).toContain(plan.nama_dudi);
  expect(text).toMatch(/ 6 Rajin dan sopan selama PKL/);

  // The class's own absences: unchanged (the PKL S/I/A is only shown beside them).
  expect((await getJson<Absensi>(request, absensiUrl, wali)).data).toEqual(absencesBefore);
});

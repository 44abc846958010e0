import { type APIRequestContext, expect, test } from '@playwright/test';
import { type DapodikWali, dapodikWali } from './dapodik-wali';
import { apiToken, login } from './support';

// "Generate Nilai" of a parent subject (issue #11 item 7; decision 032): on the Beranda's Detil of
// the parent, the class's wali generates; the parent's printed grade becomes round(mean(own grade,
// each sub-subject's final grade)); a pupil with a part missing gets none and is named. wali@'s own
// class has no sub-subjects, so for this spec wali@ becomes the wali of a class that has them,
// through Dapodik (dapodik-wali.ts), and stops being it afterwards.
test.use({ locale: 'id-ID' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

interface Grid {
  siswa: { anggota_rombel_id: string; nama: string; nilai_akhir: number | null }[];
}
interface Detail {
  sub_mapel: { can_generate: boolean } | null;
  data: { anggota_rombel_id: string; nama: string; nilai_akhir: number | null }[];
}

let dapodik: DapodikWali | undefined;
let formerWali = '';
let moved = false;
let kelas = { id: '', nama: '' };
let parent = { id: '', nama: '' };
let children: { id: string; nama: string }[] = [];

const isP5 = (mapel: number) => mapel >= 200040000 && mapel <= 200040099;

test.beforeAll(async ({ request, baseURL }) => {
  test.setTimeout(180_000);
  const adminToken = await apiToken(request, 'admin');
  dapodik = await dapodikWali(baseURL ?? '', adminToken);
  // The first regular class (by name) with a parent subject that has sub-subjects (P5 themes aside).
  const withSub = dapodik.school.rombongan_belajar
    .filter((r) => r.jenis_rombel === 1)
    .sort((a, b) => a.nama.localeCompare(b.nama))
    .find((r) => r.pembelajaran.some((p) => p.induk_pembelajaran_id && !isP5(p.mata_pelajaran_id)));
  if (!withSub) throw new Error('the demo has no class with sub-subjects');
  const child = withSub.pembelajaran.find((p) => p.induk_pembelajaran_id && !isP5(p.mata_pelajaran_id));
  const induk = withSub.pembelajaran.find((p) => p.pembelajaran_id === child?.induk_pembelajaran_id);
  if (!induk) throw new Error('parent missing');
  kelas = { id: withSub.rombongan_belajar_id, nama: withSub.nama };
  parent = { id: induk.pembelajaran_id, nama: induk.nama_mata_pelajaran };
  children = withSub.pembelajaran
    .filter((p) => p.induk_pembelajaran_id === induk.pembelajaran_id)
    .map((p) => ({ id: p.pembelajaran_id, nama: p.nama_mata_pelajaran }));
  const waliPtk = dapodik.school.demoAccounts.wali.ptk_id;
  if (!waliPtk) throw new Error('wali@ has no PTK in the demo');
  formerWali = await dapodik.setWali(kelas.id, waliPtk);
  moved = true;
});

test.afterAll(async () => {
  test.setTimeout(180_000);
  try {
    if (dapodik && moved) await dapodik.setWali(kelas.id, formerWali);
  } finally {
    await dapodik?.close();
  }
});

/** The parent's printed grades (the ledger's column, as the report card reads them) by membership. */
async function printed(request: APIRequestContext, token: string): Promise<Map<string, number | null>> {
  const leger = await get<{
    mapel: { pembelajaran_id: string }[];
    rows: { anggota_rombel_id: string; nilai: (number | null)[] }[];
  }>(request, token, `/api/cetak/leger/${kelas.id}`);
  const col = leger.mapel.findIndex((m) => m.pembelajaran_id === parent.id);
  expect(col, 'the parent is a column of the ledger').toBeGreaterThanOrEqual(0);
  return new Map(leger.rows.map((r) => [r.anggota_rombel_id, r.nilai[col] ?? null]));
}

async function get<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

test('the wali generates the parent subject’s grades from its sub-subjects, equal to the hand computation', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'wali');
  // The parts as stored: the parent's own grade (kompetensi 99) and each child's final grade.
  const grade = async (id: string) =>
    new Map(
      (await get<Grid>(request, token, `/api/penilaian/pembelajaran/${id}/nilai-akhir`)).siswa.map((s) => [
        s.anggota_rombel_id,
        s.nilai_akhir,
      ]),
    );
  const own = await grade(parent.id);
  const parts = await Promise.all(children.map((c) => grade(c.id)));
  const pupils = (await get<Grid>(request, token, `/api/penilaian/pembelajaran/${parent.id}/nilai-akhir`))
    .siswa;
  // Hand computation: the mean of all parts, rounded half up (grades are positive); none if a part is missing.
  const expected = new Map<string, number | null>();
  const missing = new Map<string, string[]>();
  for (const p of pupils) {
    const values = [
      own.get(p.anggota_rombel_id) ?? null,
      ...parts.map((m) => m.get(p.anggota_rombel_id) ?? null),
    ];
    const names = [parent.nama, ...children.map((c) => c.nama)];
    const gaps = names.filter((_, i) => values[i] === null);
    if (gaps.length > 0) {
      missing.set(p.nama, gaps);
      expected.set(p.anggota_rombel_id, null);
    } else {
      const sum = (values as number[]).reduce((a, b) => a + b, 0);
      expected.set(p.anggota_rombel_id, Math.round(sum / values.length));
    }
  }
  expect([...expected.values()].some((v) => v !== null)).toBe(true);

  await login(page, 'wali');
  const card = page.getByTestId('beranda-wali').filter({ hasText: kelas.nama });
  const row = card.getByTestId('wali-row').filter({ hasText: parent.nama }).first();
  await row.getByRole('button', { name: 'Detil' }).click();
  const modal = page.getByTestId('beranda-detail');
  await expect(modal.getByTestId('sub-mapel')).toBeVisible();
  const generated = page.waitForResponse(
    (r) =>
      r.url().endsWith(`/api/beranda/pembelajaran/${parent.id}/generate-nilai`) &&
      r.request().method() === 'POST',
  );
  await modal.getByRole('button', { name: 'Generate Nilai' }).click();
  expect((await generated).status()).toBe(200);
  await expect(page.getByTestId('toasts')).toContainText('Nilai Sub Mapel berhasil digenerate');

  // The printed grades equal the hand computation, none where a part is missing; the Detil shows them.
  const detail = await get<Detail>(request, token, `/api/beranda/pembelajaran/${parent.id}`);
  expect(detail.sub_mapel?.can_generate).toBe(true);
  const print = await printed(request, token);
  expect(print.size).toBe(expected.size);
  for (const [id, value] of expected) expect(print.get(id), id).toBe(value);
  for (const r of detail.data) {
    const value = expected.get(r.anggota_rombel_id);
    if (value !== null) expect(r.nilai_akhir, r.nama).toBe(value);
  }
  // Every pupil with a missing part is listed with the parts that have no grade yet.
  if (missing.size > 0) {
    const list = modal.getByTestId('sub-mapel-missing');
    for (const [nama, gaps] of missing) await expect(list).toContainText(`${nama}: ${gaps.join(', ')}`);
  } else {
    await expect(modal.getByTestId('sub-mapel-missing')).toHaveCount(0);
  }
});

test('a sub-subject without grades yet: every pupil is named with it, no parent grade is left', async ({
  page,
  request,
}) => {
  if (!dapodik) throw new Error('no simulator');
  const sync = dapodik.sync;
  const sim = dapodik.sim;
  const adminToken = await apiToken(request, 'admin');
  const token = await apiToken(request, 'wali');
  const admin = { authorization: `Bearer ${adminToken}` };
  // Dapodik gets a new sub-subject of the parent; the sync brings it, the admin places it (kelompok,
  // no urut: the school's own fields), so it counts as an active part.
  const rombel = sim.state.school.rombongan_belajar.find((r) => r.rombongan_belajar_id === kelas.id);
  const template = rombel?.pembelajaran.find((p) => p.pembelajaran_id === children[0]?.id);
  if (!rombel || !template) throw new Error('class missing in the simulator');
  const extra = {
    ...template,
    pembelajaran_id: crypto.randomUUID(),
    nama_mata_pelajaran: 'Sub Mapel Uji E2E',
  };
  rombel.pembelajaran.push(extra);
  sim.state.mutated(new Date(), [['pembelajaran', extra.pembelajaran_id, 'upsert']]);
  try {
    await sync(['pembelajaran']);
    const grid = (await (
      await request.get(`/api/referensi/rombongan-belajar/${kelas.id}/pembelajaran`, { headers: admin })
    ).json()) as {
      data: {
        pembelajaran_id: string;
        nama_mata_pelajaran: string;
        guru_pengajar_id: string | null;
        kelompok_id: number | null;
        no_urut: number | null;
        updated_at: string;
      }[];
    };
    const row = grid.data.find((r) => r.nama_mata_pelajaran === extra.nama_mata_pelajaran);
    const sibling = grid.data.find((r) => r.pembelajaran_id === children[0]?.id);
    if (!row || !sibling) throw new Error('the synced sub-subject is missing');
    const placed = await request.put(`/api/referensi/rombongan-belajar/${kelas.id}/pembelajaran`, {
      headers: admin,
      data: {
        rows: [
          {
            pembelajaran_id: row.pembelajaran_id,
            nama_mata_pelajaran: row.nama_mata_pelajaran,
            guru_pengajar_id: row.guru_pengajar_id,
            kelompok_id: sibling.kelompok_id,
            no_urut: 99,
            updated_at: row.updated_at,
          },
        ],
      },
    });
    expect(placed.status(), await placed.text()).toBe(200);

    await login(page, 'wali');
    const card = page.getByTestId('beranda-wali').filter({ hasText: kelas.nama });
    await card
      .getByTestId('wali-row')
      .filter({ hasText: parent.nama })
      .first()
      .getByRole('button', { name: 'Detil' })
      .click();
    const modal = page.getByTestId('beranda-detail');
    await modal.getByRole('button', { name: 'Generate Nilai' }).click();
    await expect(page.getByTestId('toasts')).toContainText('Nilai Sub Mapel berhasil digenerate');
    const detail = await get<Detail>(request, token, `/api/beranda/pembelajaran/${parent.id}`);
    const list = modal.getByTestId('sub-mapel-missing');
    await expect(list.getByRole('listitem')).toHaveCount(detail.data.length);
    for (const r of detail.data) await expect(list).toContainText(`${r.nama}: Sub Mapel Uji E2E`);
    // No hidden 0: the grades generated before are gone, the report prints "-".
    const print = await printed(request, token);
    expect([...print.values()].every((v) => v === null)).toBe(true);
  } finally {
    // Dapodik drops the sub-subject again; the sync removes it; the parent's grades are generated back.
    rombel.pembelajaran = rombel.pembelajaran.filter((p) => p.pembelajaran_id !== extra.pembelajaran_id);
    sim.state.mutated(new Date(), [['pembelajaran', extra.pembelajaran_id, 'delete']]);
    await sync(['pembelajaran']);
    const again = await request.post(`/api/beranda/pembelajaran/${parent.id}/generate-nilai`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(again.status(), await again.text()).toBe(200);
  }
});

import { expect, type Page, test } from '@playwright/test';
import { apiToken, login } from './support';

/*
 * The pupil portal (issue #15 items 1–2) as siswa@demo.sch.id: the header, this semester's
 * subjects, Detil Nilai; grades hidden until released, then shown once the administrator turns on
 * "Show this semester's grades to pupils" in Pengaturan Umum (turned off again at the end).
 */

interface Nilai {
  rilis: string;
  kelompok: { mapel: { pembelajaran_id: string; nama: string; nilai: number | null }[] }[];
}

async function setRilis(page: Page, on: boolean) {
  await page.goto('/setting/umum');
  const toggle = page.getByTestId('rilis-nilai-siswa');
  await expect(page.getByTestId('setting-form')).toBeVisible();
  // Scrolled to the middle first: at the bottom edge the sticky footer would cover the switch.
  await toggle.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await toggle.setChecked(on);
  await expect(toggle).toBeChecked({ checked: on });
  await page.getByTestId('setting-save').click();
  await expect(page.getByTestId('toasts')).toContainText('Pengaturan berhasil disimpan');
}

test('siswa@: the portal shows the class, hides unreleased grades, shows them once opened', async ({
  browser,
  request,
}) => {
  // Two log-ins and three saves of Pengaturan Umum.
  test.setTimeout(180_000);
  const token = await apiToken(request, 'siswa');
  const profil = (await (
    await request.get('/api/portal/profil', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { nama: string; nisn: string | null; semester_id: string };
  const nilaiOf = async () =>
    (await (
      await request.get(`/api/portal/nilai/${profil.semester_id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as Nilai;

  const admin = await browser.newPage();
  const pupil = await browser.newPage();
  try {
    await login(admin, 'admin');
    await setRilis(admin, false);

    await login(pupil, 'siswa');
    await expect(pupil.getByTestId('portal-nama')).toHaveText(profil.nama);
    await expect(pupil.getByTestId('portal-nisn')).toHaveText(`NISN: ${profil.nisn ?? '-'}`);
    const before = await nilaiOf();
    expect(before.rilis).toBe('belum');
    const mapel = before.kelompok.flatMap((k) => k.mapel);
    const rows = pupil.getByTestId('portal-mapel-row');
    await expect(rows).toHaveCount(mapel.length);
    await expect(pupil.getByTestId('portal-belum-rilis')).toBeVisible();
    for (const cell of await pupil.getByTestId('portal-nilai').all()) await expect(cell).toHaveText('-');

    // Opened by the school: the printed grades appear, the same as the API's.
    await setRilis(admin, true);
    await pupil.reload();
    const after = await nilaiOf();
    expect(after.rilis).toBe('dibuka-sekolah');
    const graded = after.kelompok.flatMap((k) => k.mapel).filter((m) => m.nilai !== null);
    expect(graded.length).toBeGreaterThan(0);
    await expect(pupil.getByTestId('portal-belum-rilis')).toHaveCount(0);
    for (const m of graded) {
      await expect(rows.filter({ hasText: m.nama }).first().getByTestId('portal-nilai')).toHaveText(
        String(m.nilai),
      );
    }

    // Detil Nilai: its own route /detil-nilai/:pembelajaran_id with the TP table (kept on a
    // reload); Back returns to the subjects.
    const first = graded[0];
    if (!first) throw new Error('no graded subject');
    await rows.filter({ hasText: first.nama }).first().getByRole('button').click();
    await expect(pupil).toHaveURL(new RegExp(`/detil-nilai/${first.pembelajaran_id}`));
    await expect(pupil.getByTestId('portal-tp-table')).toBeVisible();
    await pupil.reload();
    await expect(pupil.getByTestId('portal-tp-table')).toBeVisible();
    await pupil.getByRole('button', { name: 'Back' }).click();
    await expect(pupil.getByTestId('portal-nilai-table')).toBeVisible();

    // The Grades tab: one tab per semester of a regular class; Detil and Back keep tab and semester.
    await pupil.getByRole('tab', { name: 'Grades' }).click();
    await expect(pupil).toHaveURL(/tab=nilai/);
    await expect(pupil.getByTestId('portal-nilai-table')).toBeVisible();
    await pupil
      .getByTestId('portal-mapel-row')
      .filter({ hasText: first.nama })
      .first()
      .getByRole('button')
      .click();
    await expect(pupil).toHaveURL(/\/detil-nilai\/.*tab=nilai.*semester=/);
    await expect(pupil.getByTestId('portal-tp-table')).toBeVisible();
    await pupil.getByRole('button', { name: 'Back' }).click();
    await expect(pupil).toHaveURL(/tab=nilai/);
    await expect(pupil.getByTestId('portal-nilai-table')).toBeVisible();

    // The page is the pupil's own: staff are sent to Akses Terbatas (the API answers 403 too).
    await admin.goto(`/detil-nilai/${first.pembelajaran_id}`);
    await expect(admin).toHaveURL(/\/not-authorized/);
  } finally {
    await setRilis(admin, false);
    await admin.close();
    await pupil.close();
  }
});

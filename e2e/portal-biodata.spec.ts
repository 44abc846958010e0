import { expect, type Page, test } from '@playwright/test';
import { type DapodikWali, dapodikWali } from './dapodik-wali';
import { pdfText } from './pdf';
import { apiToken, login } from './support';

/*
 * The rest of the pupil portal (issue #15; decision 046) as siswa@demo.sch.id: every tab shows the
 * pupil's data; a Biodata correction is refused field by field when wrong (what was typed stays),
 * proposed, approved by wali@ (siswa@'s homeroom teacher) on PD Aktif, shown as the recorded value
 * and kept through a Dapodik re-sync that brings another value, printed on the report card's
 * identity page; the photo upload shows the photo.
 * The recorded values are put back at the end (proposed and approved through the API).
 */

/** A 1×1 PNG that decodes (every upload is decoded in full, decision 049). */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c63606060f80f00010401005fe5c34b0000000049454e44ae426082',
  'hex',
);

const FIELDS = [
  'status',
  'anak_ke',
  'diterima_kelas',
  'email',
  'nama_wali',
  'alamat_wali',
  'telp_wali',
  'kerja_wali',
] as const;

interface Biodata {
  data: Record<string, string | number | null> & {
    peserta_didik_id: string;
    nama: string;
    nisn: string | null;
  };
}

let dapodik: DapodikWali | undefined;
test.afterAll(async () => {
  await dapodik?.close();
});

async function openTab(page: Page, tab: 'beranda' | 'biodata' | 'nilai' | 'teman') {
  await page.getByTestId(`portal-tab-${tab}`).click();
}

test('siswa@: Biodata, Teman Sekelas and the photo; a correction approved by the wali survives a re-sync', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const siswaToken = await apiToken(request, 'siswa');
  const adminToken = await apiToken(request, 'admin');
  const asPupil = { authorization: `Bearer ${siswaToken}` };
  const original = (await (await request.get('/api/portal/biodata', { headers: asPupil })).json()) as Biodata;
  const profil = (await (await request.get('/api/portal/profil', { headers: asPupil })).json()) as {
    semester_id: string;
  };
  const teman = (await (
    await request.get(`/api/portal/teman-sekelas/${profil.semester_id}`, { headers: asPupil })
  ).json()) as { data: { nama: string }[] };
  const namaWali = `Wali Koreksi ${Date.now().toString(36)}`;

  const pupil = await browser.newPage();
  const wali = await browser.newPage();
  try {
    await login(pupil, 'siswa');
    // Beranda and Nilai: this semester's subjects.
    // The first portal answers of a fresh server can be slow on a busy machine.
    await expect(pupil.getByTestId('portal-mapel-row').first()).toBeVisible({ timeout: 60_000 });
    await openTab(pupil, 'nilai');
    await expect(pupil.getByTestId('portal-nilai-table')).toBeVisible();
    // Teman Sekelas: the class's members, siswa@ among them; no contacts by default.
    await openTab(pupil, 'teman');
    await expect(pupil.getByTestId('portal-teman-row')).toHaveCount(teman.data.length);
    await expect(pupil.getByTestId('portal-teman-table')).toContainText(original.data.nama);
    await expect(pupil.getByTestId('portal-teman-table').getByRole('columnheader')).toHaveCount(3);

    // Biodata: the recorded data.
    await openTab(pupil, 'biodata');
    await expect(pupil.getByTestId('biodata-nama')).toHaveValue(original.data.nama);
    await expect(pupil.getByTestId('biodata-nisn')).toHaveValue(original.data.nisn ?? '');
    await expect(pupil.getByTestId('biodata-nama_wali')).toHaveValue(String(original.data.nama_wali ?? ''));

    // Bad input: a message under each field, what was typed stays, nothing sent is recorded.
    await pupil.getByTestId('biodata-email').fill('bukan-email');
    await pupil.getByTestId('biodata-nama_wali').fill('W'.repeat(101));
    await pupil.getByTestId('biodata-perbaharui').click();
    await expect(pupil.getByText('Email tidak valid')).toBeVisible();
    await expect(pupil.getByText('Nama Wali maksimal 100 karakter')).toBeVisible();
    await expect(pupil.getByTestId('biodata-email')).toHaveValue('bukan-email');
    await expect(pupil.getByTestId('biodata-usulan')).toHaveCount(0);

    // A correct proposal: waits for the wali; the recorded value is unchanged.
    await pupil.getByTestId('biodata-email').fill('siswa.koreksi@contoh.id');
    await pupil.getByTestId('biodata-nama_wali').fill(namaWali);
    await pupil.getByTestId('biodata-perbaharui').click();
    await expect(pupil.getByTestId('toasts')).toContainText('Usulan perubahan biodata terkirim');
    await expect(pupil.getByTestId('biodata-usulan')).toHaveAttribute('data-status', 'diajukan');
    await expect(pupil.getByTestId('biodata-usulan')).toContainText(namaWali);
    const pending = (await (
      await request.get('/api/portal/biodata', { headers: asPupil })
    ).json()) as Biodata;
    expect(pending.data.nama_wali).toBe(original.data.nama_wali);
    expect(pending.data.email).toBe(original.data.email);

    // wali@ approves it on PD Aktif.
    await login(wali, 'wali');
    await wali.goto('/referensi/peserta-didik-aktif');
    const row = wali.getByTestId('usulan-row').filter({ hasText: original.data.nama });
    await expect(row).toContainText(namaWali, { timeout: 60_000 });
    await row.getByTestId('usulan-setujui').click();
    await expect(wali.getByTestId('toasts')).toContainText(
      `Perubahan biodata ${original.data.nama} disetujui`,
    );
    await expect(wali.getByTestId('usulan-row').filter({ hasText: original.data.nama })).toHaveCount(0);
    // The school's record (the PD detail, what the report card prints from) has it.
    const waliToken = await apiToken(request, 'wali');
    const record = (await (
      await request.get(`/api/referensi/peserta-didik/${original.data.peserta_didik_id}`, {
        headers: { authorization: `Bearer ${waliToken}` },
      })
    ).json()) as Biodata;
    expect(record.data.nama_wali).toBe(namaWali);

    // The pupil sees it as recorded.
    await pupil.reload();
    await expect(pupil.getByTestId('biodata-usulan')).toHaveAttribute('data-status', 'disetujui');
    await expect(pupil.getByTestId('biodata-nama_wali')).toHaveValue(namaWali);
    await expect(pupil.getByTestId('biodata-email')).toHaveValue('siswa.koreksi@contoh.id');

    // Dapodik brings another guardian's name and e-mail; the re-sync keeps the approved ones.
    dapodik = await dapodikWali(baseURL ?? '', adminToken, 0);
    const sim = dapodik.sim;
    const inDapodik = sim.state.school.peserta_didik.find(
      (p) => p.peserta_didik_id === original.data.peserta_didik_id,
    );
    if (!inDapodik) throw new Error('siswa@ is not in the simulator');
    Object.assign(inDapodik, { nama_wali: 'Wali Versi Dapodik', email: 'dapodik@contoh.id' });
    sim.state.mutated(new Date(), [['peserta-didik', original.data.peserta_didik_id, 'upsert']]);
    await dapodik.sync(['peserta_didik_aktif']);
    await pupil.reload();
    await expect(pupil.getByTestId('biodata-nama_wali')).toHaveValue(namaWali);
    await expect(pupil.getByTestId('biodata-email')).toHaveValue('siswa.koreksi@contoh.id');

    // Printed: the report card's identity page (Halaman Depan) the wali prints carries the approved
    // guardian's name, after the re-sync as well.
    const asWali = { authorization: `Bearer ${waliToken}` };
    const kelas = (await (await request.get('/api/cetak/rapor', { headers: asWali })).json()) as {
      kelas: { value: string }[];
    };
    let anggota: string | undefined;
    for (const k of kelas.kelas) {
      const list = (await (
        await request.get('/api/cetak/rapor', { headers: asWali, params: { rombongan_belajar_id: k.value } })
      ).json()) as { data: { anggota_rombel_id: string; nama: string }[] };
      anggota ??= list.data.find((r) => r.nama === original.data.nama)?.anggota_rombel_id;
    }
    if (!anggota) throw new Error("siswa@ is not in wali@'s class");
    const cover = await request.get(`/api/cetak/rapor-cover/${anggota}`, { headers: asWali });
    expect(cover.status()).toBe(200);
    const printed = pdfText(await cover.body());
    expect(printed).toContain(namaWali);
    expect(printed).not.toContain('Wali Versi Dapodik');

    // The photo: a text file named .png is refused; a PNG becomes the header's photo.
    const chooser = pupil.locator('input[type=file]');
    await chooser.setInputFiles({
      name: 'bukan-foto.png',
      mimeType: 'image/png',
      buffer: Buffer.from('teks'),
    });
    // The server's own answer (decision 049): the bytes are not an image, whatever the name says.
    await expect(pupil.getByTestId('portal-foto-error')).toHaveText('Berkas bukan gambar JPG atau PNG.');
    await chooser.setInputFiles({ name: 'foto-saya.png', mimeType: 'image/png', buffer: PNG });
    await expect(pupil.getByTestId('toasts')).toContainText('Foto Profil berhasil diperbaharui');
    await expect(pupil.getByTestId('portal-foto').locator('img')).toHaveAttribute('src', /^blob:/);
    await expect(pupil.getByTestId('portal-foto-error')).toHaveCount(0);
  } finally {
    // Put the recorded values back: a proposal of the original values, approved by the administrator.
    const back: Record<string, unknown> = {};
    for (const f of FIELDS) back[f] = original.data[f];
    const sent = await request.post('/api/portal/biodata', { headers: asPupil, data: back });
    if (sent.ok()) {
      const { usulan } = (await sent.json()) as { usulan: { usulan_biodata_id: string } };
      await request.post(`/api/usulan-biodata/${usulan.usulan_biodata_id}/setujui`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
    }
    await pupil.close();
    await wali.close();
  }
});

import { expect, test } from '@playwright/test';
import { type DapodikWali, dapodikWali } from './dapodik-wali';
import { apiToken } from './support';
import { type CascadeScreen, expectViewKept, FIRST } from './views-cascade';

/*
 * Issue #10, "Views in the URL", on the wali kelas's class picker (views-cascade.ts): `?kelas=` of
 * the homeroom screens (KelasHeader) and of Cetak Rapor and Unduh Leger (RombelPicker). The picker
 * opens only for the wali of two classes, and no demo login is one: wali@ also becomes the wali of
 * the K13 class through Dapodik for this spec (dapodik-wali.ts; in SCHOOL_WIDE) and stops after.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** A screen that opens on the wali's first class by itself; the test chooses the other. */
const kelasPicker = (title: string, path: string, kelas: string): CascadeScreen => ({
  title,
  account: 'wali',
  path,
  steps: [[kelas, FIRST]],
  chosenForUser: kelas,
});
const SCREENS: readonly CascadeScreen[] = [
  kelasPicker('Ketidakhadiran', '/wali-kelas/ketidakhadiran', 'absensi-kelas'),
  kelasPicker('Cetak Rapor (wali)', '/wali-kelas/cetak-rapor', 'rapor-rombel'),
  kelasPicker('Unduh Leger (wali)', '/wali-kelas/unduh-legger', 'leger-rombel'),
];

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

for (const screen of SCREENS) {
  test(`${screen.title}: reload, Back and a copied link keep the view`, async ({ page, browser }) => {
    await expectViewKept(page, browser, screen);
  });
}

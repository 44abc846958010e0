import { test } from '@playwright/test';
import { waliOfK13ForThisFile } from './dapodik-wali';
import { type CascadeScreen, expectViewKept, FIRST } from './views-cascade';

// wali@ is the wali of the K13 class (through Dapodik) while this file runs.
waliOfK13ForThisFile();

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

for (const screen of SCREENS) {
  test(`${screen.title}: reload, Back and a copied link keep the view`, async ({ page, browser }) => {
    await expectViewKept(page, browser, screen);
  });
}

import { documentTitle, routeByPath } from '@erapor/contract/routes';
import { expect, test } from '@playwright/test';
import { type DemoAccount, login, navigate } from './support';

// The interface language follows the browser (decision 020): these checks read the English texts.
test.use({ locale: 'en-US' });

/**
 * The access matrix, written out by hand from the product spec and the role catalogue —
 * deliberately NOT computed from packages/contract, so a wrong route table fails here.
 * Each demo account may open exactly the paths listed for it (besides the general pages);
 * every other protected path must send it to /not-authorized.
 */
const GENERAL = ['/', '/profile', '/unduhan', '/referensi/peserta-didik-aktif'];
const ADMINISTRATOR = [
  '/sinkronisasi/dapodik',
  '/sinkronisasi/erapor',
  '/sinkronisasi/kirim-nilai-dapodik',
  '/setting/umum',
  '/setting/users',
  '/referensi/guru',
  '/referensi/tendik',
  '/referensi/instruktur',
  '/referensi/asesor',
  '/referensi/peserta-didik-keluar',
  '/referensi/mata-pelajaran',
  '/referensi/ekstrakurikuler',
  '/referensi/dudi',
  '/changelog',
  '/check-update',
];
const ROMBEL = ['/referensi/rombongan-belajar', '/referensi/rombel-pilihan'];
const TEACHING = [
  '/referensi/kompetensi-dasar',
  '/referensi/capaian-pembelajaran',
  '/referensi/tujuan-pembelajaran',
  '/referensi/bobot-penilaian',
  '/penilaian/input-nilai',
  '/penilaian/nilai-akhir',
  '/penilaian/capaian-kompetensi',
  '/penilaian/sikap',
  '/penilaian/input-nilai-sikap',
];
const WALI = [
  '/referensi/password-pd',
  '/wali-kelas/catatan-sikap',
  '/wali-kelas/praktik-kerja-lapangan',
  '/wali-kelas/ketidakhadiran',
  '/wali-kelas/nilai-ekstrakurikuler',
  '/wali-kelas/kenaikan-kelas',
  '/wali-kelas/cetak-rapor',
  '/wali-kelas/unduh-legger',
];
const KAPROG = ['/referensi/uji-kompetensi-keahlian', '/nilai-ukk/perencanaan'];
const WAKA = [
  '/progress/penilaian',
  '/progress/nilai-projek',
  '/progress/nilai-ekskul',
  '/progress/nilai-ukk',
  '/progress/nilai-pkl',
];
const EKSKUL = ['/penilaian/ekstrakurikuler'];
const PKL = ['/pkl/perencanaan', '/pkl/penilaian', '/pkl/kehadiran', '/pkl/cetak-rapor'];
const P5 = ['/nilai-projek/perencanaan', '/nilai-projek/penilaian'];
/** Penguji Internal UKK (penguji@). */
const PENGUJI = ['/nilai-ukk/penilaian'];

const ALL = [
  ...GENERAL,
  ...ADMINISTRATOR,
  ...ROMBEL,
  ...TEACHING,
  ...WALI,
  ...KAPROG,
  ...WAKA,
  ...EKSKUL,
  ...PKL,
  ...P5,
  ...PENGUJI,
];

const ALLOWED: Record<DemoAccount, string[]> = {
  admin: [...GENERAL, ...ADMINISTRATOR, ...ROMBEL],
  guru: [...GENERAL, ...TEACHING],
  wali: [...GENERAL, ...TEACHING, ...WALI],
  kaprog: [...GENERAL, ...TEACHING, ...KAPROG],
  waka: [...GENERAL, ...TEACHING, ...ROMBEL, ...WAKA],
  ekskul: [...GENERAL, ...TEACHING, ...EKSKUL],
  pkl: [...GENERAL, ...TEACHING, ...PKL],
  p5: [...GENERAL, ...TEACHING, ...P5],
  penguji: [...GENERAL, ...TEACHING, ...PENGUJI],
  siswa: [...GENERAL],
};

test.describe.configure({ mode: 'parallel' });

test.describe('access matrix in the browser', () => {
  for (const account of Object.keys(ALLOWED) as DemoAccount[]) {
    test(`${account}@demo.sch.id`, async ({ page }) => {
      test.setTimeout(180_000);
      await login(page, account);
      const allowed = new Set(ALLOWED[account]);
      // Each path opened in the running app, as a menu click or a typed link after the first load
      // does (the guard runs on every navigation); a full reload per path cost ~1 s each.
      for (const path of ALL) {
        await navigate(page, path);
        if (allowed.has(path)) {
          // The screen may add its view to the URL (the pembina's only ekskul, decision 025).
          await expect(page, `${account} should open ${path}`).toHaveURL(
            new RegExp(`${path.replace(/\//g, '\\/')}(\\?.*)?$`),
          );
          // The URL is the link's at once (pushState): the screen's own title shows the guard let it
          // render (a refusal would show "Akses Terbatas" and move to /not-authorized).
          const route = routeByPath(path);
          expect(route, path).toBeDefined();
          await expect(page).toHaveTitle(documentTitle(route ?? { title: path }), { timeout: 30_000 });
          await expect(page).not.toHaveURL(/not-authorized/);
        } else {
          await expect(page, `${account} must not open ${path}`).toHaveURL(/\/not-authorized$/);
        }
      }
    });
  }

  test('anonymous visitors are sent to the login page', async ({ page }) => {
    for (const path of ['/', '/setting/umum', '/penilaian/input-nilai', '/progress/penilaian', '/profile']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('unknown paths show the 404 page', async ({ page }) => {
    await page.goto('/anything/at/all');
    await expect(page).toHaveURL(/\/error-404$/);
    await expect(page.getByText('Laman tidak ditemukan').first()).toBeVisible();
  });

  test('the login page sends a logged-in user home', async ({ page }) => {
    await login(page, 'guru');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/$/);
  });
});

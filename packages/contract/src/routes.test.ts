import { describe, expect, it } from 'vitest';
import { abilitiesForRoles } from './abilities';
import { canOpenRoute, visibleMenu } from './access';
import { MENU, type MenuItem } from './menu';
import type { RoleName } from './roles';
import { documentTitle, ROUTES, routeByName, routeByPath } from './routes';

// Every path of product-spec §2, copied from the spec by hand.
const SPEC_ROUTES: Record<string, { resource?: string; title?: string }> = {
  '/': { resource: 'Web', title: 'Beranda' },
  '/login': { resource: 'Auth', title: 'Login Pengguna' },
  '/register': { resource: 'Auth', title: 'Registrasi Pengguna' },
  '/logout': { resource: 'Web' },
  '/profile': { resource: 'Web', title: 'Profil Pengguna' },
  '/error-404': { title: 'Laman tidak ditemukan' },
  '/not-authorized': { title: 'Akses Terbatas' },
  '/unduhan': { resource: 'Web', title: 'Pusat Unduhan' },
  '/sinkronisasi/dapodik': { resource: 'Administrator' },
  '/sinkronisasi/erapor': { resource: 'Administrator' },
  '/sinkronisasi/kirim-nilai-dapodik': { resource: 'Administrator' },
  '/setting/umum': { resource: 'Administrator' },
  '/setting/users': { resource: 'Administrator' },
  '/referensi/guru': { resource: 'Administrator' },
  '/referensi/tendik': { resource: 'Administrator' },
  '/referensi/instruktur': { resource: 'Administrator' },
  '/referensi/asesor': { resource: 'Administrator' },
  '/referensi/peserta-didik-keluar': { resource: 'Administrator' },
  '/referensi/mata-pelajaran': { resource: 'Administrator' },
  '/referensi/ekstrakurikuler': { resource: 'Administrator' },
  '/referensi/dudi': { resource: 'Administrator' },
  '/changelog': { resource: 'Administrator' },
  '/check-update': { resource: 'Administrator' },
  '/referensi/rombongan-belajar': { resource: 'Rombel' },
  '/referensi/rombel-pilihan': { resource: 'Rombel' },
  '/referensi/peserta-didik-aktif': { resource: 'Web' },
  '/referensi/password-pd': { resource: 'Guru' },
  '/referensi/kompetensi-dasar': { resource: 'Guru' },
  '/referensi/capaian-pembelajaran': { resource: 'Guru' },
  '/referensi/tujuan-pembelajaran': { resource: 'Guru' },
  '/referensi/bobot-penilaian': { resource: 'Guru' },
  '/penilaian/input-nilai': { resource: 'Guru', title: 'Input Asesmen' },
  '/penilaian/nilai-akhir': { resource: 'Guru' },
  '/penilaian/capaian-kompetensi': { resource: 'Guru' },
  '/penilaian/sikap': { resource: 'Guru' },
  '/penilaian/input-nilai-sikap': { resource: 'Guru' },
  '/nilai-projek/perencanaan': { resource: 'Guru' },
  '/nilai-projek/penilaian': { resource: 'Guru' },
  '/nilai-ukk/perencanaan': { resource: 'Guru' },
  '/nilai-ukk/penilaian': { resource: 'Guru' },
  '/referensi/uji-kompetensi-keahlian': { resource: 'Kaprog' },
  '/penilaian/ekstrakurikuler': { resource: 'Ekskul' },
  '/pkl/perencanaan': { resource: 'Pkl', title: 'Perencanaan Penilaian PKL' },
  '/pkl/penilaian': { resource: 'Pkl', title: 'Input Penilaian PKL' },
  '/pkl/kehadiran': { resource: 'Pkl', title: 'Kehadiran' },
  '/pkl/cetak-rapor': { resource: 'Pkl', title: 'Cetak Rapor' },
  '/wali-kelas/catatan-sikap': { resource: 'Guru', title: 'Catatan Sikap' },
  '/wali-kelas/praktik-kerja-lapangan': { resource: 'Guru', title: 'Praktik Kerja Lapangan' },
  '/wali-kelas/ketidakhadiran': { resource: 'Guru', title: 'Ketidakhadiran' },
  '/wali-kelas/nilai-ekstrakurikuler': { resource: 'Guru', title: 'Nilai Ekstrakurikuler' },
  '/wali-kelas/kenaikan-kelas': { resource: 'Guru', title: 'Kenaikan Kelas' },
  '/wali-kelas/cetak-rapor': { resource: 'Guru', title: 'Cetak Rapor Semester' },
  '/wali-kelas/unduh-legger': { resource: 'Guru', title: 'Unduh Leger' },
  '/progress/penilaian': { resource: 'Waka', title: 'Nilai Akademik' },
  '/progress/nilai-projek': { resource: 'Waka', title: 'Nilai Projek' },
  '/progress/nilai-ekskul': { resource: 'Waka', title: 'Nilai Eksktrakurikuler' },
  '/progress/nilai-ukk': { resource: 'Waka', title: 'Nilai UKK' },
  '/progress/nilai-pkl': { resource: 'Waka', title: 'Nilai PKL' },
  // Issue #11: e-Rapor 8's homeroom items and the Waka/admin print pages (reference-screens §12).
  '/wali-kelas/catatan-wali-kelas': { resource: 'Guru', title: 'Catatan Wali Kelas' },
  '/wali-kelas/kokurikuler': { resource: 'Guru', title: 'Kokurikuler' },
  '/progress/cetak-rapor': { resource: 'Rombel', title: 'Cetak Rapor Semester' },
  '/progress/unduh-legger': { resource: 'Rombel', title: 'Unduh Leger' },
};

describe('route table', () => {
  it.each(Object.entries(SPEC_ROUTES))('%s exists with the spec resource and title', (path, spec) => {
    const route = routeByPath(path);
    expect(route, path).toBeDefined();
    expect(route?.resource).toBe(spec.resource);
    if (spec.title) expect(route?.title).toBe(spec.title);
  });

  it('has unique paths and names', () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
  });

  it('auth and error pages use the full layout; login and register redirect when logged in', () => {
    for (const p of ['/login', '/register', '/error-404', '/not-authorized']) {
      expect(routeByPath(p)?.layout).toBe('full');
    }
    expect(routeByPath('/login')?.redirectIfLoggedIn).toBe(true);
    expect(routeByPath('/register')?.redirectIfLoggedIn).toBe(true);
  });

  it('add buttons follow the spec', () => {
    expect(routeByPath('/referensi/instruktur')?.addButton).toMatchObject({
      text: 'Tambah Data',
      variant: 'primary',
    });
    expect(routeByPath('/referensi/asesor')?.addButton).toMatchObject({
      text: 'Tambah Data',
      variant: 'primary',
    });
    expect(routeByPath('/pkl/perencanaan')?.addButton).toMatchObject({
      text: 'Tambah Data',
      variant: 'success',
      action: 'rencana-pkl',
    });
    expect(routeByPath('/penilaian/sikap')?.addButton).toMatchObject({
      action: 'add-sikap',
      link: '/penilaian/input-nilai-sikap',
    });
    expect(routeByPath('/setting/users')?.addButton).toMatchObject({
      text: 'Atur Ulang Pengguna',
      action: 'generatePengguna',
    });
    expect(routeByPath('/wali-kelas/unduh-legger')?.addButton).toMatchObject({
      text: 'Unduh Legger',
      variant: 'success',
    });
    for (const [path, action] of [
      ['/referensi/kompetensi-dasar', 'add-kd'],
      ['/referensi/capaian-pembelajaran', 'add-cp'],
      ['/referensi/tujuan-pembelajaran', 'add-tp'],
      ['/nilai-projek/perencanaan', 'add-projek'],
      ['/nilai-ukk/perencanaan', 'add-rencana'],
      ['/referensi/uji-kompetensi-keahlian', 'add-ukk'],
    ]) {
      expect(routeByPath(path as string)?.addButton).toMatchObject({
        text: 'Tambah Data',
        variant: 'success',
        action,
      });
    }
  });

  it('input-nilai-sikap highlights the Penilaian Sikap item', () => {
    expect(routeByPath('/penilaian/input-nilai-sikap')?.navActiveLink).toBe('penilaian-sikap');
  });

  it('formats the document title', () => {
    expect(documentTitle({ title: 'Beranda' })).toBe('Beranda | e-Rapor SMK');
  });

  it('every menu item links an existing route', () => {
    const walk = (items: readonly MenuItem[]): string[] =>
      items.flatMap((i) => (i.kind === 'group' ? walk(i.children) : [i.route]));
    for (const name of walk(MENU)) expect(routeByName(name), name).toBeDefined();
  });
});

const requireRoute = (path: string) => {
  const route = routeByPath(path);
  if (!route) throw new Error(`no route ${path}`);
  return route;
};

describe('access', () => {
  const open = (path: string, roles: RoleName[]) =>
    canOpenRoute(requireRoute(path), abilitiesForRoles(roles), roles);

  it('narrows the Guru resource by role', () => {
    expect(open('/wali-kelas/cetak-rapor', ['guru', 'wali'])).toBe(true);
    expect(open('/wali-kelas/cetak-rapor', ['guru'])).toBe(false);
    // The elective class's wali reaches its ledger on the same page (issue #11 item 1).
    expect(open('/wali-kelas/unduh-legger', ['guru', 'pilihan'])).toBe(true);
    expect(open('/wali-kelas/unduh-legger', ['guru'])).toBe(false);
    expect(open('/penilaian/input-nilai', ['guru'])).toBe(true);
    expect(open('/penilaian/input-nilai', ['siswa'])).toBe(false);
    expect(open('/nilai-ukk/perencanaan', ['guru', 'kaprog'])).toBe(true);
    expect(open('/nilai-ukk/perencanaan', ['guru'])).toBe(false);
  });

  it('opens any class’s report cards and ledger to the Waka and the admin only (decision 027)', () => {
    for (const path of ['/progress/cetak-rapor', '/progress/unduh-legger']) {
      expect(open(path, ['waka']), path).toBe(true);
      expect(open(path, ['admin']), path).toBe(true);
      expect(open(path, ['tu']), path).toBe(false);
      expect(open(path, ['guru', 'wali']), path).toBe(false);
    }
    // The admin holds neither Waka nor Pkl: monitoring and PKL pages stay closed.
    expect(open('/progress/penilaian', ['admin'])).toBe(false);
    expect(open('/pkl/penilaian', ['admin'])).toBe(false);
    const adminMenu = visibleMenu(MENU, abilitiesForRoles(['admin']), ['admin']);
    const monitoring = adminMenu.find((i) => i.kind === 'group' && i.title === 'Monitoring');
    expect(monitoring && monitoring.kind === 'group' ? titles(monitoring.children) : []).toEqual([
      'Cetak Rapor Semester',
      'Unduh Leger',
    ]);
  });

  it('lets anyone open the error pages', () => {
    expect(canOpenRoute(requireRoute('/error-404'), [], [])).toBe(true);
  });

  const titles = (items: readonly MenuItem[]): string[] =>
    items.flatMap((i) => (i.kind === 'group' ? [i.title, ...titles(i.children)] : [i.title]));

  it('shows a pupil only the general items', () => {
    const menu = visibleMenu(MENU, abilitiesForRoles(['siswa']), ['siswa']);
    expect(titles(menu)).toEqual(['Beranda', 'Profil Pengguna', 'Pusat Unduhan']);
  });

  it('shows a homeroom teacher the Wali Kelas group and hides administration', () => {
    const t = titles(visibleMenu(MENU, abilitiesForRoles(['guru', 'wali']), ['guru', 'wali']));
    expect(t).toContain('Wali Kelas');
    expect(t).toContain('Password PD');
    expect(t).not.toContain('Sinkronisasi');
    expect(t).not.toContain('Monitoring');
  });
});

import type { Action, Resource } from './abilities';
import { PKL_FROM_SEMESTER } from './pkl/rules';
import type { RoleName } from './roles';

/**
 * The route table of the product spec (§2). One source for the web router, the menu,
 * the page headers and the tests. Titles and breadcrumbs stay Indonesian (spec §1).
 */
export interface Breadcrumb {
  text: string;
  active?: boolean;
  to?: string;
}

export interface AddButton {
  text: string;
  variant: 'success' | 'primary';
  /** The event the page listens to when the button is pressed. */
  action: string;
  /** When set, the button navigates here instead of emitting the action. */
  link?: string;
}

export type Layout = 'full' | 'vertical' | 'horizontal';

export interface RouteDef {
  path: string;
  name: string;
  title: string;
  breadcrumb: Breadcrumb[];
  /** Undefined: reachable by anyone (error pages). */
  resource?: Resource;
  action: Action;
  /** Only 'full' and 'horizontal' override the configured layout. */
  layout?: Layout;
  redirectIfLoggedIn?: boolean;
  /** When set, the user must also hold one of these roles (finer than the resource). */
  roles?: readonly RoleName[];
  addButton?: AddButton;
  /** Name of the route whose navigation item this route highlights. */
  navActiveLink?: string;
  /** When set, the menu offers the page only in these semesters (access.ts `openInSemester`). */
  semesters?: SemesterCondition;
}

/**
 * Semesters a page belongs to: `from` the first semester_id it exists in (e.g. Kokurikuler from
 * '20251'), `genapOnly` only in semester 2 (Kenaikan Kelas). The page's API says the same in words.
 */
export interface SemesterCondition {
  from?: string;
  genapOnly?: boolean;
}

const tambah = (action: string, extra: Partial<AddButton> = {}): AddButton => ({
  text: 'Tambah Data',
  variant: 'success',
  action,
  ...extra,
});

const bc = (...items: string[]): Breadcrumb[] =>
  items.map((text, i) => ({ text, active: i === items.length - 1 }));

/** PKL as a subject exists from 2023/2024 (reference-domain §2.2; issue #12). */
const PKL_SEMESTERS: SemesterCondition = { from: PKL_FROM_SEMESTER };

/** Roles that enter grades as a subject teacher. */
const TEACHING: readonly RoleName[] = ['guru'];

export const ROUTES: readonly RouteDef[] = [
  // General
  {
    path: '/',
    name: 'beranda',
    title: 'Beranda',
    breadcrumb: bc('Beranda'),
    resource: 'Web',
    action: 'read',
  },
  {
    path: '/login',
    name: 'auth-login',
    title: 'Login Pengguna',
    breadcrumb: [],
    resource: 'Auth',
    action: 'read',
    layout: 'full',
    redirectIfLoggedIn: true,
  },
  {
    path: '/register',
    name: 'auth-register',
    title: 'Registrasi Pengguna',
    breadcrumb: [],
    resource: 'Auth',
    action: 'read',
    layout: 'full',
    redirectIfLoggedIn: true,
  },
  {
    path: '/lupa-password',
    name: 'auth-lupa-password',
    title: 'Lupa Password',
    breadcrumb: [],
    resource: 'Auth',
    action: 'read',
    layout: 'full',
    redirectIfLoggedIn: true,
  },
  {
    path: '/logout',
    name: 'auth-logout',
    title: 'Logout',
    breadcrumb: [],
    resource: 'Web',
    action: 'read',
    layout: 'full',
  },
  {
    path: '/profile',
    name: 'profile',
    title: 'Profil Pengguna',
    breadcrumb: bc('Profil Pengguna'),
    resource: 'Web',
    action: 'read',
  },
  {
    // Decision 054: the only page (with logout) a user on a generated or reset one-time password
    // can open; the web guard sends every other route here until the password is changed.
    path: '/ganti-password',
    name: 'ganti-password',
    title: 'Ganti Password',
    breadcrumb: [],
    resource: 'Web',
    action: 'read',
    layout: 'full',
  },
  {
    path: '/error-404',
    name: 'error-404',
    title: 'Laman tidak ditemukan',
    breadcrumb: [],
    action: 'read',
    layout: 'full',
  },
  {
    path: '/not-authorized',
    name: 'misc-not-authorized',
    title: 'Akses Terbatas',
    breadcrumb: [],
    action: 'read',
    layout: 'full',
  },
  {
    path: '/unduhan',
    name: 'unduhan',
    title: 'Pusat Unduhan',
    breadcrumb: bc('Pusat Unduhan'),
    resource: 'Web',
    action: 'read',
  },
  {
    // The pupil's Detil Nilai (reference-screens §2.7: resource Siswa, which the spec's resources
    // lack; issue #15 gives it Web with the role siswa).
    path: '/detil-nilai/$pembelajaranId',
    name: 'detil-nilai',
    title: 'Detil Nilai',
    breadcrumb: bc('Beranda', 'Detil Nilai'),
    resource: 'Web',
    action: 'read',
    roles: ['siswa'],
    layout: 'full',
  },
  {
    // Issue #16 item 5: not in the reference (which records no grade history).
    path: '/riwayat-nilai',
    name: 'riwayat-nilai',
    title: 'Riwayat Perubahan Nilai',
    breadcrumb: bc('Riwayat Perubahan Nilai'),
    resource: 'Web',
    action: 'read',
    roles: ['admin', 'waka', 'guru', 'wali', 'pilihan'],
  },

  // Administrator
  {
    path: '/sinkronisasi/dapodik',
    name: 'sinkronisasi-dapodik',
    title: 'Ambil Data Dapodik',
    breadcrumb: bc('Sinkronisasi', 'Ambil Data Dapodik'),
    resource: 'Administrator',
    action: 'read',
  },
  {
    path: '/sinkronisasi/erapor',
    name: 'sinkronisasi-erapor',
    title: 'Kirim Data e-Rapor',
    breadcrumb: bc('Sinkronisasi', 'Kirim Data e-Rapor'),
    resource: 'Administrator',
    action: 'read',
  },
  {
    path: '/sinkronisasi/kirim-nilai-dapodik',
    name: 'sinkronisasi-nilai',
    title: 'Kirim Nilai ke Dapodik',
    breadcrumb: bc('Sinkronisasi', 'Kirim Nilai ke Dapodik'),
    resource: 'Administrator',
    action: 'read',
  },
  {
    path: '/setting/umum',
    name: 'setting-umum',
    title: 'Pengaturan Umum',
    breadcrumb: bc('Pengaturan', 'Umum'),
    resource: 'Administrator',
    action: 'read',
  },
  {
    path: '/setting/users',
    name: 'setting-users',
    title: 'Akses Pengguna',
    breadcrumb: bc('Pengaturan', 'Akses Pengguna'),
    resource: 'Administrator',
    action: 'read',
    addButton: { text: 'Atur Ulang Pengguna', variant: 'success', action: 'generatePengguna' },
  },
  {
    path: '/setting/cadangan',
    name: 'setting-cadangan',
    title: 'Cadangan Data',
    breadcrumb: bc('Pengaturan', 'Cadangan Data'),
    resource: 'Administrator',
    action: 'read',
    roles: ['admin'],
  },
  {
    path: '/referensi/guru',
    name: 'referensi-guru',
    title: 'Referensi Guru',
    breadcrumb: bc('Referensi', 'GTK', 'Guru'),
    resource: 'Administrator',
    action: 'read',
  },
  {
    path: '/referensi/tendik',
    name: 'referensi-tendik',
    title: 'Referensi Tendik',
    breadcrumb: bc('Referensi', 'GTK', 'Tendik'),
    resource: 'Administrator',
    action: 'read',
  },
  {
    path: '/referensi/instruktur',
    name: 'referensi-instruktur',
    title: 'Referensi Instruktur',
    breadcrumb: bc('Referensi', 'GTK', 'Instruktur'),
    resource: 'Administrator',
    action: 'read',
    addButton: tambah('add-instruktur', { variant: 'primary' }),
  },
  {
    path: '/referensi/asesor',
    name: 'referensi-asesor',
    title: 'Referensi Asesor',
    breadcrumb: bc('Referensi', 'GTK', 'Asesor'),
    resource: 'Administrator',
    action: 'read',
    addButton: tambah('add-asesor', { variant: 'primary' }),
  },
  {
    path: '/referensi/peserta-didik-keluar',
    name: 'referensi-peserta-didik-keluar',
    title: 'Peserta Didik Keluar',
    breadcrumb: bc('Referensi', 'Peserta Didik', 'PD Keluar'),
    resource: 'Administrator',
    action: 'read',
  },
  {
    path: '/referensi/mata-pelajaran',
    name: 'referensi-mata-pelajaran',
    title: 'Referensi Mata Pelajaran',
    breadcrumb: bc('Referensi', 'Mata Pelajaran'),
    resource: 'Administrator',
    action: 'read',
  },
  {
    path: '/referensi/ekstrakurikuler',
    name: 'referensi-ekstrakurikuler',
    title: 'Referensi Ekstrakurikuler',
    breadcrumb: bc('Referensi', 'Ekstrakurikuler'),
    resource: 'Administrator',
    action: 'read',
  },
  {
    path: '/referensi/dudi',
    name: 'referensi-dudi',
    title: 'Referensi DUDI',
    breadcrumb: bc('Referensi', 'DUDI'),
    resource: 'Administrator',
    action: 'read',
  },
  {
    path: '/changelog',
    name: 'changelog',
    title: 'Daftar Perubahan',
    breadcrumb: bc('Daftar Perubahan'),
    resource: 'Administrator',
    action: 'read',
  },
  {
    path: '/check-update',
    name: 'check-update',
    title: 'Cek Pembaharuan',
    breadcrumb: bc('Cek Pembaharuan'),
    resource: 'Administrator',
    action: 'read',
  },

  // Rombel
  {
    path: '/referensi/rombongan-belajar',
    name: 'referensi-rombongan-belajar',
    title: 'Rombongan Belajar Reguler',
    breadcrumb: bc('Referensi', 'Rombongan Belajar', 'Reguler'),
    resource: 'Rombel',
    action: 'read',
  },
  {
    path: '/referensi/rombel-pilihan',
    name: 'referensi-rombel-pilihan',
    title: 'Rombongan Belajar Matpel Pilihan',
    breadcrumb: bc('Referensi', 'Rombongan Belajar', 'Matpel Pilihan'),
    resource: 'Rombel',
    action: 'read',
  },

  // Web
  {
    path: '/referensi/peserta-didik-aktif',
    name: 'referensi-peserta-didik-aktif',
    title: 'Peserta Didik Aktif',
    breadcrumb: bc('Referensi', 'Peserta Didik', 'PD Aktif'),
    resource: 'Web',
    action: 'read',
  },

  // Guru
  {
    path: '/referensi/password-pd',
    name: 'referensi-password-pd',
    title: 'Password Peserta Didik',
    breadcrumb: bc('Referensi', 'Peserta Didik', 'Password PD'),
    resource: 'Guru',
    action: 'read',
    roles: ['wali'],
  },
  {
    path: '/referensi/kompetensi-dasar',
    name: 'referensi-kompetensi-dasar',
    title: 'Data Kompetensi Dasar',
    breadcrumb: bc('Referensi', 'Kompetensi Dasar'),
    resource: 'Guru',
    action: 'read',
    roles: TEACHING,
    addButton: tambah('add-kd'),
  },
  {
    path: '/referensi/capaian-pembelajaran',
    name: 'referensi-capaian-pembelajaran',
    title: 'Capaian Pembelajaran',
    breadcrumb: bc('Referensi', 'Capaian Pembelajaran'),
    resource: 'Guru',
    action: 'read',
    roles: TEACHING,
    addButton: tambah('add-cp'),
  },
  {
    path: '/referensi/tujuan-pembelajaran',
    name: 'referensi-tujuan-pembelajaran',
    title: 'Tujuan Pembelajaran',
    breadcrumb: bc('Referensi', 'Tujuan Pembelajaran'),
    resource: 'Guru',
    action: 'read',
    roles: TEACHING,
    addButton: tambah('add-tp'),
  },
  {
    path: '/referensi/bobot-penilaian',
    name: 'referensi-bobot-penilaian',
    title: 'Bobot Penilaian',
    breadcrumb: bc('Referensi', 'Bobot Penilaian'),
    resource: 'Guru',
    action: 'read',
    roles: TEACHING,
  },
  {
    path: '/penilaian/input-nilai',
    name: 'input-nilai',
    title: 'Input Asesmen',
    breadcrumb: bc('Nilai Akademik', 'Asesmen Sumatif'),
    resource: 'Guru',
    action: 'read',
    roles: TEACHING,
  },
  {
    path: '/penilaian/nilai-akhir',
    name: 'penilaian-nilai-akhir',
    title: 'Input Nilai Akhir',
    breadcrumb: bc('Nilai Akademik', 'Nilai Akhir'),
    resource: 'Guru',
    action: 'read',
    roles: TEACHING,
  },
  {
    path: '/penilaian/capaian-kompetensi',
    name: 'penilaian-capaian-kompetensi',
    title: 'Capaian Kompetensi',
    breadcrumb: bc('Nilai Akademik', 'Capaian Kompetensi'),
    resource: 'Guru',
    action: 'read',
    roles: TEACHING,
  },
  {
    path: '/penilaian/sikap',
    name: 'penilaian-sikap',
    title: 'Penilaian Sikap',
    breadcrumb: bc('Nilai Akademik', 'Penilaian Sikap'),
    resource: 'Guru',
    action: 'read',
    roles: TEACHING,
    addButton: tambah('add-sikap', { link: '/penilaian/input-nilai-sikap' }),
  },
  {
    path: '/penilaian/input-nilai-sikap',
    name: 'penilaian-input-nilai-sikap',
    title: 'Tambah Penilaian Sikap',
    breadcrumb: [
      { text: 'Nilai Akademik' },
      { text: 'Penilaian Sikap', to: '/penilaian/sikap' },
      { text: 'Tambah Data', active: true },
    ],
    resource: 'Guru',
    action: 'read',
    roles: TEACHING,
    navActiveLink: 'penilaian-sikap',
  },
  {
    path: '/nilai-projek/perencanaan',
    name: 'nilai-projek-perencanaan',
    title: 'Rencana Penilaian P5',
    breadcrumb: bc('Nilai Projek', 'Perencanaan'),
    resource: 'Guru',
    action: 'read',
    roles: ['guru-p5'],
    addButton: tambah('add-projek'),
  },
  {
    path: '/nilai-projek/penilaian',
    name: 'nilai-projek-penilaian',
    title: 'Proses Penilaian P5',
    breadcrumb: bc('Nilai Projek', 'Penilaian'),
    resource: 'Guru',
    action: 'read',
    roles: ['guru-p5'],
  },
  {
    path: '/nilai-ukk/perencanaan',
    name: 'perencanaan-ukk',
    title: 'Rencana Penilaian UKK',
    breadcrumb: bc('Nilai UKK', 'Perencanaan'),
    resource: 'Guru',
    action: 'read',
    roles: ['kaprog'],
    addButton: tambah('add-rencana'),
  },
  {
    path: '/nilai-ukk/penilaian',
    name: 'penilaian-ukk',
    title: 'Proses Penilaian UKK',
    breadcrumb: bc('Nilai UKK', 'Penilaian'),
    resource: 'Guru',
    action: 'read',
    roles: ['internal'],
  },

  // Kaprog
  {
    path: '/referensi/uji-kompetensi-keahlian',
    name: 'referensi-ukk',
    title: 'Uji Kompetensi Keahlian',
    breadcrumb: bc('Referensi', 'Uji Kompetensi Keahlian'),
    resource: 'Kaprog',
    action: 'read',
    addButton: tambah('add-ukk'),
  },

  // Ekskul
  {
    path: '/penilaian/ekstrakurikuler',
    name: 'penilaian-ekstrakurikuler',
    title: 'Penilaian Ekstrakurikuler',
    breadcrumb: bc('Nilai Ekstrakurikuler'),
    resource: 'Ekskul',
    action: 'read',
  },

  // PKL
  {
    path: '/pkl/perencanaan',
    name: 'pkl-perencanaan',
    title: 'Perencanaan Penilaian PKL',
    breadcrumb: bc('Praktik Kerja Lapangan', 'Perencanaan'),
    resource: 'Pkl',
    action: 'read',
    semesters: PKL_SEMESTERS,
    addButton: tambah('rencana-pkl'),
  },
  {
    path: '/pkl/penilaian',
    name: 'pkl-penilaian',
    title: 'Input Penilaian PKL',
    breadcrumb: bc('Praktik Kerja Lapangan', 'Input Penilaian'),
    resource: 'Pkl',
    action: 'read',
    semesters: PKL_SEMESTERS,
  },
  {
    path: '/pkl/kehadiran',
    name: 'pkl-kehadiran',
    title: 'Kehadiran',
    breadcrumb: bc('Praktik Kerja Lapangan', 'Kehadiran'),
    resource: 'Pkl',
    action: 'read',
    semesters: PKL_SEMESTERS,
  },
  {
    path: '/pkl/cetak-rapor',
    name: 'pkl-rapor',
    title: 'Cetak Rapor',
    breadcrumb: bc('Praktik Kerja Lapangan', 'Cetak Rapor'),
    resource: 'Pkl',
    action: 'read',
    semesters: PKL_SEMESTERS,
  },

  // Wali kelas
  {
    path: '/wali-kelas/catatan-sikap',
    name: 'wali-kelas-catatan-sikap',
    title: 'Catatan Sikap',
    breadcrumb: bc('Wali Kelas', 'Catatan Sikap'),
    resource: 'Guru',
    action: 'read',
    roles: ['wali'],
  },
  {
    path: '/wali-kelas/catatan-wali-kelas',
    name: 'wali-kelas-catatan-wali-kelas',
    title: 'Catatan Wali Kelas',
    breadcrumb: bc('Wali Kelas', 'Catatan Wali Kelas'),
    resource: 'Guru',
    action: 'read',
    roles: ['wali'],
  },
  {
    path: '/wali-kelas/kokurikuler',
    name: 'wali-kelas-kokurikuler',
    title: 'Kokurikuler',
    breadcrumb: bc('Wali Kelas', 'Kokurikuler'),
    resource: 'Guru',
    action: 'read',
    roles: ['wali'],
    semesters: { from: '20251' },
  },
  {
    path: '/wali-kelas/praktik-kerja-lapangan',
    name: 'wali-kelas-praktik-kerja-lapangan',
    title: 'Praktik Kerja Lapangan',
    breadcrumb: bc('Wali Kelas', 'Praktik Kerja Lapangan'),
    resource: 'Guru',
    action: 'read',
    roles: ['wali'],
  },
  {
    path: '/wali-kelas/ketidakhadiran',
    name: 'wali-kelas-ketidakhadiran',
    title: 'Ketidakhadiran',
    breadcrumb: bc('Wali Kelas', 'Ketidakhadiran'),
    resource: 'Guru',
    action: 'read',
    roles: ['wali'],
  },
  {
    path: '/wali-kelas/nilai-ekstrakurikuler',
    name: 'wali-kelas-nilai-ekstrakurikuler',
    title: 'Nilai Ekstrakurikuler',
    breadcrumb: bc('Wali Kelas', 'Nilai Ekstrakurikuler'),
    resource: 'Guru',
    action: 'read',
    roles: ['wali'],
  },
  {
    path: '/wali-kelas/kenaikan-kelas',
    name: 'wali-kelas-kenaikan-kelas',
    title: 'Kenaikan Kelas',
    breadcrumb: bc('Wali Kelas', 'Kenaikan Kelas'),
    resource: 'Guru',
    action: 'read',
    roles: ['wali'],
    semesters: { genapOnly: true },
  },
  {
    path: '/wali-kelas/cetak-rapor',
    name: 'wali-kelas-cetak-rapor',
    title: 'Cetak Rapor Semester',
    breadcrumb: bc('Wali Kelas', 'Cetak Rapor Semester'),
    resource: 'Guru',
    action: 'read',
    roles: ['wali'],
  },
  {
    path: '/wali-kelas/unduh-legger',
    name: 'wali-kelas-unduh-legger',
    title: 'Unduh Leger',
    breadcrumb: bc('Wali Kelas', 'Unduh Leger'),
    resource: 'Guru',
    action: 'read',
    roles: ['wali', 'pilihan'],
    addButton: { text: 'Unduh Legger', variant: 'success', action: 'unduh-legger' },
  },

  // Monitoring
  {
    path: '/progress/penilaian',
    name: 'progress-penilaian',
    title: 'Nilai Akademik',
    breadcrumb: bc('Monitoring', 'Nilai Akademik'),
    resource: 'Waka',
    action: 'read',
  },
  {
    path: '/progress/nilai-projek',
    name: 'progress-nilai-projek',
    title: 'Nilai Projek',
    breadcrumb: bc('Monitoring', 'Nilai Projek'),
    resource: 'Waka',
    action: 'read',
  },
  {
    path: '/progress/nilai-ekskul',
    name: 'progress-nilai-ekskul',
    title: 'Nilai Eksktrakurikuler',
    breadcrumb: bc('Monitoring', 'Nilai Eksktrakurikuler'),
    resource: 'Waka',
    action: 'read',
  },
  {
    path: '/progress/nilai-ukk',
    name: 'progress-nilai-ukk',
    title: 'Nilai UKK',
    breadcrumb: bc('Monitoring', 'Nilai UKK'),
    resource: 'Waka',
    action: 'read',
  },
  {
    path: '/progress/nilai-pkl',
    name: 'progress-nilai-pkl',
    title: 'Nilai PKL',
    breadcrumb: bc('Monitoring', 'Nilai PKL'),
    resource: 'Waka',
    action: 'read',
    semesters: PKL_SEMESTERS,
  },
  // Any class's report cards and ledger: the Waka, and the admin for an absent homeroom
  // (issue #11; decision 027 — the admin holds Rombel, never Waka or Pkl).
  {
    path: '/progress/cetak-rapor',
    name: 'progress-cetak-rapor',
    title: 'Cetak Rapor Semester',
    breadcrumb: bc('Monitoring', 'Cetak Rapor Semester'),
    resource: 'Rombel',
    action: 'read',
    roles: ['waka', 'admin'],
  },
  {
    path: '/progress/unduh-legger',
    name: 'progress-unduh-legger',
    title: 'Unduh Leger',
    breadcrumb: bc('Monitoring', 'Unduh Leger'),
    resource: 'Rombel',
    action: 'read',
    roles: ['waka', 'admin'],
  },
];

export const APP_TITLE = 'e-Rapor SMK';

export function documentTitle(route: Pick<RouteDef, 'title'>): string {
  return `${route.title} | ${APP_TITLE}`;
}

const byPath = new Map(ROUTES.map((r) => [r.path, r]));
const byName = new Map(ROUTES.map((r) => [r.name, r]));

export function routeByPath(path: string): RouteDef | undefined {
  return byPath.get(path);
}

export function routeByName(name: string): RouteDef | undefined {
  return byName.get(name);
}

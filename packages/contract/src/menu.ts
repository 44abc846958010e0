import type { RoleName } from './roles';

/**
 * The vertical menu (reference-screens §1), in the reference's group order. Items name
 * routes of routes.ts; an item is shown when its route's guard passes and, if `roles`
 * is set here, the user also holds one of them (the menu is narrower than the route,
 * e.g. a pupil may open PD Aktif for their own record but it is not in their menu).
 * A group is shown only when at least one child is shown.
 */
export interface MenuLink {
  kind: 'link';
  title: string;
  route: string;
  icon: string;
  roles?: readonly RoleName[];
  variant?: 'danger';
}

export interface MenuGroup {
  kind: 'group';
  title: string;
  icon: string;
  children: readonly (MenuLink | MenuGroup)[];
}

export type MenuItem = MenuLink | MenuGroup;

const link = (
  title: string,
  route: string,
  icon = 'hand-point-right',
  extra: Partial<MenuLink> = {},
): MenuLink => ({ kind: 'link', title, route, icon, ...extra });

const group = (title: string, icon: string, children: MenuItem[]): MenuGroup => ({
  kind: 'group',
  title,
  icon,
  children,
});

const STAFF: readonly RoleName[] = ['admin', 'tu', 'guru', 'waka'];

export const MENU: readonly MenuItem[] = [
  link('Beranda', 'beranda', 'house'),
  group('Sinkronisasi', 'arrows-rotate', [
    link('Tarik Dapodik', 'sinkronisasi-dapodik', 'download'),
    link('Kirim Nilai ke Dapodik', 'sinkronisasi-nilai', 'database'),
    link('Kirim Data e-Rapor', 'sinkronisasi-erapor', 'upload'),
  ]),
  group('Pengaturan', 'wrench', [
    link('Umum', 'setting-umum', 'gear'),
    link('Akses Pengguna', 'setting-users', 'user-lock'),
    link('Cadangan Data', 'setting-cadangan', 'database'),
  ]),
  group('Referensi', 'list', [
    group('Referensi GTK', 'hand-point-right', [
      link('Guru', 'referensi-guru', 'graduation-cap'),
      link('Tendik', 'referensi-tendik', 'graduation-cap'),
      link('Instruktur', 'referensi-instruktur', 'graduation-cap'),
      link('Asesor', 'referensi-asesor', 'graduation-cap'),
    ]),
    group('Rombongan Belajar', 'hand-point-right', [
      link('Reguler', 'referensi-rombongan-belajar'),
      link('Matpel Pilihan', 'referensi-rombel-pilihan'),
    ]),
    group('Peserta Didik', 'hand-point-right', [
      link('PD Aktif', 'referensi-peserta-didik-aktif', 'hand-point-right', { roles: STAFF }),
      link('PD Keluar', 'referensi-peserta-didik-keluar', 'graduation-cap', { variant: 'danger' }),
      link('Password PD', 'referensi-password-pd'),
    ]),
    link('Kompetensi Dasar', 'referensi-kompetensi-dasar'),
    link('Capaian Pembelajaran', 'referensi-capaian-pembelajaran'),
    link('Tujuan Pembelajaran', 'referensi-tujuan-pembelajaran'),
    link('Bobot Penilaian', 'referensi-bobot-penilaian'),
    link('Uji Kompetensi Keahlian', 'referensi-ukk'),
    link('Mata Pelajaran', 'referensi-mata-pelajaran'),
    link('Ekstrakurikuler', 'referensi-ekstrakurikuler'),
    link('DUDI', 'referensi-dudi'),
  ]),
  link('Nilai Ekstrakurikuler', 'penilaian-ekstrakurikuler', 'user-pen'),
  group('Nilai Akademik', 'list-check', [
    link('Asesmen Sumatif', 'input-nilai'),
    link('Nilai Akhir', 'penilaian-nilai-akhir'),
    link('Capaian Kompetensi', 'penilaian-capaian-kompetensi'),
    link('Penilaian Sikap', 'penilaian-sikap'),
  ]),
  group('Praktik Kerja Lapangan', 'layer-group', [
    link('Perencanaan', 'pkl-perencanaan'),
    link('Penilaian', 'pkl-penilaian'),
    link('Kehadiran', 'pkl-kehadiran'),
    link('Cetak Rapor', 'pkl-rapor'),
  ]),
  group('Nilai UKK', 'street-view', [
    link('Perencanaan', 'perencanaan-ukk'),
    link('Penilaian', 'penilaian-ukk'),
  ]),
  group('Nilai Projek', 'file-circle-check', [
    link('Perencanaan', 'nilai-projek-perencanaan'),
    link('Penilaian', 'nilai-projek-penilaian'),
  ]),
  group('Wali Kelas', 'copy', [
    link('Catatan Sikap', 'wali-kelas-catatan-sikap'),
    link('Catatan Wali Kelas', 'wali-kelas-catatan-wali-kelas'),
    link('Kokurikuler', 'wali-kelas-kokurikuler'),
    link('Praktik Kerja Lapangan', 'wali-kelas-praktik-kerja-lapangan'),
    link('Ketidakhadiran', 'wali-kelas-ketidakhadiran'),
    link('Nilai Ekstrakurikuler', 'wali-kelas-nilai-ekstrakurikuler'),
    link('Kenaikan Kelas', 'wali-kelas-kenaikan-kelas'),
    link('Cetak Rapor', 'wali-kelas-cetak-rapor', 'print'),
    link('Unduh Leger', 'wali-kelas-unduh-legger', 'download'),
  ]),
  group('Monitoring', 'chart-line', [
    link('Nilai Akademik', 'progress-penilaian'),
    link('Nilai Projek', 'progress-nilai-projek'),
    link('Nilai Ekstrakurikuler', 'progress-nilai-ekskul'),
    link('Nilai UKK', 'progress-nilai-ukk'),
    link('Nilai PKL', 'progress-nilai-pkl'),
    link('Cetak Rapor Semester', 'progress-cetak-rapor', 'print'),
    link('Unduh Leger', 'progress-unduh-legger', 'download'),
  ]),
  link('Profil Pengguna', 'profile', 'user'),
  link('Riwayat Perubahan Nilai', 'riwayat-nilai', 'clock-rotate-left'),
  link('Pusat Unduhan', 'unduhan', 'download'),
  link('Daftar Perubahan', 'changelog', 'laptop-code'),
  link('Cek Pembaharuan', 'check-update', 'terminal'),
];

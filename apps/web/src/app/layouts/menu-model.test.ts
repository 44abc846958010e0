import { abilitiesForRoles } from '@erapor/contract/abilities';
import type { MenuItem } from '@erapor/contract/menu';
import type { RoleName } from '@erapor/contract/roles';
import { routeByPath } from '@erapor/contract/routes';
import { describe, expect, it } from 'vitest';
import { activeItemName, activeTrail, menuFor } from './menu-model';

const menu = (...roles: RoleName[]) => menuFor(abilitiesForRoles(roles), roles);
const titles = (items: readonly MenuItem[]): string[] => items.map((i) => i.title);
const links = (items: readonly MenuItem[]): string[] =>
  items.flatMap((i) => (i.kind === 'link' ? [i.route] : links(i.children)));

describe('menu filtering', () => {
  it('offers Kenaikan Kelas only in Genap and Kokurikuler from 2025/2026', () => {
    const roles: RoleName[] = ['guru', 'wali'];
    const wali = (semesterId: string) => links(menuFor(abilitiesForRoles(roles), roles, semesterId));
    expect(wali('20261')).not.toContain('wali-kelas-kenaikan-kelas');
    expect(wali('20261')).toContain('wali-kelas-kokurikuler');
    expect(wali('20252')).toContain('wali-kelas-kenaikan-kelas');
    expect(wali('20242')).toContain('wali-kelas-kenaikan-kelas');
    expect(wali('20242')).not.toContain('wali-kelas-kokurikuler');
    expect(wali('20241')).not.toContain('wali-kelas-kenaikan-kelas');
    expect(wali('20251')).toContain('wali-kelas-kokurikuler');
  });

  it('admin: synchronisation, settings, references, the two print pages of Monitoring; no teaching groups', () => {
    const m = menu('admin');
    expect(titles(m)).toEqual([
      'Beranda',
      'Sinkronisasi',
      'Pengaturan',
      'Referensi',
      'Monitoring',
      'Profil Pengguna',
      'Riwayat Perubahan Nilai',
      'Pusat Unduhan',
      'Daftar Perubahan',
      'Cek Pembaharuan',
    ]);
    expect(links(m)).toContain('referensi-dudi');
    expect(links(m)).not.toContain('input-nilai');
  });

  it('guru: the teaching groups only; a group appears only when a child does', () => {
    const m = menu('guru');
    expect(titles(m)).toEqual([
      'Beranda',
      'Referensi',
      'Nilai Akademik',
      'Profil Pengguna',
      'Riwayat Perubahan Nilai',
      'Pusat Unduhan',
    ]);
    const referensi = m.find((i) => i.title === 'Referensi');
    expect(referensi && referensi.kind === 'group' ? titles(referensi.children) : []).toEqual([
      'Peserta Didik',
      'Kompetensi Dasar',
      'Capaian Pembelajaran',
      'Tujuan Pembelajaran',
      'Bobot Penilaian',
    ]);
    expect(titles(m)).not.toContain('Wali Kelas');
    expect(titles(m)).not.toContain('Sinkronisasi');
  });

  it('wali also gets Wali Kelas and Password PD', () => {
    const m = menu('guru', 'wali');
    expect(titles(m)).toContain('Wali Kelas');
    expect(links(m)).toContain('referensi-password-pd');
  });

  it('siswa: only the general items, not PD Aktif (staff only in the menu)', () => {
    expect(titles(menu('siswa'))).toEqual(['Beranda', 'Profil Pengguna', 'Pusat Unduhan']);
  });

  it('waka: Monitoring and Rombongan Belajar', () => {
    const m = menu('guru', 'waka');
    expect(titles(m)).toContain('Monitoring');
    expect(links(m)).toEqual(expect.arrayContaining(['referensi-rombongan-belajar', 'progress-nilai-pkl']));
  });
});

describe('active item', () => {
  it('navActiveLink highlights the parent item', () => {
    const def = routeByPath('/penilaian/input-nilai-sikap');
    expect(activeItemName(def)).toBe('penilaian-sikap');
    expect(activeTrail(menu('guru'), activeItemName(def))).toEqual(['Nilai Akademik', 'Penilaian Sikap']);
  });

  it('a route highlights its own item, inside nested groups', () => {
    const def = routeByPath('/referensi/dudi');
    expect(activeTrail(menu('admin'), activeItemName(def))).toEqual(['Referensi', 'DUDI']);
    const pd = routeByPath('/referensi/peserta-didik-aktif');
    expect(activeTrail(menu('guru'), activeItemName(pd))).toEqual(['Referensi', 'Peserta Didik', 'PD Aktif']);
  });

  it('routes outside the menu highlight nothing', () => {
    expect(activeTrail(menu('guru'), activeItemName(routeByPath('/error-404')))).toEqual([]);
  });
});

import { abilitiesForRoles, DEFAULT_ABILITY } from '@erapor/contract/abilities';
import type { RoleName } from '@erapor/contract/roles';
import { routeByPath } from '@erapor/contract/routes';
import { describe, expect, it } from 'vitest';
import { decideNavigation, type GuardSession, resolveLayout } from './guard';

const anonymous: GuardSession = { loggedIn: false, ability: DEFAULT_ABILITY, roles: [] };
const as = (...roles: RoleName[]): GuardSession => ({
  loggedIn: true,
  ability: abilitiesForRoles(roles),
  roles,
});

const oneTime = (...roles: RoleName[]): GuardSession => ({ ...as(...roles), mustChangePassword: true });

function decide(path: string, session: GuardSession): string {
  const def = routeByPath(path);
  if (!def) throw new Error(`no route ${path}`);
  const d = decideNavigation([def], session);
  return d.kind === 'allow' ? 'allow' : d.to;
}

/**
 * Written out by hand from the spec (§2, §6) and reference-screens §2.2, not computed from the
 * contract: a change in the route table or the role mapping that breaks access fails here.
 */
const TABLE: [path: string, who: string, session: GuardSession, expected: string][] = [
  // anonymous
  ['/', 'anonymous', anonymous, '/login'],
  ['/login', 'anonymous', anonymous, 'allow'],
  ['/register', 'anonymous', anonymous, 'allow'],
  ['/lupa-password', 'anonymous', anonymous, 'allow'],
  ['/profile', 'anonymous', anonymous, '/login'],
  ['/setting/umum', 'anonymous', anonymous, '/login'],
  ['/error-404', 'anonymous', anonymous, 'allow'],
  ['/not-authorized', 'anonymous', anonymous, 'allow'],
  ['/ganti-password', 'anonymous', anonymous, '/login'],
  // a one-time password (decision 054): only the change screen and logout open
  ['/', 'guru on a one-time password', oneTime('guru'), '/ganti-password'],
  ['/profile', 'guru on a one-time password', oneTime('guru'), '/ganti-password'],
  ['/setting/umum', 'admin on a one-time password', oneTime('admin'), '/ganti-password'],
  ['/not-authorized', 'guru on a one-time password', oneTime('guru'), '/ganti-password'],
  ['/login', 'guru on a one-time password', oneTime('guru'), '/ganti-password'],
  ['/ganti-password', 'guru on a one-time password', oneTime('guru'), 'allow'],
  ['/ganti-password', 'siswa on a one-time password', oneTime('siswa'), 'allow'],
  ['/logout', 'guru on a one-time password', oneTime('guru'), 'allow'],
  ['/ganti-password', 'guru with an own password', as('guru'), '/'],
  // admin
  ['/', 'admin', as('admin'), 'allow'],
  ['/login', 'admin', as('admin'), '/'],
  ['/register', 'admin', as('admin'), '/'],
  ['/setting/umum', 'admin', as('admin'), 'allow'],
  ['/sinkronisasi/dapodik', 'admin', as('admin'), 'allow'],
  ['/referensi/rombongan-belajar', 'admin', as('admin'), 'allow'],
  ['/penilaian/input-nilai', 'admin', as('admin'), '/not-authorized'],
  ['/wali-kelas/cetak-rapor', 'admin', as('admin'), '/not-authorized'],
  ['/progress/penilaian', 'admin', as('admin'), '/not-authorized'],
  // guru
  ['/penilaian/input-nilai', 'guru', as('guru'), 'allow'],
  ['/penilaian/input-nilai-sikap', 'guru', as('guru'), 'allow'],
  ['/referensi/kompetensi-dasar', 'guru', as('guru'), 'allow'],
  ['/setting/umum', 'guru', as('guru'), '/not-authorized'],
  ['/wali-kelas/catatan-sikap', 'guru', as('guru'), '/not-authorized'],
  ['/referensi/password-pd', 'guru', as('guru'), '/not-authorized'],
  ['/pkl/perencanaan', 'guru', as('guru'), '/not-authorized'],
  ['/unduhan', 'guru', as('guru'), 'allow'],
  // wali (also guru)
  ['/wali-kelas/catatan-sikap', 'wali', as('guru', 'wali'), 'allow'],
  ['/wali-kelas/unduh-legger', 'wali', as('guru', 'wali'), 'allow'],
  ['/referensi/password-pd', 'wali', as('guru', 'wali'), 'allow'],
  ['/progress/penilaian', 'wali', as('guru', 'wali'), '/not-authorized'],
  // waka (also guru)
  ['/progress/nilai-ekskul', 'waka', as('guru', 'waka'), 'allow'],
  ['/referensi/rombel-pilihan', 'waka', as('guru', 'waka'), 'allow'],
  ['/setting/users', 'waka', as('guru', 'waka'), '/not-authorized'],
  // kaprog
  ['/referensi/uji-kompetensi-keahlian', 'kaprog', as('guru', 'kaprog'), 'allow'],
  ['/nilai-ukk/perencanaan', 'kaprog', as('guru', 'kaprog'), 'allow'],
  ['/nilai-ukk/penilaian', 'kaprog', as('guru', 'kaprog'), '/not-authorized'],
  // pembimbing PKL, pembina ekskul
  ['/pkl/cetak-rapor', 'pkl', as('guru', 'pembimbing'), 'allow'],
  ['/penilaian/ekstrakurikuler', 'ekskul', as('guru', 'pembina_ekskul'), 'allow'],
  ['/penilaian/ekstrakurikuler', 'guru', as('guru'), '/not-authorized'],
  // siswa
  ['/', 'siswa', as('siswa'), 'allow'],
  ['/profile', 'siswa', as('siswa'), 'allow'],
  ['/referensi/peserta-didik-aktif', 'siswa', as('siswa'), 'allow'],
  ['/penilaian/input-nilai', 'siswa', as('siswa'), '/not-authorized'],
  ['/login', 'siswa', as('siswa'), '/'],
  // user without any role
  ['/', 'no role', as(), 'allow'],
  ['/referensi/guru', 'no role', as(), '/not-authorized'],
];

describe('route guard', () => {
  it.each(TABLE.map(([path, who, session, expected]) => [path, who, expected, session] as const))(
    '%s as %s → %s',
    (path, _who, expected, session) => {
      expect(decide(path, session)).toBe(expected);
    },
  );

  it('passes when any matched record passes', () => {
    const admin = routeByPath('/setting/umum');
    const teacher = routeByPath('/penilaian/input-nilai');
    if (!admin || !teacher) throw new Error('routes missing');
    expect(decideNavigation([admin, teacher], as('guru'))).toEqual({ kind: 'allow' });
    expect(decideNavigation([admin, teacher], as('siswa'))).toEqual({
      kind: 'redirect',
      to: '/not-authorized',
    });
  });
});

describe('layout choice', () => {
  it('uses the route meta first, then the configured type; siswa always full', () => {
    expect(resolveLayout({ layout: 'full' }, 'vertical', ['guru'])).toBe('full');
    expect(resolveLayout({ layout: 'horizontal' }, 'vertical', ['guru'])).toBe('horizontal');
    expect(resolveLayout({}, 'vertical', ['guru'])).toBe('vertical');
    expect(resolveLayout({}, 'horizontal', ['admin'])).toBe('horizontal');
    expect(resolveLayout({ layout: 'vertical' }, 'horizontal', ['admin'])).toBe('horizontal');
    expect(resolveLayout({}, 'vertical', ['siswa'])).toBe('full');
    expect(resolveLayout({ layout: 'horizontal' }, 'vertical', ['siswa'])).toBe('full');
  });
});

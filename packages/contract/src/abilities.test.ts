import { describe, expect, it } from 'vitest';
import { abilitiesForRoles, can, DEFAULT_ABILITY } from './abilities';

const subjects = (roles: Parameters<typeof abilitiesForRoles>[0]) =>
  abilitiesForRoles(roles).map((r) => `${r.action} ${r.subject}`);

describe('role → ability mapping', () => {
  // Written out by hand: changing the mapping must change this table on purpose.
  it.each([
    [[], ['read Web']],
    [['admin'], ['read Administrator', 'read Rombel', 'read Web']],
    [['tu'], ['read Rombel', 'read Web']],
    [['guru'], ['read Guru', 'read Web']],
    [
      ['guru', 'wali'],
      ['read Guru', 'read Web'],
    ],
    [
      ['guru', 'kaprog'],
      ['read Guru', 'read Kaprog', 'read Web'],
    ],
    [
      ['guru', 'waka'],
      ['read Guru', 'read Rombel', 'read Waka', 'read Web'],
    ],
    [
      ['guru', 'pembina_ekskul'],
      ['read Guru', 'read Ekskul', 'read Web'],
    ],
    [
      ['guru', 'pembimbing'],
      ['read Guru', 'read Pkl', 'read Web'],
    ],
    [['siswa'], ['read Web']],
    [['user'], ['read Web']],
  ] as const)('%j → %j', (roles, expected) => {
    expect(subjects(roles)).toEqual(expected);
  });

  it('never grants Auth to a logged-in user and lists each subject once', () => {
    const all = abilitiesForRoles(['admin', 'guru', 'wali', 'waka', 'kaprog', 'tu']);
    expect(all.some((r) => r.subject === 'Auth')).toBe(false);
    expect(new Set(all.map((r) => r.subject)).size).toBe(all.length);
  });

  it('the default rules allow only the auth pages', () => {
    expect(can(DEFAULT_ABILITY, 'read', 'Auth')).toBe(true);
    expect(can(DEFAULT_ABILITY, 'read', 'Web')).toBe(false);
  });

  it('manage implies read', () => {
    expect(can([{ action: 'manage', subject: 'Guru' }], 'read', 'Guru')).toBe(true);
    expect(can([{ action: 'read', subject: 'Guru' }], 'read', 'Waka')).toBe(false);
  });
});

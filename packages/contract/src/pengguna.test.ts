import { describe, expect, it } from 'vitest';
import { baseRoleForJenisPtk, DERIVED_PTK_ROLES } from './pengguna';
import { MANUAL_ROLES } from './roles';

describe('baseRoleForJenisPtk', () => {
  it('tendik → tu, asesor → user, teachers and instruktur → guru', () => {
    expect(baseRoleForJenisPtk(11)).toBe('tu');
    expect(baseRoleForJenisPtk(93)).toBe('tu');
    expect(baseRoleForJenisPtk(98)).toBe('user');
    expect(baseRoleForJenisPtk(3)).toBe('guru');
    expect(baseRoleForJenisPtk(97)).toBe('guru');
  });
  it('never re-derives a manual role', () => {
    expect(DERIVED_PTK_ROLES.some((r) => MANUAL_ROLES.includes(r))).toBe(false);
  });
});

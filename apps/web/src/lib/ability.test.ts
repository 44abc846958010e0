import { abilitiesForRoles, can, RESOURCES } from '@erapor/contract/abilities';
import { ROLE_NAMES } from '@erapor/contract/roles';
import { describe, expect, it } from 'vitest';
import { buildAbility } from './ability';

describe('CASL ability', () => {
  it('agrees with the contract for every role and resource', () => {
    for (const role of ROLE_NAMES) {
      const rules = abilitiesForRoles([role]);
      const ability = buildAbility(rules);
      for (const r of RESOURCES)
        expect(`${role} ${r} ${ability.can('read', r)}`).toBe(`${role} ${r} ${can(rules, 'read', r)}`);
    }
  });

  it('manage grants every action, as in the contract', () => {
    const ability = buildAbility([{ action: 'manage', subject: 'Guru' }]);
    expect(ability.can('read', 'Guru')).toBe(true);
    expect(ability.can('read', 'Administrator')).toBe(false);
  });
});

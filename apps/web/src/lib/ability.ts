import { createMongoAbility, type MongoAbility } from '@casl/ability';
import { type AbilityRule, type Action, DEFAULT_ABILITY, type Resource } from '@erapor/contract/abilities';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * CASL abilities of the signed-in user (architecture §Web), built from the same rules the
 * route guard reads (`userData.ability`). Route access itself is decided by the contract's
 * `canOpenRoute` (resource + roles); screens use `useAbility()` / `<Can>` for finer checks.
 */
export type AppAbility = MongoAbility<[Action, Resource]>;

export function buildAbility(rules: readonly AbilityRule[]): AppAbility {
  return createMongoAbility<AppAbility>(rules.map((r) => ({ action: r.action, subject: r.subject })));
}

export const AbilityContext = createContext<AppAbility>(buildAbility(DEFAULT_ABILITY));

export function useAbility(): AppAbility {
  return useContext(AbilityContext);
}

/** Renders its children only when the user may `I` on `a` (action default read). */
export function Can({ I = 'read', a, children }: { I?: Action; a: Resource; children: ReactNode }) {
  const ability = useAbility();
  return ability.can(I, a) ? children : null;
}

import type { AbilityRule } from '@erapor/contract/abilities';
import { canOpenRoute } from '@erapor/contract/access';
import type { RoleName } from '@erapor/contract/roles';
import type { Layout, RouteDef } from '@erapor/contract/routes';
import type { LayoutType } from '../lib/prefs';

/**
 * The navigation guard (spec §4, §6), as a pure function of the matched route records and
 * the stored session. A route passes when any matched record passes `canOpenRoute`; a
 * redirect-if-logged-in route sends a logged-in user to their home page; otherwise a
 * logged-in user without access goes to /not-authorized and an anonymous one to /login.
 */
export interface GuardSession {
  loggedIn: boolean;
  /** A generated or reset one-time password: only the change screen and logout open (decision 054). */
  mustChangePassword?: boolean;
  ability: readonly AbilityRule[];
  roles: readonly RoleName[];
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

export const LOGIN_PATH = '/login';
export const NOT_AUTHORIZED_PATH = '/not-authorized';
export const NOT_FOUND_PATH = '/error-404';
export const PASSWORD_CHANGE_PATH = '/ganti-password';
const LOGOUT_PATH = '/logout';

/** Home page per role. Every role lands on the dashboard, which adapts to the role (§3). */
export function homeFor(_roles: readonly RoleName[]): string {
  return '/';
}

export function decideNavigation(
  records: readonly Pick<RouteDef, 'path' | 'resource' | 'action' | 'roles' | 'redirectIfLoggedIn'>[],
  session: GuardSession,
): GuardDecision {
  // The server refuses everything else to a one-time password; the change screen is the only
  // page (besides logout), and it is pointless once the password is the user's own.
  const forced = session.loggedIn && session.mustChangePassword === true;
  const onChange = records.some((r) => r.path === PASSWORD_CHANGE_PATH);
  if (forced && !onChange && !records.some((r) => r.path === LOGOUT_PATH)) {
    return { kind: 'redirect', to: PASSWORD_CHANGE_PATH };
  }
  if (onChange && !forced) {
    return { kind: 'redirect', to: session.loggedIn ? homeFor(session.roles) : LOGIN_PATH };
  }
  if (session.loggedIn && records.some((r) => r.redirectIfLoggedIn)) {
    return { kind: 'redirect', to: homeFor(session.roles) };
  }
  if (records.some((r) => canOpenRoute(r, session.ability, session.roles))) return { kind: 'allow' };
  return { kind: 'redirect', to: session.loggedIn ? NOT_AUTHORIZED_PATH : LOGIN_PATH };
}

/**
 * The layout a route renders in: pupils (siswa) get the full layout everywhere; a route's
 * meta `full` or `horizontal` wins; otherwise the configured layout type.
 */
export function resolveLayout(
  route: Pick<RouteDef, 'layout'>,
  configured: LayoutType,
  roles: readonly RoleName[],
): Layout {
  if (roles.includes('siswa')) return 'full';
  if (route.layout === 'full' || route.layout === 'horizontal') return route.layout;
  return configured;
}

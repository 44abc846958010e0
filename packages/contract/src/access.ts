import { type AbilityRule, can } from './abilities';
import type { MenuItem } from './menu';
import type { RoleName } from './roles';
import { type RouteDef, routeByName, type SemesterCondition } from './routes';

/**
 * Whether a user with these abilities and roles may open a route. Used by the web guard
 * and the menu; the server applies the same rule to its own endpoints and adds ownership.
 */
export function canOpenRoute(
  route: Pick<RouteDef, 'resource' | 'action' | 'roles'>,
  ability: readonly AbilityRule[],
  roles: readonly RoleName[],
): boolean {
  if (!route.resource) return true;
  if (!can(ability, route.action, route.resource)) return false;
  if (route.roles && !route.roles.some((r) => roles.includes(r))) return false;
  return true;
}

/**
 * Whether a page belongs to the semester of the login (routes.ts `semesters`). The menu leaves the
 * others out; the page itself still opens and says why it does not apply (its API refuses with
 * the reason), so an old bookmark is explained rather than bounced.
 */
export function openInSemester(condition: SemesterCondition | undefined, semesterId: string): boolean {
  if (!condition) return true;
  if (condition.from && semesterId < condition.from) return false;
  if (condition.genapOnly && !semesterId.endsWith('2')) return false;
  return true;
}

/**
 * The menu filtered for a user: hidden items dropped, empty groups dropped. With `semesterId`
 * (the login's), pages of other semesters are dropped too.
 */
export function visibleMenu(
  items: readonly MenuItem[],
  ability: readonly AbilityRule[],
  roles: readonly RoleName[],
  semesterId?: string,
): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (item.kind === 'group') {
      const children = visibleMenu(item.children, ability, roles, semesterId);
      if (children.length > 0) out.push({ ...item, children });
      continue;
    }
    const route = routeByName(item.route);
    if (!route) continue;
    if (!canOpenRoute(route, ability, roles)) continue;
    if (semesterId !== undefined && !openInSemester(route.semesters, semesterId)) continue;
    if (item.roles && !item.roles.some((r) => roles.includes(r))) continue;
    out.push(item);
  }
  return out;
}

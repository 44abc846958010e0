import { type AbilityRule, can } from './abilities';
import type { MenuItem } from './menu';
import type { RoleName } from './roles';
import { type RouteDef, routeByName } from './routes';

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

/** The menu filtered for a user: hidden items dropped, empty groups dropped. */
export function visibleMenu(
  items: readonly MenuItem[],
  ability: readonly AbilityRule[],
  roles: readonly RoleName[],
): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (item.kind === 'group') {
      const children = visibleMenu(item.children, ability, roles);
      if (children.length > 0) out.push({ ...item, children });
      continue;
    }
    const route = routeByName(item.route);
    if (!route) continue;
    if (!canOpenRoute(route, ability, roles)) continue;
    if (item.roles && !item.roles.some((r) => roles.includes(r))) continue;
    out.push(item);
  }
  return out;
}

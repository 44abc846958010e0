import type { AbilityRule } from '@erapor/contract/abilities';
import { visibleMenu } from '@erapor/contract/access';
import { MENU, type MenuItem } from '@erapor/contract/menu';
import type { RoleName } from '@erapor/contract/roles';
import { type RouteDef, routeByName } from '@erapor/contract/routes';

/**
 * The contract's menu for this user: hidden items and empty groups removed, and pages that do not
 * belong to the login's semester (Kenaikan Kelas in Ganjil, Kokurikuler before 2025/2026).
 */
export function menuFor(
  ability: readonly AbilityRule[],
  roles: readonly RoleName[],
  semesterId?: string,
): MenuItem[] {
  return visibleMenu(MENU, ability, roles, semesterId);
}

/** The menu item a route highlights: its own, or the one named by `navActiveLink`. */
export function activeItemName(
  def: Pick<RouteDef, 'name' | 'navActiveLink'> | undefined,
): string | undefined {
  return def ? (def.navActiveLink ?? def.name) : undefined;
}

export function containsRoute(item: MenuItem, routeName: string | undefined): boolean {
  if (!routeName) return false;
  if (item.kind === 'link') return item.route === routeName;
  return item.children.some((c) => containsRoute(c, routeName));
}

/** Titles from the top of the menu down to the highlighted item (empty when not in the menu). */
export function activeTrail(items: readonly MenuItem[], routeName: string | undefined): string[] {
  for (const item of items) {
    if (!containsRoute(item, routeName)) continue;
    if (item.kind === 'link') return [item.title];
    return [item.title, ...activeTrail(item.children, routeName)];
  }
  return [];
}

export function pathOf(routeName: string): string {
  return routeByName(routeName)?.path ?? '/';
}

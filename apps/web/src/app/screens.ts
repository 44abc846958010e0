import { Loader } from '@mantine/core';
import { type ComponentType, createElement, lazy, Suspense } from 'react';
import { loadAreaMessages } from '../lib/i18n';
import { useSession } from '../lib/session';
import { REUSED_SCREENS, ROLE_SCREENS, type RoleScreen, SCREEN_ALIASES } from './screen-aliases';

/**
 * Every screen is its own lazy chunk: the file `features/<area>/routes/<route-name>.tsx`
 * (default export) belongs to the contract route of that name. Vite turns each file found
 * here into a separate chunk under js/chunks/. A screen another menu entry shows too is named
 * for that route in ./screen-aliases.ts (decision 061): no feature imports another's screen.
 *
 * This table (every screen's chunk and the chunks it preloads: ~5 kB gzip) is itself a lazy
 * chunk, loaded with the first screen behind the login; the entry holds only the bare public
 * pages' few (`BARE_SCREENS`), so /login stays within its budget (docs/decisions/003).
 */
export type ScreenModule = { default: ComponentType };
type Load = () => Promise<ScreenModule>;

const files = import.meta.glob<ScreenModule>(['../features/*/routes/*.tsx', '!../features/**/*.test.tsx']);

/** Screen file name (`cetak-rapor`) → its loader and its area (feature folder). */
const FILES: Readonly<Record<string, { load: Load; area: string }>> = Object.fromEntries(
  Object.entries(files).map(([path, load]) => [
    path.replace(/^.*\/routes\/(.+)\.tsx$/, '$1'),
    { load, area: path.replace(/^.*features\/([^/]+)\/routes\/.*$/, '$1') },
  ]),
);

function file(name: string): { load: Load; area: string } {
  const found = FILES[name];
  if (!found) throw new Error(`Screen file missing: ${name}`);
  return found;
}

/** The route's own screen, or the other file's for a user `when` picks. */
function RoleScreenSwitch({
  own,
  other,
  when,
}: {
  own: ComponentType;
  other: ComponentType;
  when: RoleScreen['when'];
}) {
  const { userData } = useSession();
  if (!when(userData?.roles ?? [])) return createElement(own);
  return createElement(Suspense, { fallback: createElement(Loader, { size: 'sm' }) }, createElement(other));
}

/**
 * A route with a role screen: its own file, and for a user `role.when` picks the other file (with
 * its area's strings), fetched the first time such a user opens the route.
 */
function byRole(own: Load, role: RoleScreen): Load {
  const target = file(role.screen);
  const other = lazy(() => Promise.all([target.load(), loadAreaMessages(target.area)]).then(([m]) => m));
  return async () => {
    const props = { own: (await own()).default, other, when: role.when };
    return { default: () => createElement(RoleScreenSwitch, props) };
  };
}

const ROUTE_FILES: [string, string][] = [
  ...Object.keys(FILES)
    .filter((name) => !REUSED_SCREENS.has(name))
    .map((name): [string, string] => [name, name]),
  ...Object.entries(SCREEN_ALIASES),
];

/** Route name → its screen's loader. */
export const SCREENS: Readonly<Record<string, Load>> = Object.fromEntries(
  ROUTE_FILES.map(([route, name]) => {
    const role = ROLE_SCREENS[route];
    return [route, role ? byRole(file(name).load, role) : file(name).load];
  }),
);

/** Area (feature folder) of every route's screen, e.g. `pkl-perencanaan` → `pkl`, `progress-cetak-rapor` → `cetak`. */
export const SCREEN_AREAS: Readonly<Record<string, string>> = Object.fromEntries(
  ROUTE_FILES.map(([route, name]) => [route, file(name).area]),
);

import type { ComponentType } from 'react';

/**
 * Every screen is its own lazy chunk: the file `features/<area>/routes/<route-name>.tsx`
 * (default export) belongs to the contract route of that name. Vite turns each file found
 * here into a separate chunk under js/chunks/.
 *
 * This table (every screen's chunk and the chunks it preloads: ~5 kB gzip) is itself a lazy
 * chunk, loaded with the first screen behind the login; the entry holds only the bare public
 * pages' few (`BARE_SCREENS`), so /login stays within its budget (docs/decisions/003).
 */
export type ScreenModule = { default: ComponentType };

const files = import.meta.glob<ScreenModule>(['../features/*/routes/*.tsx', '!../features/**/*.test.tsx']);

export const SCREENS: Readonly<Record<string, () => Promise<ScreenModule>>> = Object.fromEntries(
  Object.entries(files).map(([path, load]) => [path.replace(/^.*\/routes\/(.+)\.tsx$/, '$1'), load]),
);

/** Area (feature folder) of every screen, e.g. `pkl-perencanaan` → `pkl`. */
export const SCREEN_AREAS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.keys(files).map((path) => [
    path.replace(/^.*\/routes\/(.+)\.tsx$/, '$1'),
    path.replace(/^.*features\/([^/]+)\/routes\/.*$/, '$1'),
  ]),
);

import type { ComponentType } from 'react';

/**
 * Every screen is its own lazy chunk: the file `features/<area>/routes/<route-name>.tsx`
 * (default export) belongs to the contract route of that name. Vite turns each file found
 * here into a separate chunk under js/chunks/.
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

import { lazyRouteComponent } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { loadChunk } from '../lib/chunk-load';
import { AppLayout } from './app-layout-chunk';

/**
 * The lazily loaded parts of the shell. The login page needs none of them: Mantine and the
 * layouts arrive with the first page behind the login (docs/decisions/003).
 * `lazyRouteComponent` gives a component that renders synchronously once `preload()` has run
 * (the route loader preloads, so no flash of a fallback) and rethrows a failed load
 * (ChunkLoadError) to the route's error component.
 */
export const UiRoot = lazyRouteComponent(() => loadChunk('ui-root', () => import('./ui-root')));

export async function preloadShell(withAppLayout: boolean): Promise<void> {
  await Promise.all([UiRoot.preload?.(), withAppLayout ? AppLayout.preload?.() : undefined]);
}

/** Routes drawn without Mantine and without a layout (the public auth pages and logout). */
export const BARE_ROUTES: ReadonlySet<string> = new Set([
  'auth-login',
  'auth-register',
  'auth-lupa-password',
  'auth-logout',
]);

/**
 * The screens of the bare routes, found in the entry: `features/auth/routes/auth-*.tsx` (each its
 * own chunk). Every other screen is looked up in the lazy screen table (`./screens`), which
 * /login never loads.
 */
export const BARE_SCREENS: Readonly<Record<string, () => Promise<{ default: ComponentType }>>> =
  Object.fromEntries(
    Object.entries(
      import.meta.glob<{ default: ComponentType }>([
        '../features/auth/routes/auth-*.tsx',
        '!../features/auth/routes/*.test.tsx',
      ]),
    ).map(([path, load]) => [path.replace(/^.*\/routes\/(.+)\.tsx$/, '$1'), load]),
  );

import { documentTitle, ROUTES } from '@erapor/contract/routes';
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type RouterHistory,
  redirect,
} from '@tanstack/react-router';
import { loadChunk } from '../lib/chunk-load';
import { loadAppMessages, loadAreaMessages } from '../lib/i18n';
import '../lib/route-meta';
import { hideLoadingOverlay } from '../lib/loading-overlay';
import { getPrefs } from '../lib/prefs';
import { getSession, isLoggedIn, sessionAbility, sessionRoles, subscribeSession } from '../lib/session';
import { parseSearchString, parseViewSearch, stringifyViewSearch } from '../lib/view-search';
import { decideNavigation, type GuardSession, NOT_FOUND_PATH, resolveLayout } from './guard';
import { RootShell } from './root-shell';
import { PendingBar, RouteErrorPanel } from './route-error';
import type { ScreenModule } from './screens';
import { BARE_ROUTES, BARE_SCREENS, preloadShell } from './shell-chunks';

export function currentGuardSession(): GuardSession {
  const s = getSession();
  return {
    loggedIn: isLoggedIn(s),
    mustChangePassword: s.userData?.must_change_password === true,
    ability: sessionAbility(s),
    roles: sessionRoles(s),
  };
}

function MissingScreen(): never {
  throw new Error('Screen file missing for this route');
}

/**
 * A route's screen with its feature's messages. A bare public page is found in the entry; any
 * other screen in the lazy screen table (`./screens`, one more chunk the first time), so the
 * table of every screen's chunks stays out of /login (docs/decisions/003).
 */
async function loadScreen(name: string): Promise<ScreenModule> {
  const bare = BARE_SCREENS[name];
  // Their messages are the public part loaded before the first render (decision 020).
  if (bare) return loadChunk(name, bare);
  const { SCREENS, SCREEN_AREAS } = await loadChunk('screens', () => import('./screens'));
  const importer = SCREENS[name];
  if (!importer) return { default: MissingScreen };
  const [screen] = await Promise.all([loadChunk(name, importer), loadAreaMessages(SCREEN_AREAS[name] ?? '')]);
  return screen;
}

/** The router: one lazy route per record of the contract's route table. */
export function createAppRouter(history?: RouterHistory) {
  const rootRoute = createRootRoute({ component: RootShell, errorComponent: RouteErrorPanel });

  const screens = ROUTES.map((def) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path: def.path,
      staticData: { def },
      // Every screen's view lives in the URL (lib/view-search.ts).
      validateSearch: parseViewSearch,
      beforeLoad: () => {
        const decision = decideNavigation([def], currentGuardSession());
        if (decision.kind === 'redirect') throw redirect({ to: decision.to, replace: true });
      },
      loader: async () => {
        if (BARE_ROUTES.has(def.name)) return;
        const layout = resolveLayout(def, getPrefs().layoutType, sessionRoles());
        // The shell and the whole messages (the public pages load only theirs: decision 020).
        await Promise.all([loadAppMessages(), preloadShell(layout !== 'full')]);
      },
      component: lazyRouteComponent(() => loadScreen(def.name)),
    }),
  );

  const unknown = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    beforeLoad: () => {
      throw redirect({ to: NOT_FOUND_PATH, replace: true });
    },
  });

  const router = createRouter({
    routeTree: rootRoute.addChildren([...screens, unknown]),
    history,
    defaultPreload: 'intent',
    defaultPendingComponent: PendingBar,
    defaultErrorComponent: RouteErrorPanel,
    scrollRestoration: false,
    parseSearch: parseSearchString,
    stringifySearch: stringifyViewSearch,
  });

  let first = true;
  router.subscribe('onResolved', (event) => {
    const def = router.state.matches[router.state.matches.length - 1]?.staticData?.def;
    if (def) document.title = documentTitle(def);
    if (event.pathChanged && typeof window !== 'undefined') window.scrollTo({ top: 0, left: 0 });
    if (first) {
      first = false;
      hideLoadingOverlay();
    }
  });

  // Another tab logged in or out, or the session expired: re-run the guards.
  let signature = sessionSignature();
  subscribeSession(() => {
    const next = sessionSignature();
    if (next === signature) return;
    signature = next;
    void router.invalidate();
  });

  return router;
}

function sessionSignature(): string {
  const s = getSession();
  // The one-time password flag too: the server's 403 sets it and the guards must send the user
  // to the change screen; clearing it lets them go on.
  return isLoggedIn(s)
    ? `${s.userData?.id}:${sessionRoles(s).join(',')}:${s.userData?.must_change_password === true}`
    : '';
}

export type AppRouter = ReturnType<typeof createAppRouter>;

import { Outlet } from '@tanstack/react-router';
import { ScrollToTop } from '../components/scroll-to-top';
import { Toaster } from '../components/toaster';
import { APP_CONFIG, usePrefs } from '../lib/prefs';
import { useRouteDef } from '../lib/route-meta';
import { sessionRoles, useSession } from '../lib/session';
import { resolveLayout } from './guard';
import { BARE_ROUTES, UiRoot } from './shell-chunks';

/**
 * The root component: the public auth pages render bare (no Mantine, no layout: the /login
 * size budget); every other route renders inside the lazily loaded UI root, which picks the
 * full, vertical or horizontal layout.
 */
export function RootShell() {
  const def = useRouteDef();
  const session = useSession();
  const prefs = usePrefs();
  const bare = !def || BARE_ROUTES.has(def.name);
  return (
    <>
      {bare ? (
        <Outlet />
      ) : (
        <UiRoot def={def} layout={resolveLayout(def, prefs.layoutType, sessionRoles(session))}>
          <Outlet />
        </UiRoot>
      )}
      <Toaster />
      {APP_CONFIG.enableScrollToTop ? <ScrollToTop /> : null}
    </>
  );
}

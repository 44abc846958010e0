import './mantine-styles';
import '../styles/layout.css';
import '../styles/focus.css';
import type { Layout, RouteDef } from '@erapor/contract/routes';
import {
  type Direction,
  DirectionContext,
  type MantineColorSchemeManager,
  MantineProvider,
} from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect, useMemo } from 'react';
import { AbilityContext, buildAbility } from '../lib/ability';
import { setSessionExpiredHandler } from '../lib/api-client';
import { useTranslation } from '../lib/i18n';
import { setPrefs, usePrefs } from '../lib/prefs';
import { queryClient } from '../lib/query-client';
import { sessionAbility, useSession } from '../lib/session';
import { accessibleCssVariables } from './accessible-colors';
import { AppLayout } from './app-layout-chunk';
import { FullLayout } from './layouts/full-layout';
import { themeWithLabels } from './theme';

/** The skin decides the colour scheme; Mantine must not keep its own copy in storage. */
const noStorage: MantineColorSchemeManager = {
  get: (fallback) => fallback,
  set: () => {},
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
};

/**
 * Everything behind the front door: Mantine (theme, colour scheme from the skin, direction),
 * TanStack Query, the CASL abilities, and the layout chosen for the route.
 */
export default function UiRoot({
  def,
  layout,
  children,
}: {
  def: RouteDef;
  layout: Layout;
  children: ReactNode;
}) {
  const prefs = usePrefs();
  const session = useSession();
  const router = useRouter();
  const ability = useMemo(() => buildAbility(sessionAbility(session)), [session]);
  const { t } = useTranslation();
  const close = t('common.close');
  const togglePassword = t('common.togglePassword');
  const theme = useMemo(() => themeWithLabels({ close, togglePassword }), [close, togglePassword]);

  useEffect(() => {
    setSessionExpiredHandler(() => void router.navigate({ to: '/login', replace: true }));
  }, [router]);

  const dir: Direction = prefs.isRTL ? 'rtl' : 'ltr';
  const direction = useMemo(
    () => ({
      dir,
      setDirection: (d: Direction) => setPrefs({ isRTL: d === 'rtl' }),
      toggleDirection: () => setPrefs({ isRTL: dir !== 'rtl' }),
    }),
    [dir],
  );

  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={accessibleCssVariables}
      forceColorScheme={prefs.skin === 'dark' ? 'dark' : 'light'}
      colorSchemeManager={noStorage}
    >
      <DirectionContext.Provider value={direction}>
        <QueryClientProvider client={queryClient}>
          <AbilityContext.Provider value={ability}>
            {layout === 'full' ? (
              <FullLayout def={def}>{children}</FullLayout>
            ) : (
              <AppLayout def={def} type={layout}>
                {children}
              </AppLayout>
            )}
          </AbilityContext.Provider>
        </QueryClientProvider>
      </DirectionContext.Provider>
    </MantineProvider>
  );
}

import type { RouteDef } from '@erapor/contract/routes';
import { faAnglesLeft, faAnglesRight, faBars, faGear, faXmark } from '@fortawesome/free-solid-svg-icons';
import { Link, useRouterState } from '@tanstack/react-router';
import clsx from 'clsx';
import { type ComponentType, type ReactNode, useEffect, useMemo, useState } from 'react';
import { Icon } from '../../components/icon';
import { LocaleSwitcher } from '../../components/locale-switcher';
import { PageHeader } from '../../components/page-header';
import { loadChunk } from '../../lib/chunk-load';
import { failureText } from '../../lib/http-errors';
import { useTranslation } from '../../lib/i18n';
import { APP_CONFIG, type LayoutType, setPrefs, usePrefs } from '../../lib/prefs';
import { sessionAbility, sessionRoles, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { BREAKPOINTS, useWindowWidth } from '../../lib/window-width';
import { Footer } from './footer';
import { HorizontalMenu } from './horizontal-menu';
import { activeItemName, menuFor } from './menu-model';
import { DarkToggle, SchoolSemesterTitle, UserMenu } from './navbar-parts';
import { VerticalMenu } from './vertical-menu';

type CustomizerComponent = ComponentType<{ opened: boolean; onClose: () => void }>;

/** Vertical and horizontal layouts: menu, navbar, page header, content, footer, customizer. */
export default function AppLayout({
  def,
  type,
  children,
}: {
  def: RouteDef;
  type: LayoutType;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const session = useSession();
  const width = useWindowWidth();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [mobileOpen, setMobileOpen] = useState(false);
  const [customizerOpen, setCustomizerOpen] = useState(false);
  const [Customizer, setCustomizer] = useState<CustomizerComponent | null>(null);

  const items = useMemo(
    () => menuFor(sessionAbility(session), sessionRoles(session), session.userData?.semester.semester_id),
    [session],
  );
  const active = activeItemName(def);
  // Below the lg breakpoint the vertical menu is an overlay opened from the navbar.
  const overlayMenu = type === 'vertical' && (width < BREAKPOINTS.lg || prefs.menuHidden);
  const collapsed = type === 'vertical' && !overlayMenu && prefs.menuCollapsed;

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the overlay menu on every navigation
  useEffect(() => setMobileOpen(false), [pathname]);

  // The customizer is its own chunk, fetched on first use; a failure is told, the page stays.
  const openCustomizer = () => {
    setCustomizerOpen(true);
    if (Customizer) return;
    loadChunk('customizer', () => import('./customizer')).then(
      (mod) => setCustomizer(() => mod.default),
      (error: unknown) => {
        setCustomizerOpen(false);
        toast.error(t('chunk.title'), failureText(error, t), 'long');
      },
    );
  };

  return (
    <div
      className={clsx(
        'er-app',
        `er-app--${type}`,
        `er-app--navbar-${prefs.navbarType}`,
        `er-app--footer-${prefs.footerType}`,
        `er-app--width-${prefs.contentWidth}`,
        collapsed && 'er-app--collapsed',
        overlayMenu && 'er-app--overlay-menu',
      )}
    >
      <a className="er-skip" href="#main-content">
        {t('layout.skipToContent')}
      </a>
      {type === 'vertical' ? (
        <aside
          className={clsx('er-sidebar', overlayMenu && mobileOpen && 'er-sidebar--open')}
          data-mantine-color-scheme={prefs.skin === 'semi-dark' ? 'dark' : undefined}
          aria-hidden={overlayMenu && !mobileOpen ? true : undefined}
          inert={overlayMenu && !mobileOpen ? true : undefined}
        >
          <div className="er-sidebar__header">
            <Link to="/" className="er-brand">
              <img src="/favicon.svg" alt="" width="32" height="32" />
              <span className="er-brand__name">{APP_CONFIG.appName}</span>
            </Link>
            {overlayMenu ? (
              <button
                type="button"
                className="er-icon-btn"
                aria-label={t('layout.closeMenu')}
                onClick={() => setMobileOpen(false)}
              >
                <Icon icon={faXmark} size={18} />
              </button>
            ) : (
              <button
                type="button"
                className="er-icon-btn er-sidebar__collapse"
                aria-label={prefs.menuCollapsed ? t('layout.expandMenu') : t('layout.collapseMenu')}
                aria-pressed={prefs.menuCollapsed}
                data-testid="menu-collapse"
                onClick={() => setPrefs({ menuCollapsed: !prefs.menuCollapsed })}
              >
                <Icon icon={prefs.menuCollapsed ? faAnglesRight : faAnglesLeft} size={14} />
              </button>
            )}
          </div>
          <div className="er-sidebar__scroll">
            <VerticalMenu items={items} active={active} />
          </div>
        </aside>
      ) : null}
      {overlayMenu && mobileOpen ? (
        <button
          type="button"
          className="er-sidebar-overlay"
          aria-label={t('layout.closeMenu')}
          onClick={() => setMobileOpen(false)}
        />
      ) : null}

      <div className="er-main">
        {prefs.navbarType !== 'hidden' ? (
          <header
            className={clsx(
              'er-navbar',
              `er-navbar--${prefs.navbarType}`,
              prefs.navbarColor && 'er-navbar--colored',
            )}
            data-color={prefs.navbarColor || undefined}
            style={
              prefs.navbarColor
                ? { background: `var(--mantine-color-${prefs.navbarColor}-6)`, color: '#fff' }
                : undefined
            }
            data-testid="navbar"
          >
            {overlayMenu ? (
              <button
                type="button"
                className="er-icon-btn"
                aria-label={t('layout.openMenu')}
                aria-expanded={mobileOpen}
                onClick={() => setMobileOpen(true)}
              >
                <Icon icon={faBars} size={18} />
              </button>
            ) : null}
            <SchoolSemesterTitle />
            <div className="er-navbar__actions">
              <LocaleSwitcher />
              <DarkToggle />
              <UserMenu />
            </div>
          </header>
        ) : null}
        {type === 'horizontal' ? <HorizontalMenu items={items} active={active} /> : null}
        <main className="er-content" id="main-content">
          <div className="er-content__inner">
            <PageHeader def={def} />
            <div key={pathname} className={`er-transition er-transition--${prefs.routerTransition}`}>
              {children}
            </div>
          </div>
        </main>
        <Footer type={prefs.footerType} />
      </div>

      {APP_CONFIG.customizer ? (
        <>
          <button
            type="button"
            className="er-customizer-toggle"
            aria-label={t('customizer.open')}
            aria-expanded={customizerOpen}
            data-testid="customizer-toggle"
            onClick={openCustomizer}
          >
            <Icon icon={faGear} size={18} />
          </button>
          {Customizer ? (
            <Customizer opened={customizerOpen} onClose={() => setCustomizerOpen(false)} />
          ) : null}
        </>
      ) : null}
    </div>
  );
}

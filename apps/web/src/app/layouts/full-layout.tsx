import type { RouteDef } from '@erapor/contract/routes';
import type { ReactNode } from 'react';
import { LocaleSwitcher } from '../../components/locale-switcher';
import { PageHeader } from '../../components/page-header';
import { isLoggedIn, useSession } from '../../lib/session';
import { DarkToggle, SchoolSemesterTitle, UserMenu } from './navbar-parts';

/**
 * The full layout: no sidebar. Error pages use it bare. Pupils (siswa) get it on every route
 * (reference-screens §1) — with a slim bar (school, language, skin, user menu) and the page
 * header, so they can still reach their profile and log out.
 */
export function FullLayout({ def, children }: { def: RouteDef; children: ReactNode }) {
  const session = useSession();
  const withBar = isLoggedIn(session) && def.layout !== 'full';
  if (!withBar) return <div className="er-full">{children}</div>;
  return (
    <div className="er-full er-full--bar">
      <header className="er-full__bar">
        <SchoolSemesterTitle />
        <div className="er-navbar__actions">
          <LocaleSwitcher />
          <DarkToggle />
          <UserMenu />
        </div>
      </header>
      <main className="er-full__content" id="main-content">
        <PageHeader def={def} />
        {children}
      </main>
    </div>
  );
}

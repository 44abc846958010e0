import { visibleMenu } from '@erapor/contract/access';
import type { LoginResponse } from '@erapor/contract/auth';
import { MENU, type MenuItem } from '@erapor/contract/menu';
import { documentTitle, routeByName } from '@erapor/contract/routes';
import { expect, type Page, test } from '@playwright/test';
import { axeViolations } from './a11y';
import { DEMO, DEMO_PASSWORD, type DemoAccount, navigate } from './support';

/*
 * Menus match permissions, generated from the route table: for every demo account, the menu the
 * contract gives its roles and abilities is the menu on screen, and every entry opens without the
 * guard turning it away and without one of its data requests answering 401, 403 or 5xx. (Hiding a
 * menu item is never the fix for a 403 the user should not get.)
 *
 * The same walk is the accessibility check of every screen (issue #10 item 6, decision 023): axe
 * (WCAG 2.0/2.1 A and AA) on the public pages, on each account's Beranda, once on every other path
 * (for the first account that reaches it) and on a few open dialogs; no serious or critical violation.
 */

const ACCOUNTS = Object.keys(DEMO) as DemoAccount[];

/** Paths axe has checked in this run: the tests of this file run in order in one worker. */
const axeChecked = new Set<string>();

/** Dialogs checked with axe while open, on the screen that opens them. */
const DIALOGS: Record<string, { open: string; dialog: string }[]> = {
  '/referensi/guru': [{ open: 'gtk-detail', dialog: 'gtk-detail-modal' }],
  '/referensi/rombongan-belajar': [{ open: 'rombel-anggota', dialog: 'anggota-modal' }],
};

function links(items: readonly MenuItem[]): { title: string; path: string; documentTitle: string }[] {
  return items.flatMap((item) => {
    if (item.kind === 'group') return links(item.children);
    const route = routeByName(item.route);
    return route ? [{ title: item.title, path: route.path, documentTitle: documentTitle(route) }] : [];
  });
}

async function loginFor(
  page: Page,
  account: DemoAccount,
  axe: (screen: string) => Promise<void>,
): Promise<LoginResponse> {
  // The public pages besides /login, once (they are in no menu).
  for (const path of ['/lupa-password', '/register']) {
    if (axeChecked.has(path)) continue;
    await page.goto(path);
    await expect(page.getByRole('link', { name: /sign in/i })).toBeVisible();
    await axe(path);
  }
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await axe('/login');
  await page.getByLabel('Email').fill(DEMO[account]);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/jwt/login') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Login' }).click(),
  ]);
  await expect(page).toHaveURL(/\/$/);
  return (await response.json()) as LoginResponse;
}

for (const account of ACCOUNTS) {
  test(`menu of ${account}: every entry opens and its data requests are allowed`, async ({ page }) => {
    // The administrator's menu has ~30 screens, each with axe: room for a CI machine under load.
    test.setTimeout(480_000);
    const violations: string[] = [];
    let axeMs = 0;
    /** axe once per path (`always`: every account's Beranda); `within` narrows it to an open dialog. */
    const axe = async (screen: string, always = false, within?: string) => {
      if (!always && axeChecked.has(screen)) return;
      axeChecked.add(screen);
      const started = Date.now();
      violations.push(...(await axeViolations(page, screen, within)));
      axeMs += Date.now() - started;
    };
    const { userData } = await loginFor(page, account, (screen) => axe(screen));
    const expected = links(
      visibleMenu(MENU, userData.ability, userData.roles, userData.semester.semester_id),
    );
    expect(expected.length).toBeGreaterThan(1);

    // The menu on screen is the one the contract computes: every entry's link is there. A pupil's
    // portal has no side menu; its entries are still opened below.
    const nav = page.getByTestId('menu');
    if (account === 'siswa') await expect(nav).toHaveCount(0);
    else {
      for (const { path } of expected) {
        await expect(nav.locator(`a[href="${path}"]`).first(), path).toHaveCount(1);
      }
    }

    const refused: string[] = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (!url.pathname.startsWith('/api/')) return;
      const status = res.status();
      if (status === 401 || status === 403 || status >= 500)
        refused.push(`${status} ${url.pathname}${url.search}`);
    });
    for (const { title, path, documentTitle: screenTitle } of expected) {
      const before = refused.length;
      // Opened in the running app as the menu does (a full reload per screen cost ~1 s each); the
      // screen's own title shows the guard let it render.
      await navigate(page, path);
      await expect(page, `${title} (${path})`).toHaveURL(new RegExp(`${path === '/' ? '/$' : path}`));
      await expect(page, `${title} (${path})`).toHaveTitle(screenTitle, { timeout: 30_000 });
      await expect(page.getByTestId('route-error')).toHaveCount(0);
      // Let the screen's first data requests come back.
      await page.waitForLoadState('networkidle');
      expect(refused.slice(before), `${title} (${path})`).toEqual([]);
      await expect(page).not.toHaveURL(/not-authorized/);
      await axe(path, path === '/');
      for (const { open, dialog } of axeChecked.has(`${path} dialogs`) ? [] : (DIALOGS[path] ?? [])) {
        await page.getByTestId(open).first().click();
        // The Mantine Modal root that carries the test id has no box of its own: its dialog does.
        await expect(page.getByRole('dialog')).toBeVisible();
        await expect(page.getByTestId(dialog)).toHaveCount(1);
        await page.waitForLoadState('networkidle');
        await axe(`${path} (dialog ${dialog})`, true, '[role="dialog"]');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
      axeChecked.add(`${path} dialogs`);
    }
    test.info().annotations.push({ type: 'axe', description: `${axeMs} ms` });
    console.log(`[axe] ${account}: ${axeMs} ms`);
    expect(violations, 'serious or critical accessibility violations').toEqual([]);
  });
}

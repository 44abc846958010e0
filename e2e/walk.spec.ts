import { visibleMenu } from '@erapor/contract/access';
import type { LoginResponse } from '@erapor/contract/auth';
import { MENU, type MenuItem } from '@erapor/contract/menu';
import { documentTitle, routeByName } from '@erapor/contract/routes';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeViolations } from './a11y';
import { englishOn, settleScreen } from './language-check';
import { checkScreen, WIDTHS } from './layout-check';
import { DEMO, DEMO_PASSWORD, type DemoAccount, navigate } from './support';

/*
 * One walk through every screen of every demo account's menu, in an Indonesian browser — the
 * language schools use. Per account (issue #10; decisions 020, 023, 024):
 * - menus match permissions: the menu on screen is the one the contract gives the account's roles
 *   and abilities, and every entry opens without the guard turning it away and without one of its
 *   data requests answering 401, 403 or 5xx (hiding a menu item is never the fix for a 403);
 * - language: no English on the Beranda right after the login (with its toast) nor on any screen;
 * - accessibility: axe (WCAG 2.0/2.1 A and AA) on every account's Beranda, once on every other path
 *   and on a few open dialogs; no serious or critical violation;
 * - layout: each path once, and every account's Beranda, at 1366, 1280 and 390 px (layout-check.ts).
 * Axe and the layout run on a path's first visitor, worked out before the walk from the menus the
 * server gives each account at log-in, so the accounts' walks can run in parallel.
 *
 * These were three walks (menu, language, layout) that opened every screen three times: ≈ 32 minutes
 * of a CI run's browser time under load. One walk opens each screen once per account.
 */

const ACCOUNTS = Object.keys(DEMO) as DemoAccount[];

/** Dialogs checked with axe while open, on the screen that opens them. */
const DIALOGS: Record<string, { open: string; dialog: string }[]> = {
  '/referensi/guru': [{ open: 'gtk-detail', dialog: 'gtk-detail-modal' }],
  '/referensi/rombongan-belajar': [{ open: 'rombel-anggota', dialog: 'anggota-modal' }],
};

/** Screens whose screenshots are committed under docs/screens/. */
const SHOTS: Record<string, string> = {
  '/referensi/rombongan-belajar': 'rombongan-belajar',
  '/referensi/guru': 'referensi-guru',
};

function links(items: readonly MenuItem[]): { path: string; title: string }[] {
  return items.flatMap((item) => {
    if (item.kind === 'group') return links(item.children);
    const route = routeByName(item.route);
    return route ? [{ path: route.path, title: documentTitle(route) }] : [];
  });
}

/** Which account checks axe and the layout of which path: the first account whose menu has it. */
async function firstVisitors(request: APIRequestContext): Promise<Map<DemoAccount, Set<string>>> {
  const { semester_id } = (await (await request.get('/api/auth/semester')).json()) as { semester_id: string };
  const seen = new Set<string>();
  const assigned = new Map<DemoAccount, Set<string>>();
  for (const account of ACCOUNTS) {
    const res = await request.post('/api/jwt/login', {
      data: { email: DEMO[account], password: DEMO_PASSWORD, semester_id },
    });
    expect(res.ok(), `log-in of ${account}`).toBe(true);
    const { userData } = (await res.json()) as LoginResponse;
    const mine = new Set<string>();
    for (const { path } of links(
      visibleMenu(MENU, userData.ability, userData.roles, userData.semester.semester_id),
    )) {
      if (!seen.has(path)) mine.add(path);
      seen.add(path);
    }
    assigned.set(account, mine);
  }
  return assigned;
}

let assigned: Map<DemoAccount, Set<string>>;
test.beforeAll(async ({ request }) => {
  assigned = await firstVisitors(request);
});

test.use({ locale: 'id-ID' });
test.describe.configure({ mode: 'parallel' });

async function loginAs(page: Page, account: DemoAccount): Promise<LoginResponse> {
  await page.goto('/login');
  // Type once the page's messages are in, as a person reading it would (a CI run once clicked Login
  // on a form that had not kept the typed fields).
  await page.waitForLoadState('networkidle');
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
  test(`${account}: menu, language, accessibility and layout of every screen`, async ({ page }) => {
    // The administrator's menu has ~30 screens, each with axe and three widths: room for a CI
    // machine under load.
    test.setTimeout(600_000);
    const mine = assigned.get(account) ?? new Set<string>();
    const problems: string[] = [];
    const violations: string[] = [];
    const { userData } = await loginAs(page, account);
    const screens = links(visibleMenu(MENU, userData.ability, userData.roles, userData.semester.semester_id));
    expect(screens[0]?.path).toBe('/');

    // The Beranda right after the login, with its welcome toast.
    await settleScreen(page, screens[0]?.title);
    for (const text of await englishOn(page)) problems.push(`/ (after login) → ${text}`);

    // The menu on screen is the one the contract computes. A pupil's portal has no side menu; its
    // entries are still opened below.
    const nav = page.getByTestId('menu');
    if (account === 'siswa') await expect(nav).toHaveCount(0);
    else {
      for (const { path } of screens) {
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
    for (const { path, title } of screens) {
      const before = refused.length;
      const label = `${account} ${path}`;
      const first = mine.has(path) || path === '/';
      await page.setViewportSize(WIDTHS[0]);
      // Opened in the running app as the menu does (a full reload per screen cost ~1 s each); the
      // screen's own title shows the guard let it render.
      await navigate(page, path);
      await expect(page, label).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}(\\?.*)?$`));
      await expect(page, label).toHaveTitle(title, { timeout: 30_000 });
      await expect(page.getByTestId('route-error')).toHaveCount(0);
      // Let the screen's first data requests come back.
      await page.waitForLoadState('networkidle');
      expect(refused.slice(before), label).toEqual([]);
      await expect(page).not.toHaveURL(/not-authorized/);
      await settleScreen(page);
      for (const text of await englishOn(page)) problems.push(`${path} → ${text}`);
      if (!first) continue;
      violations.push(...(await axeViolations(page, path)));
      for (const { open, dialog } of DIALOGS[path] ?? []) {
        await page.getByTestId(open).first().click();
        // The Mantine Modal root that carries the test id has no box of its own: its dialog does.
        await expect(page.getByRole('dialog')).toBeVisible();
        await expect(page.getByTestId(dialog)).toHaveCount(1);
        await page.waitForLoadState('networkidle');
        violations.push(...(await axeViolations(page, `${path} (dialog ${dialog})`, '[role="dialog"]')));
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
      problems.push(...(await checkScreen(page, label, account === 'siswa', SHOTS[path])));
    }
    expect(violations, 'serious or critical accessibility violations').toEqual([]);
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

// The pages before a login and the error pages (full layout, no side menu: no burger to check).
test('public and error pages: language, accessibility and layout', async ({ page }) => {
  const problems: string[] = [];
  const violations: string[] = [];
  await page.goto('/login');
  await expect(page.getByText('Silahkan login untuk dapat mengakses Aplikasi')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  for (const path of ['/login', '/lupa-password', '/register', '/error-404']) {
    await page.setViewportSize(WIDTHS[0]);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await settleScreen(page);
    for (const text of await englishOn(page)) problems.push(`${path} → ${text}`);
    if (path !== '/error-404') violations.push(...(await axeViolations(page, path)));
    problems.push(...(await checkScreen(page, `public ${path}`, true)));
  }
  await loginAs(page, 'guru');
  await page.goto('/setting/umum');
  await expect(page).toHaveURL(/\/not-authorized$/);
  await page.waitForLoadState('networkidle');
  for (const text of await englishOn(page)) problems.push(`/not-authorized → ${text}`);
  problems.push(...(await checkScreen(page, 'guru /not-authorized', true)));
  expect(violations, 'serious or critical accessibility violations').toEqual([]);
  expect(problems, problems.join('\n')).toEqual([]);
});

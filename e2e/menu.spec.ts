import { visibleMenu } from '@erapor/contract/access';
import type { LoginResponse } from '@erapor/contract/auth';
import { MENU, type MenuItem } from '@erapor/contract/menu';
import { routeByName } from '@erapor/contract/routes';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, type DemoAccount } from './support';

/*
 * Menus match permissions, generated from the route table: for every demo account, the menu the
 * contract gives its roles and abilities is the menu on screen, and every entry opens without the
 * guard turning it away and without one of its data requests answering 401, 403 or 5xx. (Hiding a
 * menu item is never the fix for a 403 the user should not get.)
 */

const ACCOUNTS = Object.keys(DEMO) as DemoAccount[];

function links(items: readonly MenuItem[]): { title: string; path: string }[] {
  return items.flatMap((item) => {
    if (item.kind === 'group') return links(item.children);
    const route = routeByName(item.route);
    return route ? [{ title: item.title, path: route.path }] : [];
  });
}

async function loginFor(page: Page, account: DemoAccount): Promise<LoginResponse> {
  await page.goto('/login');
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
    test.setTimeout(180_000);
    const { userData } = await loginFor(page, account);
    const expected = links(visibleMenu(MENU, userData.ability, userData.roles));
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
    for (const { title, path } of expected) {
      const before = refused.length;
      await page.goto(path);
      await expect(page, `${title} (${path})`).toHaveURL(new RegExp(`${path === '/' ? '/$' : path}`));
      await expect(page.getByTestId('route-error')).toHaveCount(0);
      // Let the screen's first data requests come back.
      await page.waitForLoadState('networkidle');
      expect(refused.slice(before), `${title} (${path})`).toEqual([]);
      await expect(page).not.toHaveURL(/not-authorized/);
    }
  });
}

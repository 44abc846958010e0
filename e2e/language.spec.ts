import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, type DemoAccount } from './support';

/**
 * Issue #10, "Language" (decision 020): the interface language follows the browser until one is
 * chosen in the switcher. That no English shows in an Indonesian browser is checked on every screen
 * by the screen walk (walk.spec.ts, language-check.ts).
 */

async function newPage(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ locale });
  return context.newPage();
}

async function loginAs(page: Page, account: DemoAccount): Promise<void> {
  await page.goto('/login');
  // Type once the page's messages are in, as a person reading it would (a CI run once clicked Login
  // on a form that had not kept the typed fields).
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email').fill(DEMO[account]);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test.describe.configure({ mode: 'parallel' });

test.describe('the language follows the browser until one is chosen', () => {
  test('an English browser (en-US) gets the English login page', async ({ browser }) => {
    const page = await newPage(browser, 'en-US');
    await page.goto('/login');
    await expect(page.getByText('Please sign in to use the application')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.context().close();
  });

  test('a choice in the switcher wins over the browser, after a reload and a new login', async ({
    browser,
  }) => {
    const page = await newPage(browser, 'id-ID');
    await page.goto('/login');
    await expect(page.getByText('Silahkan login untuk dapat mengakses Aplikasi')).toBeVisible();
    await page.getByTestId('locale-switcher').selectOption('en');
    await expect(page.getByText('Please sign in to use the application')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Please sign in to use the application')).toBeVisible();
    await loginAs(page, 'guru');
    await expect(page.getByTestId('locale-switcher')).toHaveValue('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Please sign in to use the application')).toBeVisible();
    await loginAs(page, 'guru');
    await expect(page.getByTestId('locale-switcher')).toHaveValue('en');
    await page.context().close();
  });
});

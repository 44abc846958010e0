import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'rapor-demo';
export const DEMO = {
  admin: 'admin@demo.sch.id',
  guru: 'guru@demo.sch.id',
  wali: 'wali@demo.sch.id',
  kaprog: 'kaprog@demo.sch.id',
  waka: 'waka@demo.sch.id',
  ekskul: 'ekskul@demo.sch.id',
  pkl: 'pkl@demo.sch.id',
  p5: 'p5@demo.sch.id',
  penguji: 'penguji@demo.sch.id',
  siswa: 'siswa@demo.sch.id',
} as const;
export type DemoAccount = keyof typeof DEMO;

/** Logs in through the real login form and waits for the home page. */
export async function login(page: Page, account: DemoAccount): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO[account]);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** A Bearer token of a demo account for the active semester, through the log-in API. */
export async function apiToken(request: APIRequestContext, account: DemoAccount): Promise<string> {
  const sem = (await (await request.get('/api/auth/semester')).json()) as { semester_id: string };
  const res = await request.post('/api/jwt/login', {
    data: { email: DEMO[account], password: DEMO_PASSWORD, semester_id: sem.semester_id },
  });
  expect(res.ok(), `log-in of ${account}`).toBe(true);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** A grade-grid cell by its accessible name, "{nama} — {column}". */
export const gridCell = (page: Page, nama: string, column: string): Locator =>
  page.getByRole('textbox', { name: `${nama} — ${column}`, exact: true });

/** Pastes tab-separated text into the focused element, as Ctrl+V of a block copied from Excel does. */
export async function pasteIntoFocused(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

/** Focuses `target` and pastes `text` into it. */
export async function paste(page: Page, target: Locator, text: string): Promise<void> {
  await target.focus();
  await pasteIntoFocused(page, text);
}

/**
 * Opens a screen the way the menu does — in the running app, without reloading it (the router
 * follows the history's popstate), which keeps a crawl of many screens quick.
 */
export async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    // The router sets the title when it has resolved the new path: a check of the title then waits
    // for this navigation, not the last one (two screens may share a title).
    if (window.location.pathname + window.location.search === to) return; // already there
    document.title = '';
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

/**
 * The text of one element as the DOM holds it (`textContent`: what the user sees in a table cell or
 * an option, without depending on layout), runs of white space as one space, trimmed. Fails on an
 * element with no text, so a value read to search or compare with is never empty.
 */
export async function textOf(locator: Locator): Promise<string> {
  const text = ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
  expect(text, 'the element has a text').not.toBe('');
  return text;
}

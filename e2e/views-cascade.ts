import { type Browser, expect, type Page } from '@playwright/test';
import { type DemoAccount, login } from './support';

/*
 * Issue #10, "Views in the URL": on a screen with a cascade, the choices live in the URL's search
 * parameters — a reload shows the same view, Back returns to the previous choice, and the link
 * opened by the same user in a new browser context shows the same view. One check for every such
 * screen (views.spec.ts; views-pkl.spec.ts and views-wali.spec.ts for the screens that need a
 * PKL plan or a second class first).
 */

/** The first option that is not already chosen (a picker may open on a choice of its own). */
export const FIRST = Symbol('first option');
export type Step = readonly [testId: string, option: string | RegExp | typeof FIRST];
export interface CascadeScreen {
  title: string;
  account: DemoAccount;
  path: string;
  steps: readonly Step[];
  /** A choice the screen makes itself when there is only one option, before the last step. */
  chosenForUser?: string;
}

export async function choose(page: Page, [testId, option]: Step): Promise<void> {
  const input = page.getByTestId(testId);
  await expect(input).toBeEnabled();
  await input.click();
  // The open dropdown's options (the language switcher is a native select with options too).
  const options = page.getByRole('listbox').getByRole('option', { selected: false });
  await expect(options.first()).toBeVisible();
  if (option === FIRST) await options.first().click();
  else await options.filter({ hasText: option }).first().click();
  await expect(input).not.toHaveValue('');
}

async function valuesOf(page: Page, ids: readonly string[]): Promise<string[]> {
  return Promise.all(ids.map((id) => page.getByTestId(id).inputValue()));
}

async function expectValues(page: Page, ids: readonly string[], values: readonly string[]): Promise<void> {
  for (const [i, id] of ids.entries()) {
    await expect(page.getByTestId(id), id).toHaveValue(values[i] ?? '');
  }
}

/** A page of its own (cookies and storage apart) logged in as the same user. */
export async function sameUserElsewhere(browser: Browser, account: DemoAccount): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, account);
  return page;
}

/**
 * Chooses the screen's steps, then: a reload shows the same values and URL; Back the values before
 * the last choice, Forward the last again; the link, opened in a new browser context logged in as
 * the same user, the same values.
 */
export async function expectViewKept(page: Page, browser: Browser, screen: CascadeScreen): Promise<void> {
  await login(page, screen.account);
  await page.goto(screen.path);
  const { steps } = screen;
  const ids = steps.map(([id]) => id);
  for (const step of steps.slice(0, -1)) await choose(page, step);
  // A screen may choose for the user (the pembina's only ekskul) before the last step.
  if (screen.chosenForUser) await expect(page.getByTestId(screen.chosenForUser)).not.toHaveValue('');
  const before = await valuesOf(page, ids);
  const beforeUrl = page.url();
  await choose(page, steps.at(-1) as Step);
  const chosen = await valuesOf(page, ids);
  expect(chosen.every(Boolean)).toBe(true);
  const link = page.url();
  expect(link).not.toBe(beforeUrl);

  await page.reload();
  await expectValues(page, ids, chosen);
  expect(page.url()).toBe(link);

  await page.goBack();
  await expect(page).toHaveURL(beforeUrl);
  await expectValues(page, ids, before);
  await page.goForward();
  await expect(page).toHaveURL(link);
  await expectValues(page, ids, chosen);

  const other = await sameUserElsewhere(browser, screen.account);
  await other.goto(link);
  await expectValues(other, ids, chosen);
  expect(other.url()).toBe(link);
  await other.context().close();
}

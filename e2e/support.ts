import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'rapor-demo';
export const DEMO = {
  admin: 'admin@demo.sch.id',
  guru: 'guru@demo.sch.id',
  wali: 'wali@demo.sch.id',
  kaprog: 'kaprog@demo.sch.id',
  waka: 'waka@demo.sch.id',
  ekskul: 'ekskul@demo.sch.id',
  pkl: 'pkl@demo.sch.id',
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

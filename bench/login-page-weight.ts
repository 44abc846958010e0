import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { BenchResult } from './types';

/**
 * JS + CSS a first-time visitor downloads to see /login, gzip-compressed as a server would send it,
 * for an English browser and for an Indonesian one (the page then loads the Indonesian messages:
 * the language follows the browser, decision 020). Each must stay within the 120 kB budget,
 * kB = 1000 bytes as decision 003 defines it (and `apps/web/scripts/measure-login.mjs` counts).
 */
export async function loginPageWeight(baseUrl: string): Promise<BenchResult[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const results: BenchResult[] = [];
    for (const locale of ['en-US', 'id-ID']) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      const bodies: Promise<{ type: string; bytes: number }>[] = [];
      page.on('response', (res) => {
        const type = res.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        bodies.push(res.body().then((b) => ({ type, bytes: gzipSync(b).length })));
      });
      await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Login' }).waitFor();
      const lang = await page.locator('html').getAttribute('lang');
      if (lang !== locale.slice(0, 2)) throw new Error(`/login with ${locale} shows ${lang}`);
      const all = await Promise.all(bodies);
      await context.close();
      const js = all.filter((b) => b.type === 'script').reduce((s, b) => s + b.bytes, 0);
      const css = all.filter((b) => b.type === 'stylesheet').reduce((s, b) => s + b.bytes, 0);
      const kb = (n: number) => Math.round(n / 100) / 10; // kB = 1000 bytes (decision 003)
      results.push(
        { name: `/login ${locale} JS (gzip)`, value: kb(js), unit: 'kB' },
        { name: `/login ${locale} CSS (gzip)`, value: kb(css), unit: 'kB' },
        { name: `/login ${locale} JS+CSS (gzip)`, value: kb(js + css), unit: 'kB', budget: 120 },
      );
    }
    return results;
  } finally {
    await browser.close();
  }
}

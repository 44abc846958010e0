import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENGLISH_WORDS } from '@erapor/contract/wording';
import { expect, type Page } from '@playwright/test';

/**
 * The language check of issue #10 (decision 020): with an Indonesian browser no English shows.
 * "English" here is every `en` message that differs from its `id` translation (words the two
 * share — Email, Password, NPSN — are not English), plus the texts of the table library and a few
 * words Indonesian never uses. Used by the screen walk (walk.spec.ts) and language.spec.ts.
 */
const WEB = join(import.meta.dirname, '..', 'apps', 'web', 'src');

type Tree = { [k: string]: string | Tree };
function values(tree: Tree, prefix: string, out: Map<string, string>): Map<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else values(v, key, out);
  }
  return out;
}
function messages(lng: 'en' | 'id'): Map<string, string> {
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Tree;
  const out = values(read(join(WEB, 'locales', `${lng}.json`)), '', new Map());
  for (const area of readdirSync(join(WEB, 'features'))) {
    try {
      values(read(join(WEB, 'features', area, 'locales', `${lng}.json`)), area, out);
    } catch {
      // a feature without its own messages
    }
  }
  return out;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
/** A message as a pattern: placeholders match anything, whole words only, any case (CSS may upper-case). */
const pattern = (text: string) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])${squash(text)
      .split(/\{\{\s*\w+\s*\}\}/)
      .map(escapeRe)
      .join('.{0,80}?')}(?![\\p{L}\\p{N}])`,
    'iu',
  );
const letters = (text: string) => text.replace(/\{\{\s*\w+\s*\}\}/g, '').replace(/[^\p{L}]/gu, '').length;

const EN = messages('en');
const ID = messages('id');
const idValues = [...ID.values()].map(squash);

/** The English messages: different from Indonesian, with words to read, not used by Indonesian too. */
const ENGLISH = [...EN]
  .filter(([key, text]) => ID.get(key) !== text && letters(text) >= 3)
  .map(([key, text]) => ({ key, text, re: pattern(text) }))
  .filter(({ re }) => !idValues.some((v) => re.test(v)));

/** The table library's own English (mantine-datatable), which must be given Indonesian. */
const LIBRARY = [
  'No records',
  'Records per page',
  'Previous page',
  'Next page',
  'Not sorted',
  'Sorted ascending',
  'Sorted descending',
  'Select all records',
  'Toggle column',
  'Nothing found',
].map((text) => ({ key: '(mantine-datatable)', text, re: pattern(text) }));

interface Shown {
  /** The page's visible text without the plain data cells of tables, line by line. */
  lines: string[];
  /** Plain table cells: data (names, the national curriculum's texts — some of them English). */
  cells: string[];
  /** Placeholders, aria-labels, titles, alt texts and the document title. */
  attributes: string[];
}

/** Visible text plus the texts assistive technology reads or a hover shows. */
async function shownTexts(page: Page): Promise<Shown> {
  return page.evaluate(() => {
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is checked
    let text = document.body.innerText;
    const cells: string[] = [];
    for (const td of Array.from(document.querySelectorAll('tbody td'))) {
      if (td.querySelector('button, a, input, select, textarea, .mantine-Badge-root')) continue;
      // biome-ignore lint/performance/useDomNodeTextContent: as it appears in the page's innerText
      const cell = (td as HTMLElement).innerText.trim();
      if (!cell) continue;
      cells.push(cell);
      text = text.replace(cell, '\n');
    }
    const attributes = [document.title];
    for (const el of Array.from(document.querySelectorAll('[placeholder],[aria-label],[title],[alt]'))) {
      for (const attr of ['placeholder', 'aria-label', 'title', 'alt']) {
        const v = el.getAttribute(attr);
        if (v) attributes.push(v);
      }
    }
    // Lines and table cells (innerText puts a tab between cells) are separate texts.
    return { lines: text.split(/[\n\t]/), cells, attributes };
  });
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Every English text on the page, as "key: text" (or the suspicious line). */
export async function englishOn(page: Page): Promise<string[]> {
  const shown = await shownTexts(page);
  const ui = [...shown.lines, ...shown.attributes].map(squash).filter(Boolean);
  const cells = shown.cells.map(squash);
  const found = new Set<string>();
  for (const { key, text, re } of [...ENGLISH, ...LIBRARY]) {
    // In data cells only a message of several words counts (a one-word term may be data).
    if (ui.some((t) => re.test(t)) || (words(text) > 1 && cells.some((t) => re.test(t))))
      found.add(`${key}: ${text}`);
  }
  for (const line of ui) {
    if (ENGLISH_WORDS.test(line)) found.add(`(English words) ${line.slice(0, 160)}`);
  }
  // A message key shown as it is: its messages were not loaded.
  for (const key of EN.keys()) {
    if (ui.some((t) => t.includes(key))) found.add(`(message key) ${key}`);
  }
  return [...found];
}

/** Waits until the screen has loaded: its title is set and no loader or pending bar is shown. */
export async function settleScreen(page: Page, title?: string): Promise<void> {
  if (title) await expect(page).toHaveTitle(title);
  await page
    .waitForFunction(
      () =>
        !Array.from(
          document.querySelectorAll('.mantine-Loader-root, .er-pending, .mantine-datatable-loader-fetching'),
        ).some((el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true })),
      null,
      { timeout: 5_000, polling: 100 },
    )
    .catch(() => undefined);
  // Let queries that started with the render answer (and toasts appear).
  await page.waitForTimeout(250);
}

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

/*
 * Fits the screens schools have (issue #10 item 5; decision 024): at 1366×768, 1280×720 and a 390 px
 * phone nothing is wider than its box unless it sits in a designated horizontal scroller — an element
 * marked `data-scroll-x` whose own overflow-x is auto or scroll (grade grids, data tables,
 * Table.ScrollContainer). At 390 px the side menu is behind the burger button. `UPDATE_SCREENS=1`
 * also rewrites the screenshots in docs/screens/. Used by the screen walk and layout.spec.ts.
 */

export const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
] as const;
const SCREENS_DIR = join(import.meta.dirname, '..', 'docs', 'screens');

/** Waits until resizing has been laid out: finite animations and transitions ended, two frames drawn. */
async function settleLayout(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
    await frame();
    const running = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
      .map((a) => a.finished.catch(() => undefined));
    await Promise.race([Promise.all(running), new Promise((r) => setTimeout(r, 2000))]);
    await frame();
    await frame();
  });
}

interface Overflow {
  what: string;
  scrollWidth: number;
  clientWidth: number;
}

/**
 * Every element wider inside than its box (scrollWidth > clientWidth + 1) that the rule does not
 * allow (decision 024). Allowed: a designated scroller (`data-scroll-x` with overflow-x auto or
 * scroll) and the wrappers inside one that carry its wide content — but not a table cell or anything
 * in one: a cell whose content spills out is cut off even inside a scroller. Also allowed: text cut
 * with an ellipsis on purpose (overflow hidden + text-overflow: ellipsis), Mantine's Switch track
 * (its label slides inside it by design), a text box (it scrolls its own value), a ScrollArea's thumb (its touch target is wider than the
 * bar), a loading spinner and a pinned column's shadow. Only the innermost offenders
 * are reported (their ancestors overflow because of them), with the total.
 */
function overflowsOutsideScrollers(): { total: number; offenders: Overflow[] } {
  const scrollerOf = (el: Element): Element | null => {
    for (let e: Element | null = el; e; e = e.parentElement) {
      if (!e.hasAttribute('data-scroll-x')) continue;
      const x = getComputedStyle(e).overflowX;
      if (x === 'auto' || x === 'scroll') return e;
    }
    return null;
  };
  const allowed = (el: Element): boolean => {
    const style = getComputedStyle(el);
    if ((style.overflowX === 'hidden' || style.overflowX === 'clip') && style.textOverflow === 'ellipsis')
      return true;
    if (el.matches('.mantine-Switch-track')) return true;
    // A text box scrolls its own value (a long P5 note in a grid cell): its box is what is laid out.
    if (el.matches('input, textarea')) return true;
    // A ScrollArea's thumb widens its touch target with a 44 px ::before while the bar is shown; a thumb
    // at the end of its bar (an empty wide table) makes the bar itself 44 px wider inside.
    if (el.matches('.mantine-ScrollArea-thumb, .mantine-ScrollArea-scrollbar')) return true;
    // A loading spinner's animated ring draws past its box for a moment (a refetch on a slow machine).
    if (el.matches('.mantine-Loader-root')) return true;
    const scroller = scrollerOf(el);
    if (!scroller) return false;
    if (scroller === el) return true;
    const cell = el.closest('td, th');
    return !(cell && scroller.contains(cell)) && !style.display.startsWith('table');
  };
  const name = (el: Element): string => {
    const testId = el.closest('[data-testid]')?.getAttribute('data-testid');
    const cls = (el.getAttribute('class') ?? '').trim().split(/\s+/).slice(0, 3).join('.');
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${el.tagName.toLowerCase()}${cls ? ` .${cls}` : ''}>${testId ? ` in [data-testid=${testId}]` : ''}${text ? ` "${text}"` : ''}`;
  };
  // A pinned table column draws its shadow as an ::after just past its right edge (mantine-datatable).
  const shadow = (el: Element): number =>
    el.hasAttribute('data-pinned-shadow') ? Number.parseFloat(getComputedStyle(el, '::after').width) || 0 : 0;
  const found: Element[] = [];
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    if (el.clientWidth === 0 || el.scrollWidth <= el.clientWidth + 1 + shadow(el)) continue;
    if (!allowed(el)) found.push(el);
  }
  const leaves = found.filter((el) => !found.some((other) => other !== el && el.contains(other)));
  const offenders = leaves.map((el) => ({
    what: name(el),
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  const root = document.scrollingElement ?? document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1)
    offenders.unshift({ what: 'the document', scrollWidth: root.scrollWidth, clientWidth: root.clientWidth });
  return { total: found.length, offenders };
}

/**
 * Checks the loaded screen at each width, resizing in place. `shot` names the screenshots written to
 * docs/screens/ when UPDATE_SCREENS is set.
 */
export async function checkScreen(
  page: Page,
  label: string,
  portal: boolean,
  shot?: string,
): Promise<string[]> {
  const problems: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await settleLayout(page);
    const { total, offenders } = await page.evaluate(overflowsOutsideScrollers);
    for (const o of offenders.slice(0, 8))
      problems.push(`${label} @${size.width}: ${o.what} (scrollWidth ${o.scrollWidth} > ${o.clientWidth})`);
    if (total > 8) problems.push(`${label} @${size.width}: ${total} elements in all`);
    if (shot && process.env.UPDATE_SCREENS) {
      mkdirSync(SCREENS_DIR, { recursive: true });
      // On the phone the table or grid is below the filters: show it, just under the navbar.
      if (size.width === 390)
        await page.evaluate(() => {
          const top = document.querySelector('[data-scroll-x]')?.getBoundingClientRect().top ?? 0;
          window.scrollBy(0, top - 160);
        });
      await page.screenshot({ path: join(SCREENS_DIR, `${shot}-${size.width}.png`) });
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    if (size.width === 390 && !portal) problems.push(...(await checkBurger(page, label)));
  }
  return problems;
}

/** At phone width the side menu is off screen behind the burger button, which opens and closes it. */
async function checkBurger(page: Page, label: string): Promise<string[]> {
  const menu = page.getByTestId('menu');
  const burger = page.getByRole('button', { name: /^(Open the menu|Buka menu)$/ });
  if (!(await burger.isVisible())) return [`${label} @390: no menu button`];
  if (await menu.isVisible()) {
    const box = await menu.boundingBox();
    if (box && box.x + box.width > 0) return [`${label} @390: the side menu is on screen before opening`];
  }
  await burger.click();
  await expect(menu, `${label}: the burger opens the menu`).toBeInViewport();
  await page
    .locator('.er-sidebar')
    .getByRole('button', { name: /^(Close the menu|Tutup menu)$/ })
    .click();
  await expect(menu, `${label}: the menu closes`).not.toBeInViewport();
  return [];
}

/**
 * What hides a grid's values (issue #26 item 1; decision 055), measured with the grid scrolled to its
 * start: two visible cells of one row (each header row, the first three data rows) that overlap — a
 * sticky column laid over the next one — and a cell of the first data row that cannot be clicked:
 * scrolled into view, the element at its centre (`elementFromPoint`) is not the cell or inside it.
 * "Visible" is the cell's box cut to its scroller's box and the viewport.
 */
function gridProblems(table: Element): string[] {
  const problems: string[] = [];
  if (!(table instanceof HTMLTableElement)) return ['the grid is not a table'];
  const scroller = table.closest('[data-scroll-x]') ?? table.parentElement ?? table;
  const reset = () => {
    scroller.scrollLeft = 0;
    scroller.scrollTop = 0;
  };
  type Box = { left: number; top: number; right: number; bottom: number };
  const cut = (a: Box, b: Box): Box => ({
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  });
  const viewport = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
  const visible = (el: Element): Box =>
    cut(cut(el.getBoundingClientRect(), scroller.getBoundingClientRect()), viewport);
  const text = (el: Element) => `"${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30)}"`;
  const dataRows = Array.from(table.tBodies[0]?.rows ?? []).slice(0, 3);
  if (dataRows.length === 0) return ['the grid has no data row'];
  const rows = [...Array.from(table.tHead?.rows ?? []), ...dataRows];
  reset();
  rows.forEach((row, r) => {
    const where = row.parentElement?.tagName === 'THEAD' ? `header row ${r + 1}` : 'data row';
    const cells = Array.from(row.cells)
      .map((cell) => ({ cell, box: visible(cell) }))
      .filter(({ box }) => box.right - box.left > 1 && box.bottom - box.top > 1);
    for (const [i, a] of cells.entries())
      for (const b of cells.slice(i + 1)) {
        const o = cut(a.box, b.box);
        const w = o.right - o.left;
        if (w > 1 && o.bottom - o.top > 1)
          problems.push(`${where}: ${text(a.cell)} overlaps ${text(b.cell)} by ${Math.round(w)} px`);
      }
  });
  const first = dataRows[0] as HTMLTableRowElement;
  for (const cell of Array.from(first.cells)) {
    reset();
    cell.scrollIntoView({ block: 'center', inline: 'nearest' });
    const box = visible(cell);
    const x = (box.left + box.right) / 2;
    const y = (box.top + box.bottom) / 2;
    const hit = box.right - box.left > 1 ? document.elementFromPoint(x, y) : null;
    if (!hit || !cell.contains(hit))
      problems.push(
        `cell ${text(cell)} (column ${cell.cellIndex + 1}) cannot be clicked: ${hit ? `${text(hit.closest('td, th') ?? hit)} is on top` : 'not on screen'}`,
      );
  }
  reset();
  window.scrollTo(0, 0);
  return problems;
}

/**
 * The grid rule at each width (1366, 1280, 390), resizing in place, plus the layout rule of
 * `checkScreen` on the screen around it.
 */
export async function checkGridScreen(page: Page, label: string, grid: Locator): Promise<string[]> {
  const problems: string[] = [];
  const table = grid.locator('xpath=descendant-or-self::table').first();
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await settleLayout(page);
    for (const p of await table.evaluate(gridProblems)) problems.push(`${label} @${size.width}: ${p}`);
  }
  problems.push(...(await checkScreen(page, label, false)));
  return problems;
}

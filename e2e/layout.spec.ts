import { expect, test } from '@playwright/test';
import { GRID_SCREENS, loginIn, pick } from './grid-screens';
import { checkGridScreen, checkScreen, WIDTHS } from './layout-check';
import { login } from './support';

/*
 * The screens whose content appears only after choices: Input Asesmen's sticky columns on a phone
 * (decision 024), then every grid screen of GRID_SCREENS with the grid rule (decision 055). Every menu
 * screen and the public pages are checked by the screen walk (walk.spec.ts).
 */

// The grade grid appears only once a class, subject and assessment are chosen.
test('Input Asesmen with its grade grid at 1366, 1280 and 390 px', async ({ page }) => {
  await login(page, 'guru');
  await page.goto('/penilaian/input-nilai');
  const choose = async (testId: string, option?: string) => {
    await page.getByTestId(testId).click();
    // The listbox of the Select: the language <select> in the navbar has options too.
    const options = page.getByRole('listbox').getByRole('option');
    await (option ? options.filter({ hasText: option }) : options).first().click();
  };
  await choose('header-tingkat', 'Grade 11');
  await choose('header-jenis-rombel', 'Regular');
  await choose('header-rombel');
  await choose('header-mapel');
  await choose('header-jenis-asesmen', 'Sumatif Lingkup Materi');
  await expect(page.getByTestId('grade-grid')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The No and Nama columns stay in place while the grades scroll sideways inside the card.
  await page.setViewportSize(WIDTHS[2]);
  const nameCell = page.getByTestId('grade-grid').locator('tbody tr').first().locator('td, th').nth(1);
  // The layout settles after the resize (the side menu leaves, the card narrows): measure once the
  // name cell stops moving, not in the middle of that.
  let last = Number.NaN;
  await expect
    .poll(async () => {
      const x = (await nameCell.boundingBox())?.x ?? Number.NaN;
      const still = x === last;
      last = x;
      return still;
    })
    .toBe(true);
  const before = await nameCell.boundingBox();
  const scroller = page.getByTestId('grade-grid').locator('[data-scroll-x]').first();
  await expect.poll(() => scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const scrolled = await scroller.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
    return el.scrollLeft;
  });
  expect(scrolled, 'the grid scrolls sideways at 390 px').toBeGreaterThan(0);
  expect(scrolled).toBeGreaterThan(100);
  // Sticky: the name stays at the left edge (a few px for the sticky offset) while the grades move.
  const after = await nameCell.boundingBox();
  expect(Math.abs((after?.x ?? 999) - (before?.x ?? 0))).toBeLessThan(12);
  const problems = await checkScreen(page, 'guru input asesmen', false, 'input-asesmen');
  expect(problems, problems.join('\n')).toEqual([]);
});

/*
 * The grid rule (decision 055) on every grid screen of GRID_SCREENS, at 1366, 1280 and 390 px: no
 * cell of the header or the first rows laid over another, every cell of the first row clickable.
 */
for (const screen of GRID_SCREENS)
  test(`grid: ${screen.name}`, async ({ page, request }) => {
    await loginIn(page, screen.account, screen.semester);
    await screen.prepare?.(request, page);
    await page.goto(screen.path);
    for (const [testId, option, unlessChosen] of screen.picks ?? [])
      await pick(page, testId, option, unlessChosen);
    const grid = page.getByTestId(screen.grid);
    // Some grids load a whole class first: room for a busy machine.
    await expect(grid.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const problems = await checkGridScreen(page, screen.name, grid);
    expect(problems, problems.join('\n')).toEqual([]);
  });

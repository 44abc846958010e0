import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiToken, DEMO, DEMO_PASSWORD, pasteIntoFocused } from './support';

/*
 * The main teacher path by keyboard alone (issue #10 item 6, decision 023): log in, open Input
 * Asesmen from the menu, choose Tingkat → Jenis Rombel → Rombel → Mapel → Jenis Asesmen in the
 * header form, type and paste scores in the grade grid, save — no click, no fill. The focus is
 * visible on the way, and the unsaved-changes dialog traps the focus and closes on Escape.
 * The spec writes into TPs of its own in a Merdeka grade-12 class, which no other spec grades.
 */

test.describe.configure({ timeout: 180_000 });

const MTK = 401000000;
const stamp = Date.now() % 100000;
const TP_TEXTS = [1, 2, 3].map((n) => `Keyboard E2E ${stamp} nomor ${n}`);

interface Target {
  rombelId: string;
  rombel: string;
  pembelajaranId: string;
  mapel: string;
}
interface Grid {
  siswa: { anggota_rombel_id: string; nama: string; nilai: Record<string, number | null> }[];
  tp: { tp_id: string; label: string; deskripsi: string }[];
}

let token = '';
let target: Target;
let grid: Grid;

async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, data?: object) {
  const res = await request.fetch(url, { method, data, headers: { authorization: `Bearer ${token}` } });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

test.beforeAll(async ({ request }) => {
  token = await apiToken(request, 'guru');
  // guru@'s Matematika in a Merdeka class of grade 12 (penilaian.spec grades grade 11 and the K13 class).
  const rombel = await api<{ data: { rombongan_belajar_id: string; nama: string }[] }>(
    request,
    'GET',
    '/api/penilaian/rombel?tingkat=12&jenis_rombel=1',
  );
  for (const r of rombel.data) {
    const mapel = await api<{
      merdeka: boolean;
      data: {
        pembelajaran_id: string;
        mata_pelajaran_id: number;
        nama_mata_pelajaran: string;
        can_edit: boolean;
      }[];
    }>(request, 'GET', `/api/penilaian/rombel/${r.rombongan_belajar_id}/pembelajaran`);
    const p = mapel.data.find((m) => m.mata_pelajaran_id === MTK && m.can_edit);
    if (!p || !mapel.merdeka) continue;
    target = {
      rombelId: r.rombongan_belajar_id,
      rombel: r.nama,
      pembelajaranId: p.pembelajaran_id,
      mapel: p.nama_mata_pelajaran,
    };
    break;
  }
  if (!target) throw new Error('guru@ teaches no Matematika in a Merdeka class of grade 12');
  const sumber = await api<{ data: { id: string }[]; jenis: 'cp' | 'kd' }>(
    request,
    'GET',
    `/api/kurikulum/tp/sumber?pembelajaran_id=${target.pembelajaranId}`,
  );
  const first = sumber.data[0];
  if (!first) throw new Error('no CP for the class');
  await api(request, 'POST', '/api/kurikulum/tp', {
    tingkat: 12,
    rombongan_belajar_id: target.rombelId,
    pembelajaran_id: target.pembelajaranId,
    ...(sumber.jenis === 'cp' ? { cp_id: first.id } : { kd_id: first.id }),
    deskripsi: TP_TEXTS.join('\n'),
  });
  grid = await api<Grid>(
    request,
    'GET',
    `/api/penilaian/pembelajaran/${target.pembelajaranId}/lingkup-materi`,
  );
  expect(grid.siswa.length).toBeGreaterThanOrEqual(6);
});

interface Focused {
  tag: string;
  name: string;
  testid: string | null;
  href: string | null;
  row: string | null;
  col: string | null;
  inDialog: boolean;
}

/** What has the focus: its tag, accessible-ish name (aria-label, label, text), test id, href. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body)
      return { tag: 'body', name: '', testid: null, href: null, row: null, col: null, inDialog: false };
    const label =
      el.getAttribute('aria-label') ??
      (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement
        ? el.labels?.[0]?.textContent
        : null) ??
      el.textContent;
    return {
      tag: el.tagName.toLowerCase(),
      name: (label ?? '').replace(/\s+/g, ' ').trim().slice(0, 80),
      testid: el.getAttribute('data-testid'),
      href: el.getAttribute('href'),
      row: el.getAttribute('data-row'),
      col: el.getAttribute('data-col'),
      inDialog: !!el.closest('[role="dialog"]'),
    };
  });
}

/** Presses Tab (Shift+Tab with `back`) until the focused element matches; fails with the path taken. */
async function tabTo(page: Page, what: string, match: (f: Focused) => boolean, back = false, max = 80) {
  const path: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    if (match(f)) return f;
    path.push(`${f.tag}${f.testid ? `#${f.testid}` : ''} "${f.name}"`);
  }
  throw new Error(`Tab never reached ${what}; passed:\n  ${path.join('\n  ')}`);
}

/** The focused element shows a focus indicator: an outline or a box-shadow ring. */
async function expectVisibleFocus(page: Page, where: string) {
  const style = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    return { outline: `${s.outlineStyle} ${s.outlineWidth}`, boxShadow: s.boxShadow };
  });
  const outline = !style.outline.startsWith('none') && !style.outline.endsWith(' 0px');
  expect(outline || style.boxShadow !== 'none', `visible focus at ${where}: ${JSON.stringify(style)}`).toBe(
    true,
  );
}

/** In an open Mantine Select (focused), moves the highlight with ArrowDown to `option`, then Enter. */
async function pickOption(page: Page, option: string) {
  const highlighted = page.locator('[role="option"][data-combobox-selected]');
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('ArrowDown');
    if (((await highlighted.textContent({ timeout: 2_000 }).catch(() => '')) ?? '').trim() === option) {
      await page.keyboard.press('Enter');
      await expect(page.getByRole('listbox')).toHaveCount(0);
      return;
    }
  }
  throw new Error(`option "${option}" never highlighted`);
}

const byTestId = (id: string) => (f: Focused) => f.testid === id;

/** Pastes tab-separated text into the focused cell, as Ctrl+V of a block copied from Excel does. */
test('keyboard only: log in, choose the class and subject, type and paste scores, save', async ({
  page,
  request,
}) => {
  const columns = TP_TEXTS.map((text) => grid.tp.findIndex((c) => c.deskripsi === text));
  const [firstCol = -1] = columns;
  // One POST wrote them: adjacent columns, so the pasted block fills exactly these.
  expect(firstCol).toBeGreaterThanOrEqual(0);
  expect(columns).toEqual([firstCol, firstCol + 1, firstCol + 2]);
  const cellOf = (row: number, col: number) =>
    page.getByRole('textbox', {
      name: `${grid.siswa[row]?.nama} — ${grid.tp[col]?.label}`,
      exact: true,
    });
  const score = (r: number, c: number) => 70 + ((r * 5 + c * 3) % 30);

  // Log in.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await tabTo(page, 'Email', (f) => f.tag === 'input' && f.name.startsWith('Email'));
  await expectVisibleFocus(page, 'Email');
  await page.keyboard.type(DEMO.guru);
  await tabTo(page, 'Password', (f) => f.tag === 'input' && f.name.startsWith('Password'));
  await page.keyboard.type(DEMO_PASSWORD);
  await tabTo(page, 'Login', (f) => f.tag === 'button' && f.name === 'Login');
  await expectVisibleFocus(page, 'Login');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('menu')).toBeVisible();

  // Through the menu to Input Asesmen; the skip link comes first.
  const skip = await tabTo(page, 'the skip link', (f) => f.href === '#main-content');
  expect(skip.name).toBe('Skip to content');
  await expectVisibleFocus(page, 'skip link');
  await tabTo(page, 'the Asesmen Sumatif menu link', (f) => f.href === '/penilaian/input-nilai');
  await expectVisibleFocus(page, 'menu link');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/penilaian\/input-nilai/);

  // The header form's cascade.
  await tabTo(page, 'Tingkat', byTestId('header-tingkat'));
  await expectVisibleFocus(page, 'Tingkat select');
  await pickOption(page, 'Grade 12');
  await tabTo(page, 'Jenis Rombel', byTestId('header-jenis-rombel'));
  await pickOption(page, 'Regular');
  await tabTo(page, 'Rombel', byTestId('header-rombel'));
  await page.keyboard.type(target.rombel);
  await pickOption(page, target.rombel);
  await tabTo(page, 'Mapel', byTestId('header-mapel'));
  await page.keyboard.type(target.mapel.slice(0, 5));
  await pickOption(page, target.mapel);
  await tabTo(page, 'Jenis Asesmen', byTestId('header-jenis-asesmen'));
  await pickOption(page, 'Sumatif Lingkup Materi');
  await expect(page.getByTestId('grade-grid')).toBeVisible();

  // Into the grid: the first cell, then the spec's first TP column.
  const first = await tabTo(page, 'the first cell of the grid', (f) => f.row !== null);
  expect([first.row, first.col]).toEqual(['0', '0']);
  await expectVisibleFocus(page, 'grid cell');
  for (let i = 0; i < firstCol; i++) await page.keyboard.press('ArrowRight');
  expect(await focused(page)).toMatchObject({ row: '0', col: String(firstCol) });

  // Typed: three pupils in the first column (Enter goes down).
  for (let r = 0; r < 3; r++) {
    await page.keyboard.type(String(score(r, 0)));
    await page.keyboard.press('Enter');
  }
  expect(await focused(page)).toMatchObject({ row: '3', col: String(firstCol) });
  // Pasted: a 3 × 3 block from the focused cell (pupils 4–6, the three TPs).
  const block = [3, 4, 5].map((r) => [0, 1, 2].map((c) => String(score(r, c))).join('\t')).join('\r\n');
  await pasteIntoFocused(page, block);
  await expect(cellOf(5, columns[2] ?? 0)).toHaveValue(String(score(5, 2)));
  await expect(page.getByTestId('grade-grid-unsaved')).toBeVisible();

  // The unsaved-changes dialog: changing Jenis Asesmen asks; it holds the focus and Escape stays.
  await page.keyboard.press('Control+Home');
  await tabTo(page, 'Jenis Asesmen (back)', byTestId('header-jenis-asesmen'), true);
  await pickOption(page, 'Sumatif Akhir Semester');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You have unsaved changes');
  expect(await focused(page)).toMatchObject({ testid: 'unsaved-stay', inDialog: true });
  await expectVisibleFocus(page, 'dialog button');
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect((await focused(page)).inDialog, `focus after ${key} stays in the dialog`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/asesmen=lingkup-materi/);
  await expect(cellOf(0, firstCol)).toHaveValue(String(score(0, 0)));

  // Back into the grid, to its last cell, and Tab on to Simpan.
  await tabTo(page, 'the grid', (f) => f.row !== null);
  await page.keyboard.press('Control+End');
  const save = await tabTo(page, 'Simpan', byTestId('asesmen-save'), false, 5);
  expect(save.name).toBe('Save');
  await expectVisibleFocus(page, 'Simpan');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toasts')).toContainText('Nilai Sumatif Lingkup Materi berhasil disimpan');
  await expect(page.getByTestId('grade-grid-unsaved')).toHaveCount(0);

  // Stored: read back through the API.
  const saved = await api<Grid>(
    request,
    'GET',
    `/api/penilaian/pembelajaran/${target.pembelajaranId}/lingkup-materi`,
  );
  const tpIds = columns.map((c) => grid.tp[c]?.tp_id ?? '');
  const stored = (r: number, c: number) => saved.siswa[r]?.nilai[tpIds[c] ?? ''] ?? null;
  for (let r = 0; r < 3; r++) expect(stored(r, 0), `pupil ${r + 1}, typed`).toBe(score(r, 0));
  for (const r of [3, 4, 5])
    for (const c of [0, 1, 2]) expect(stored(r, c), `pupil ${r + 1}, TP ${c + 1}, pasted`).toBe(score(r, c));
  expect(stored(0, 1)).toBeNull();
});

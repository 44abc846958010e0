import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_MESSAGES, pickMessages } from './locale-parts';

const SRC = join(import.meta.dirname, '..', 'src');

/** What renders before the first page behind the login: the entry and the public auth pages. */
const PUBLIC_FILES = [
  'main.tsx',
  'app/router.tsx',
  'app/root-shell.tsx',
  'app/route-error.tsx',
  'components/toaster.tsx',
  'components/locale-switcher.tsx',
  'components/scroll-to-top.tsx',
  ...readdirSync(join(SRC, 'lib'))
    .filter((f) => /\.ts$/.test(f) && !f.includes('.test'))
    .map((f) => `lib/${f}`),
  ...readdirSync(join(SRC, 'features/auth/routes'))
    .filter((f) => /^auth-.*\.tsx$/.test(f) && !f.includes('.test'))
    .map((f) => `features/auth/routes/${f}`),
  ...readdirSync(join(SRC, 'features/auth/components'))
    .filter((f) => /\.tsx?$/.test(f) && !f.includes('.test'))
    .map((f) => `features/auth/components/${f}`),
];

type Tree = { [k: string]: unknown };
const has = (tree: Tree, key: string) =>
  typeof key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree) ===
  'string';

describe('the public messages (loaded before the first render)', () => {
  it('picks branches by dotted path', () => {
    const all = { a: { x: '1', y: '2' }, b: { c: { d: '3', e: '4' } }, f: '5' };
    expect(pickMessages(all, ['a', 'b.c.d', 'f', 'missing.key'])).toEqual({
      a: { x: '1', y: '2' },
      b: { c: { d: '3' } },
      f: '5',
    });
  });

  it('hold every key the entry and the public pages use, in every language', () => {
    const used = new Set<string>();
    for (const file of PUBLIC_FILES) {
      for (const m of readFileSync(join(SRC, file), 'utf8').matchAll(/\bt\(\s*'([a-zA-Z0-9_.-]+)'/g))
        used.add(m[1] as string);
    }
    expect(used.size).toBeGreaterThan(40);
    for (const lng of ['en', 'id', 'de', 'fr', 'pt']) {
      const all = JSON.parse(readFileSync(join(SRC, 'locales', `${lng}.json`), 'utf8')) as Tree;
      const shown = pickMessages(all, PUBLIC_MESSAGES);
      expect([...used].filter((k) => !has(shown, k)).map((k) => `${lng} ${k}`)).toEqual([]);
    }
  });
});

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const stylesCss = require.resolve('@mantine/core/styles.css');
const stylesDir = join(dirname(stylesCss), 'styles');
const src = join(import.meta.dirname, '..');
const listFile = join(import.meta.dirname, 'mantine-styles.ts');
const listed = [
  ...readFileSync(listFile, 'utf8').matchAll(/^import '@mantine\/core\/styles\/([^']+)';$/gm),
].map((m) => m[1] as string);

/** What a component needs besides its own stylesheet (the parts it is built from). */
const NEEDS: Record<string, string[]> = {
  TextInput: ['Input'],
  NativeSelect: ['Input'],
  PasswordInput: ['Input', 'ActionIcon'],
  Button: ['UnstyledButton', 'Loader'],
  ActionIcon: ['UnstyledButton', 'Loader'],
  Menu: ['Popover', 'UnstyledButton'],
  NavLink: ['UnstyledButton'],
  Drawer: ['ModalBase', 'Overlay', 'CloseButton', 'Paper'],
  Alert: ['CloseButton'],
  Card: ['Paper'],
  Anchor: ['Text'],
  Radio: ['InlineInput'],
  Switch: ['InlineInput'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : [];
  });
}

describe('Mantine stylesheets', () => {
  it("are listed in the order of Mantine's styles.css", () => {
    const all = readFileSync(stylesCss, 'utf8');
    const positions = listed.map((f) => {
      const css = readFileSync(join(stylesDir, f), 'utf8').trim();
      return { f, at: all.indexOf(css.slice(0, 200)) };
    });
    expect(positions.filter((p) => p.at < 0)).toEqual([]);
    const sorted = [...positions].sort((a, b) => a.at - b.at).map((p) => p.f);
    expect(listed).toEqual(sorted);
  });

  it('are imported nowhere else', () => {
    const offenders = sourceFiles(src).filter(
      (f) => f !== listFile && readFileSync(f, 'utf8').includes("'@mantine/core/styles"),
    );
    expect(offenders).toEqual([]);
  });

  it('cover every Mantine component the app uses', () => {
    const used = new Set<string>();
    for (const f of sourceFiles(src)) {
      for (const m of readFileSync(f, 'utf8').matchAll(/import \{([^}]+)\} from '@mantine\/core'/g)) {
        for (const name of (m[1] as string).split(',').map((s) => s.replace(/^\s*type\s+/, '').trim())) {
          if (name) used.add(name);
        }
      }
    }
    const needed = new Set<string>();
    for (const name of used) {
      if (existsSync(join(stylesDir, `${name}.css`))) needed.add(`${name}.css`);
      for (const dep of NEEDS[name] ?? []) needed.add(`${dep}.css`);
    }
    expect([...needed].filter((f) => !listed.includes(f)).sort()).toEqual([]);
  });
});

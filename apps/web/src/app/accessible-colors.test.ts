import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { AA, accessibleCssVariables, colorRoles, contrast, SURFACE } from './accessible-colors';
import { theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);

function primaryPalette(): readonly string[] {
  const palette = merged.colors.primary;
  if (!palette) throw new Error('the theme has no primary colour');
  return palette;
}

describe('accessible colours (decision 023)', () => {
  it('gives every colour of the theme, Mantine defaults included, text of 4.5:1 in each role', () => {
    for (const [name, palette] of Object.entries(merged.colors)) {
      const roles = colorRoles(palette);
      expect(roles, name).not.toBeNull();
      if (!roles) continue;
      expect(contrast(roles.filled, roles.onFilled), `${name} filled`).toBeGreaterThanOrEqual(AA);
      expect(contrast(roles.filledHover, roles.onFilled), `${name} filled hover`).toBeGreaterThanOrEqual(AA);
      expect(contrast(roles.text, SURFACE), `${name} text`).toBeGreaterThanOrEqual(AA);
      expect(contrast(roles.lightColor, palette[1] ?? ''), `${name} light`).toBeGreaterThanOrEqual(AA);
    }
  });

  it('leaves colours that already pass as they are', () => {
    const violet = colorRoles(merged.colors.violet);
    expect(violet?.filled).toBe(merged.colors.violet[6]);
    expect(colorRoles(merged.colors.yellow)).toMatchObject({ filled: '#fab005', onFilled: '#000000' });
    expect(primaryPalette()[6]).toBe('#7367f0');
  });

  it('sets the light-skin variables of every colour, the anchor and dimmed text', () => {
    const { light, dark } = accessibleCssVariables(merged);
    expect(light['--mantine-color-primary-filled']).toBe(colorRoles(primaryPalette())?.filled);
    expect(light['--mantine-color-green-contrast']).toBe('#000000');
    expect(dark['--mantine-color-green-contrast']).toBe('#ffffff');
    expect(contrast(light['--mantine-color-anchor'] ?? '', SURFACE)).toBeGreaterThanOrEqual(AA);
    expect(contrast(light['--mantine-color-dimmed'] ?? '', SURFACE)).toBeGreaterThanOrEqual(AA);
  });

  it('keeps the CSS tokens of the shell (base.css) at 4.5:1 on the body and card backgrounds', () => {
    const css = readFileSync(join(import.meta.dirname, '../styles/base.css'), 'utf8');
    const root = css.slice(css.indexOf(':root'), css.indexOf('}', css.indexOf(':root')));
    const token = (name: string) => {
      const hex = new RegExp(`--er-${name}:\\s*#([0-9a-f]{6}|[0-9a-f]{3})\\b`, 'i').exec(root)?.[1] ?? '';
      return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
    };
    for (const bg of [token('body-bg'), token('card-bg')]) {
      for (const fg of ['text', 'muted', 'primary-text']) {
        expect(contrast(token(fg), bg), `--er-${fg} on ${bg}`).toBeGreaterThanOrEqual(AA);
      }
      expect(contrast('#ffffff', token('primary-fill'))).toBeGreaterThanOrEqual(AA);
    }
  });
});

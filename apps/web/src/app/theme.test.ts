import { describe, expect, it } from 'vitest';
import { THEME_COLOR_NAMES, theme } from './theme';

describe('Mantine theme', () => {
  it('names the spec theme colours, ten shades each', () => {
    expect(THEME_COLOR_NAMES).toEqual([
      'primary',
      'secondary',
      'success',
      'info',
      'warning',
      'danger',
      'light',
      'dark',
    ]);
    for (const name of THEME_COLOR_NAMES) {
      expect(theme.colors?.[name]).toHaveLength(10);
      for (const shade of theme.colors?.[name] ?? []) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(theme.primaryColor).toBe('primary');
    expect(theme.colors?.primary?.[6]).toBe('#7367f0');
  });

  it('names the breakpoints xs, sm, md, lg, xl', () => {
    expect(Object.keys(theme.breakpoints ?? {})).toEqual(['xs', 'sm', 'md', 'lg', 'xl']);
  });
});

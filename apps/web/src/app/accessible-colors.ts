import {
  type CSSVariablesResolver,
  defaultVariantColorsResolver,
  type MantineTheme,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * WCAG AA text contrast for every Mantine colour in the light skin (issue #10 item 6, decision 023).
 * Mantine's own palettes and the reference template's base colours put white text on light
 * fills (#fab005, #40c057, #7367f0 …) and shade-9 text on pale tints below 4.5:1. Instead of
 * choosing colours screen by screen, every colour's roles are derived here from its palette:
 *
 * - filled (Button, Badge, NavLink, Checkbox …): a light colour (black reaches 7:1 on its base)
 *   keeps its base and gets black text; any other gets white text on its base darkened just
 *   enough for 4.5:1;
 * - text (`c="red"`), outline and the anchor colour: the base, darkened until 4.5:1 on the
 *   greyest surface text sits on (#f1f3f5);
 * - light (tinted Badge, Alert, subtle buttons): shade 9 on shade 1, darkened until 4.5:1.
 *
 * Colours that already pass are left exactly as they were. The dark skin keeps Mantine's values.
 */

export const AA = 4.5;
/** A little above 4.5:1, so rounding in a browser or a checker never lands below it. */
const TARGET = 4.6;
/** The greyest light surface text sits on (Mantine gray-1: striped and hovered table rows). */
export const SURFACE = '#f1f3f5';

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two #rrggbb colours (1 … 21). */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

function darker(hex: string, amount: number): string {
  return `#${rgb(hex)
    .map((c) => Math.round(c * (1 - amount)))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** `color` darkened in 2 % steps until it reaches `ratio` against `on` (unchanged if it does). */
export function darkenUntil(color: string, on: string, ratio = TARGET): string {
  for (let step = 0; step <= 50; step++) {
    const c = darker(color, step * 0.02);
    if (contrast(c, on) >= ratio) return c;
  }
  return '#000000';
}

export interface ColorRoles {
  filled: string;
  filledHover: string;
  /** Text on the filled background. */
  onFilled: '#ffffff' | '#000000';
  text: string;
  lightColor: string;
}

const isHex = (c: string | undefined): c is string => !!c && /^#[0-9a-f]{6}$/i.test(c);

/** The accessible roles of one palette (index 6 its base, as in theme.ts). */
export function colorRoles(palette: readonly string[]): ColorRoles | null {
  const [base, tint, deep] = [palette[6], palette[1], palette[9]];
  if (!isHex(base) || !isHex(tint) || !isHex(deep)) return null;
  const light = contrast(base, '#000000') >= 7;
  const filled = light ? base : darkenUntil(base, '#ffffff');
  return {
    filled,
    filledHover: light ? (isHex(palette[7]) ? palette[7] : darker(base, 0.1)) : darker(filled, 0.1),
    onFilled: light ? '#000000' : '#ffffff',
    text: darkenUntil(base, SURFACE),
    lightColor: darkenUntil(deep, tint),
  };
}

/** Light-skin CSS variables of every colour of the theme (Mantine's defaults included). */
export const accessibleCssVariables: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const [name, palette] of Object.entries(theme.colors)) {
    const roles = colorRoles(palette);
    if (!roles) continue;
    // Mantine's own dark skin: white on every fill.
    dark[`--mantine-color-${name}-contrast`] = '#ffffff';
    light[`--mantine-color-${name}-filled`] = roles.filled;
    light[`--mantine-color-${name}-filled-hover`] = roles.filledHover;
    light[`--mantine-color-${name}-contrast`] = roles.onFilled;
    light[`--mantine-color-${name}-text`] = roles.text;
    light[`--mantine-color-${name}-outline`] = roles.text;
    light[`--mantine-color-${name}-light-color`] = roles.lightColor;
  }
  const primary = colorRoles(theme.colors[theme.primaryColor] ?? []);
  if (primary) light['--mantine-color-anchor'] = primary.text;
  const gray = theme.colors.gray?.[6];
  // Dimmed text (Mantine gray-6, 3.3:1 on white) darkened just enough for every light surface.
  if (isHex(gray)) light['--mantine-color-dimmed'] = darkenUntil(gray, SURFACE);
  return { variables: {}, light, dark };
};

/**
 * Mantine's variant colours, with the text of a filled theme colour from `colorRoles` (black on
 * the light colours) instead of always white. Background and hover come from the variables above.
 */
export const accessibleVariantColors: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  if (input.variant !== 'filled') return resolved;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade !== undefined) return resolved;
  const roles = colorRoles((input.theme as MantineTheme).colors[parsed.color] ?? []);
  return roles ? { ...resolved, color: `var(--mantine-color-${parsed.color}-contrast)` } : resolved;
};

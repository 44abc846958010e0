import {
  createTheme,
  type MantineColorsTuple,
  type MantineThemeOverride,
  mergeThemeOverrides,
} from '@mantine/core';
import { SCROLL_X_AREA } from '../components/scroll-x';
import { accessibleVariantColors } from './accessible-colors';

/**
 * The Mantine theme. Theme colours of the spec (§9) by name — primary, secondary, success,
 * info, warning, danger, light, dark — and the breakpoints xs, sm, md, lg, xl. Base colours
 * are the reference template's; each is spread into Mantine's ten shades with the base at
 * index 6 (Mantine's primaryShade for light mode).
 */
export const BASE_COLORS = {
  primary: '#7367f0',
  secondary: '#82868b',
  success: '#28c76f',
  info: '#00cfe8',
  warning: '#ff9f43',
  danger: '#ea5455',
  light: '#f6f6f6',
} as const;

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(hex: string, target: number, amount: number): string {
  const [r, g, b] = hexToRgb(hex).map((c) => Math.round(c + (target - c) * amount));
  return `#${[r, g, b].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`;
}

/** Ten shades: 0–5 tints towards white, 6 the base, 7–9 shades towards black. */
export function shades(base: string): MantineColorsTuple {
  return [
    mix(base, 255, 0.9),
    mix(base, 255, 0.78),
    mix(base, 255, 0.62),
    mix(base, 255, 0.45),
    mix(base, 255, 0.28),
    mix(base, 255, 0.12),
    base,
    mix(base, 0, 0.12),
    mix(base, 0, 0.24),
    mix(base, 0, 0.36),
  ];
}

/** `dark` doubles as Mantine's dark-scheme palette: text (0) … card (6), body (7). */
const DARK: MantineColorsTuple = [
  '#d0d2d6',
  '#b4b7bd',
  '#a2a5ad',
  '#676d7d',
  '#404656',
  '#3b4253',
  '#283046',
  '#161d31',
  '#10162a',
  '#0c1120',
];

export const THEME_COLOR_NAMES = [
  'primary',
  'secondary',
  'success',
  'info',
  'warning',
  'danger',
  'light',
  'dark',
] as const;

export const theme = createTheme({
  primaryColor: 'primary',
  primaryShade: { light: 6, dark: 5 },
  colors: {
    primary: shades(BASE_COLORS.primary),
    secondary: shades(BASE_COLORS.secondary),
    success: shades(BASE_COLORS.success),
    info: shades(BASE_COLORS.info),
    warning: shades(BASE_COLORS.warning),
    danger: shades(BASE_COLORS.danger),
    light: shades(BASE_COLORS.light),
    dark: DARK,
  },
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '87.5em' },
  fontFamily: "'Montserrat', system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  headings: {
    fontFamily: "'Montserrat', system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  // Text on filled colours reaches WCAG AA (with `accessibleCssVariables` in the provider; decision 023).
  variantColorResolver: accessibleVariantColors,
  components: {
    // Every Table.ScrollContainer is a designated horizontal scroller (decision 024): its viewport
    // is marked `data-scroll-x` and its scrollbar shows whenever the table is wider than the card.
    TableScrollContainer: {
      defaultProps: { scrollAreaProps: SCROLL_X_AREA },
    },
  },
});

/**
 * The theme with the accessible names Mantine leaves to us, in the interface language: every close
 * button (Modal, Drawer, Alert, Notification; Mantine's icon-only close buttons have none of their
 * own, axe `button-name`, decision 023) and the eye button of every PasswordInput (Mantine's own
 * name is English, "Toggle password visibility"; decision 057). A screen's own props still win.
 */
export function themeWithLabels(labels: { close: string; togglePassword: string }): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': labels.close };
  return mergeThemeOverrides(theme, {
    components: {
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
      Alert: { defaultProps: { closeButtonLabel: labels.close } },
      Notification: { defaultProps: { closeButtonProps } },
      PasswordInput: {
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': labels.togglePassword } },
      },
    },
  });
}

import { useSyncExternalStore } from 'react';
import { readJson, readString, STORAGE_KEYS, writeJson, writeString } from './storage';

/**
 * Interface preferences (spec §2, §3): layout settings and the interface language.
 * The skin is stored under the `skin` key on its own (as the spec names it); everything
 * else as one JSON object under `erapor-prefs`. Values read back are validated, so a stale
 * or hand-edited entry falls back to the default instead of breaking the layout.
 */
export const SKINS = ['light', 'bordered', 'dark', 'semi-dark'] as const;
export const CONTENT_WIDTHS = ['full', 'boxed'] as const;
export const ROUTER_TRANSITIONS = [
  'zoom-fade',
  'slide-fade',
  'fade-bottom',
  'fade',
  'zoom-out',
  'none',
] as const;
export const LAYOUT_TYPES = ['vertical', 'horizontal'] as const;
export const NAVBAR_TYPES = ['sticky', 'static', 'floating', 'hidden'] as const;
export const FOOTER_TYPES = ['sticky', 'static', 'hidden'] as const;
export const NAVBAR_COLORS = [
  '',
  'primary',
  'secondary',
  'success',
  'info',
  'warning',
  'danger',
  'dark',
] as const;
export const LOCALES = ['en', 'id', 'de', 'fr', 'pt'] as const;

export type Skin = (typeof SKINS)[number];
export type ContentWidth = (typeof CONTENT_WIDTHS)[number];
export type RouterTransition = (typeof ROUTER_TRANSITIONS)[number];
export type LayoutType = (typeof LAYOUT_TYPES)[number];
export type NavbarType = (typeof NAVBAR_TYPES)[number];
export type FooterType = (typeof FOOTER_TYPES)[number];
export type NavbarColor = (typeof NAVBAR_COLORS)[number];
export type Locale = (typeof LOCALES)[number];

export interface Prefs {
  skin: Skin;
  contentWidth: ContentWidth;
  isRTL: boolean;
  routerTransition: RouterTransition;
  layoutType: LayoutType;
  menuCollapsed: boolean;
  menuHidden: boolean;
  navbarType: NavbarType;
  navbarColor: NavbarColor;
  footerType: FooterType;
  /** The interface language in use: the one chosen in the switcher, else the browser's (`browserLocale`). */
  locale: Locale;
  /** The language chosen in the switcher and remembered ('' = none yet: follow the browser). */
  chosenLocale: Locale | '';
  /** The e-mail remembered by "Simpan Login" on the login form ('' = none). */
  rememberedEmail: string;
}

/** Application configuration (the reference's themeConfig). Not user preferences. */
export const APP_CONFIG = {
  appName: 'e-Rapor SMK',
  customizer: true,
  enableScrollToTop: true,
  scrollToTopThreshold: 250,
} as const;

export const DEFAULT_PREFS: Prefs = {
  skin: 'light',
  contentWidth: 'full',
  isRTL: false,
  routerTransition: 'zoom-fade',
  layoutType: 'vertical',
  menuCollapsed: false,
  menuHidden: false,
  navbarType: 'sticky',
  navbarColor: '',
  footerType: 'sticky',
  locale: 'en',
  chosenLocale: '',
  rememberedEmail: '',
};

/**
 * The first language, before any choice: the browser's first preferred language we have
 * (`id`/`id-ID` and the old code `in` → Indonesian, `de`, `fr`, `pt`, `en`), else English.
 */
export function browserLocale(languages: readonly string[] | undefined): Locale {
  for (const tag of languages ?? []) {
    const base = tag.toLowerCase().split('-')[0];
    const lng = base === 'in' ? 'id' : base;
    if (LOCALES.includes(lng as Locale)) return lng as Locale;
  }
  return 'en';
}

function navigatorLanguages(): readonly string[] | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

const CHOICES = ['', ...LOCALES] as const;

function pick<T extends string>(options: readonly T[], value: unknown, fallback: T): T {
  return options.includes(value as T) ? (value as T) : fallback;
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** Reads the stored preferences, keeping only valid values. */
export function loadPrefs(): Prefs {
  const raw = readJson<Record<string, unknown>>(STORAGE_KEYS.prefs) ?? {};
  const d = DEFAULT_PREFS;
  // `locale` was written by earlier versions on every save (default en): only a value other
  // than en can have come from the switcher.
  const chosen =
    pick(CHOICES, raw.chosenLocale, '') || (raw.locale !== 'en' ? pick(CHOICES, raw.locale, '') : '');
  return {
    skin: pick(SKINS, readString(STORAGE_KEYS.skin), d.skin),
    contentWidth: pick(CONTENT_WIDTHS, raw.contentWidth, d.contentWidth),
    isRTL: bool(raw.isRTL, d.isRTL),
    routerTransition: pick(ROUTER_TRANSITIONS, raw.routerTransition, d.routerTransition),
    layoutType: pick(LAYOUT_TYPES, raw.layoutType, d.layoutType),
    menuCollapsed: bool(raw.menuCollapsed, d.menuCollapsed),
    menuHidden: bool(raw.menuHidden, d.menuHidden),
    navbarType: pick(NAVBAR_TYPES, raw.navbarType, d.navbarType),
    navbarColor: pick(NAVBAR_COLORS, raw.navbarColor, d.navbarColor),
    footerType: pick(FOOTER_TYPES, raw.footerType, d.footerType),
    locale: chosen || browserLocale(navigatorLanguages()),
    chosenLocale: chosen,
    rememberedEmail:
      typeof raw.rememberedEmail === 'string' && raw.rememberedEmail.length <= 254
        ? raw.rememberedEmail
        : d.rememberedEmail,
  };
}

export function savePrefs(p: Prefs): void {
  writeString(STORAGE_KEYS.skin, p.skin);
  // The language in use is stored only as a choice (`chosenLocale`); otherwise the browser decides.
  const { skin: _skin, locale: _locale, ...rest } = p;
  writeJson(STORAGE_KEYS.prefs, rest);
}

const SKIN_CLASSES: Record<Skin, string | null> = {
  light: null,
  dark: 'dark-layout',
  bordered: 'bordered-layout',
  'semi-dark': 'semi-dark-layout',
};

/** Skin class on <html> (dark adds `dark-layout`), text direction and language. */
export function applyPrefsToDocument(p: Prefs, doc: Document = document): void {
  const html = doc.documentElement;
  for (const cls of Object.values(SKIN_CLASSES)) if (cls) html.classList.remove(cls);
  const cls = SKIN_CLASSES[p.skin];
  if (cls) html.classList.add(cls);
  html.dir = p.isRTL ? 'rtl' : 'ltr';
  html.lang = p.locale;
}

let current: Prefs = loadPrefs();
const listeners = new Set<() => void>();

export function getPrefs(): Prefs {
  return current;
}

export function setPrefs(patch: Partial<Prefs>): void {
  current = { ...current, ...patch };
  savePrefs(current);
  if (typeof document !== 'undefined') applyPrefsToDocument(current);
  for (const l of listeners) l();
}

/** Re-reads storage (tests; another tab). */
export function reloadPrefs(): void {
  current = loadPrefs();
  if (typeof document !== 'undefined') applyPrefsToDocument(current);
  for (const l of listeners) l();
}

export function subscribePrefs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePrefs(): Prefs {
  return useSyncExternalStore(subscribePrefs, getPrefs, getPrefs);
}

import { useCallback, useMemo, useSyncExternalStore } from 'react';
import en from '../locales/en.json';
import { loadChunk } from './chunk-load';
import { getPrefs, LOCALES, type Locale, setPrefs } from './prefs';

/**
 * Interface translations (spec §1): en (default and fallback), id, de, fr, pt — all bundled
 * with the app (imported JSON, never fetched from an API). English ships in the entry; the
 * others are separate chunks of the same build, loaded before the first render when chosen.
 *
 * A small in-house module with the react-i18next call shape (`useTranslation()` → `{ t, i18n }`,
 * `{{name}}` interpolation, `_one`/`_other` plurals, fallback to en) instead of i18next +
 * react-i18next: those two cost 17 kB gzip, which the /login budget of 120 kB cannot carry next
 * to React 19 and TanStack Router (measured; docs/decisions/003-login-size-budget.md).
 * Page titles and route/menu labels stay Indonesian: they come from the contract, not from here.
 */
export type Messages = typeof en;
type Dict = { [key: string]: string | Dict };
export type TranslateVars = Record<string, string | number | null | undefined>;
export type TFunction = (key: string, vars?: TranslateVars) => string;

export const DEFAULT_LOCALE: Locale = 'en';
export { LOCALES };

/** Names of the languages in themselves (as on every language switcher; not translated). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  id: 'Bahasa Indonesia',
  de: 'Deutsch',
  fr: 'Français',
  pt: 'Português',
};

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Dict }>> = {
  id: () => import('../locales/id.json'),
  de: () => import('../locales/de.json'),
  fr: () => import('../locales/fr.json'),
  pt: () => import('../locales/pt.json'),
};

const resources: Partial<Record<Locale, Dict>> = { en: en as Dict };
let language: Locale = DEFAULT_LOCALE;
const listeners = new Set<() => void>();

function lookup(dict: Dict | undefined, key: string): string | undefined {
  let node: string | Dict | undefined = dict;
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function interpolate(text: string, vars?: TranslateVars): string {
  if (!vars) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** Translates `key` in `lng` (falling back to English, then to the key itself). */
export function translate(key: string, vars?: TranslateVars, lng: Locale = language): string {
  let k = key;
  if (typeof vars?.count === 'number') {
    const form = new Intl.PluralRules(lng).select(vars.count);
    const plural = `${key}_${form}`;
    if (lookup(resources[lng], plural) ?? lookup(resources.en, plural)) k = plural;
  }
  const text = lookup(resources[lng], k) ?? lookup(resources.en, k);
  return text === undefined ? key : interpolate(text, vars);
}

function publish(): void {
  for (const l of listeners) l();
}

export const i18n = {
  get language(): Locale {
    return language;
  },
  t: translate as TFunction,
  hasResourceBundle: (lng: Locale): boolean => Boolean(resources[lng]),
  addResourceBundle(lng: Locale, dict: Dict): void {
    resources[lng] = dict;
  },
  async changeLanguage(lng: Locale): Promise<void> {
    await loadLocale(lng);
    language = lng;
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
    publish();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export async function loadLocale(lng: Locale): Promise<void> {
  if (lng !== 'en' && !resources[lng]) {
    const mod = await loadChunk(`locale-${lng}`, loaders[lng]);
    resources[lng] = { ...mod.default, ...(resources[lng] ?? {}) };
  }
  await Promise.all([...loadedAreas].map((area) => loadAreaLocale(area, lng)));
}

/**
 * Each feature keeps its own strings in `features/<area>/locales/<lng>.json`, loaded with the
 * feature's first screen and merged under the key `<area>` (key "referensi.gtk.title" reads
 * `features/referensi/locales/<lng>.json` → gtk.title).
 * Keeping them out of `locales/en.json` keeps them out of the /login entry chunk.
 */
const areaFiles = import.meta.glob<{ default: Dict }>('../features/*/locales/*.json');
const loadedAreas = new Set<string>();
const areaLoads = new Map<string, Promise<void>>();

function loadAreaLocale(area: string, lng: Locale): Promise<void> {
  const id = `${area}/${lng}`;
  let pending = areaLoads.get(id);
  if (!pending) {
    const importer = areaFiles[`../features/${area}/locales/${lng}.json`];
    pending = importer
      ? loadChunk(`locale-${area}-${lng}`, importer).then((mod) => {
          const current = resources[lng] ?? {};
          const existing = current[area];
          const merged = typeof existing === 'object' ? { ...existing, ...mod.default } : mod.default;
          resources[lng] = { ...current, [area]: merged };
        })
      : Promise.resolve();
    pending.catch(() => areaLoads.delete(id));
    areaLoads.set(id, pending);
  }
  return pending;
}

/** Loads a feature's strings in English (the fallback) and the current language. */
export async function loadAreaMessages(area: string): Promise<void> {
  loadedAreas.add(area);
  await Promise.all([loadAreaLocale(area, 'en'), loadAreaLocale(area, language)]);
}

/** Loads the remembered language before the first render (falls back to English on failure). */
export async function initI18n(lng: Locale = getPrefs().locale): Promise<void> {
  if (lng === language) return;
  await i18n.changeLanguage(lng).catch(() => undefined);
}

/** Switches the interface language and remembers the choice. */
export async function setLocale(lng: Locale, remember = true): Promise<void> {
  await i18n.changeLanguage(lng);
  if (remember) setPrefs({ locale: lng });
}

const getLanguage = () => language;

/** `const { t, i18n } = useTranslation()` — re-renders when the language changes. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const lng = useSyncExternalStore(i18n.subscribe, getLanguage, getLanguage);
  const t = useCallback<TFunction>((key, vars) => translate(key, vars, lng), [lng]);
  return useMemo(() => ({ t, i18n }), [t]);
}

import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { loadChunk } from './chunk-load';
import { getPrefs, LOCALES, type Locale, setPrefs } from './prefs';

/**
 * Interface translations (spec §1): en (fallback), id, de, fr, pt — all bundled with the app
 * (imported JSON, never fetched from an API), each language a chunk of its own. The first
 * language follows the browser until one is chosen (lib/prefs.ts, docs/decisions/020-language.md).
 * Before the first render only the public pages' messages of the language in use are loaded
 * (`<lng>.json?public`, scripts/locale-parts.ts); the whole file, and English as the fallback,
 * arrive with the first page behind the login (`loadAppMessages`), each feature's own messages
 * with its first screen (`loadAreaMessages`).
 *
 * A small in-house module with the react-i18next call shape (`useTranslation()` → `{ t, i18n }`,
 * `{{name}}` interpolation, `_one`/`_other` plurals, fallback to en) instead of i18next +
 * react-i18next: those two cost 17 kB gzip, which the /login budget of 120 kB cannot carry next
 * to React 19 and TanStack Router (measured; docs/decisions/003-login-size-budget.md).
 * Page titles and route/menu labels stay Indonesian: they come from the contract, not from here.
 */
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

type Module = Promise<{ default: Dict }>;
/** Per language: the public pages' messages (cut down at build time) and the whole file. */
const bundles: Record<Locale, { public: () => Module; app: () => Module }> = {
  en: {
    public: () => import('../locales/en.json?public') as Module,
    app: () => import('../locales/en.json'),
  },
  id: {
    public: () => import('../locales/id.json?public') as Module,
    app: () => import('../locales/id.json'),
  },
  de: {
    public: () => import('../locales/de.json?public') as Module,
    app: () => import('../locales/de.json'),
  },
  fr: {
    public: () => import('../locales/fr.json?public') as Module,
    app: () => import('../locales/fr.json'),
  },
  pt: {
    public: () => import('../locales/pt.json?public') as Module,
    app: () => import('../locales/pt.json'),
  },
};

const resources: Partial<Record<Locale, Dict>> = {};
let language: Locale = DEFAULT_LOCALE;
/** Bumped whenever the language or the loaded messages change: components re-render. */
let version = 0;
let appMessages = false;
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
  version++;
  for (const l of listeners) l();
}

function merge(into: Dict, from: Dict): Dict {
  const out: Dict = { ...into };
  for (const [k, v] of Object.entries(from)) {
    const mine = out[k];
    out[k] = typeof v === 'object' && typeof mine === 'object' ? merge(mine, v) : v;
  }
  return out;
}

const loads = new Map<string, Promise<void>>();

/** Loads one messages chunk once and merges it into `lng` (under `area` for a feature's file). */
function load(id: string, importer: () => Module, lng: Locale, area?: string): Promise<void> {
  let pending = loads.get(id);
  if (!pending) {
    pending = loadChunk(`locale-${id}`, importer).then((mod) => {
      resources[lng] = merge(resources[lng] ?? {}, area ? { [area]: mod.default } : mod.default);
      publish();
    });
    pending.catch(() => loads.delete(id));
    loads.set(id, pending);
  }
  return pending;
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

/** Loads what is needed of `lng` now: the public messages, or the whole file once the app runs. */
export async function loadLocale(lng: Locale): Promise<void> {
  await Promise.all([
    appMessages ? load(`${lng}-app`, bundles[lng].app, lng) : load(lng, bundles[lng].public, lng),
    ...[...loadedAreas].map((area) => loadAreaLocale(area, lng)),
  ]);
}

/** The whole messages of English (the fallback) and the language in use: the first page behind the login. */
export async function loadAppMessages(): Promise<void> {
  appMessages = true;
  await Promise.all([loadLocale('en'), loadLocale(language)]);
}

/**
 * Each feature keeps its own strings in `features/<area>/locales/<lng>.json`, loaded with the
 * feature's first screen and merged under the key `<area>` (key "referensi.gtk.title" reads
 * `features/referensi/locales/<lng>.json` → gtk.title).
 * Keeping them out of `locales/en.json` keeps them out of the /login entry chunk.
 */
const areaFiles = import.meta.glob<{ default: Dict }>('../features/*/locales/*.json');
const loadedAreas = new Set<string>();

function loadAreaLocale(area: string, lng: Locale): Promise<void> {
  const importer = areaFiles[`../features/${area}/locales/${lng}.json`];
  return importer ? load(`${area}-${lng}`, importer, lng, area) : Promise.resolve();
}

/** Loads a feature's strings in English (the fallback) and the current language. */
export async function loadAreaMessages(area: string): Promise<void> {
  loadedAreas.add(area);
  await Promise.all([loadAreaLocale(area, 'en'), loadAreaLocale(area, language)]);
}

/** Loads the remembered language before the first render (falls back to English on failure). */
export async function initI18n(lng: Locale = getPrefs().locale): Promise<void> {
  // A chunk that will not load must not keep the app from rendering: English, else the keys.
  await i18n
    .changeLanguage(lng)
    .catch(() => (lng === 'en' ? undefined : i18n.changeLanguage('en')))
    .catch(() => undefined);
}

/** Switches the interface language; a choice (the switcher) is remembered and wins over the browser's. */
export async function setLocale(lng: Locale, remember = true): Promise<void> {
  await i18n.changeLanguage(lng);
  setPrefs(remember ? { locale: lng, chosenLocale: lng } : { locale: lng });
}

/**
 * A message written by the server: the API's `message` (Indonesian by spec) or any other
 * text the server composed. Kept apart from interface text so one message never mixes two
 * languages (docs/decisions/020-language.md).
 */
export interface ServerText {
  readonly server: string;
}
/** Interface text (already translated) or the server's own text. */
export type Shown = string | ServerText;

export const serverText = (message: string): ServerText => ({ server: message });
const isServer = (part: Shown | undefined): part is ServerText => typeof part === 'object';

/**
 * The title and body of one message (toast, alert, error panel) in one language. The server
 * writes Indonesian; with any other interface language a server text is shown on its own —
 * the interface text beside it (a title such as "Grades", a detail line) is left out.
 */
export function oneLanguage(
  title: Shown,
  text?: Shown,
  lng: Locale = language,
): { title: string; text?: string } {
  const parts =
    lng !== 'id' && (isServer(title) || isServer(text)) ? [title, text].filter(isServer) : [title, text];
  const [first = '', second] = parts.map((p) => (isServer(p) ? p.server : p));
  return { title: first, text: second || undefined };
}

const getVersion = () => version;
const getLanguage = () => language;

/** `const { t, i18n } = useTranslation()` — re-renders when the language or the loaded messages change. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  useSyncExternalStore(i18n.subscribe, getVersion, getVersion);
  const lng = useSyncExternalStore(i18n.subscribe, getLanguage, getLanguage);
  const t = useCallback<TFunction>((key, vars) => translate(key, vars, lng), [lng]);
  return useMemo(() => ({ t, i18n }), [t]);
}

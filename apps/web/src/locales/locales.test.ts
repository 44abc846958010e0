import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ENGLISH_WORDS } from '@erapor/contract/wording';
import { beforeAll, describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import id from './id.json';
import pt from './pt.json';

type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [k2, v2] of flatten(v, key)) out.set(k2, v2);
  }
  return out;
}

/** The app-wide messages plus every feature's own `features/<area>/locales/<lng>.json` under `<area>`. */
function withAreas(lng: string, base: Tree): Map<string, string> {
  const features = join(import.meta.dirname, '..', 'features');
  const tree: Tree = { ...base };
  for (const area of readdirSync(features)) {
    const file = join(features, area, 'locales', `${lng}.json`);
    try {
      const own = JSON.parse(readFileSync(file, 'utf8')) as Tree;
      const existing = tree[area];
      tree[area] = typeof existing === 'object' ? { ...existing, ...own } : own;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  return flatten(tree);
}

const EN = withAreas('en', en as Tree);
const OTHERS: Record<string, Map<string, string>> = {
  id: withAreas('id', id as Tree),
  de: withAreas('de', de as Tree),
  fr: withAreas('fr', fr as Tree),
  pt: withAreas('pt', pt as Tree),
};

/** Words that are the same in the language (or are names/codes), where a copy is correct. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'Email',
  'Login',
  'Logout',
  'NPSN',
  'NISN',
  'Password',
  'Version {{version}}',
  'Horizontal',
  // French spells these as English does.
  'Collaboration',
  'Communication',
  'Positive',
  'Description',
  'Actions',
  'National',
  // Indonesian and German spell "Status" as English does; German "Details" too.
  'Status',
  'Details',
  // "Format" and "Monitoring" are Indonesian and German words as well.
  'Format',
  'Monitoring',
]);

/** A value with nothing to translate (only placeholders and punctuation). */
const untranslatable = (v: string) => !/\p{L}/u.test(v.replace(/\{\{\s*\w+\s*\}\}/g, ''));
const placeholders = (v: string) => [...v.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  for (const [lng, messages] of Object.entries(OTHERS)) {
    it(`${lng} has every key of en and no other`, () => {
      const missing = [...EN.keys()].filter((k) => !messages.has(k));
      const extra = [...messages.keys()].filter((k) => !EN.has(k));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it(`${lng} translates rather than copies English`, () => {
      const copied = [...EN].filter(
        ([k, v]) => messages.get(k) === v && !SAME_IN_EVERY_LANGUAGE.has(v) && !untranslatable(v),
      );
      expect(copied.map(([k, v]) => `${k}: ${v}`)).toEqual([]);
    });

    it(`${lng} has no empty values`, () => {
      expect([...messages].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
    });
  }

  it("every feature's messages are compared: each locales folder has all five languages", () => {
    const features = join(import.meta.dirname, '..', 'features');
    const folders = readdirSync(features).filter((area) => {
      try {
        return statSync(join(features, area, 'locales')).isDirectory();
      } catch {
        return false;
      }
    });
    expect(folders.length).toBeGreaterThan(0);
    for (const area of folders) {
      const files = readdirSync(join(features, area, 'locales')).sort();
      expect(files, area).toEqual(['de.json', 'en.json', 'fr.json', 'id.json', 'pt.json']);
      // Its keys are part of what the key comparison above sees.
      expect(
        [...EN.keys()].some((k) => k.startsWith(`${area}.`)),
        area,
      ).toBe(true);
    }
  });

  it('the Indonesian words e2e tests and users rely on are in every language', () => {
    // Accessible names kept stable across languages (the term is Indonesian; other locales add a gloss).
    for (const [key, term] of [
      ['auth.fields.semester', 'Tahun Pelajaran'],
      ['chunk.reload', 'Muat Ulang'],
      ['auth.login.welcomeTitle', 'Selamat Datang'],
      ['profile.name', 'Nama Lengkap'],
      ['customizer.rtl', 'RTL'],
    ] as const) {
      for (const m of [EN, ...Object.values(OTHERS)]) expect(m.get(key)).toContain(term);
    }
  });

  it('uses the same placeholders in every language', () => {
    const wrong: string[] = [];
    for (const [lng, messages] of Object.entries(OTHERS)) {
      for (const [k, v] of EN) {
        const other = messages.get(k);
        if (other === undefined) continue;
        const a = placeholders(v);
        const b = placeholders(other);
        // A translation may leave a variable out (e.g. seconds instead of ms) but never invent one.
        if (b.some((p) => !a.includes(p) && !(k === 'errors.timeout' && p === 'seconds')))
          wrong.push(`${lng} ${k}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every key used in the code exists in en', () => {
    const root = join(import.meta.dirname, '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const f of readdirSync(dir)) {
        const p = join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)) files.push(p);
      }
    };
    walk(root);
    const used = new Set<string>();
    for (const f of files) {
      for (const m of readFileSync(f, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z0-9_.-]+)'/g))
        used.add(m[1] as string);
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !EN.has(k))).toEqual([]);
  });
});

/*
 * The glossary (docs/glossary.md, decision 057): one word per action. Its "not this" terms — each in
 * backticks in the table's second column — must not appear, as whole words in the case written
 * there, in the Indonesian messages or in a text the contract exports.
 */
const ROOT = join(import.meta.dirname, '..', '..', '..', '..');

function notThisTerms(): string[] {
  const rows = readFileSync(join(ROOT, 'docs', 'glossary.md'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('|') && !l.startsWith('| ---'));
  // The header row has no backticks; every other row names at least one term.
  return rows.flatMap((row) =>
    [...(row.split('|')[2] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] as string),
  );
}

const wholeWord = (term: string) =>
  new RegExp(`(?<![\\p{L}])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u');

/** Every text the contract exports: strings, in plain objects and arrays, and message functions' output. */
async function contractTexts(): Promise<Map<string, string>> {
  const src = join(ROOT, 'packages', 'contract', 'src');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.ts$/.test(f) && !/(\.test|fixture)\.ts$|test-fixture\.ts$/.test(f)) files.push(p);
    }
  };
  walk(src);
  const out = new Map<string, string>();
  const collect = (value: unknown, where: string, depth: number, messages: boolean) => {
    if (typeof value === 'string') out.set(where, value);
    else if (typeof value === 'function' && messages) {
      // A message with placeholders: its text around the placeholders is what is checked.
      try {
        const text = (value as (...a: unknown[]) => unknown)(...Array(value.length).fill('X'));
        if (typeof text === 'string') out.set(where, text);
      } catch {
        // a factory that needs real arguments: its fixed text is still in the source
      }
    } else if (depth < 5 && value && typeof value === 'object') {
      const proto = Object.getPrototypeOf(value);
      if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return; // a schema, a class
      for (const [k, v] of Object.entries(value)) collect(v, `${where}.${k}`, depth + 1, messages);
    }
  };
  for (const file of files) {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const name = file.slice(src.length + 1);
    for (const [k, v] of Object.entries(mod)) collect(v, `${name} ${k}`, 0, /MESSAGES$/.test(k));
  }
  return out;
}

describe('glossary (docs/glossary.md)', () => {
  const terms = notThisTerms();
  let contract = new Map<string, string>();
  beforeAll(async () => {
    contract = await contractTexts();
  });

  it('names its "not this" terms', () => {
    for (const t of ['Edit', 'Ubah Data', 'di nonaktifkan', 'Custom']) expect(terms).toContain(t);
  });

  it('no "not this" term in the Indonesian messages', () => {
    const found = [...(OTHERS.id as Map<string, string>)].flatMap(([k, v]) =>
      terms.filter((t) => wholeWord(t).test(v)).map((t) => `${k}: "${t}" in ${v}`),
    );
    expect(found).toEqual([]);
  });

  it('no "not this" term in the contract\'s texts', () => {
    // The walk reaches the messages (more than a few hundred) and the route titles.
    expect(contract.size).toBeGreaterThan(500);
    expect([...contract.values()]).toContain('Akses Terbatas');
    const found = [...contract].flatMap(([k, v]) =>
      terms.filter((t) => wholeWord(t).test(v)).map((t) => `${k}: "${t}" in ${v}`),
    );
    expect(found).toEqual([]);
  });

  it('no English word in the Indonesian messages (the list of e2e/language-check.ts)', () => {
    const found = [...(OTHERS.id as Map<string, string>)].filter(([, v]) => ENGLISH_WORDS.test(v));
    expect(found.map(([k, v]) => `${k}: ${v}`)).toEqual([]);
  });
});

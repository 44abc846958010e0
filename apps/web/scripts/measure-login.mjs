#!/usr/bin/env node
/**
 * Measures what the browser downloads to show /login: dist/index.html's entry script, its
 * modulepreloads and stylesheets, plus the login route's lazy chunk and everything that chunk
 * imports statically (followed through dist/.vite/manifest.json), with their CSS. Sizes are
 * gzip (level 9, as served by the static plugin's precompression or a proxy).
 *
 *   node apps/web/scripts/measure-login.mjs [--locale id] [--budget 120] [--json]
 *
 * --locale: the language the page shows (en, or id for an Indonesian browser: id-ID).
 *
 * Exits 1 when the total is over the budget (kB = 1000 bytes).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const dist = join(dirname(fileURLToPath(import.meta.url)), '../dist');
const budgetKb = Number(opt('budget', '120'));
const locale = opt('locale', 'en');
const LOGIN_SRC = 'src/features/auth/routes/auth-login.tsx';

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const files = new Map(); // file -> reason
const add = (file, reason) => {
  if (!files.has(file)) files.set(file, reason);
};

// 1. What index.html loads by itself.
for (const m of html.matchAll(/<script[^>]+src="\/([^"]+)"/g)) add(m[1], 'index.html script');
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g))
  add(m[1], 'index.html modulepreload');
for (const m of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g))
  add(m[1], 'index.html stylesheet');

// 2. A manifest entry with its static imports and CSS, recursively.
function addChunk(key, reason, seen = new Set()) {
  if (seen.has(key)) return;
  seen.add(key);
  const c = manifest[key];
  if (!c) throw new Error(`manifest has no ${key}`);
  add(c.file, reason);
  for (const css of c.css ?? []) add(css, `${reason} (css)`);
  for (const imp of c.imports ?? []) addChunk(imp, `${reason} → import`, seen);
}
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
addChunk(entryKey, 'entry');
addChunk(LOGIN_SRC, 'login route chunk');
// The messages of the public pages in the language in use, loaded before the first render.
addChunk(`locale-public:src/locales/${locale}`, `locale ${locale}`);

const rows = [...files].map(([file, reason]) => {
  const buf = readFileSync(join(dist, file));
  return { file, reason, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
});
const sum = (kind) => rows.filter((r) => r.file.endsWith(kind)).reduce((a, r) => a + r.gzip, 0);
const js = sum('.js');
const css = sum('.css');
const total = js + css;
const kb = (n) => (n / 1000).toFixed(1);

if (args.includes('--json')) {
  console.log(JSON.stringify({ locale, js, css, total, budget: budgetKb * 1000, files: rows }, null, 2));
} else {
  console.log(`What /login loads (locale ${locale}), gzip -9:`);
  for (const r of rows) console.log(`  ${kb(r.gzip).padStart(6)} kB  ${r.file}  (${r.reason})`);
  console.log(`  JS ${kb(js)} kB + CSS ${kb(css)} kB = ${kb(total)} kB (budget ${budgetKb} kB)`);
}
if (total > budgetKb * 1000) {
  console.error(`OVER BUDGET by ${kb(total - budgetKb * 1000)} kB`);
  process.exit(1);
}

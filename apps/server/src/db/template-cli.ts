/**
 * `node dist/pglite-template.js <folder>`: makes the template of a new embedded database
 * (db/template.ts) in a process of its own, so initdb's memory peak ends with this process.
 * Run by `build.mjs` when the installed PGlite version has no template yet.
 */
import { makeTemplate } from './template';

const dir = process.argv[2];
if (!dir) {
  console.error('Pemakaian: node dist/pglite-template.js <folder-templat>');
  process.exit(2);
}
const started = Date.now();
const pgdata = await makeTemplate(dir);
console.log(
  `Templat database dibuat: ${pgdata} (${Date.now() - started} ms, memori puncak ${Math.round(process.resourceUsage().maxRSS / 1024)} MB).`,
);

import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The messages the public pages (login, register, forgotten password, logout, error panels)
 * need before the first render. `import('../locales/id.json?public')` is the locale file cut
 * down to these; the whole file arrives with the first page behind the login. Keeping the rest
 * out of what /login downloads holds its 120 kB budget in every language (decisions 003, 020).
 */
export const PUBLIC_MESSAGES = ['auth', 'errors', 'chunk', 'locale', 'common', 'layout.scrollToTop'];

type Tree = { [key: string]: unknown };

/** The branches of `messages` named by dotted paths. */
export function pickMessages(messages: Tree, paths: readonly string[]): Tree {
  const out: Tree = {};
  for (const path of paths) {
    const parts = path.split('.');
    let from: unknown = messages;
    let to = out;
    parts.forEach((part, i) => {
      from = (from as Tree | undefined)?.[part];
      if (from === undefined) return;
      if (i === parts.length - 1) {
        to[part] = from;
        return;
      }
      to[part] ??= {};
      to = to[part] as Tree;
    });
  }
  return out;
}

const QUERY = '?public';
const PREFIX = '\0locale-public:';

/** Vite plugin: `<file>.json?public` → the file's PUBLIC_MESSAGES, as a module of its own. */
export function publicMessages(): Plugin {
  let root = process.cwd();
  return {
    name: 'erapor-public-messages',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async resolveId(source, importer) {
      if (!source.endsWith(`.json${QUERY}`)) return null;
      const file = await this.resolve(source.slice(0, -QUERY.length), importer, { skipSelf: true });
      // Named after the file without ".json" (Vite's JSON plugin must leave the module alone),
      // relative to the root: the manifest key is `locale-public:src/locales/<lng>`.
      return file ? `${PREFIX}${relative(root, file.id).replace(/\.json$/, '')}` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = join(root, `${id.slice(PREFIX.length)}.json`);
      this.addWatchFile(file);
      const messages = pickMessages(JSON.parse(readFileSync(file, 'utf8')) as Tree, PUBLIC_MESSAGES);
      return `export default ${JSON.stringify(messages)};`;
    },
  };
}

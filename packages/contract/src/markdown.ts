/**
 * A small Markdown reader for the release notes (CHANGELOG.md, the update feed's `catatan`):
 * headings, paragraphs, lists (nested by indentation), fenced code, quotes, rules; inline code,
 * **bold**, *italic*, [links](https://…) and <https://…>. It returns a tree of plain data that the
 * web turns into React elements — there is no HTML output at all, so HTML written in the text is
 * shown as the text it is (decision 035). Links keep only http(s) and mailto addresses.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: number; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Block[][] }
  | { type: 'code'; text: string }
  | { type: 'quote'; children: Block[] }
  | { type: 'rule' };

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])(?:[ \t]+|$)/;
const QUOTE = /^ {0,3}> ?/;

const blank = (line: string) => line.trim() === '';
const indentOf = (line: string) => line.length - line.trimStart().length;

/** Does `line` start a block other than a paragraph (ends a paragraph's lines)? */
function startsBlock(line: string): boolean {
  return (
    HEADING.test(line) || FENCE.test(line) || RULE.test(line) || LIST_ITEM.test(line) || QUOTE.test(line)
  );
}

/** Parses Markdown text into blocks. Never throws; anything unknown is text. */
export function parseMarkdown(text: string): Block[] {
  return parseLines(text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n'), 0);
}

function parseLines(lines: string[], depth: number): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (blank(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1] ?? '```';
      const body: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] ?? '').trimStart().startsWith(marker))
        body.push(lines[i++] ?? '');
      i++;
      blocks.push({ type: 'code', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({
        type: 'heading',
        level: heading[1]?.length ?? 1,
        children: parseInline(heading[2] ?? ''),
      });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i] ?? '')) body.push((lines[i++] ?? '').replace(QUOTE, ''));
      blocks.push({ type: 'quote', children: depth > 8 ? [] : parseLines(body, depth + 1) });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = /\d/.test(item[2] ?? '');
      const items: Block[][] = [];
      // Items of one list: same kind of marker at the same indentation.
      while (i < lines.length) {
        const m = LIST_ITEM.exec(lines[i] ?? '');
        if (!m || /\d/.test(m[2] ?? '') !== ordered || (m[1]?.length ?? 0) !== (item[1]?.length ?? 0)) break;
        const contentIndent = m[0].length;
        const body = [(lines[i] ?? '').slice(contentIndent)];
        i++;
        while (i < lines.length) {
          const next = lines[i] ?? '';
          if (blank(next)) {
            // A blank line ends the item unless an indented line follows.
            const after = lines[i + 1];
            if (after !== undefined && !blank(after) && indentOf(after) > (m[1]?.length ?? 0)) {
              body.push('');
              i++;
              continue;
            }
            break;
          }
          const nested = indentOf(next) > (m[1]?.length ?? 0);
          if (nested) {
            body.push(next.slice(Math.min(indentOf(next), contentIndent)));
            i++;
            continue;
          }
          // A lazy continuation of the item's text.
          if (!startsBlock(next) && !blank(body[body.length - 1] ?? '')) {
            body.push(next.trim());
            i++;
            continue;
          }
          break;
        }
        items.push(depth > 8 ? [] : parseLines(body, depth + 1));
        while (i < lines.length && blank(lines[i] ?? '')) {
          const after = lines[i + 1];
          const again = after !== undefined ? LIST_ITEM.exec(after) : null;
          if (again && (again[1]?.length ?? 0) === (item[1]?.length ?? 0)) i++;
          else break;
        }
      }
      blocks.push({ type: 'list', ordered, items });
      continue;
    }
    const para: string[] = [];
    while (
      i < lines.length &&
      !blank(lines[i] ?? '') &&
      (para.length === 0 || !startsBlock(lines[i] ?? ''))
    ) {
      para.push((lines[i++] ?? '').trim());
    }
    blocks.push({ type: 'paragraph', children: parseInline(para.join('\n')) });
  }
  return blocks;
}

/** Only web and mail addresses become links; anything else (javascript:, data:, relative) stays text. */
export function safeHref(href: string): string | null {
  const h = href.trim();
  return /^(https?:\/\/|mailto:)[^\s<>"]+$/i.test(h) ? h : null;
}

/** Inline Markdown: `code`, **strong**, *em*, [text](url), <url>, backslash escapes. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let buf = '';
  const flush = () => {
    if (buf) out.push({ type: 'text', text: buf });
    buf = '';
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i] ?? '';
    if (c === '\\' && i + 1 < text.length && /[!-/:-@[-`{-~]/.test(text[i + 1] ?? '')) {
      buf += text[i + 1];
      i += 2;
      continue;
    }
    if (c === '`') {
      const run = /^`+/.exec(text.slice(i))?.[0] ?? '`';
      const end = text.indexOf(run, i + run.length);
      if (end > 0) {
        flush();
        out.push({
          type: 'code',
          text: text
            .slice(i + run.length, end)
            .replace(/\n/g, ' ')
            .trim(),
        });
        i = end + run.length;
        continue;
      }
      buf += run;
      i += run.length;
      continue;
    }
    if (c === '*' && text[i + 1] === '*') {
      const end = text.indexOf('**', i + 2);
      if (end > i + 2) {
        flush();
        out.push({ type: 'strong', children: parseInline(text.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if (c === '*' && text[i + 1] !== '*' && text[i + 1] !== ' ') {
      const end = text.indexOf('*', i + 1);
      if (end > i + 1 && text[end - 1] !== ' ') {
        flush();
        out.push({ type: 'em', children: parseInline(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (c === '[') {
      // A bounded window: a long run of "[" must not make this quadratic.
      const m = /^\[([^\]]*)\]\(\s*<?([^()\s<>]*)>?(?:\s+"[^"]*")?\s*\)/.exec(text.slice(i, i + 1000));
      if (m) {
        flush();
        const href = safeHref(m[2] ?? '');
        const children = parseInline(m[1] ?? '');
        if (href) out.push({ type: 'link', href, children });
        else out.push(...children);
        i += m[0].length;
        continue;
      }
    }
    if (c === '<') {
      const m = /^<((?:https?:\/\/|mailto:)[^\s<>]+)>/i.exec(text.slice(i, i + 1000));
      const href = m ? safeHref(m[1] ?? '') : null;
      if (m && href) {
        flush();
        out.push({ type: 'link', href, children: [{ type: 'text', text: m[1] ?? '' }] });
        i += m[0].length;
        continue;
      }
    }
    buf += c;
    i++;
  }
  flush();
  return out;
}

/** The plain text of inline content (for tests and accessible names). */
export function inlineText(nodes: Inline[]): string {
  return nodes.map((n) => ('children' in n ? inlineText(n.children) : n.text)).join('');
}

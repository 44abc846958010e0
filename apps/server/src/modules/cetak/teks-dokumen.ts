import { rapikanTeks } from '@erapor/contract/teks';
import type { Content, DynamicContent, TDocumentDefinitions } from 'pdfmake/interfaces';

/*
 * Every text of a document definition through the one printing rule (`rapikanTeks`, decision 056)
 * just before pdfmake lays it out (pdf.ts), whatever document it is and wherever the text came from:
 * the national references, a teacher's note, a pupil's address. A line break inside a text is a
 * space, as in the reference's HTML print; a layout that wants a new line uses a stack.
 *
 * Only what pdfmake prints is walked: `text` values, and the strings standing for content in
 * stacks, columns, lists and table rows. Image names, data URLs, colours and widths are left alone.
 */

const CONTAINERS = ['stack', 'columns', 'ul', 'ol', 'section'] as const;

/**
 * Letters with a dot below that our font (pdfmake's Roboto) has no glyph for: Ḍ Ḥ Ḳ Ḷ Ṃ Ṇ Ṛ Ṣ Ṭ Ẓ
 * and their small letters, of the Arabic and Sanskrit transliterations in the national texts
 * ("maḥmūdah", ref_cp.xlsx). Each printed as a box and shifted the rest of its line; printed as the
 * letter followed by U+0323 COMBINING DOT BELOW, which Roboto has and places under it (pdftotext
 * reads the pair back as the one letter, NFC).
 */
export const TITIK_BAWAH =
  /[\u1e0c\u1e0d\u1e24\u1e25\u1e32\u1e33\u1e36\u1e37\u1e42\u1e43\u1e46\u1e47\u1e5a\u1e5b\u1e62\u1e63\u1e6c\u1e6d\u1e92\u1e93]/gu;

/** A text as printed: the printing rule, then the letters our font lacks decomposed. */
const cetakTeks = (text: string) => rapikanTeks(text).replace(TITIK_BAWAH, (c) => c.normalize('NFD'));

function walk(node: unknown): unknown {
  if (typeof node === 'string') return cetakTeks(node);
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) node[i] = walk(node[i]);
    return node;
  }
  if (node === null || typeof node !== 'object') return node;
  const o = node as Record<string, unknown>;
  if ('text' in o) o.text = walk(o.text);
  for (const key of CONTAINERS) if (key in o) o[key] = walk(o[key]);
  // A section (a pupil's pages in a class file) may carry its own header and footer.
  if ('section' in o) {
    if (o.header) o.header = dynamic(o.header as DynamicContent);
    if (o.footer) o.footer = dynamic(o.footer as DynamicContent);
  }
  const table = o.table as { body?: unknown[][] } | undefined;
  if (table && Array.isArray(table.body)) for (const row of table.body) walk(row);
  return o;
}

const dynamic = <T extends DynamicContent | Content | undefined>(part: T): T => {
  if (typeof part === 'function')
    return ((...args: Parameters<DynamicContent>) => walk(part(...args))) as unknown as T;
  return walk(part) as T;
};

/** The definition with its texts tidied, in place (the content is built for this one render). */
export function rapikanDefinisi(doc: TDocumentDefinitions): TDocumentDefinitions {
  walk(doc.content);
  const out: TDocumentDefinitions = { ...doc };
  if (doc.header) out.header = dynamic(doc.header);
  if (doc.footer) out.footer = dynamic(doc.footer);
  if (doc.info?.title) out.info = { ...doc.info, title: rapikanTeks(doc.info.title) };
  return out;
}

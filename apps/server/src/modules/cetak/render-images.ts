import { createHash } from 'node:crypto';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { renderPdf } from './pdf';

/*
 * Worker side of the image check (issue #24 item 2; decision 050). pdfkit decodes a PNG
 * asynchronously and throws a broken one's zlib error from a callback no try/catch reaches, so a
 * stored logo or certificate background with broken data ends the thread that prints it. Before a
 * document is rendered, every image it draws is tried alone in a tiny document, once per worker:
 * a refused image fails that document with its own message; one that ends the thread does so
 * after the thread has said which image it was trying, so the main thread can answer the request
 * with that image's message and tell the next worker not to try it again.
 */

/** Posted to the main thread before an image is tried (`image: null` once it passed). */
export type ImageCheck = { image: string; hash: string } | { image: null };

/** An image a document draws cannot be embedded: the document is not rendered. */
export class ImageUnusable extends Error {
  constructor(readonly image: string) {
    super(`image ${image} cannot be embedded`);
    this.name = 'ImageUnusable';
  }
}

const good = new Set<string>();
const bad = new Set<string>();

/** Images known to be broken (their SHA-256): the ones that ended an earlier worker. */
export function knownBadImages(hashes: readonly string[]): void {
  for (const h of hashes) bad.add(h);
}

/**
 * The images a definition draws, from its `images` by name: a name is drawn when the content
 * or the page background uses it (a report card's definition names the logo on every document,
 * the cover alone draws it — a broken logo must not stop the Rapor Akademik).
 */
export function imagesDrawn(def: TDocumentDefinitions): [string, string][] {
  const named = Object.entries(def.images ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  if (named.length === 0) return [];
  const used = new Set<string>();
  const seen = new Set<object>();
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'image' && typeof value === 'string') used.add(value);
      else walk(value);
    }
  };
  walk(def.content);
  const background = def.background;
  walk(
    typeof background === 'function'
      ? background(1, { width: 595.28, height: 841.89, orientation: 'portrait' })
      : background,
  );
  return named.filter(([name]) => used.has(name));
}

/** Tries every image the definition draws (each once per worker); throws ImageUnusable. */
export async function checkImages(def: TDocumentDefinitions, report: (check: ImageCheck) => void) {
  for (const [name, url] of imagesDrawn(def)) {
    if (good.has(url)) continue;
    const hash = createHash('sha256').update(url).digest('hex');
    if (bad.has(hash)) throw new ImageUnusable(name);
    report({ image: name, hash });
    try {
      await renderPdf({ content: [{ image: url, width: 10 }] });
    } catch {
      bad.add(hash);
      throw new ImageUnusable(name);
    }
    report({ image: null });
    // A few images per school (logo, background); a long-running worker keeps no more than 16.
    if (good.size >= 16) good.clear();
    good.add(url);
  }
}

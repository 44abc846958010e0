import { createHash } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * The one pdfmake set-up of the server (pdfmake 0.3 is a process-wide singleton):
 * - the Roboto TTFs shipped with pdfmake are read once and put into pdfmake's virtual file
 *   system, so every document embeds them and pdfmake never opens a path of its own;
 * - no URL and no local path may be fetched from a document definition (0.3 warns, and would
 *   otherwise read any file or URL an image/font entry names).
 */
const require = createRequire(import.meta.url);

interface PdfMakeServer {
  virtualfs: { writeFileSync(name: string, data: Buffer): void };
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(callback: (url: string) => boolean): void;
  setLocalAccessPolicy(callback: (path: string) => boolean): void;
  createPdf(doc: TDocumentDefinitions): {
    getBuffer(): Promise<Buffer>;
    /** The pdfkit document, laid out and rendered; `end()` writes its last part and ends the stream. */
    getStream(): Promise<NodeJS.ReadableStream & { end(): void }>;
  };
}

let instance: PdfMakeServer | undefined;

function pdfmake(): PdfMakeServer {
  if (instance) return instance;
  const pm = require('pdfmake') as PdfMakeServer;
  const fontDir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  const files = {
    normal: 'Roboto-Regular.ttf',
    bold: 'Roboto-Medium.ttf',
    italics: 'Roboto-Italic.ttf',
    bolditalics: 'Roboto-MediumItalic.ttf',
  };
  for (const file of Object.values(files))
    pm.virtualfs.writeFileSync(file, readFileSync(join(fontDir, file)));
  pm.setFonts({ Roboto: files });
  pm.setUrlAccessPolicy(() => false);
  pm.setLocalAccessPolicy(() => false);
  instance = pm;
  return pm;
}

const withFont = (doc: TDocumentDefinitions): TDocumentDefinitions => ({
  ...doc,
  defaultStyle: { font: 'Roboto', fontSize: 10, ...doc.defaultStyle },
});

export async function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake().createPdf(withFont(doc)).getBuffer();
}

/**
 * Renders a document into a file: pdfkit's output stream piped to a file stream, never gathered
 * into one buffer first (a class's Cetak Semua PDF runs to hundreds of pages). Answers the bytes
 * written; on a failure the caller deletes the partial file.
 */
export async function renderPdfToFile(doc: TDocumentDefinitions, path: string): Promise<number> {
  const pdf = await pdfmake().createPdf(withFont(doc)).getStream();
  const file = createWriteStream(path);
  const written = pipeline(pdf, file);
  pdf.end();
  await written;
  return file.bytesWritten;
}

const embeddable = new Map<string, Promise<boolean>>();

/**
 * Whether pdfmake can embed this image (a data URL). Browsers show PNGs that pdfkit refuses — one
 * with a broken checksum, say — and a document holding such an image fails as a whole: a school's
 * logo must never stop its report cards. Tried once per image (a tiny document), the answer kept.
 */
export function embeddableImage(dataUrl: string): Promise<boolean> {
  const key = createHash('sha256').update(dataUrl).digest('hex');
  let known = embeddable.get(key);
  if (!known) {
    known = (async () => {
      try {
        await renderPdf({ content: [{ image: dataUrl, width: 10 }] });
        return true;
      } catch {
        return false;
      }
    })();
    if (embeddable.size >= 32) embeddable.clear();
    embeddable.set(key, known);
  }
  return known;
}

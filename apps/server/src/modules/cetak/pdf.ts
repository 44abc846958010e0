import { createWriteStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { rapikanDefinisi } from './teks-dokumen';

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
  const fontDir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  const files = {
    normal: 'Roboto-Regular.ttf',
    bold: 'Roboto-Medium.ttf',
    italics: 'Roboto-Italic.ttf',
    bolditalics: 'Roboto-MediumItalic.ttf',
  };
  const buffers = Object.values(files).map((file) => readFileSync(join(fontDir, file)));
  shareParsedFonts(buffers);
  const pm = require('pdfmake') as PdfMakeServer;
  Object.values(files).forEach((file, i) => {
    pm.virtualfs.writeFileSync(file, buffers[i] as Buffer);
  });
  pm.setFonts({ Roboto: files });
  pm.setUrlAccessPolicy(() => false);
  pm.setLocalAccessPolicy(() => false);
  instance = pm;
  return pm;
}

/**
 * pdfkit parses every font anew for each document (`fontkit.create` on the TTF bytes), and with it
 * decodes the OpenType tables that text shaping reads — for a class of 36 transcripts or report
 * cards most of the rendering time went there. Our four Roboto files are parsed once for the
 * process instead: a fontkit font holds no per-document state (pdfkit keeps the subset, widths and
 * its layout cache in its own per-document object), and shaping is synchronous, so documents
 * rendered one after another or interleaved share it safely. Other fonts are not touched.
 */
function shareParsedFonts(ours: readonly Buffer[]): void {
  // pdfkit reaches fontkit through require(): its module entry is given pdfkit's own copy of the
  // exports with `create` wrapped (fontkit's exports are fixed getters and cannot be redefined).
  // Must run before pdfkit is first loaded, which pdfmake() guarantees (pdfkit comes with pdfmake).
  const fromPdfkit = createRequire(require.resolve('pdfkit'));
  const path = fromPdfkit.resolve('fontkit');
  const fontkit = fromPdfkit('fontkit') as Record<string, unknown> & {
    create(src: Uint8Array, family?: string): unknown;
  };
  const cached = fromPdfkit.cache[path];
  if (!cached) return;
  const parsed = new Map<Buffer, unknown>();
  cached.exports = {
    ...fontkit,
    create: (src: Uint8Array, family?: string) => {
      const own = ours.find((b) => b === src);
      if (!own || family !== undefined) return fontkit.create(src, family);
      let font = parsed.get(own);
      if (!font) {
        font = fontkit.create(own);
        parsed.set(own, font);
      }
      return font;
    },
  };
}

/** Our font, and every text through the one printing rule (teks-dokumen.ts, decision 056). */
const withFont = (doc: TDocumentDefinitions): TDocumentDefinitions => ({
  ...rapikanDefinisi(doc),
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

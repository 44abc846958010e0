import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Test helper: the text of a PDF by poppler's pdftotext (content order, `-raw`), whitespace
 * collapsed — table cells wrap, so words meet across line ends — and its page count by pdfinfo.
 */
export function pdfText(pdf: Buffer): { text: string; pages: number } {
  const dir = mkdtempSync(join(tmpdir(), 'rapor-'));
  try {
    const file = join(dir, 'r.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return { text: text.replace(/\s+/g, ' '), pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A page as 8-bit grey pixels (255 = white), rendered by poppler's pdftoppm. */
export interface PageImage {
  width: number;
  height: number;
  /** Grey value at (x, y). */
  at(x: number, y: number): number;
}

/** Every page of a PDF as a grey image at `dpi` (pdftoppm -gray writes binary PGM). */
export function pdfPages(pdf: Buffer, dpi = 36): PageImage[] {
  const dir = mkdtempSync(join(tmpdir(), 'rapor-'));
  try {
    const file = join(dir, 'r.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-gray', '-r', String(dpi), file, join(dir, 'p')]);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.pgm'))
      .sort()
      .map((f) => parsePgm(readFileSync(join(dir, f))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function parsePgm(data: Buffer): PageImage {
  // Header: "P5\n<width> <height>\n<max>\n", then one byte per pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('not a binary PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const offset = header[0].length;
  return { width, height, at: (x, y) => data[offset + y * width + x] ?? 255 };
}

/** A word on a page with its box in PDF points (pdftotext -bbox). */
export interface PdfWord {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
}

export function pdfWords(pdf: Buffer): PdfWord[] {
  const dir = mkdtempSync(join(tmpdir(), 'rapor-'));
  try {
    const file = join(dir, 'r.pdf');
    writeFileSync(file, pdf);
    const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
    const words: PdfWord[] = [];
    html
      .split(/<page /)
      .slice(1)
      .forEach((chunk, i) => {
        for (const m of chunk.matchAll(
          /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g,
        )) {
          words.push({
            page: i + 1,
            xMin: Number(m[1]),
            yMin: Number(m[2]),
            xMax: Number(m[3]),
            text: m[4] ?? '',
          });
        }
      });
    return words;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

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

/** An image drawn in a PDF (pdfimages -list): its pixel size and resolution as placed on the page. */
export interface PdfImage {
  page: number;
  width: number;
  height: number;
  xPpi: number;
  yPpi: number;
  /** The PDF object holding the pixels: one object drawn on several pages is stored once. */
  objectId: number;
}

export function pdfImages(pdf: Buffer): PdfImage[] {
  const dir = mkdtempSync(join(tmpdir(), 'rapor-'));
  try {
    const file = join(dir, 'r.pdf');
    writeFileSync(file, pdf);
    const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
    // page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
    return list
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
      .filter((f) => f.length >= 14 && f[2] === 'image')
      .map((f) => ({
        page: Number(f[0]),
        width: Number(f[3]),
        height: Number(f[4]),
        xPpi: Number(f[12]),
        yPpi: Number(f[13]),
        objectId: Number(f[10]),
      }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A solid black RGB PNG of the given size (a stand-in logo whose drawn box is easy to find). */
export function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  // Each row: filter byte 0, then width × 3 zero bytes (black).
  const raw = Buffer.alloc((width * 3 + 1) * height);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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
    const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8', maxBuffer: 256e6 });
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return { text: text.replace(/\s+/g, ' '), pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of each page (pdftotext -raw splits pages by form feeds), whitespace collapsed. */
export function pdfPageTexts(pdf: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'rapor-'));
  try {
    const file = join(dir, 'r.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8', maxBuffer: 256e6 });
    return text
      .split('\f')
      .slice(0, -1)
      .map((page) => page.replace(/\s+/g, ' ').trim());
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

/** A4 in PDF points. */
export const A4 = { width: 595.28, height: 841.89 } as const;

/** Whether a rectangle (in PDF points) of a page image is blank: no pixel darker than near-white. */
export function blank(page: PageImage, dpi: number, x0: number, y0: number, x1: number, y1: number): boolean {
  const px = (pt: number) => Math.round((pt * dpi) / 72);
  for (let y = px(y0); y < Math.min(px(y1), page.height); y++) {
    for (let x = px(x0); x < Math.min(px(x1), page.width); x++) if (page.at(x, y) < 250) return false;
  }
  return true;
}

/**
 * The top, left and right margins of A4 pages that hold ink, as "page 3 left" (empty: all blank).
 * `margin` in points; 2 pt are left to anti-aliasing at low resolutions. The footer lives in the
 * bottom margin, which is not checked.
 */
export function inkedMargins(pages: readonly PageImage[], dpi: number, margin: number): string[] {
  const { width: w, height: h } = A4;
  const inner = margin - 2;
  const out: string[] = [];
  for (const [i, page] of pages.entries()) {
    if (!blank(page, dpi, 0, 0, w, inner)) out.push(`page ${i + 1} top`);
    if (!blank(page, dpi, 0, 0, inner, h)) out.push(`page ${i + 1} left`);
    if (!blank(page, dpi, w - inner, 0, w, h)) out.push(`page ${i + 1} right`);
  }
  return out;
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
    const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 1e9 });
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

/**
 * The box of a phrase: consecutive words on one page (its last occurrence in `words`), or null. The
 * last word may run on ("Rahayu" finds "Rahayu," of "Siti Rahayu, S.Pd"), so a name without its
 * titles is found.
 */
export function findPhrase(
  words: readonly PdfWord[],
  phrase: string,
): { page: number; xMin: number; xMax: number; yMin: number } | null {
  const parts = phrase.split(/\s+/).filter(Boolean);
  for (let i = words.length - parts.length; i >= 0; i--) {
    const run = words.slice(i, i + parts.length);
    const first = run[0];
    const last = run.at(-1);
    const same = (w: PdfWord, j: number) =>
      w.page === first?.page &&
      (w.text === parts[j] || (j === parts.length - 1 && w.text.startsWith(parts[j] ?? '')));
    if (!first || !last || !run.every(same)) continue;
    return { page: first.page, xMin: first.xMin, xMax: last.xMax, yMin: first.yMin };
  }
  return null;
}

/**
 * The Rapor Akademik's signature block among `words` (one pupil's pages, pdfWords): the page it
 * stands on and what is wrong with it — empty when it is whole on one page with "Orang Tua/Wali" on
 * the left, "{tempat}, {tanggal}", "Wali Kelas" and the wali's name on the right, and "Mengetahui,"
 * with the head teacher's number centred below.
 */
export function signatureBlock(
  words: readonly PdfWord[],
  marks: { tempatTanggal: string; wali: string; nomorKepala: string },
): { page: number | null; problems: string[] } {
  const parts = {
    orangTua: findPhrase(words, 'Orang Tua/Wali'),
    tempatTanggal: findPhrase(words, marks.tempatTanggal),
    waliKelas: findPhrase(words, 'Wali Kelas'),
    wali: findPhrase(words, marks.wali),
    mengetahui: findPhrase(words, 'Mengetahui,'),
    nomorKepala: findPhrase(words, marks.nomorKepala),
  };
  const problems: string[] = [];
  for (const [name, box] of Object.entries(parts)) if (!box) problems.push(`${name} missing`);
  const found = Object.values(parts).filter((b) => b !== null);
  const pages = [...new Set(found.map((b) => b.page))];
  if (pages.length > 1) problems.push(`split over pages ${pages.join(', ')}`);
  const middle = A4.width / 2;
  const { orangTua, tempatTanggal, waliKelas, wali, mengetahui, nomorKepala } = parts;
  if (orangTua && orangTua.xMin >= middle) problems.push('Orang Tua/Wali not on the left');
  for (const [name, box] of Object.entries({ tempatTanggal, waliKelas, wali })) {
    if (box && box.xMin <= middle) problems.push(`${name} not on the right`);
  }
  const centre = (b: { xMin: number; xMax: number }) => (b.xMin + b.xMax) / 2;
  if (mengetahui && Math.abs(centre(mengetahui) - middle) >= 10) problems.push('Mengetahui, not centred');
  if (nomorKepala && Math.abs(centre(nomorKepala) - middle) >= 10) problems.push('nomorKepala not centred');
  return { page: pages.length === 1 ? (pages[0] ?? null) : null, problems };
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

import { createInflate } from 'node:zlib';

/*
 * A PNG's image data (its IDAT chunks, one zlib stream) must inflate to exactly what its header
 * declares. A decoder reads only the rows it needs and stops, so a 900 kB file declaring 100 × 100
 * pixels whose stream inflates to 900 MB decodes "fine" — and a PDF library that inflates the whole
 * stream first takes gigabytes (issue #24). The stream is inflated here, counted and thrown away,
 * stopping one byte past the declared size: memory stays at zlib's window, work at the declared size.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

interface PngLayout {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlace: number;
}

/** Bytes the filtered scanlines of the image take once inflated (one filter byte per row). */
export function pngRawSize(p: PngLayout): number | null {
  const channels = CHANNELS[p.colorType];
  if (channels === undefined || ![1, 2, 4, 8, 16].includes(p.bitDepth)) return null;
  const rowBytes = (w: number) => Math.ceil((w * channels * p.bitDepth) / 8);
  if (p.interlace === 0) return p.height * (1 + rowBytes(p.width));
  let total = 0;
  for (const [xs, ys, dx, dy] of ADAM7) {
    const w = Math.ceil((p.width - xs) / dx);
    const h = Math.ceil((p.height - ys) / dy);
    if (w > 0 && h > 0) total += h * (1 + rowBytes(w));
  }
  return total;
}

/** The layout from IHDR and the IDAT payloads, or null when the chunk structure is not a PNG's. */
function chunks(data: Buffer): { layout: PngLayout; idat: Buffer[] } | null {
  if (data.length < 33 || !data.subarray(0, 8).equals(SIGNATURE)) return null;
  if (data.readUInt32BE(8) !== 13 || data.toString('latin1', 12, 16) !== 'IHDR') return null;
  const layout = {
    width: data.readUInt32BE(16),
    height: data.readUInt32BE(20),
    bitDepth: data[24] as number,
    colorType: data[25] as number,
    interlace: data[28] as number,
  };
  const idat: Buffer[] = [];
  let pos = 8;
  while (pos + 12 <= data.length) {
    const length = data.readUInt32BE(pos);
    const type = data.toString('latin1', pos + 4, pos + 8);
    if (pos + 12 + length > data.length) return null;
    if (type === 'IDAT') idat.push(data.subarray(pos + 8, pos + 8 + length));
    if (type === 'IEND') break;
    pos += 12 + length;
  }
  return idat.length ? { layout, idat } : null;
}

/**
 * True when the PNG's image data inflates to no more than its header declares (and is a zlib
 * stream at all). Data after the declared size means the file is not what it says it is.
 */
export async function pngDataMatchesHeader(data: Buffer): Promise<boolean> {
  const png = chunks(data);
  const expected = png ? pngRawSize(png.layout) : null;
  if (!png || expected === null) return false;
  return new Promise((resolve) => {
    const inflate = createInflate();
    let total = 0;
    let settled = false;
    const finish = (ok: boolean) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve(ok);
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > expected) finish(false);
    });
    inflate.on('error', () => finish(false));
    inflate.on('end', () => finish(total === expected));
    for (const part of png.idat) inflate.write(part);
    inflate.end();
  });
}

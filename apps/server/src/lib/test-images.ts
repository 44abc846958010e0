import { randomBytes } from 'node:crypto';
import { crc32, createDeflate, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/* Hand-made images for the tests of lib/image.ts, the upload endpoints and bench/images.ts. */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An IHDR chunk for w × h, 8-bit, of the colour type (2 RGB, 6 RGBA). */
function ihdr(w: number, h: number, colorType: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(w, 0);
  data.writeUInt32BE(h, 4);
  data.writeUInt8(8, 8); // bit depth
  data.writeUInt8(colorType, 9);
  return chunk('IHDR', data);
}

/** A PNG file with a correct chunk structure: IHDR for w × h 8-bit (RGB unless told), one IDAT, IEND. */
export function pngFile(w: number, h: number, idat: Buffer, colorType = 2): Buffer {
  return Buffer.concat([
    SIGNATURE,
    ihdr(w, h, colorType),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG signature and IHDR chunk declaring w × h RGBA, then stray bytes: only a header to read. */
export function pngHeader(w: number, h: number): Buffer {
  return Buffer.concat([SIGNATURE, ihdr(w, h, 6), deflateSync(Buffer.alloc(8))]);
}

/** A JPEG: SOI, an APP0 (JFIF) segment, optionally a DQT, then SOFn declaring w × h. */
export function jpegHeader(w: number, h: number, sof = 0xc0): Buffer {
  const app0 = Buffer.from('ffe000104a46494600010100000100010000', 'hex');
  const dqt = Buffer.concat([Buffer.from('ffdb0043', 'hex'), Buffer.alloc(0x41, 1)]);
  const frame = Buffer.alloc(19);
  frame.writeUInt16BE(0xff00 | sof, 0);
  frame.writeUInt16BE(17, 2);
  frame.writeUInt8(8, 4);
  frame.writeUInt16BE(h, 5);
  frame.writeUInt16BE(w, 7);
  frame.writeUInt8(3, 9);
  return Buffer.concat([Buffer.from('ffd8', 'hex'), app0, dqt, frame, Buffer.from('ffd9', 'hex')]);
}

/** A real picture (a diagonal gradient, so encoders cannot shrink it to nothing) as PNG or JPEG. */
export async function realImage(w: number, h: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  const pixels = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) pixels.fill((x + y) % 256, (y * w + x) * 3, (y * w + x) * 3 + 3);
  const image = sharp(pixels, { raw: { width: w, height: h, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 80 }).toBuffer();
}

/**
 * The 217-byte case of issue #24: a valid PNG header and chunk structure over image data that is no
 * deflate stream (0xFF opens a block of the reserved type 3), so every decoder fails the same way.
 * RGBA, because pdfkit decodes such a PNG (to split off the alpha) and threw its zlib error from a
 * callback; an RGB one it embeds undecoded.
 */
export const brokenPng = (): Buffer =>
  pngFile(100, 100, Buffer.concat([Buffer.from('789c', 'hex'), Buffer.alloc(158, 0xff)]), 6);

/** A valid JPEG whose scan data is replaced by garbage (no 0xFF, so no marker appears in it). */
export async function brokenJpeg(): Promise<Buffer> {
  const good = await realImage(120, 90, 'jpeg');
  const sos = good.indexOf(Buffer.from([0xff, 0xda]));
  const start = sos + 2 + good.readUInt16BE(sos + 2);
  const garbage = randomBytes(good.length - start - 2).map((b) => (b === 0xff ? 0x17 : b));
  return Buffer.concat([good.subarray(0, start), garbage, Buffer.from([0xff, 0xd9])]);
}

/** `megabytes` MB of zeros as one zlib stream (~1 kB per MB), without holding them in memory. */
export async function zerosDeflated(megabytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const mb = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i++) {
    if (!deflate.write(mb)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/** An inflation bomb: a PNG declaring 100 × 100 pixels whose data inflates to `megabytes` MB. */
export async function pngBomb(megabytes: number): Promise<Buffer> {
  return pngFile(100, 100, await zerosDeflated(megabytes));
}

/** A PNG declaring 4000 × 4000 pixels (within the side limit) with almost no data behind it. */
export const pngHollow = (): Buffer => pngFile(4000, 4000, deflateSync(Buffer.alloc(4001 * 3)));

/** A PNG declaring 30,000 × 30,000 pixels: refused from its header. */
export const pngHuge = (): Buffer => pngFile(30_000, 30_000, deflateSync(Buffer.alloc(90_001)));

export const svgImage = (): Buffer =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>',
  );

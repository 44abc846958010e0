import { IMAGE_MAX_SIDE } from '@erapor/contract/spreadsheet';
import sharp from 'sharp';
import { pngDataMatchesHeader } from './png-data';

/*
 * Every image the app accepts — school logo, certificate background, profile and pupil photos, and
 * the same images arriving in a restored archive or stored by an earlier version — goes through
 * `acceptImage` (decision 049, superseding the header-only check of decision 018). Only what our
 * encoder wrote is stored, so only that reaches the PDF library or a browser.
 *
 * 1. The type and pixel size come from the header (PNG IHDR, JPEG SOFn), never from the file name:
 *    anything else (SVG, GIF, WebP…) is not an image here, and more than IMAGE_MAX_SIDE a side is
 *    refused before anything decodes it.
 * 2. A PNG's data must inflate to what its header declares (png-data.ts): an inflation bomb behind a
 *    small header is refused instead of being decoded "fine" from its first rows.
 * 3. sharp decodes the whole image (failOn 'warning': a corrupt JPEG scan is only a libjpeg warning,
 *    a broken PNG an error), within a pixel limit and a time limit, one image at a time, without
 *    libvips' cache, and writes it anew at the size it is used.
 */

sharp.cache(false);
sharp.concurrency(1);

export type ImageType = 'image/jpeg' | 'image/png';

export interface ImageHeader {
  mimeType: ImageType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngHeader(data: Buffer): ImageHeader | null {
  // Signature, then the first chunk must be IHDR: length 13, "IHDR", width, height (big-endian).
  if (data.length < 33 || !PNG_SIGNATURE.every((b, i) => data[i] === b)) return null;
  if (data.readUInt32BE(8) !== 13 || data.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  if (width === 0 || height === 0) return null;
  return { mimeType: 'image/png', width, height };
}

/** Start-of-frame markers (C0–CF) except DHT (C4), JPG (C8) and DAC (CC), which are not frames. */
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpegHeader(data: Buffer): ImageHeader | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  let pos = 2;
  while (pos + 4 <= data.length) {
    if (data[pos] !== 0xff) return null;
    let marker = data[pos + 1] as number;
    // Fill bytes: any number of 0xFF before a marker.
    while (marker === 0xff && pos + 2 < data.length) {
      pos++;
      marker = data[pos + 1] as number;
    }
    // Markers without a length: TEM, RST0–7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      pos += 2;
      continue;
    }
    // End of image or start of scan before any frame header: nothing says how big it is.
    if (marker === 0xd9 || marker === 0xda || pos + 4 > data.length) return null;
    const length = data.readUInt16BE(pos + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (length < 7 || pos + 9 > data.length) return null;
      const height = data.readUInt16BE(pos + 5);
      const width = data.readUInt16BE(pos + 7);
      // Height 0 means "given later, after the scan" (DNL): not something we take.
      if (width === 0 || height === 0) return null;
      return { mimeType: 'image/jpeg', width, height };
    }
    pos += 2 + length;
  }
  return null;
}

/** Type and pixel size from a JPEG or PNG header, or null when the bytes are not one we can read. */
export function readImageHeader(data: Buffer): ImageHeader | null {
  return pngHeader(data) ?? jpegHeader(data);
}

export type ImageKind = 'logo' | 'latar' | 'foto';

/**
 * What each kind is stored as (decision 049): its box in pixels (fitted inside, proportions kept,
 * never enlarged) and its format. Logo: the cover's 100 pt box at 300 dpi is 417 px, 600 leaves
 * room; PNG stays PNG for its transparency. Certificate background: A4 landscape at 150 dpi, JPEG
 * (it is stretched over the page; transparency means nothing there). Photo: 3 × 4 cm at 300 dpi.
 */
export const IMAGE_TARGETS: Record<ImageKind, { width: number; height: number; format: 'keep' | 'jpeg' }> = {
  logo: { width: 600, height: 600, format: 'keep' },
  latar: { width: 1754, height: 1240, format: 'jpeg' },
  foto: { width: 354, height: 472, format: 'jpeg' },
};

export interface CleanImage {
  mimeType: ImageType;
  data: Buffer;
  width: number;
  height: number;
}

export type ImageResult =
  | { ok: true; image: CleanImage }
  | { ok: false; reason: 'not-image' | 'broken' }
  | { ok: false; reason: 'too-large'; width: number; height: number; maxSide: number };

/** Decoding and encoding take at most this long; a slower image is treated as broken. */
const DECODE_SECONDS = 10;

// One image at a time in the whole process: a decode holds up to IMAGE_MAX_SIDE² pixels, and two
// at once would double what the server may take.
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

async function reencode(data: Buffer, header: ImageHeader, kind: ImageKind): Promise<CleanImage | null> {
  const target = IMAGE_TARGETS[kind];
  const jpeg = target.format === 'jpeg' || header.mimeType === 'image/jpeg';
  try {
    const image = sharp(data, {
      failOn: 'warning',
      limitInputPixels: IMAGE_MAX_SIDE * IMAGE_MAX_SIDE,
      sequentialRead: true,
    })
      .timeout({ seconds: DECODE_SECONDS })
      .rotate()
      .resize({ width: target.width, height: target.height, fit: 'inside', withoutEnlargement: true });
    const encoded = jpeg
      ? image.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true })
      : image.png({ compressionLevel: 9 });
    const { data: out, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { mimeType: jpeg ? 'image/jpeg' : 'image/png', data: out, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

/**
 * The upload as an image of `kind`, re-encoded at its stored size, or why it is refused: not a
 * JPEG/PNG, broken (does not decode, or holds more data than it declares), or too many pixels.
 */
export async function acceptImage(data: Buffer, kind: ImageKind): Promise<ImageResult> {
  const header = readImageHeader(data);
  if (!header) return { ok: false, reason: 'not-image' };
  if (header.width > IMAGE_MAX_SIDE || header.height > IMAGE_MAX_SIDE) {
    return {
      ok: false,
      reason: 'too-large',
      width: header.width,
      height: header.height,
      maxSide: IMAGE_MAX_SIDE,
    };
  }
  const image = await oneAtATime(async () => {
    if (header.mimeType === 'image/png' && !(await pngDataMatchesHeader(data))) return null;
    return reencode(data, header, kind);
  });
  return image ? { ok: true, image } : { ok: false, reason: 'broken' };
}

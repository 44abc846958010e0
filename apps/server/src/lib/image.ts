import { IMAGE_MAX_SIDE } from '@erapor/contract/spreadsheet';

/*
 * Uploaded pictures (the school logo, profile photos) are stored as sent and drawn later into PDFs
 * and pages, where they are decoded. A 1 MB PNG can declare 60,000 × 60,000 pixels (14 GB once
 * decoded), so the size is read from the file's header — PNG IHDR, JPEG SOFn — without decoding
 * anything, and held against IMAGE_MAX_SIDE (decision 018). A file whose header cannot be read is
 * not an image; the type comes from these bytes, never from the file name.
 */

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

export type ImageCheck =
  | { ok: true; image: ImageHeader }
  | { ok: false; reason: 'not-image' }
  | { ok: false; reason: 'too-large'; width: number; height: number; maxSide: number };

/** An upload as an image within `maxSide` pixels on either side. */
export function checkImage(data: Buffer, maxSide: number = IMAGE_MAX_SIDE): ImageCheck {
  const image = readImageHeader(data);
  if (!image) return { ok: false, reason: 'not-image' };
  if (image.width > maxSide || image.height > maxSide) {
    return { ok: false, reason: 'too-large', width: image.width, height: image.height, maxSide };
  }
  return { ok: true, image };
}

/**
 * A checked picture decoded and written anew (the pupil's photo, issue #15): what is stored is
 * our encoder's output, never the uploaded bytes, so metadata (EXIF location, comments) and
 * anything hidden after the image data are gone, and a file that only looks like an image
 * (a valid header over broken data) is refused here instead of failing where it is drawn.
 * Turned upright by its EXIF orientation and made at most `side` pixels a side (a header photo
 * needs no more); JPEG stays JPEG, PNG stays PNG. Null when the data does not decode.
 */
export async function reencodeImage(
  data: Buffer,
  header: ImageHeader,
  side = 800,
): Promise<{ mimeType: ImageType; data: Buffer } | null> {
  // Loaded on first use: only the photo upload needs the codec. A damaged checksum passes (browsers
  // show such files too), data that ends early or does not decode does not.
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(data, { failOn: 'truncated', limitInputPixels: IMAGE_MAX_SIDE * IMAGE_MAX_SIDE })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
    const out =
      header.mimeType === 'image/png'
        ? await image.png({ compressionLevel: 9 }).toBuffer()
        : await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    return { mimeType: header.mimeType, data: out };
  } catch {
    return null;
  }
}

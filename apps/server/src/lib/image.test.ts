import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { acceptImage, readImageHeader } from './image';
import { pngDataMatchesHeader, pngRawSize } from './png-data';
import {
  brokenJpeg,
  brokenPng,
  jpegHeader,
  pngBomb,
  pngFile,
  pngHeader,
  pngHollow,
  pngHuge,
  realImage,
  svgImage,
} from './test-images';

describe('readImageHeader', () => {
  it('reads the pixel size of a PNG from its IHDR chunk', () => {
    expect(readImageHeader(pngHeader(1, 1))).toEqual({ mimeType: 'image/png', width: 1, height: 1 });
    expect(readImageHeader(pngHeader(60_000, 60_000))).toEqual({
      mimeType: 'image/png',
      width: 60_000,
      height: 60_000,
    });
  });

  it('reads the pixel size of a JPEG from its start-of-frame segment, baseline or progressive', () => {
    expect(readImageHeader(jpegHeader(640, 480))).toEqual({
      mimeType: 'image/jpeg',
      width: 640,
      height: 480,
    });
    expect(readImageHeader(jpegHeader(300, 200, 0xc2))).toEqual({
      mimeType: 'image/jpeg',
      width: 300,
      height: 200,
    });
    // Fill bytes before a marker are allowed.
    const filled = jpegHeader(10, 20);
    const withFill = Buffer.concat([filled.subarray(0, 2), Buffer.from([0xff, 0xff]), filled.subarray(2)]);
    expect(readImageHeader(withFill)).toMatchObject({ width: 10, height: 20 });
  });

  it('is null for anything whose header cannot be read', () => {
    expect(readImageHeader(Buffer.alloc(0))).toBeNull();
    expect(readImageHeader(Buffer.from('not an image at all'))).toBeNull();
    // The right magic, then nothing or garbage.
    expect(readImageHeader(Buffer.from('89504e470d0a1a0a', 'hex'))).toBeNull();
    expect(
      readImageHeader(Buffer.concat([Buffer.from('ffd8ffe000104a46494600', 'hex'), Buffer.alloc(40, 7)])),
    ).toBeNull();
    expect(readImageHeader(Buffer.from('ffd8ffd9', 'hex'))).toBeNull(); // no frame before the end
    expect(readImageHeader(jpegHeader(100, 0))).toBeNull(); // height given later (DNL)
    expect(readImageHeader(pngHeader(0, 10))).toBeNull();
    // A DHT marker (C4) is not a frame header.
    expect(readImageHeader(jpegHeader(100, 100, 0xc4))).toBeNull();
    // Truncated inside the frame header.
    const cut = jpegHeader(100, 100);
    expect(readImageHeader(cut.subarray(0, cut.length - 14))).toBeNull();
  });
});

describe('acceptImage (decision 049)', () => {
  it('re-encodes a good PNG and JPEG at the size of their kind, proportions kept, never enlarged', async () => {
    const logo = await acceptImage(await realImage(1200, 800, 'png'), 'logo');
    expect(logo).toMatchObject({ ok: true, image: { mimeType: 'image/png', width: 600, height: 400 } });
    const foto = await acceptImage(await realImage(708, 944, 'jpeg'), 'foto');
    expect(foto).toMatchObject({ ok: true, image: { mimeType: 'image/jpeg', width: 354, height: 472 } });
    // A PNG background becomes a JPEG of at most A4 landscape at 150 dpi.
    const latar = await acceptImage(await realImage(3508, 2480, 'png'), 'latar');
    expect(latar).toMatchObject({ ok: true, image: { mimeType: 'image/jpeg', width: 1754, height: 1240 } });
    const small = await acceptImage(await realImage(40, 30, 'png'), 'logo');
    expect(small).toMatchObject({ ok: true, image: { width: 40, height: 30 } });
    // What is stored is what we wrote, and it decodes to that size.
    if (!latar.ok) throw new Error('latar refused');
    const meta = await sharp(latar.image.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1754, 1240]);
  });

  it('refuses what is not a JPEG or PNG, what is broken and what is too large', async () => {
    expect(await acceptImage(svgImage(), 'logo')).toEqual({ ok: false, reason: 'not-image' });
    expect(await acceptImage(Buffer.from('GIF89a0000000000'), 'logo')).toEqual({
      ok: false,
      reason: 'not-image',
    });
    expect(await acceptImage(brokenPng(), 'logo')).toEqual({ ok: false, reason: 'broken' });
    expect(await acceptImage(await brokenJpeg(), 'foto')).toEqual({ ok: false, reason: 'broken' });
    // A small header over data that inflates to 64 MB, and a big header over almost no data.
    expect(await acceptImage(await pngBomb(64), 'latar')).toEqual({ ok: false, reason: 'broken' });
    expect(await acceptImage(pngHollow(), 'latar')).toEqual({ ok: false, reason: 'broken' });
    // A header alone (the old tests' images) is broken now: nothing behind it decodes.
    expect(await acceptImage(pngHeader(512, 512), 'logo')).toEqual({ ok: false, reason: 'broken' });
    expect(await acceptImage(jpegHeader(640, 480), 'foto')).toEqual({ ok: false, reason: 'broken' });
    expect(await acceptImage(pngHuge(), 'logo')).toEqual({
      ok: false,
      reason: 'too-large',
      width: 30_000,
      height: 30_000,
      maxSide: 4000,
    });
    expect(await acceptImage(jpegHeader(4001, 10), 'foto')).toMatchObject({ ok: false, reason: 'too-large' });
  });

  it('the PNG data check: exactly the declared size passes, one byte more or less does not', async () => {
    const rows = Buffer.alloc(10 * (1 + 30));
    expect(await pngDataMatchesHeader(pngFile(10, 10, deflateSync(rows)))).toBe(true);
    expect(await pngDataMatchesHeader(pngFile(10, 10, deflateSync(Buffer.alloc(rows.length + 1))))).toBe(
      false,
    );
    expect(await pngDataMatchesHeader(pngFile(10, 10, deflateSync(Buffer.alloc(rows.length - 1))))).toBe(
      false,
    );
    // Adam7 interlaced 10 × 10 RGB: passes of 2×2, 1×2, 3×1, 2×3, 5×2, 5×5, 10×5 pixels.
    expect(pngRawSize({ width: 10, height: 10, bitDepth: 8, colorType: 2, interlace: 1 })).toBe(
      2 * 7 + 2 * 4 + 1 * 10 + 3 * 7 + 2 * 16 + 5 * 16 + 5 * 31,
    );
  });
});

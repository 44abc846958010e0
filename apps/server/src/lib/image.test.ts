import { describe, expect, it } from 'vitest';
import { checkImage, readImageHeader } from './image';
import { jpegHeader, pngHeader } from './test-images';

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

describe('checkImage', () => {
  it('takes up to 4000 pixels a side and refuses more', () => {
    expect(checkImage(pngHeader(4000, 4000))).toMatchObject({ ok: true });
    expect(checkImage(jpegHeader(4001, 10))).toEqual({
      ok: false,
      reason: 'too-large',
      width: 4001,
      height: 10,
      maxSide: 4000,
    });
    expect(checkImage(pngHeader(10, 30_000))).toMatchObject({ ok: false, reason: 'too-large' });
    expect(checkImage(Buffer.from('GIF89a'))).toEqual({ ok: false, reason: 'not-image' });
  });
});

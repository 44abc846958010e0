import { deflateSync } from 'node:zlib';

/* Hand-made image headers for the tests of lib/image.ts and the upload endpoints. */

/** A PNG signature and IHDR chunk declaring w × h (CRC not checked: only the header is read). */
export function pngHeader(w: number, h: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(w, 8);
  ihdr.writeUInt32BE(h, 12);
  ihdr.writeUInt8(8, 16); // bit depth
  ihdr.writeUInt8(6, 17); // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ihdr,
    deflateSync(Buffer.alloc(8)),
  ]);
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

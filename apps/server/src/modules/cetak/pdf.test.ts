import { describe, expect, it } from 'vitest';
import { embeddableImage } from './pdf';
import { blackPng } from './rapor/pdf-text';

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

describe('embeddableImage', () => {
  it('accepts a PNG pdfmake can embed', async () => {
    expect(await embeddableImage(dataUrl(blackPng(4, 2)))).toBe(true);
  });

  it('refuses a PNG a browser still shows but whose data is broken (a CRC turned "\\r\\n" by a text transfer)', async () => {
    const broken = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
        '1f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082',
      'hex',
    );
    expect(await embeddableImage(dataUrl(broken))).toBe(false);
    // Asked again: the same answer (kept, not tried again).
    expect(await embeddableImage(dataUrl(broken))).toBe(false);
  });
});

import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { describe, expect, it } from 'vitest';
import { blackPng } from '../../test/pdf-text';
import { checkImages, type ImageCheck, ImageUnusable, imagesDrawn } from './render-images';

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
const good = dataUrl(blackPng(4, 2));
// A 1×1 PNG whose data a text transfer damaged ("\r\n" inside): browsers show it, pdfkit refuses it.
const crcBroken = dataUrl(
  Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082',
    'hex',
  ),
);

describe('imagesDrawn: the named images a definition draws', () => {
  it('a name used in the content or the page background is drawn; one only named is not', () => {
    const def: TDocumentDefinitions = {
      images: { logoSekolah: good, latarSertifikat: crcBroken, unused: crcBroken },
      background: () => ({ image: 'latarSertifikat', width: 10 }),
      content: [{ stack: [{ columns: [{ text: 'x' }, { image: 'logoSekolah', width: 10 }] }] }],
    };
    expect(imagesDrawn(def).map(([name]) => name)).toEqual(['logoSekolah', 'latarSertifikat']);
    expect(imagesDrawn({ images: { logoSekolah: good }, content: [{ text: 'Rapor Akademik' }] })).toEqual([]);
  });
});

describe('checkImages', () => {
  it('passes an image pdfkit embeds, saying which image it tries and that it passed', async () => {
    const said: ImageCheck[] = [];
    await checkImages({ images: { logoSekolah: good }, content: [{ image: 'logoSekolah' }] }, (c) =>
      said.push(c),
    );
    expect(said.map((c) => c.image)).toEqual(['logoSekolah', null]);
    // Tried once per worker: asked again, nothing is tried.
    await checkImages({ images: { logoSekolah: good }, content: [{ image: 'logoSekolah' }] }, (c) =>
      said.push(c),
    );
    expect(said).toHaveLength(2);
  });

  it('refuses a PNG pdfkit refuses by its name, and again without trying it', async () => {
    const said: ImageCheck[] = [];
    const def: TDocumentDefinitions = {
      images: { latarSertifikat: crcBroken },
      content: [{ image: 'latarSertifikat' }],
    };
    await expect(checkImages(def, (c) => said.push(c))).rejects.toEqual(new ImageUnusable('latarSertifikat'));
    await expect(checkImages(def, (c) => said.push(c))).rejects.toBeInstanceOf(ImageUnusable);
    expect(said.map((c) => c.image)).toEqual(['latarSertifikat']);
  });
});

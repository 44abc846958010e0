import { IMAGE_MESSAGES } from '@erapor/contract/image';
import { fieldError } from './errors';
import { acceptImage, type CleanImage, type ImageKind, type ImageResult } from './image';

/**
 * Every route that takes an image says so in its config (`...imageUpload('logo', 'logo')`): the
 * form field that carries it and the kind it is stored as. The upload tests find these routes in
 * Fastify's own route list (app.routeAccess), so a new image route is tested the day it is added.
 */
export interface ImageUploadMarker {
  type: 'image';
  field: string;
  kind: ImageKind;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    upload?: ImageUploadMarker;
  }
}

export const imageUpload = (field: string, kind: ImageKind) => ({
  upload: { type: 'image', field, kind } as const,
});

/** One of the three Indonesian answers for a refused image (contract/image). */
export function imageRefusal(result: Exclude<ImageResult, { ok: true }>): string {
  if (result.reason === 'too-large')
    return IMAGE_MESSAGES.tooLarge(result.width, result.height, result.maxSide);
  return result.reason === 'broken' ? IMAGE_MESSAGES.broken : IMAGE_MESSAGES.notImage;
}

/** The upload decoded and re-encoded as `kind`, or a 422 on `field` with its message. */
export async function cleanUpload(data: Buffer, kind: ImageKind, field: string): Promise<CleanImage> {
  const result = await acceptImage(data, kind);
  if (!result.ok) throw fieldError(field, imageRefusal(result));
  return result.image;
}

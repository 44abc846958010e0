/**
 * Client-side check of a profile photo, before any upload (the server checks again):
 * jpg/jpeg/png, at most 1 MB. Messages are the server's (reference-screens §2.6).
 * PHOTO_MAX_BYTES equals the contract's (auth.ts; a test keeps them equal — that module
 * carries zod, which this chunk does not need).
 */
export const PHOTO_MAX_BYTES = 1024 * 1024;
export const PHOTO_TYPE_MESSAGE = 'Foto harus berekstensi jpg/jpeg/png';
export const PHOTO_SIZE_MESSAGE = 'Ukuran foto tidak boleh lebih dari 1 MB!';

const EXTENSIONS = /\.(jpe?g|png)$/i;
const TYPES = new Set(['image/jpeg', 'image/png', 'image/pjpeg']);

export function checkPhoto(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  if (!EXTENSIONS.test(file.name) || (file.type !== '' && !TYPES.has(file.type))) return PHOTO_TYPE_MESSAGE;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_SIZE_MESSAGE;
  return null;
}

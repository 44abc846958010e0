import { PHOTO_MAX_BYTES as CONTRACT_MAX } from '@erapor/contract/auth';
import { MESSAGES } from '@erapor/contract/errors';
import { describe, expect, it } from 'vitest';
import { checkPhoto, PHOTO_MAX_BYTES, PHOTO_SIZE_MESSAGE, PHOTO_TYPE_MESSAGE } from './photo-check';

describe('photo check before upload', () => {
  it('uses the contract limit and the server messages', () => {
    expect(PHOTO_MAX_BYTES).toBe(CONTRACT_MAX);
    expect(PHOTO_TYPE_MESSAGE).toBe(MESSAGES.photoType);
    expect(PHOTO_SIZE_MESSAGE).toBe(MESSAGES.photoSize);
  });

  it('accepts jpg/jpeg/png up to 1 MB', () => {
    expect(checkPhoto({ name: 'a.JPG', size: 1000, type: 'image/jpeg' })).toBeNull();
    expect(checkPhoto({ name: 'a.png', size: PHOTO_MAX_BYTES, type: 'image/png' })).toBeNull();
  });

  it('refuses other types and bigger files', () => {
    expect(checkPhoto({ name: 'a.gif', size: 10, type: 'image/gif' })).toBe(PHOTO_TYPE_MESSAGE);
    expect(checkPhoto({ name: 'a.png', size: 10, type: 'application/pdf' })).toBe(PHOTO_TYPE_MESSAGE);
    expect(checkPhoto({ name: 'a.jpeg', size: PHOTO_MAX_BYTES + 1, type: 'image/jpeg' })).toBe(
      PHOTO_SIZE_MESSAGE,
    );
  });
});

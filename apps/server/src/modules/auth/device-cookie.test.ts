import { describe, expect, it } from 'vitest';
import { knownDevice, rememberDevice } from './device-cookie';

const KEY = new Uint8Array(32).fill(7);
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('known device cookie', () => {
  it('knows the entry it issued, for that account only', () => {
    const value = rememberDevice(KEY, undefined, 'user-1');
    expect(knownDevice(KEY, value, 'user-1')).not.toBeNull();
    expect(knownDevice(KEY, value, 'user-2')).toBeNull();
    expect(knownDevice(new Uint8Array(32).fill(8), value, 'user-1')).toBeNull();
  });

  it('refuses every altered last character, also one that decodes to the same bytes', () => {
    const value = rememberDevice(KEY, undefined, 'user-1');
    const last = value.at(-1) ?? '';
    // 43 base64url characters carry 258 bits for a 256-bit HMAC: the last one's two low bits are
    // spare, so flipping them leaves the decoded signature unchanged.
    const spare = B64URL[B64URL.indexOf(last) ^ 1] ?? '';
    expect(Buffer.from(value.split('.')[1] ?? '', 'base64url')).toEqual(
      Buffer.from(`${value.split('.')[1]?.slice(0, -1)}${spare}`, 'base64url'),
    );
    for (const c of B64URL) {
      if (c === last) continue;
      expect(knownDevice(KEY, `${value.slice(0, -1)}${c}`, 'user-1'), c).toBeNull();
    }
  });
});

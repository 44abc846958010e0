import { describe, expect, it } from 'vitest';
import { changedKeys, counterOf, sikapKey, splitSikapKey, tooLong, tooLongKeys } from './catatan-draft';

describe('homeroom text draft', () => {
  it('counts a text as changed only when its trimmed form differs', () => {
    const loaded = { a: 'Baik', b: '', c: 'Rajin' };
    expect(changedKeys({ a: ' Baik \n', b: '', c: 'Rajin sekali' }, loaded)).toEqual(['c']);
    expect(changedKeys({ a: '', b: 'Baru', c: 'Rajin' }, loaded)).toEqual(['a', 'b']);
  });

  it('flags more than 1,000 characters (trimmed, code points) and shows the counter', () => {
    expect(tooLong('x'.repeat(1000))).toBe(false);
    expect(tooLong(` ${'x'.repeat(1000)} `)).toBe(false);
    expect(tooLong('x'.repeat(1001))).toBe(true);
    expect(tooLongKeys({ a: 'x'.repeat(1001), b: 'ok' })).toEqual(['a']);
    expect(counterOf('😀ab')).toBe('3 / 1000');
    expect(counterOf(undefined)).toBe('0 / 1000');
  });

  it('keys a K13 text by pupil and dimension', () => {
    const key = sikapKey('00000000-0000-4000-8000-00000000000a', 3);
    expect(splitSikapKey(key)).toEqual({
      anggotaRombelId: '00000000-0000-4000-8000-00000000000a',
      dimensiId: 3,
    });
  });
});

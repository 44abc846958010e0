import { describe, expect, it } from 'vitest';
import { matevId, nilaiId, payloadHash, uuidV5 } from './ids';

describe('kirim nilai ids', () => {
  it('are version-5 UUIDs that depend only on their names', () => {
    const a = matevId('s', 'r', 'p');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(matevId('s', 'r', 'p')).toBe(a);
    expect(matevId('s', 'r', 'q')).not.toBe(a);
    expect(nilaiId('s', 'r', 'p', 'a', a)).toBe(nilaiId('s', 'r', 'p', 'a', a));
    expect(nilaiId('s', 'r', 'p', 'b', a)).not.toBe(nilaiId('s', 'r', 'p', 'a', a));
    expect(uuidV5('x')).not.toBe(uuidV5('y'));
  });

  it('hash payloads whatever the order of their keys (jsonb reorders them)', () => {
    expect(payloadHash({ a: 1, b: 'x' })).toBe(payloadHash({ b: 'x', a: 1 }));
    expect(payloadHash({ a: 1, b: 'x' })).not.toBe(payloadHash({ a: 2, b: 'x' }));
  });
});

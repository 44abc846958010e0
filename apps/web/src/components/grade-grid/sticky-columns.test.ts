import { describe, expect, it } from 'vitest';
import { stickyLayout } from './sticky-columns';

describe('stickyLayout', () => {
  it('sticks each column where the ones before it end (PKL: No, Nama, NISN, a TP widened to 355 px)', () => {
    // 48 + 220 + 120 = 388: the TP sticks there, and the grades start after its rendered 355 px.
    expect(stickyLayout([48, 220, 120, 355])).toEqual({
      offsets: [0, 48, 268, 388],
      total: 743,
      compact: 268,
    });
  });

  it("a phone's padding takes the narrowed name when given", () => {
    expect(stickyLayout([48, 220, 110], 136)).toEqual({ offsets: [0, 48, 268], total: 378, compact: 184 });
  });

  it('no sticky column: nothing to offset', () => {
    expect(stickyLayout([])).toEqual({ offsets: [], total: 0, compact: 0 });
  });
});

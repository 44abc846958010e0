import { describe, expect, it } from 'vitest';
import { rowProblems } from './row-problems';

describe('rowProblems', () => {
  it('names the pupil of each server problem', () => {
    const names = new Map([['a', 'Ani']]);
    expect(rowProblems({ 'rows.0.sakit': 'X', other: 'Y' }, [{ anggota_rombel_id: 'a' }], names)).toEqual([
      'Ani: X',
      'Y',
    ]);
  });
});

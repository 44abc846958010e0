import { describe, expect, it } from 'vitest';
import { mergeView, parseSearchString, parseViewSearch, stringifyViewSearch } from './view-search';

describe('view search', () => {
  it('types our keys and drops what cannot be one of them', () => {
    expect(
      parseViewSearch({
        tingkat: '10',
        rombel: ' 4f1c ',
        page: '3',
        per_page: '25',
        dir: 'desc',
        q: 'x'.repeat(101),
      }),
    ).toEqual({ tingkat: '10', rombel: '4f1c', page: 3, per_page: 25, dir: 'desc' });
    expect(parseViewSearch({ page: '0', per_page: '7', dir: 'up', mapel: '' })).toEqual({});
    expect(parseViewSearch({ page: '-2' })).toEqual({});
    expect(parseViewSearch({ page: '2.5' })).toEqual({});
  });

  it('lets keys that are not views pass through (a reset token, a record id)', () => {
    expect(parseViewSearch({ token: 'abc', id: '12', tab: 'x' })).toEqual({
      token: 'abc',
      id: '12',
      tab: 'x',
    });
  });

  it('writes plain strings, no JSON quoting, and reads them back', () => {
    const s = stringifyViewSearch({ tingkat: '10', page: 2, q: 'budi santoso', empty: '' });
    expect(s).toBe('?tingkat=10&page=2&q=budi+santoso');
    expect(parseViewSearch(parseSearchString(s))).toEqual({ tingkat: '10', page: 2, q: 'budi santoso' });
    expect(stringifyViewSearch({})).toBe('');
  });

  it('a new filter, search or page size starts on page 1; sorting and paging keep it', () => {
    const prev = { tingkat: '10', rombel: 'a', page: 4 };
    expect(mergeView(prev, { rombel: 'b' })).toEqual({ tingkat: '10', rombel: 'b' });
    expect(mergeView(prev, { q: 'ani' })).toEqual({ tingkat: '10', rombel: 'a', q: 'ani' });
    expect(mergeView(prev, { per_page: 50 })).toEqual({ tingkat: '10', rombel: 'a', per_page: 50 });
    expect(mergeView(prev, { sort: 'nama', dir: 'desc' })).toEqual({ ...prev, sort: 'nama', dir: 'desc' });
    expect(mergeView(prev, { page: 5 })).toEqual({ ...prev, page: 5 });
    // The same value again is no change.
    expect(mergeView(prev, { rombel: 'a' })).toEqual(prev);
  });

  it('clears a choice with null and keeps other keys', () => {
    expect(mergeView({ token: 't', tingkat: '11', mapel: 'm' }, { tingkat: null, mapel: null })).toEqual({
      token: 't',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { listQuerySchema } from './list';

describe('listQuerySchema', () => {
  it('fills the defaults and coerces query-string numbers', () => {
    expect(listQuerySchema.parse({})).toEqual({ page: 1, per_page: 10, sort_dir: 'asc' });
    expect(listQuerySchema.parse({ page: '3', per_page: '50', q: '  budi ' })).toMatchObject({
      page: 3,
      per_page: 50,
      q: 'budi',
    });
  });

  it('refuses page sizes outside the list and pages below 1, in Indonesian', () => {
    const bad = listQuerySchema.safeParse({ page: '0', per_page: '1000' });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual([
      'page: Halaman minimal 1',
      'per_page: Jumlah baris per halaman harus salah satu dari 10, 25, 50, 100',
    ]);
  });
});

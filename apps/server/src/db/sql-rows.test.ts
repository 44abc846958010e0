import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite } from './client';
import { isoDate, RowShapeError, sqlRowsOf, textOrNull } from './sql-rows';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openPglite();
});
afterAll(async () => {
  await handle.close();
});

describe('sqlRowsOf', () => {
  it('gives each named column converted to what it holds, and only those', async () => {
    const rows = await sqlRowsOf(
      handle.db,
      { nama: 'text', n: 'int', rata: 'number', kosong: 'text?', ada: 'bool', nomor: 'int?' },
      sql`select 'Ani' as nama, count(*) as n, 82.5::numeric as rata, null::text as kosong,
            true as ada, 7 as nomor, 'lain' as lain
          from generate_series(1, 3)`,
    );
    expect(rows).toEqual([{ nama: 'Ani', n: 3, rata: 82.5, kosong: null, ada: true, nomor: 7 }]);
  });

  it('refuses a null where the read says none may come', async () => {
    await expect(sqlRowsOf(handle.db, { nama: 'text' }, sql`select null::text as nama`)).rejects.toThrow(
      RowShapeError,
    );
  });

  it('refuses a column the statement does not give (a misspelt alias)', async () => {
    await expect(sqlRowsOf(handle.db, { nama: 'text' }, sql`select 'Ani' as name`)).rejects.toThrow(
      /no column "nama"/,
    );
  });

  it('refuses a fraction read as a whole number, and text read as a number', async () => {
    await expect(sqlRowsOf(handle.db, { n: 'int' }, sql`select 2.5::numeric as n`)).rejects.toThrow(
      RowShapeError,
    );
    await expect(sqlRowsOf(handle.db, { n: 'number' }, sql`select 'dua' as n`)).rejects.toThrow(
      RowShapeError,
    );
  });
});

describe('raw SQL value readers', () => {
  it('textOrNull: null and undefined stay null, everything else is its text', () => {
    expect(textOrNull(null)).toBeNull();
    expect(textOrNull(undefined)).toBeNull();
    expect(textOrNull('')).toBe('');
    expect(textOrNull(12)).toBe('12');
    expect(textOrNull('0012')).toBe('0012');
  });

  it('isoDate: a node-postgres local-midnight Date and a PGlite string give the same day', () => {
    expect(isoDate(new Date(2026, 7, 3))).toBe('2026-08-03');
    expect(isoDate(new Date(2026, 0, 31, 23, 59))).toBe('2026-01-31');
    expect(isoDate('2026-08-03')).toBe('2026-08-03');
    expect(isoDate('2026-08-03T00:00:00+07:00')).toBe('2026-08-03');
  });
});

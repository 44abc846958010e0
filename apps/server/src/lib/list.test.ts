import { ERROR_CODES } from '@erapor/contract/errors';
import type { ListQuery } from '@erapor/contract/list';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { guru } from '../db/tables/referensi';
import { sekolah } from '../db/tables/sekolah';
import { ENGINES, openTestDatabase, postgresAvailable } from '../test/engines';
import { AppError, registerErrorHandler } from './errors';
import { escapeLike, paginate } from './list';

const S1 = '10000000-0000-4000-8000-000000000001';
const S2 = '10000000-0000-4000-8000-000000000002';
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

/** Hand-made staff of school S1 (ids 1–7) and one of another school (8), chosen for ties, nulls and LIKE characters. */
const ROWS = [
  { n: 1, nama: 'Budi Santoso', nuptk: '111', jenis: 4 },
  { n: 2, nama: 'Ani Lestari', nuptk: null, jenis: 4 },
  { n: 3, nama: 'budi rahman', nuptk: '333', jenis: 4 },
  { n: 4, nama: 'Citra 100%', nuptk: '222', jenis: 4 },
  { n: 5, nama: 'Dewi_Sari', nuptk: '555', jenis: 4 },
  { n: 6, nama: 'Ani Lestari', nuptk: '444', jenis: 4 },
  { n: 7, nama: 'Eko', nuptk: null, jenis: 11 },
];

const q = (over: Partial<ListQuery> = {}): ListQuery => ({ page: 1, per_page: 3, sort_dir: 'asc', ...over });

for (const engine of ENGINES) {
  describe.skipIf(engine === 'postgresql' && !postgresAvailable())(`paginate [${engine}]`, () => {
    let handle: DatabaseHandle;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      ({ handle, drop } = await openTestDatabase(engine));
      await migrateDatabase(handle);
      await handle.db.insert(sekolah).values([
        { sekolahId: S1, npsn: '10000001', nama: 'SMK Satu' },
        { sekolahId: S2, npsn: '10000002', nama: 'SMK Dua' },
      ]);
      await handle.db.insert(guru).values([
        ...ROWS.map((r) => ({
          guruId: id(r.n),
          sekolahId: S1,
          nama: r.nama,
          nuptk: r.nuptk,
          jenisPtkId: r.jenis,
        })),
        { guruId: id(8), sekolahId: S2, nama: 'Aaa Lain Sekolah', nuptk: '000', jenisPtkId: 4 },
      ]);
    });
    afterAll(async () => {
      await drop();
    });

    const list = (query: ListQuery, where: SQL | undefined = eq(guru.sekolahId, S1)) =>
      paginate(
        handle.db,
        {
          query: handle.db.select({ id: guru.guruId, nama: guru.nama }).from(guru).$dynamic(),
          where,
          search: [guru.nama, guru.nuptk],
          sort: { nama: guru.nama, nuptk: guru.nuptk, nama_ci: sql`lower(${guru.nama})` },
          defaultSort: 'nama',
          key: [guru.guruId],
        },
        query,
      );
    const ids = async (query: ListQuery, where?: SQL) =>
      (await list(query, where)).data.map((r) => Number(r.id.slice(-1)));

    it('pages by the default sort with the primary key as tie-breaker', async () => {
      // nama asc (byte order): Ani(2), Ani(6), Budi Santoso(1), Citra(4), Dewi_Sari(5), Eko(7), budi rahman(3)
      expect(await list(q())).toEqual({
        data: [
          { id: id(2), nama: 'Ani Lestari' },
          { id: id(6), nama: 'Ani Lestari' },
          { id: id(1), nama: 'Budi Santoso' },
        ],
        total: 7,
        page: 1,
        per_page: 3,
      });
      expect(await ids(q({ page: 2 }))).toEqual([4, 5, 7]);
      const last = await list(q({ page: 3 }));
      expect(last.data.map((r) => r.nama)).toEqual(['budi rahman']);
      expect(last.total).toBe(7);
      const beyond = await list(q({ page: 4 }));
      expect(beyond).toEqual({ data: [], total: 7, page: 4, per_page: 3 });
    });

    it('sorts descending, keeps the tie-breaker ascending and nulls last', async () => {
      expect(await ids(q({ sort_dir: 'desc', per_page: 10 }))).toEqual([3, 7, 5, 4, 1, 2, 6]);
      expect(await ids(q({ sort_by: 'nuptk', per_page: 10 }))).toEqual([1, 4, 3, 6, 5, 2, 7]);
      expect(await ids(q({ sort_by: 'nuptk', sort_dir: 'desc', per_page: 10 }))).toEqual([
        5, 6, 3, 4, 1, 2, 7,
      ]);
      expect(await ids(q({ sort_by: 'nama_ci', per_page: 10 }))).toEqual([2, 6, 3, 1, 4, 5, 7]);
    });

    it('searches case-insensitively, every word somewhere, LIKE characters literally', async () => {
      expect(await list(q({ q: 'BUDI' }))).toMatchObject({ total: 2 });
      expect(await ids(q({ q: 'budi' }))).toEqual([1, 3]);
      expect(await ids(q({ q: '  ani   444 ' }))).toEqual([6]);
      expect(await ids(q({ q: '%' }))).toEqual([4]);
      expect(await ids(q({ q: '_' }))).toEqual([5]);
      expect(await ids(q({ q: '100%' }))).toEqual([4]);
      expect(await list(q({ q: 'tidak ada' }))).toEqual({ data: [], total: 0, page: 1, per_page: 3 });
    });

    it("applies the list's own filters to rows and total", async () => {
      const r = await list(q({ per_page: 10 }), and(eq(guru.sekolahId, S1), eq(guru.jenisPtkId, 4)));
      expect(r.total).toBe(6);
      expect(r.data.map((x) => x.id)).not.toContain(id(7));
      expect(r.data.map((x) => x.id)).not.toContain(id(8));
      // A full page: the total comes from the count query.
      expect(await list(q({ per_page: 2, q: 'a' }))).toMatchObject({ total: 6 });
    });

    it('refuses an unknown sort column with a field-level 400', async () => {
      const err = await list(q({ sort_by: 'password_hash' })).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({
        statusCode: 400,
        code: ERROR_CODES.VALIDATION,
        details: { sort_by: expect.stringContaining('password_hash') },
      });
      // ...which the error handler sends as the one error shape.
      const app = Fastify();
      registerErrorHandler(app);
      app.get('/list', () => list(q({ sort_by: 'toString' })));
      const res = await app.inject({ method: 'GET', url: '/list' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        code: ERROR_CODES.VALIDATION,
        details: { sort_by: expect.stringMatching(/tidak dikenal/) },
      });
      await app.close();
    });
  });
}

describe('escapeLike', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLike("Nur'aini")).toBe("Nur'aini");
  });
});

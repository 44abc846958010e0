/**
 * Server-side lists: search, sort and paginate in SQL for every table of the app
 * (packages/contract/src/list.ts: `listQuerySchema` in, `listResponseSchema(item)` out).
 *
 *   const query = db
 *     .select({ guru_id: guru.guruId, nama: guru.nama, nuptk: guru.nuptk })
 *     .from(guru)
 *     .$dynamic();                                   // no where / orderBy / limit here
 *   return paginate(db, {
 *     query,
 *     where: and(eq(guru.sekolahId, actor.sekolahId), inArray(guru.jenisPtkId, GURU)),
 *     search: [guru.nama, guru.nuptk, guru.nip],     // ILIKE '%word%' (escaped), every word somewhere
 *     sort: { nama: guru.nama, nuptk: guru.nuptk },  // the only accepted sort_by values
 *     defaultSort: 'nama',
 *     key: [guru.guruId],                            // unique tie-breaker → stable pages
 *   }, listQuery);                                   // → { data, total, page, per_page }
 *
 * - Rows are ordered by the chosen column (asc: nulls last; desc: nulls last), then by `key`, so
 *   equal values never swap between pages. Text is compared as the database collates it (C on both
 *   engines here: byte order); pass `sql\`lower(${col})\`` to sort without regard to case.
 * - An unknown sort_by is a 400 with `details.sort_by` (the field-level error shape).
 * - `total` counts the same FROM/JOIN/WHERE; joins must keep one row per item (use a correlated
 *   subquery in the select for per-row counts) — a grouped query is counted correctly as well,
 *   since the count wraps the whole statement.
 * - A page past the end returns `data: []` with the real total.
 */
import type { ListQuery, ListResponse } from '@erapor/contract/list';
import { and, asc, desc, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { fieldError } from './errors';

export interface ListSpec<Q extends PgSelect> {
  /** The select with its FROM and JOINs, made `$dynamic()`, without where/orderBy/limit. */
  query: Q;
  /** The list's own filters (school, semester, rombel, ...). */
  where?: SQL | undefined;
  /** Text columns/expressions the free-text `q` is matched against. */
  search?: readonly SQLWrapper[];
  /** sort_by name → column or expression. */
  sort: Readonly<Record<string, SQLWrapper>>;
  /** Used when the request names no sort_by; must be a key of `sort`. */
  defaultSort: string;
  /** Unique columns (normally the primary key) appended to ORDER BY as tie-breaker. */
  key: readonly SQLWrapper[];
}

export const UNKNOWN_SORT_MESSAGE = (name: string, allowed: readonly string[]) =>
  `Kolom pengurutan "${name}" tidak dikenal. Pilihan: ${allowed.join(', ')}.`;

/** `50%_off\` → `50\%\_off\\`: the words of a search are literal text, never LIKE patterns. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Every whitespace-separated word must occur (ILIKE) in at least one of the columns. */
export function searchCondition(q: string | undefined, columns: readonly SQLWrapper[]): SQL | undefined {
  const words = (q ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || columns.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      return or(...columns.map((c) => sql`${c} ilike ${pattern}`));
    }),
  );
}

export async function paginate<Q extends PgSelect>(
  db: Db,
  spec: ListSpec<Q>,
  query: ListQuery,
): Promise<ListResponse<Awaited<Q>[number]>> {
  const sortName = query.sort_by ?? spec.defaultSort;
  const sortColumn = Object.hasOwn(spec.sort, sortName) ? spec.sort[sortName] : undefined;
  if (!sortColumn) {
    throw fieldError('sort_by', UNKNOWN_SORT_MESSAGE(sortName, Object.keys(spec.sort)), 400);
  }
  const where = and(spec.where, searchCondition(query.q, spec.search ?? []));
  // Dynamic builders are mutable: take the count statement before ORDER BY / LIMIT are added.
  const filtered = spec.query.where(where);
  const countStatement = sql`select count(*)::int as total from (${filtered.getSQL()}) as list_count`;

  const direction = query.sort_dir === 'desc' ? desc : asc;
  const offset = (query.page - 1) * query.per_page;
  const data = (await filtered
    .orderBy(sql`${direction(sortColumn)} nulls last`, ...spec.key.map((k) => asc(k)))
    .limit(query.per_page)
    .offset(offset)) as Awaited<Q>[number][];

  let total: number;
  if (data.length > 0 && data.length < query.per_page) {
    total = offset + data.length; // the last page: no second query needed
  } else {
    const result = (await db.execute(countStatement)) as unknown as { rows: { total: number | string }[] };
    total = Number(result.rows[0]?.total ?? 0);
  }
  return { data, total, page: query.page, per_page: query.per_page };
}

import type { ListQuery } from '@erapor/contract/list';
import { percentDone } from '@erapor/contract/monitoring/counting';
import type { MonitoringSummary } from '@erapor/contract/monitoring/filters';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';

/*
 * Pieces shared by the monitoring screens that count rows `x` (expected, dinilai) in one statement
 * and page over them (Nilai Ekstrakurikuler, Projek, UKK; decision 036).
 */

/** The % of a counted row `x` for sorting: null (nothing expected) sorts last. */
export const PERCENT_OF_X = sql`(case when x.expected > 0 then x.dinilai::numeric / x.expected end)`;

/**
 * One page of `filtered` (a subquery aliased x) in `order`, with the total of all rows; a page
 * past the end still answers the total.
 */
export async function pageOf(
  db: Db,
  filtered: SQL,
  order: SQL,
  query: Pick<ListQuery, 'page' | 'per_page'>,
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`select x.*, count(*) over () as total from ${filtered} order by ${order}
      limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.page > 1) {
    const [c] = await sqlRows<{ total: number }>(db, sql`select count(*)::int as total from ${filtered}`);
    total = Number(c?.total ?? 0);
  }
  return { rows, total };
}

/** The summary strip's numbers over the counted rows of CTE `x`, as one JSON value. */
export const SUMMARY_JSON = sql`(select json_build_object('expected', coalesce(sum(expected), 0),
    'dinilai', coalesce(sum(dinilai), 0),
    'items_total', count(*) filter (where expected > 0),
    'items_lengkap', count(*) filter (where expected > 0 and dinilai >= expected),
    'items_belum', count(*) filter (where expected > 0 and dinilai = 0)) from x)`;

/** A JSON column as the driver returns it (PGlite: parsed; node-postgres: parsed; text: parse). */
export const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

export const num = (v: unknown) => Number(v ?? 0);

/** SUMMARY_JSON's value as the contract's summary. */
export function summaryOf(s: Record<string, unknown>): MonitoringSummary {
  const expected = num(s.expected);
  const dinilai = num(s.dinilai);
  return {
    expected,
    dinilai,
    percent: percentDone(dinilai, expected),
    items_total: num(s.items_total),
    items_lengkap: num(s.items_lengkap),
    items_belum: num(s.items_belum),
  };
}
